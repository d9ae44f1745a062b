import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { autoplay, Client, post } from './client.js';
import { freePort, privateRedis, sleep, until } from './clusterFaults.js';
import { dropRedisPrefix, killHard, leaseHolders, loggedActions, serveChild, TcpProxy, type ServeChild } from './clusterHarness.js';
import { randomId } from './identity.js';
import type { LobbyTable, ServerMessage } from './protocol.js';
import { PgStore } from './store/postgres.js';
import { CLUSTER_HINT, freshPgDatabase, pgUrl, redisUrl, type FreshDatabase } from './store/testing.js';
import type { Store } from './store/store.js';

/**
 * The cluster (docs/cluster.md) with the real services: three `stich serve`
 * processes on loopback ports sharing one PostgreSQL database (fresh for
 * this file, dropped after) and Redis (keys under a random prefix, deleted
 * after).
 */

// Runs when STICH_PG_URL and STICH_REDIS_URL name the services
// (vitest.config.ts leaves this file out otherwise, with a one-line note).
const REDIS = redisUrl();
const PG = pgUrl();
if (!REDIS || !PG) throw new Error(CLUSTER_HINT);

interface Seated {
  readonly id: string;
  readonly game: string;
  readonly clients: Client[];
}

/** No client saw a problem at any table, and every action acknowledged to a client is in the table's log. */
async function expectNothingLost(store: Store, tables: readonly Pick<Seated, 'id' | 'clients'>[], acked: readonly { table: string; user: string; cseq: number }[]): Promise<void> {
  for (const t of tables) for (const c of t.clients) expect(c.table(t.id).problems).toEqual([]);
  const logged = await loggedActions(store, tables.map((t) => t.id));
  expect(acked.filter((a) => !logged.has(`${a.table}/${a.user}/${a.cseq}`))).toEqual([]);
}

