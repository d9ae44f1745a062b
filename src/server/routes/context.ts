import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ClientBuild } from '../clientFiles.js';
import type { ClusterNode } from '../cluster.js';
import type { Hall, TableDefaults } from '../hall.js';
import { SESSION_COOKIE, type Identity } from '../identity.js';
import type { Limits } from '../limits.js';
import type { LoginThrottle } from '../loginThrottle.js';
import type { Moderation } from '../moderation.js';
import type { UserSockets } from '../userSockets.js';
import type { ServerMetrics } from '../metrics.js';
import type { ServerErrorCode } from '../protocol.js';
import type { TableRouter } from '../router.js';
import type { Store, UserRow } from '../store/store.js';

/** What every route plugin is given (its Fastify options). */
export interface ServerContext {
  readonly hall: Hall;
  readonly store: Store;
  readonly identity: Identity;
  /** Failed logins per account and address (loginThrottle.ts). */
  readonly logins: LoginThrottle;
  /** The open WebSockets per user (closed by "log out everywhere"). */
  readonly sockets: UserSockets;
  /** The origins a browser may open the WebSocket from with its cookie (undefined: the request's own host). */
  readonly origins?: readonly string[];
  readonly limits: Limits;
  readonly router: TableRouter;
  readonly cluster?: ClusterNode;
  readonly tableDefaults?: TableDefaults;
  /** The process's metrics (acknowledgement times are taken at the socket). */
  readonly metrics?: ServerMetrics;
  /** Mutes, bans and the admin role (moderation.ts); absent only for a store without the moderation tables. */
  readonly moderation?: Moderation;
  /** The build of the browser client served (clientFiles.ts), told to each socket. */
  readonly clientBuild?: ClientBuild;
}

/** The token of `Authorization: Bearer TOKEN`, if any. */
export function bearerToken(req: FastifyRequest): string | undefined {
  const auth = req.headers.authorization;
  return auth?.startsWith('Bearer ') ? auth.slice(7) : undefined;
}

/** The user of the request's session (the cookie, else a bearer token), if any. A token in the URL is not taken: URLs get logged. */
export function authed(ctx: ServerContext, req: FastifyRequest): Promise<UserRow | undefined> {
  return ctx.identity.userOfToken(req.cookies?.[SESSION_COOKIE] || bearerToken(req));
}

/** A refusal with its parameters (the browser says it in its own words) and, where given, when to ask again (Retry-After, seconds). */
export function refused(reply: FastifyReply, r: { status: number; code: string; message: string; params?: unknown; retryAfter?: number }): FastifyReply {
  if (r.retryAfter !== undefined) reply.header('retry-after', String(r.retryAfter));
  return reply.code(r.status).send({ error: { code: r.code, message: r.message, params: r.params } });
}

export function badRequest(reply: FastifyReply, message: string, code: ServerErrorCode = 'badMessage'): FastifyReply {
  return reply.code(400).send({ error: { code, message } });
}

export function failure(reply: FastifyReply, status: number, code: string, message: string): FastifyReply {
  return reply.code(status).send({ error: { code, message } });
}

/** Seconds a client is asked to wait while a cluster's Redis is out of reach (Retry-After). */
export const REDIS_RETRY_AFTER_S = 2;

/** The cluster's shared state (Redis) is out of reach for a moment: 503 with Retry-After, not a server error. */
export function redisOutOfReach(reply: FastifyReply): FastifyReply {
  return reply
    .code(503)
    .header('retry-after', String(REDIS_RETRY_AFTER_S))
    .send({ error: { code: 'unavailable', message: 'the server cannot reach the cluster\'s shared state (Redis) for a moment; try again shortly' } });
}
