import type { Redis } from 'ioredis';
import { z } from 'zod';
import type { TableMessage } from './dispatch.js';
import { ClientMessage } from './protocol.js';
import type { UserRow } from './store/store.js';

/** The messages between the processes of a cluster (docs/cluster.md), and what the socket side needs of its process. */

const UserWire = z.object({ id: z.string(), name: z.string(), guest: z.boolean() });
export const Wire = z.discriminatedUnion('t', [
  // `fresh`: a rejoin of a socket that may have missed events; the owner follows it anew and sends them again.
  z.object({ t: z.literal('req'), from: z.string(), conn: z.string(), lease: z.string(), user: UserWire, m: ClientMessage, attempt: z.number().int(), fresh: z.boolean().optional() }),
  z.object({ t: z.literal('gone'), from: z.string(), conn: z.string(), table: z.string().optional() }),
  z.object({ t: z.literal('msg'), conn: z.string(), table: z.string(), lease: z.string(), m: z.object({ type: z.string() }).passthrough() }),
  z.object({ t: z.literal('moved'), conn: z.string(), lease: z.string(), m: ClientMessage, attempt: z.number().int() }),
  // A draining process hands these tables to the receiver (clusterHandoff.ts).
  z.object({ t: z.literal('take'), from: z.string(), tables: z.array(z.string().max(64)).max(100_000) }),
]);
export type Wire = z.infer<typeof Wire>;
// `reached`: the process `node` reaches Redis again after an outage: what it sent meanwhile is lost, the sockets of its tables rejoin them.
export const Broadcast = z.discriminatedUnion('t', [
  z.object({ t: z.literal('owner'), table: z.string(), lease: z.string() }),
  z.object({ t: z.literal('lobby') }),
  z.object({ t: z.literal('reached'), node: z.string() }),
  // Sessions of a user ended (log out everywhere, a new password): every process closes their sockets, but those of
  // session `except` (a token's hash).
  z.object({ t: z.literal('loggedOut'), user: z.string().max(64), except: z.string().max(128).optional() }),
  // One session (a token's hash) ended by its logout: every process closes the sockets opened with it. A message of
  // its own, so that a process that does not know it (a rolling upgrade) drops it rather than reading a `loggedOut`.
  z.object({ t: z.literal('sessionEnded'), session: z.string().max(128) }),
]);

export const RENEW = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end`;
export const RELEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;

/** A pipeline or transaction with the lease scripts. */
export type LeaseChain = { renewLease(key: string, lease: string, ms: number): unknown; releaseLease(key: string, lease: string): unknown };

export type LeaseRedis = Redis & {
  renewLease(key: string, lease: string, ms: number): Promise<number>;
  releaseLease(key: string, lease: string): Promise<number>;
};

/** A lease's time to live, and how often leases are renewed and orphans looked for (docs/cluster.md "Lease timing"). */
export const LEASE_MS = 1400;
export const TICK_MS = 100;
/** The time a process leaves between the last renewal it sent and the lease's end, for clock drift and delays. */
export const MARGIN_MS = 300;
/** How long a socket's message waits for its table to get an owner again (10 s). */
export const ROUTE_ATTEMPTS = 100;
export const ROUTE_RETRY_MS = 100;

export const nodeOf = (lease: string) => lease.slice(0, lease.indexOf('/'));

/** One warning per outage of a connection to Redis, not one per retry. */
export function warnOncePerOutage(r: Redis, warn: (data: object, msg: string) => void): void {
  let quiet = false;
  r.on('error', (e: Error) => {
    if (!quiet) warn({ err: e.message }, 'redis out of reach');
    quiet = true;
  });
  r.on('ready', () => {
    if (quiet) warn({}, 'redis back');
    quiet = false;
  });
}

/** Connects a lazy connection; rejects on the first error (Redis out of reach at the start). */
export function connectFirst(r: Redis): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    r.once('ready', () => resolve());
    r.once('error', reject);
    r.connect().catch(reject);
  });
}

/** What the socket side (ClusterFront) uses of its process. */
export interface ClusterLink {
  readonly id: string;
  readonly cmd: Redis;
  k(...parts: string[]): string;
  publish(node: string, w: Wire): Promise<void>;
  /** Runs a socket's message at a table this process owns (or tells the socket's process to look again). */
  serve(node: string, conn: string, lease: string, user: UserRow, m: TableMessage, attempt: number, fresh?: boolean): Promise<void>;
  /** A socket closed: it follows nothing here any more. */
  gone(node: string, conn: string, table?: string): void;
  /** The table's lease as this process last saw it (its scan, every tick, or an owner's announcement), if it has one. */
  knownLease?(table: string): string | undefined;
}
