import type { FastifyPluginAsync } from 'fastify';
import { findGame, gameById } from '../../games/registry.js';
import { PlayerParams, PlayerQuery, type PlayerPage } from '../protocol.js';
import { ordinalOf } from '../ratings.js';
import { TextCache } from '../textCache.js';
import { authed, badRequest, failure, type ServerContext } from './context.js';

/** Records, the leaderboards and the player pages. */
export const playerRoutes: FastifyPluginAsync<ServerContext> = async (app, ctx) => {
  const { store } = ctx;
  // A record never changes: its JSON is made once and kept (limits.recordCacheBytes), not read, parsed and written
  // again for every request (a sitting of 1,000 deals: 1.1 MB, 80 ms of the event loop each; docs/security.md).
  const records = new TextCache<{ id: string; game: string }>(ctx.limits.recordCacheBytes);
  app.get('/api/records/:id', async (req, reply) => {
    const id = (req.params as { id: string }).id;
    let r = records.get(id);
    if (!r) {
      const row = await store.record(id);
      if (!row) return failure(reply, 404, 'unknownRecord', 'no such record');
      const text = JSON.stringify(row.record);
      records.set(id, text, { id: row.id, game: row.game });
      r = { text, meta: { id: row.id, game: row.game } };
    }
    return reply
      .header('content-type', 'application/json; charset=utf-8')
      .header('content-disposition', `attachment; filename="stich-${r.meta.game}-${r.meta.id}.json"`)
      .send(r.text);
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
