import type { FastifyPluginAsync } from 'fastify';
import { findGame, gameById } from '../../games/registry.js';
import { PlayerParams, PlayerQuery, type PlayerPage } from '../protocol.js';
import { ordinalOf } from '../ratings.js';
import { authed, badRequest, failure, type ServerContext } from './context.js';

/** Records, the leaderboards and the player pages. */
export const playerRoutes: FastifyPluginAsync<ServerContext> = async (app, ctx) => {
  const { store } = ctx;
  app.get('/api/records/:id', async (req, reply) => {
    const r = await store.record((req.params as { id: string }).id);
    if (!r) return failure(reply, 404, 'unknownRecord', 'no such record');
    return reply.header('content-disposition', `attachment; filename="stich-${r.game}-${r.id}.json"`).send(r.record);
  });
  app.get('/api/leaderboard/:game', async (req, reply) => {
    const module = findGame((req.params as { game: string }).game);
    if (!module) return failure(reply, 404, 'unknownGame', 'no such game');
    const rows = await store.leaderboard(module.game.id, 100);
    return { game: module.game.id, players: rows.map((r) => ({ name: r.name, id: r.userId, rating: ordinalOf(r), mu: r.mu, sigma: r.sigma, sittings: r.sittings })) };
  });
  app.get('/api/players/:name', async (req, reply) => {
    const params = PlayerParams.safeParse(req.params);
    const query = PlayerQuery.safeParse(req.query ?? {});
    if (!params.success || !query.success) return badRequest(reply, 'a player is /api/players/NAME (1 to 40 characters), with ?id=… (a user id) and ?limit=1…100 optional');
    const user = await store.findPlayer(params.data.name, query.data.id);
    if (!user) return failure(reply, 404, 'unknownPlayer', 'no such player');
    const title = (game: string) => gameById(game)?.game.title ?? game;
    const ratings = await store.playerRatings(user.id);
    // A private table's sittings are shown to its players only: the page's own player, or someone who sat with them.
    const all = await store.playerSittings(user.id, query.data.limit);
    const viewer = all.some((s) => !s.public) ? await authed(ctx, req) : undefined;
    const theirs = viewer && viewer.id !== user.id ? new Set((await store.playerSittings(viewer.id, 100)).map((s) => s.recordId)) : new Set<string>();
    const sittings = all.filter((s) => s.public || viewer?.id === user.id || theirs.has(s.recordId));
    const page: PlayerPage = {
      id: user.id,
      name: user.name,
      guest: user.guest,
      ratings: ratings.map((r) => ({ game: r.game, title: title(r.game), rating: ordinalOf(r), mu: r.mu, sigma: r.sigma, sittings: r.sittings })),
      sittings: sittings.map((s) => ({ record: s.recordId, table: s.tableId, game: s.game, title: title(s.game), created: s.created, seat: s.seat, total: s.total, place: s.place, players: s.players })),
    };
    return page;
  });
};
