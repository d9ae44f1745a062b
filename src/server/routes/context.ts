import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ClusterNode } from '../cluster.js';
import type { Hall, TableDefaults } from '../hall.js';
import { SESSION_COOKIE, type Identity } from '../identity.js';
import type { Limits } from '../limits.js';
import type { Moderation } from '../moderation.js';
import type { ServerMetrics } from '../metrics.js';
import type { ServerErrorCode } from '../protocol.js';
import type { TableRouter } from '../router.js';
import type { Store, UserRow } from '../store/store.js';

/** What every route plugin is given (its Fastify options). */
export interface ServerContext {
  readonly hall: Hall;
  readonly store: Store;
  readonly identity: Identity;
  readonly limits: Limits;
  readonly router: TableRouter;
  readonly cluster?: ClusterNode;
  readonly tableDefaults?: TableDefaults;
  /** The process's metrics (acknowledgement times are taken at the socket). */
  readonly metrics?: ServerMetrics;
  /** Mutes, bans and the admin role (moderation.ts); absent only for a store without the moderation tables. */
  readonly moderation?: Moderation;
}

function tokenOf(req: FastifyRequest): string | undefined {
  const fromCookie = req.cookies?.[SESSION_COOKIE];
  if (fromCookie) return fromCookie;
  const auth = req.headers.authorization;
  if (auth?.startsWith('Bearer ')) return auth.slice(7);
  const q = (req.query as Record<string, unknown> | undefined)?.token;
  return typeof q === 'string' ? q : undefined;
}

/** The user of the request's session (cookie, bearer token or ?token=), if any. */
export function authed(ctx: ServerContext, req: FastifyRequest): Promise<UserRow | undefined> {
  return ctx.identity.userOfToken(tokenOf(req));
}

export function badRequest(reply: FastifyReply, message: string, code: ServerErrorCode = 'badMessage'): FastifyReply {
  return reply.code(400).send({ error: { code, message } });
}

export function failure(reply: FastifyReply, status: number, code: string, message: string): FastifyReply {
  return reply.code(status).send({ error: { code, message } });
}
