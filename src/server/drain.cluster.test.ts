import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { autoplay, Client, post, RESTART_CODE } from './client.js';
import { dropRedisPrefix, killHard, leaseHolders, serveChild, type ServeChild } from './clusterHarness.js';
import { randomId } from './identity.js';
import { PgStore } from './store/postgres.js';
import { CLUSTER_HINT, freshPgDatabase, pgUrl, redisUrl, type FreshDatabase } from './store/testing.js';
import { until } from './testing.js';

/**
 * Draining a cluster process (clusterHandoff.ts) with the real services: three `stich serve` processes on
 * PostgreSQL and Redis under play; SIGTERM to the owner of the most tables. It hands every table to the other two
 * at once (no waiting for a lease to run out), its clients reconnect (4001) to the others, nothing acknowledged is
 * lost or stored twice, no table waits long, and it exits 0.
 */

const REDIS = redisUrl();
const PG = pgUrl();
if (!REDIS || !PG) throw new Error(CLUSTER_HINT);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('draining a process of a cluster', () => {
  const prefix = `stich-test-${randomId(6)}`;
  let db: FreshDatabase;
  let store: PgStore;
  const nodes: ServeChild[] = [];
  const clients: Client[] = [];

  beforeAll(async () => {
    db = await freshPgDatabase(PG);
    for (let i = 0; i < 3; i++) nodes.push(await serveChild(['--port', '0', '--pg', db.url, '--redis', REDIS!, '--redis-prefix', prefix]));
    store = await PgStore.open(db.url);
  }, 60_000);

  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close().catch(() => undefined)));
    await Promise.all(nodes.map((n) => killHard(n)));
    await dropRedisPrefix(REDIS!, prefix);
    await store?.close();
    await db?.drop();
  }, 60_000);

  it('on SIGTERM hands its tables over at once, its clients reconnect elsewhere, nothing is lost or doubled, and it exits 0', async () => {
    const urls = () => nodes.filter((n) => !n.exited).map((n) => n.url);
    const tables: { id: string; clients: Client[] }[] = [];
    for (let t = 0; t < 9; t++) {
      const via = (s: number) => nodes[(t + s) % 3].url;
      const players: Client[] = [];
      for (let s = 0; s < 4; s++) {
        const c = await Client.guest(via(s), `d${t}-${s}`);
        c.keepInbox = false;
        c.alternates = urls;
        players.push(c);
      }
      clients.push(...players);
      const made = await post<{ id: string }>(via(0), '/api/tables', { game: 'schafkopf', clockMs: 0, botDelayMs: 0, length: { deals: 100 } }, players[0].token);
      expect(made.status).toBe(200);
      for (const [s, c] of players.entries()) {
        await c.join(made.body.id);
        expect((await c.request({ type: 'sit', table: made.body.id, seat: s })).type).toBe('ok');
      }
      await Promise.all(players.map((c) => c.join(made.body.id, c.table(made.body.id).last)));
      tables.push({ id: made.body.id, clients: players });
    }
    // Each table: the longest an action waited for its answer or the table's next event.
    const acked: string[] = [];
    const waitingSince = new Map<string, number>();
    const longest = new Map<string, number>();
    for (const t of tables) {
      for (const c of t.clients) {
        c.on((m) => {
          if (!('table' in m) || m.table !== t.id || !(m.type === 'events' || ((m.type === 'ok' || m.type === 'error') && (m.cseq ?? 0) > 0))) return;
          const since = waitingSince.get(t.id);
          if (since === undefined) return;
          waitingSince.delete(t.id);
          longest.set(t.id, Math.max(longest.get(t.id) ?? 0, performance.now() - since));
        });
      }
    }
    const stops = tables.flatMap((t) =>
      t.clients.map((c) =>
        autoplay(c, t.id, {
          pause: () => 20,
          onSend: () => void (waitingSince.has(t.id) || waitingSince.set(t.id, performance.now())),
          onAck: () => acked.push(`${t.id}/${c.user.id}/${c.table(t.id).cseq}`),
        }),
      ),
    );
    await sleep(1500);

    const ids = await Promise.all(nodes.map(async (n) => ((await (await fetch(`${n.url}/api/stats`)).json()) as { node: string }).node));
    const holders = await leaseHolders(REDIS!, prefix, tables.map((t) => t.id));
    const counts = ids.map((id) => [...holders.values()].filter((h) => h === id).length);
    const victim = counts.indexOf(Math.max(...counts));
    const owned = tables.filter((t) => holders.get(t.id) === ids[victim]);
    expect(owned.length).toBeGreaterThan(0);
    const closes: number[] = [];
    // Each client of the draining process: when it was told to reconnect, and when it had its table again (a snapshot).
    const closedAt = new Map<Client, number>();
    const backAt = new Map<Client, number>();
    for (const t of tables) {
      for (const c of t.clients) {
        if (c.base !== nodes[victim].url) continue;
        c.socket.once('close', (code) => {
          closes.push(code);
          closedAt.set(c, performance.now());
        });
        c.on((m) => void (m.type === 'snapshot' && m.table === t.id && closedAt.has(c) && !backAt.has(c) && backAt.set(c, performance.now())));
      }
    }
    longest.clear();

    let out = '';
    nodes[victim].child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
    // 'close', not 'exit': its last line may still be unread at 'exit'.
    const exited = new Promise<number | null>((r) => nodes[victim].child.once('close', r));
    const t0 = performance.now();
    nodes[victim].child.kill('SIGTERM');
    // The others hold its tables soon, long before a lease (3 s) could have run out.
    const others = ids.filter((_, i) => i !== victim);
    await until('the other processes to hold its tables', async () => {
      const now = await leaseHolders(REDIS!, prefix, owned.map((t) => t.id));
      return owned.every((t) => others.includes(now.get(t.id) ?? ''));
    });
    const takenMs = performance.now() - t0;
    expect(await exited).toBe(0);
    const exitMs = performance.now() - t0;
    expect(out).toMatch(new RegExp(`drained in \\d+ ms: \\d+ sockets told to reconnect; ${owned.length} tables handed to 2 other processes \\(\\d+ \\+ \\d+\\) and taken in \\d+ ms`));
    expect(closes.length).toBeGreaterThan(0);
    expect(closes.every((c) => c === RESTART_CODE)).toBe(true);

    // Every client of the drained process is at another one, and every table goes on.
    const lastAt = new Map(tables.flatMap((t) => t.clients.map((c) => [c, c.table(t.id).last] as const)));
    await until('every client to see its table go on', () => tables.every((t) => t.clients.every((c) => !c.restarting && c.table(t.id).last > lastAt.get(c)!)), 20_000);
    for (const t of tables) for (const c of t.clients) expect(c.base).not.toBe(nodes[victim].url);
    await sleep(1000);
    stops.forEach((s) => s());
    await sleep(500);
    for (const t of tables) for (const c of t.clients) expect(c.table(t.id).problems).toEqual([]);

    const counted = new Map<string, number>();
    for (const t of tables) {
      for (const row of await store.tableLog(t.id)) {
        const e = row.entry as { k: string; user?: string; cseq?: number };
        if (e.k === 'act' && e.user) counted.set(`${t.id}/${e.user}/${e.cseq}`, (counted.get(`${t.id}/${e.user}/${e.cseq}`) ?? 0) + 1);
      }
    }
    expect(acked.filter((a) => !counted.has(a))).toEqual([]);
    expect([...counted].filter(([, n]) => n > 1)).toEqual([]);
    const maxWait = Math.max(...longest.values());
    const reconnects = tables.flatMap((t) => t.clients.flatMap((c) => c.restarts));
    // From the close to the table's snapshot at another process, and how far apart the closes came (the drain tells its
    // sockets to reconnect a few at a time, 10 ms each: 12 sockets over about 120 ms).
    const back = [...closedAt].map(([c, at]) => (backAt.get(c) ?? Infinity) - at);
    const closeTimes = [...closedAt.values()];
    const spreadMs = Math.max(...closeTimes) - Math.min(...closeTimes);
    console.log(
      `cluster drain: ${owned.length} of ${tables.length} tables held by the others ${Math.round(takenMs)} ms after SIGTERM, exit 0 after ${Math.round(exitMs)} ms; ` +
        `${closedAt.size} clients told to reconnect over ${Math.round(spreadMs)} ms, each back at its table within ${Math.round(Math.max(...back))} ms (socket open within ${Math.round(Math.max(...reconnects))} ms); ` +
        `the longest wait of a table ${Math.round(maxWait)} ms; ${acked.length} actions acknowledged, each stored once`,
    );
    expect(closedAt.size).toBeGreaterThan(4);
    expect(spreadMs).toBeGreaterThan(30);
    // Headroom for a shared, loaded machine (the load test's figures for 100 tables are in the README): 1 s is the goal.
    expect(takenMs).toBeLessThan(2500);
    expect(Math.max(...back)).toBeLessThan(2500);
    expect(maxWait).toBeLessThan(2000);
  });

  it('after kill -9 the other process serves the dead one\'s tables within 2 s (lease 1.4 s, scan 0.1 s)', async () => {
    const alive = nodes.filter((n) => !n.exited);
    expect(alive.length).toBe(2);
    const tables: { id: string; clients: Client[] }[] = [];
    for (let t = 0; t < 6; t++) {
      const players: Client[] = [];
      for (let s = 0; s < 4; s++) {
        const c = await Client.guest(alive[(t + s) % 2].url, `k${t}-${s}`);
        c.keepInbox = false;
        players.push(c);
      }
      clients.push(...players);
      const made = await post<{ id: string }>(alive[t % 2].url, '/api/tables', { game: 'schafkopf', clockMs: 0, botDelayMs: 0, length: { deals: 100 } }, players[0].token);
      for (const [s, c] of players.entries()) {
        await c.join(made.body.id);
        expect((await c.request({ type: 'sit', table: made.body.id, seat: s })).type).toBe('ok');
      }
      await Promise.all(players.map((c) => c.join(made.body.id, c.table(made.body.id).last)));
      tables.push({ id: made.body.id, clients: players });
    }
    const stops = tables.flatMap((t) => t.clients.map((c) => autoplay(c, t.id, { pause: () => 20 })));
    await sleep(1500);
    const ids = await Promise.all(alive.map(async (n) => ((await (await fetch(`${n.url}/api/stats`)).json()) as { node: string }).node));
    const holders = await leaseHolders(REDIS!, prefix, tables.map((t) => t.id));
    const victim = ids.map((id) => [...holders.values()].filter((h) => h === id).length).findIndex((n) => n > 0);
    const orphaned = tables.filter((t) => holders.get(t.id) === ids[victim]);
    // The first snapshot from the new owner, at a client on the surviving process (its process rejoins for it).
    const served = new Map<string, number>();
    for (const t of orphaned) for (const c of t.clients) if (c.base !== alive[victim].url) c.on((m) => void (m.type === 'snapshot' && m.table === t.id && !served.has(t.id) && served.set(t.id, performance.now())));
    const t0 = performance.now();
    await killHard(alive[victim]);
    await until('the survivor to serve every table of the dead process', () => orphaned.every((t) => served.has(t.id)), 20_000);
    const takeoverMs = Math.max(...orphaned.map((t) => served.get(t.id)! - t0));
    stops.forEach((s) => s());
    console.log(`kill -9: ${orphaned.length} tables served by the other process ${Math.round(takeoverMs)} ms after the kill`);
    // 2 s is the target (the README has the load test's figures); headroom for a shared, loaded machine.
    expect(takeoverMs).toBeLessThan(3000);
  });
});
