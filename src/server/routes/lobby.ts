import type { FastifyPluginAsync } from 'fastify';
import type { ServerMessage } from '../protocol.js';
import { redisOutOfReach, type ServerContext } from './context.js';

/** The open tables (HTTP); the socket's `lobby` message subscribes through `watchLobby`. */
export const lobbyRoutes: FastifyPluginAsync<ServerContext> = async (app, { hall, cluster }) => {
  app.get('/api/tables', async (_req, reply) => {
    if (!cluster) return { tables: hall.lobbyTables() };
    try {
      return { tables: await cluster.lobbyTables() };
    } catch {
      return redisOutOfReach(reply);
    }
  });
};

/** A connection follows the lobby: who is online and the open tables, pushed on every change. */
export async function watchLobby(ctx: ServerContext, sub: { send(m: ServerMessage): void }): Promise<void> {
  if (ctx.cluster && !ctx.hall.lobby.watching()) await ctx.cluster.refreshLobby();
  ctx.hall.lobby.watch(sub);
}
