import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { gameById, gameIds } from '../../games/registry.js';
import { AddressAllowance } from '../addressLimits.js';
import { pageOf, type LobbyFilter } from '../lobby.js';
import type { ServerMessage } from '../protocol.js';
import { badRequest, redisOutOfReach, type ServerContext } from './context.js';

/** GET /api/tables: a page of the open public tables, newest first. */
export const TablesQuery = z
  .object({
    game: z.string().min(1).max(40).optional(),
    limit: z.coerce.number().int().min(1).max(100).default(50),
    offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  })
  .strict();

/** The open tables (HTTP), page by page; the socket's `lobby` message subscribes through `watchLobby`. */
export const lobbyRoutes: FastifyPluginAsync<ServerContext> = async (app, { hall, cluster }) => {
  app.get('/api/tables', async (req, reply) => {
    const q = TablesQuery.safeParse(req.query ?? {});
    if (!q.success || (q.data.game !== undefined && !gameById(q.data.game))) return badRequest(reply, `the open tables are /api/tables with ?game=… (a game id: ${gameIds().join(', ')}), ?limit=1…100 (default 50) and ?offset=… optional`);
    const filter: LobbyFilter = q.data;
    let page;
    try {
      page = cluster ? pageOf(await cluster.lobbyTables(), filter) : hall.lobbyPage(filter);
    } catch {
      return redisOutOfReach(reply);
    }
    return { tables: page.tables, total: page.total, offset: q.data.offset, limit: q.data.limit };
  });
};

/** Each (re)subscription sends a page: `limits.lobbyRate` a second per user, over all their connections. */
const subscriptions = new WeakMap<ServerContext, AddressAllowance>();

/** A connection follows the lobby with a filter: its first page, then the changes in it. */
export async function watchLobby(ctx: ServerContext, sub: { userId: string; send(m: ServerMessage): void }, filter: LobbyFilter): Promise<void> {
  let allowance = subscriptions.get(ctx);
  if (!allowance) subscriptions.set(ctx, (allowance = new AddressAllowance(ctx.limits.lobbyRate, ctx.limits.lobbyBurst)));
  if (allowance.wait(sub.userId) > 0) return sub.send({ type: 'error', code: 'rateLimited', message: `at most ${ctx.limits.lobbyRate} lobby requests a second` });
  allowance.spend(sub.userId);
  if (ctx.cluster && !ctx.hall.lobby.watching()) await ctx.cluster.refreshLobby();
  ctx.hall.lobby.watch(sub, filter);
}