describe('a cluster of three processes on PostgreSQL and Redis', () => {
  const prefix = `stich-test-${randomId(6)}`;
  let db: FreshDatabase;
  let store: PgStore;
  const nodes: ServeChild[] = [];
  const extra: ServeChild[] = [];
  const clients: Client[] = [];
  const args = (redis = REDIS!) => ['--port', '0', '--pg', db.url, '--redis', redis, '--redis-prefix', prefix];

  beforeAll(async () => {
    db = await freshPgDatabase(PG);
    for (let i = 0; i < 3; i++) nodes.push(await serveChild(args()));
    // The store as the tests read it: after the processes made its schema.
    store = await PgStore.open(db.url);
  }, 120_000);

  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close().catch(() => undefined)));
    await Promise.all([...nodes, ...extra].map((n) => killHard(n)));
    await dropRedisPrefix(REDIS!, prefix);
    await store?.close();
    await db?.drop();
  }, 120_000);

  /** A guest, or with `registered` a new account (a rated table seats registered players only). */
  const person = async (node: ServeChild, name: string, registered = false) => {
    const c = registered ? await Client.account(node.url, `${name}-${randomId(4)}`, 'Sauspiel mit der Alten') : await Client.guest(node.url, name);
    c.keepInbox = false;
    clients.push(c);
    return c;
  };

  /** A table made through `creator`, its open seats taken by clients of the given processes (one each, in turn). */
  async function table(creator: ServeChild, game: string, settings: Record<string, unknown>, seatedVia: ServeChild[]): Promise<Seated> {
    const rated = settings.rated === true;
    const owner = await person(creator, `${game}-owner`, rated);
    const made = await post<{ id: string; seats: { kind: string }[] }>(creator.url, '/api/tables', { game, clockMs: 0, botDelayMs: 0, ...settings }, owner.token);
    expect(made.status).toBe(200);
    const open = made.body.seats.flatMap((s, i) => (s.kind === 'open' ? [i] : []));
    const seated: Client[] = [];
    for (let i = 0; i < open.length; i++) {
      const c = await person(seatedVia[i % seatedVia.length], `${game}-${i}`, rated);
      await c.join(made.body.id);
      const r = await c.request({ type: 'sit', table: made.body.id, seat: open[i] });
      expect(r.type, JSON.stringify(r)).toBe('ok');
      seated.push(c);
    }
    await Promise.all(seated.map((c) => c.join(made.body.id, c.table(made.body.id).last)));
    return { id: made.body.id, game, clients: seated };
  }

  const GAMES: [string, Record<string, unknown>][] = [
    ['schafkopf', { seats: ['open', 'open', 'bot', 'open'] }],
    ['bauernschnapsen', {}],
    ['talonschnapsen', {}],
    ['karnoeffel', { seats: ['open', 'bot', 'open', 'open'] }],
  ];

  it('shows the same lobby from every process', async () => {
    const made: string[] = [];
    for (let i = 0; i < 3; i++) {
      const c = await person(nodes[i], `lobby${i}`);
      const r = await post<{ id: string }>(nodes[i].url, '/api/tables', { game: 'schafkopf', clockMs: 0 }, c.token);
      expect(r.status).toBe(200);
      made.push(r.body.id);
    }
    await until('every process to list the three tables', async () => {
      const lists = await Promise.all(nodes.map(async (n) => ((await (await fetch(`${n.url}/api/tables`)).json()) as { tables: LobbyTable[] }).tables.map((t) => t.id)));
      return lists.every((l) => made.every((id) => l.includes(id)));
    });
    // A table made through one process is known to the others.
    for (const n of nodes) {
      const info = await fetch(`${n.url}/api/tables/${made[0]}`);
      expect(info.status).toBe(200);
      expect(((await info.json()) as { game: string }).game).toBe('schafkopf');
    }
    // The pushed lobby: the same tables and the same people from every process.
    const watchers = await Promise.all(nodes.map((n, i) => person(n, `watcher${i}`)));
    const seen = await Promise.all(
      watchers.map((w) => {
        const got = w.next((m): m is Extract<ServerMessage, { type: 'lobby' }> => m.type === 'lobby' && m.online.includes('watcher0') && m.online.includes('watcher2'));
        w.send({ type: 'lobby' });
        return got;
      }),
    );
    const ids = seen.map((m) => m.tables.map((t) => t.id).sort());
    expect(ids[1]).toEqual(ids[0]);
    expect(ids[2]).toEqual(ids[0]);
    for (const m of seen) for (const name of ['lobby0', 'lobby1', 'lobby2', 'watcher0', 'watcher1', 'watcher2']) expect(m.online).toContain(name);
    expect(new Set(ids[0])).toEqual(new Set([...ids[0], ...made]));
    // Unknown tables are refused everywhere.
    const stranger = watchers[1];
    const refused = stranger.next((m) => m.type === 'error' && m.table === 'nosuchtable');
    stranger.send({ type: 'join', table: 'nosuchtable' });
    expect(await refused).toMatchObject({ code: 'unknownTable' });
  });

  it('a hint asked through another process comes back from the table’s owner; a rated table refuses it there too', async () => {
    for (const rated of [false, true]) {
      const t = await table(nodes[0], 'schafkopf', { seats: ['open', 'bot', 'bot', 'bot'], rated, length: { deals: 1 } }, [nodes[1]]);
      const [c] = t.clients;
      await until('the player to have a decision', () => c.table(t.id).legal.length > 0);
      const answer = c.next((m) => (m.type === 'hintResult' || m.type === 'error') && m.table === t.id, 20_000);
      c.send({ type: 'hint', table: t.id });
      const r = await answer;
      if (rated) expect(r.type === 'error' && r.code).toBe('noHints');
      else {
        expect(r.type).toBe('hintResult');
        if (r.type === 'hintResult') expect(r.estimates.map((e) => e.action).sort()).toEqual([...c.table(t.id).legal].sort());
      }
    }
  }, 60_000);

  it('plays whole sittings of every game with clients spread over all three processes', async () => {
    const tables: Seated[] = [];
    for (const [i, [game, settings]] of GAMES.entries()) {
      tables.push(await table(nodes[i % 3], game, { ...settings, length: { deals: 2 } }, [nodes[(i + 1) % 3], nodes[(i + 2) % 3], nodes[i % 3]]));
    }
    const stops = tables.flatMap((t) => t.clients.map((c) => autoplay(c, t.id)));
    await until('every sitting to end for every player', () => tables.every((t) => t.clients.every((c) => c.table(t.id).events.some((e) => e.event.type === 'sittingEnd'))), 60_000);
    stops.forEach((s) => s());
    for (const t of tables) {
      const lasts = t.clients.map((c) => c.table(t.id).last);
      for (const c of t.clients) {
        expect(c.table(t.id).problems).toEqual([]);
        expect(c.table(t.id).last).toBe(Math.max(...lasts));
      }
      // The record of the sitting is there, from whichever process.
      const info = (await (await fetch(`${nodes[2].url}/api/tables/${t.id}`)).json()) as { records: string[]; phase: string };
      expect(info.records).toHaveLength(1);
    }
  });

  it('survives kill -9 of the owner of busy tables: every table and client resumes, nothing acknowledged is lost; the process rejoins', async () => {
    const tables: Seated[] = [];
    for (let r = 0; r < 2; r++) {
      for (const [i, [game, settings]] of GAMES.entries()) {
        const k = r * GAMES.length + i;
        tables.push(await table(nodes[k % 3], game, { ...settings, length: { deals: 60 } }, [nodes[(k + 1) % 3], nodes[(k + 2) % 3], nodes[k % 3]]));
      }
    }
    const acked: { table: string; user: string; cseq: number }[] = [];
    const play = (t: Seated, c: Client) => autoplay(c, t.id, { pause: () => 1, onAck: () => acked.push({ table: t.id, user: c.user.id, cseq: c.table(t.id).cseq }) });
    let stops = new Map(tables.flatMap((t) => t.clients.map((c) => [`${t.id}/${c.user.id}`, play(t, c)] as const)));
    await sleep(1500);

    // The process that owns the most tables dies.
    const holders = await leaseHolders(REDIS!, prefix, tables.map((t) => t.id));
    const nodeIds = await Promise.all(nodes.map(async (n) => ((await (await fetch(`${n.url}/api/stats`)).json()) as { node: string }).node));
    const counts = nodeIds.map((id) => [...holders.values()].filter((h) => h === id).length);
    const victim = counts.indexOf(Math.max(...counts));
    const orphaned = tables.filter((t) => holders.get(t.id) === nodeIds[victim]);
    expect(orphaned.length).toBeGreaterThan(0);
    const before = acked.length;
    const killedAt = performance.now();
    await killHard(nodes[victim]);
    const lastAtKill = new Map(tables.flatMap((t) => t.clients.map((c) => [c, c.table(t.id).last] as const)));

    // Its clients reconnect to another process and resume from their last event.
    const survivors = nodes.filter((_, i) => i !== victim);
    await until('the dead process to drop its sockets', () => tables.every((t) => t.clients.every((c) => c.base !== nodes[victim].url || c.closed)));
    for (const t of tables) {
      for (const [j, c] of t.clients.entries()) {
        if (c.base !== nodes[victim].url) continue;
        stops.get(`${t.id}/${c.user.id}`)!();
        c.base = survivors[j % 2].url;
        await c.connect();
        const snap = await c.join(t.id, c.table(t.id).last);
        expect(snap.cseq).toBe(c.table(t.id).cseq);
        stops.set(`${t.id}/${c.user.id}`, play(t, c));
      }
    }
    await until('every table to go on under a new owner', () => tables.every((t) => t.clients.every((c) => c.table(t.id).last > lastAtKill.get(c)!)), 20_000);
    const takeoverMs = performance.now() - killedAt;
    const others = [nodeIds[(victim + 1) % 3], nodeIds[(victim + 2) % 3]];
    await until('the surviving processes to hold the leases', async () => {
      const after = await leaseHolders(REDIS!, prefix, orphaned.map((t) => t.id));
      return orphaned.every((t) => others.includes(after.get(t.id) ?? ''));
    });
    expect(takeoverMs).toBeLessThan(15_000);

    // The killed process comes back and serves again.
    const back = await serveChild(args());
    nodes[victim] = back;
    const watcher = await person(back, 'back');
    const joined = await watcher.join(tables[0].id);
    await watcher.next((m) => m.type === 'events' && m.table === tables[0].id && m.events.length > 0);
    expect(joined.game).toBe(tables[0].game);
    const lobby = ((await (await fetch(`${back.url}/api/tables`)).json()) as { tables: LobbyTable[] }).tables.map((t) => t.id);
    for (const t of tables) expect(lobby).toContain(t.id);

    await sleep(1000);
    stops.forEach((s) => s());
    stops = new Map();
    await sleep(300);
    expect(acked.length).toBeGreaterThan(before);
    await expectNothingLost(store, tables, acked);
    console.log(`cluster: ${orphaned.length} of ${tables.length} tables taken over ${Math.round(takeoverMs)} ms after kill -9; ${acked.length} actions acknowledged, all in the log`);
  });

  it('a process cut off from Redis loses nothing acknowledged, and everything recovers', async () => {
    const redisUrl = new URL(REDIS!);
    const proxy = new TcpProxy(redisUrl.hostname, Number(redisUrl.port || 6379));
    await proxy.start();
    redisUrl.host = `127.0.0.1:${proxy.port}`;
    const cut = await serveChild(args(redisUrl.toString()));
    extra.push(cut);
    const tables: Seated[] = [];
    for (const [i, [game, settings]] of GAMES.entries()) {
      tables.push(await table(cut, game, { ...settings, length: { deals: 60 } }, [cut, nodes[i % 3]]));
    }
    const acked: { table: string; user: string; cseq: number }[] = [];
    const stops = tables.flatMap((t) => t.clients.map((c) => autoplay(c, t.id, { pause: () => 1, onAck: () => acked.push({ table: t.id, user: c.user.id, cseq: c.table(t.id).cseq }) })));
    await sleep(1000);
    const cutId = ((await (await fetch(`${cut.url}/api/stats`)).json()) as { node: string }).node;
    const holders = await leaseHolders(REDIS!, prefix, tables.map((t) => t.id));
    expect([...holders.values()].filter((h) => h === cutId).length).toBeGreaterThan(0);

    proxy.cut();
    await sleep(5000);
    // The others took the process's tables: its leases ran out (waited for: on a loaded machine past the 5 s).
    await until('the others to hold the cut process\'s tables', async () => [...(await leaseHolders(REDIS!, prefix, tables.map((t) => t.id))).values()].every((h) => h !== cutId), 20_000).catch(() => undefined);
    const during = await leaseHolders(REDIS!, prefix, tables.map((t) => t.id));
    for (const t of tables) expect(during.get(t.id)).not.toBe(cutId);
    proxy.restore();
    const restored = new Map(tables.flatMap((t) => t.clients.map((c) => [c, c.table(t.id).last] as const)));
    await until('every client, on either side of the cut, to see its table go on', () => tables.every((t) => t.clients.every((c) => c.table(t.id).last > restored.get(c)!)), 20_000);
    await sleep(500);
    stops.forEach((s) => s());
    await sleep(300);
    await expectNothingLost(store, tables, acked);
    await proxy.close();
  });
});

