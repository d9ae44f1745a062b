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
]);
export type Wire = z.infer<typeof Wire>;
// `reached`: the process `node` reaches Redis again after an outage: what it sent meanwhile is lost, the sockets of its tables rejoin them.
export const Broadcast = z.discriminatedUnion('t', [
  z.object({ t: z.literal('owner'), table: z.string(), lease: z.string() }),
  z.object({ t: z.literal('lobby') }),
  z.object({ t: z.literal('reached'), node: z.string() }),
]);

export const RENEW = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end`;
export const RELEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;

/** A pipeline or transaction with the lease scripts. */
export type LeaseChain = { renewLease(key: string, lease: string, ms: number): unknown; releaseLease(key: string, lease: string): unknown };

export type LeaseRedis = Redis & {
  renewLease(key: string, lease: string, ms: number): Promise<number>;
  releaseLease(key: string, lease: string): Promise<number>;
};

/** The time a process leaves between the last renewal it knows of and the lease's end, for clock drift and delays. */
export const MARGIN_MS = 500;
/** How long a socket's message waits for its table to get an owner again. */
export const ROUTE_ATTEMPTS = 40;
export const ROUTE_RETRY_MS = 250;

export const nodeOf = (lease: string) => lease.slice(0, lease.indexOf('/'));

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
}
