import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { autoplay, Client, post } from './client.js';
import { dropRedisPrefix, TEST_CLUSTER_KEY } from './clusterHarness.js';
import { randomId } from './identity.js';
import { freshPgDatabase, redisUrl, type FreshDatabase } from './store/testing.js';
export { post };
import type { Snapshot } from './protocol.js';
import { startServer, type RunningServer, type ServerOptions } from './server.js';

/** Resolves once `ok` holds (asked every 20 ms); throws after `ms` (generous: a loaded machine is slow, never wrong). */
export async function until(what: string, ok: () => boolean | Promise<boolean>, ms = 30_000): Promise<void> {
  for (const end = Date.now() + ms; ; await new Promise((r) => setTimeout(r, 20))) {
    if (await ok()) return;
    if (Date.now() > end) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
  }
}

/** A fresh database file in a temporary folder. */
export function tempDb(): string {
  return join(mkdtempSync(join(tmpdir(), 'stich-server-')), 'test.db');
}

/**
 * The limits per address are off in tests unless a test names them: every test client comes from 127.0.0.1, as if
 * all were behind one proxy. The limits per user stay as they are.
 */
export const TEST_LIMITS = { guestsPerHour: 0, accountsPerHour: 0, tablesPerMinutePerAddress: 0 } as const;

/** The real server on a free port, quiet, with no clock and no bot delay unless asked; in a cluster (`redis`), with the test's shared key unless one is given. */
export function testServer(options: Partial<ServerOptions> = {}): Promise<RunningServer> {
  const cluster = options.redis ? { ...options.cluster, keys: options.cluster?.keys ?? [Buffer.from(TEST_CLUSTER_KEY, 'hex')] } : options.cluster;
  return startServer({ db: tempDb(), port: 0, logLevel: false, tableDefaults: { clockMs: 0, botDelayMs: 0 }, ...options, limits: { ...TEST_LIMITS, ...options.limits }, ...(cluster ? { cluster } : {}) });
}

/**
 * Processes of one cluster in this test process, over a fresh PostgreSQL
 * database and a Redis prefix of their own (STICH_PG_URL, STICH_REDIS_URL);
 * `close` closes the processes and drops both.
 */
export class TestCluster {
  readonly redis = redisUrl()!;
  readonly prefix = `stich-test-${randomId(6)}`;
  readonly servers: RunningServer[] = [];
  private db: FreshDatabase | undefined;

  /** A process of the cluster with these lease timings (the database is made with the first), other options as `testServer`'s. */
  async server(timing: { leaseMs: number; tickMs: number }, options: Partial<ServerOptions> = {}): Promise<RunningServer> {
    this.db ??= await freshPgDatabase();
    const server = await testServer({ pg: this.db.url, redis: this.redis, cluster: { prefix: this.prefix, ...timing }, ...options });
    this.servers.push(server);
    return server;
  }

  async close(): Promise<void> {
    for (const s of this.servers) await s.close().catch(() => undefined);
    await dropRedisPrefix(this.redis, this.prefix);
    await this.db?.drop();
  }
}

/** The value of a metric without labels on the server's /metrics page (NaN when it has none). */
export async function metricValue(server: RunningServer, name: string): Promise<number> {
  const text = await (await fetch(`${server.url}/metrics`)).text();
  return Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1]);
}

export async function get<R>(base: string, path: string): Promise<{ status: number; body: R }> {
  const res = await fetch(base + path);
  return { status: res.status, body: (await res.json()) as R };
}

/** Creates a table (as `owner`) and seats the clients at the open seats in order; resolves with the table id. */
export async function seatedTable(base: string, owner: Client, clients: readonly Client[], settings: Record<string, unknown>): Promise<string> {
  const made = await post<{ id: string; seats: { kind: string }[]; error?: { message: string } }>(base, '/api/tables', settings, owner.token);
  if (made.status !== 200) throw new Error(`create table: ${JSON.stringify(made.body)}`);
  const id = made.body.id;
  const open = made.body.seats.flatMap((s, i) => (s.kind === 'open' ? [i] : []));
  for (let i = 0; i < clients.length; i++) {
    await clients[i].join(id);
    const r = await clients[i].request({ type: 'sit', table: id, seat: open[i] });
    if (r.type !== 'ok') throw new Error(`sit: ${JSON.stringify(r)}`);
  }
  // Everyone learns its seat from a fresh snapshot (and sends its contribution to the first deal with it).
  await Promise.all(clients.map((c) => c.join(id, c.table(id).last)));
  // The cards of the first deal follow the contributions.
  await Promise.all(clients.map((c) => dealt(c, id)));
  return id;
}

/**
 * Two guests, Anni and Beni, seated at a two-player Karnöffel table with these settings; `victim` is the one the deal
 * waits for, `seat` his seat (the grace and bot-turn tests leave him and watch what the table does).
 */
export async function twoAtTable(base: string, settings: Record<string, unknown>): Promise<{ id: string; victim: Client; other: Client; seat: number }> {
  const [a, b] = await Promise.all(['Anni', 'Beni'].map((n) => Client.guest(base, n)));
  const id = await seatedTable(base, a, [a, b], { game: 'karnoeffel', rules: { players: 2, twoPlayers: true }, length: { deals: 3 }, ...settings });
  const snap = await a.join(id, a.table(id).last);
  const [victim, other] = snap.toAct.includes(a.table(id).seat) ? [a, b] : [b, a];
  return { id, victim, other, seat: victim.table(id).seat };
}

/** Resolves once the client knows the cards of a deal are out, at once if it has one already. */
export async function dealt(client: Client, table: string, deal = 0): Promise<void> {
  const has = () => client.table(table).events.some((x) => (x.event.type === 'dealt' || x.event.type === 'game') && x.event.deal === deal);
  if (has()) return;
  await client.next((m) => m.type === 'events' && m.table === table && has());
}

export function isSnapshot(m: { type: string }): m is Snapshot {
  return m.type === 'snapshot';
}

/** A table of these guests (at least one) and bots, played to its end (one deal); the guests stay connected. */
export async function finishedTogether(server: RunningServer, names: readonly string[]): Promise<{ table: string; players: Client[] }> {
  const players = await Promise.all(names.map((n) => Client.guest(server.url, n)));
  const seats = Array.from({ length: 4 }, (_, i) => (i < names.length ? 'open' : 'bot'));
  const table = await seatedTable(server.url, players[0], players, { game: 'schafkopf', seats, length: { deals: 1 } });
  const ended = players.map((p) => p.next((m) => m.type === 'events' && m.table === table && m.events.some((e) => e.event.type === 'sittingEnd'), 60_000));
  const stops = players.map((p) => autoplay(p, table));
  await Promise.all(ended);
  stops.forEach((stop) => stop());
  return { table, players };
}

/** A table of the guest and three bots, played to its end (one deal); resolves with the record's id. */
export async function finishedSitting(server: RunningServer, name: string): Promise<{ table: string; record: string }> {
  const player = await Client.guest(server.url, name);
  const table = await seatedTable(server.url, player, [player], { game: 'schafkopf', seats: ['open', 'bot', 'bot', 'bot:random'], length: { deals: 1 } });
  const ended = player.next((m) => m.type === 'events' && m.table === table && m.events.some((e) => e.event.type === 'sittingEnd'), 60_000);
  const stop = autoplay(player, table);
  await ended;
  stop();
  const end = player.table(table).events.find((e) => e.event.type === 'sittingEnd')!.event as { record: string };
  await player.close();
  return { table, record: end.record };
}