describe('a cluster whose Redis stops and comes back empty', () => {
  let db: FreshDatabase;
  let store: PgStore;
  let redis: ChildProcess | undefined;
  let port = 0;
  const nodes: ServeChild[] = [];
  const clients: Client[] = [];

  beforeAll(async () => {
    db = await freshPgDatabase(PG);
    port = await freePort();
    redis = await privateRedis(port);
    for (let i = 0; i < 2; i++) nodes.push(await serveChild(['--port', '0', '--pg', db.url, '--redis', `redis://127.0.0.1:${port}`, '--redis-prefix', 'stich']));
    store = await PgStore.open(db.url);
  }, 120_000);

  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close().catch(() => undefined)));
    await Promise.all(nodes.map((n) => killHard(n)));
    redis?.kill('SIGKILL');
    await store?.close();
    await db?.drop();
  }, 120_000);

  it('loses nothing acknowledged, and tables, clients and lobby recover', async () => {
    const tables: { id: string; clients: Client[] }[] = [];
    for (const [i, game] of ['schafkopf', 'karnoeffel', 'bauernschnapsen'].entries()) {
      const owner = await Client.guest(nodes[i % 2].url, `owner${i}`);
      clients.push(owner);
      const made = await post<{ id: string; seats: { kind: string }[] }>(nodes[i % 2].url, '/api/tables', { game, clockMs: 0, botDelayMs: 0, length: { deals: 60 } }, owner.token);
      expect(made.status).toBe(200);
      const seated: Client[] = [];
      for (let s = 0; s < made.body.seats.length; s++) {
        const c = await Client.guest(nodes[(i + s) % 2].url, `${game}${s}`);
        c.keepInbox = false;
        clients.push(c);
        await c.join(made.body.id);
        expect((await c.request({ type: 'sit', table: made.body.id, seat: s })).type).toBe('ok');
        seated.push(c);
      }
      await Promise.all(seated.map((c) => c.join(made.body.id, c.table(made.body.id).last)));
      tables.push({ id: made.body.id, clients: seated });
    }
    const acked: { table: string; user: string; cseq: number }[] = [];
    const stops = tables.flatMap((t) => t.clients.map((c) => autoplay(c, t.id, { pause: () => 1, onAck: () => acked.push({ table: t.id, user: c.user.id, cseq: c.table(t.id).cseq }) })));
    await sleep(1000);

    const gone = new Promise((r) => redis!.once('exit', r));
    redis!.kill('SIGTERM');
    await gone;
    await sleep(4000);
    redis = await privateRedis(port);
    const restored = new Map(tables.flatMap((t) => t.clients.map((c) => [c, c.table(t.id).last] as const)));
    await until('every client to see its table go on', () => tables.every((t) => t.clients.every((c) => c.table(t.id).last > restored.get(c)!)), 30_000);
    await until('the lobby to list the tables again from both processes', async () => {
      for (const n of nodes) {
        const ids = ((await (await fetch(`${n.url}/api/tables`)).json()) as { tables: LobbyTable[] }).tables.map((t) => t.id);
        if (!tables.every((t) => ids.includes(t.id))) return false;
      }
      return true;
    });
    await sleep(500);
    stops.forEach((s) => s());
    await sleep(300);
    await expectNothingLost(store, tables, acked);
  });
});
