import type { ChildProcess } from 'node:child_process';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { autoplay, Client, post } from './client.js';
import { pause, privateRedis, resume, sleep, slowConnectOnSignal, stopRedis, until, freePort } from './clusterFaults.js';
import { killHard, loggedActions, serveChild, TcpProxy, type ServeChild } from './clusterHarness.js';
import type { ServerMessage } from './protocol.js';
import { PgStore } from './store/postgres.js';
import { CLUSTER_HINT, freshPgDatabase, pgUrl, redisUrl, type FreshDatabase } from './store/testing.js';

/**
 * The faults a fault injector found in the cluster (issue 21), each with the
 * real services: three `stich serve` processes on a fresh PostgreSQL database
 * and a private `redis-server` (so that it can be stopped); the third process
 * reaches Redis through a TCP proxy (so that it alone can be cut off).
 */

const PG = pgUrl();
if (!PG || !redisUrl()) throw new Error(CLUSTER_HINT);

interface Seated {
  readonly id: string;
  readonly clients: Client[];
}

describe('a cluster after pauses, cuts and outages', () => {
  let db: FreshDatabase;
  let store: PgStore;
  let redis: ChildProcess | undefined;
  let port = 0;
  let proxy: TcpProxy;
  const nodes: ServeChild[] = [];
  const extra: ServeChild[] = [];
  const clients: Client[] = [];
  const args = (redis: string) => ['--port', '0', '--pg', db.url, '--redis', redis, '--redis-prefix', 'stich'];
  const direct = () => `redis://127.0.0.1:${port}`;

  beforeAll(async () => {
    db = await freshPgDatabase(PG);
    port = await freePort();
    redis = await privateRedis(port);
    proxy = new TcpProxy('127.0.0.1', port);
    await proxy.start();
    nodes.push(await serveChild(args(direct())), await serveChild(args(direct())), await serveChild(args(`redis://127.0.0.1:${proxy.port}`)));
    store = await PgStore.open(db.url);
  }, 120_000);

  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close().catch(() => undefined)));
    await Promise.all([...nodes, ...extra].map((n) => (resume(n), killHard(n))));
    await proxy?.close();
    if (redis) await stopRedis(redis);
    await store?.close();
    await db?.drop();
  }, 120_000);

  const guest = async (node: ServeChild, name: string) => {
    const c = await Client.guest(node.url, name);
    c.keepInbox = false;
    clients.push(c);
    return c;
  };

  /** A Schafkopf table made through `creator` (so owned by it), its open seats taken by clients of the given processes. */
  async function table(creator: ServeChild, seats: string[], via: ServeChild[], name: string): Promise<Seated> {
    const owner = await guest(creator, `${name}-owner`);
    const made = await post<{ id: string; seats: { kind: string }[] }>(creator.url, '/api/tables', { game: 'schafkopf', seats, clockMs: 0, botDelayMs: 0, length: { deals: 60 } }, owner.token);
    expect(made.status).toBe(200);
    const open = made.body.seats.flatMap((s, i) => (s.kind === 'open' ? [i] : []));
    const seated: Client[] = [];
    for (const [i, seat] of open.entries()) {
      const c = await guest(via[i % via.length], `${name}-${i}`);
      await c.join(made.body.id);
      expect((await c.request({ type: 'sit', table: made.body.id, seat })).type).toBe('ok');
      seated.push(c);
    }
    await Promise.all(seated.map((c) => c.join(made.body.id, c.table(made.body.id).last)));
    return { id: made.body.id, clients: seated };
  }

  /** Plays every seat; counts acknowledgements and those that came before the events they report. */
  function playAll(tables: Seated[]) {
    const acked: { table: string; user: string; cseq: number }[] = [];
    let early = 0;
    const stops = tables.flatMap((t) =>
      t.clients.map((c) => {
        const off = c.on((m) => {
          if (m.type === 'ok' && m.table === t.id && m.e > c.table(t.id).last) early++;
        });
        const stop = autoplay(c, t.id, { pause: () => 1, onAck: () => acked.push({ table: t.id, user: c.user.id, cseq: c.table(t.id).cseq }) });
        return () => (off(), stop());
      }),
    );
    return { acked, early: () => early, stop: () => stops.forEach((s) => s()) };
  }

  async function expectNothingLost(tables: Seated[], acked: { table: string; user: string; cseq: number }[]): Promise<void> {
    for (const t of tables) for (const c of t.clients) expect(c.table(t.id).problems).toEqual([]);
    const logged = await loggedActions(store, tables.map((t) => t.id));
    expect(acked.filter((a) => !logged.has(`${a.table}/${a.user}/${a.cseq}`))).toEqual([]);
  }

  const lastOf = (tables: Seated[]) => new Map(tables.flatMap((t) => t.clients.map((c) => [`${t.id}/${c.user.id}`, c.table(t.id).last] as const)));
  const wentOn = (tables: Seated[], before: Map<string, number>) => tables.every((t) => t.clients.every((c) => c.table(t.id).last > before.get(`${t.id}/${c.user.id}`)!));

  /** Tables owned by each process, each with a seat through the third process (the one that is paused or cut) and one through another. */
  async function spreadTables(name: string): Promise<Seated[]> {
    const tables: Seated[] = [];
    for (let i = 0; i < 6; i++) tables.push(await table(nodes[i % 3], ['open', 'open', 'bot', 'bot'], [nodes[2], nodes[i % 2]], `${name}${i}`));
    return tables;
  }

  for (const fault of ['paused (SIGSTOP) for 6 s', 'cut off Redis for 6 s', 'cut off Redis for 1.5 s'] as const) {
    it(`a process ${fault} comes back with every table of its sockets going on, at every owner`, async () => {
      const tables = await spreadTables(fault.startsWith('paused') ? 'p' : fault.endsWith('1.5 s') ? 's' : 'c');
      const play = playAll(tables);
      await sleep(1000);
      if (fault.startsWith('paused')) pause(nodes[2]);
      else proxy.cut();
      await sleep(fault.endsWith('1.5 s') ? 1500 : 6000);
      if (fault.startsWith('paused')) resume(nodes[2]);
      else proxy.restore();
      const back = lastOf(tables);
      await until('every client of every table to see its table go on', () => wentOn(tables, back), 20_000).catch((e: Error) => {
        const stuck = tables.filter((t) => t.clients.some((c) => c.table(t.id).last <= back.get(`${t.id}/${c.user.id}`)!));
        for (const t of stuck) for (const c of t.clients) console.log(`stuck ${t.id} ${c.user.name} via ${nodes.findIndex((n) => n.url === c.base)}: last ${c.table(t.id).last} (at resume ${back.get(`${t.id}/${c.user.id}`)}), seat ${c.table(t.id).seat}, toAct ${c.table(t.id).toAct}, legal ${c.table(t.id).legal.length}, problems ${c.table(t.id).problems}`);
        throw new Error(`${e.message}: ${stuck.length} of ${tables.length} tables stopped for a socket of the process that was ${fault.split(' ')[0]}`);
      });
      // And they keep going.
      const later = lastOf(tables);
      await until('the tables to go on again', () => wentOn(tables, later), 10_000);
      play.stop();
      await sleep(300);
      await expectNothingLost(tables, play.acked);
      expect(play.early()).toBe(0);
    });
  }

  it('answers an action only after the events it reports, when the client reconnects to another process and sends its action at once', async () => {
    const t = await table(nodes[1], ['open', 'bot', 'bot', 'bot'], [nodes[0]], 'order');
    const c = t.clients[0];
    const s = c.table(t.id);
    for (let round = 0; round < 6; round++) {
      await until('the seat to act', () => s.toAct.includes(s.seat) && s.legal.length > 0);
      await c.close();
      c.base = nodes[round % 3].url;
      await c.connect();
      // As a client resumes: it rejoins from its last event and sends its next action without waiting.
      const cseq = s.cseq + 1;
      let lastAtAnswer = -2;
      const answer = c.next((m): m is Extract<ServerMessage, { type: 'ok' | 'error' }> => {
        const hit = (m.type === 'ok' || m.type === 'error') && m.table === t.id && m.cseq === cseq;
        if (hit) lastAtAnswer = s.last;
        return hit;
      });
      c.send({ type: 'join', table: t.id, since: s.last });
      c.send({ type: 'act', table: t.id, cseq, action: s.legal[0] });
      const m = await answer;
      expect(m.type, JSON.stringify(m)).toBe('ok');
      if (m.type === 'ok') expect(lastAtAnswer, `round ${round}: ok for event ${m.e} came when the client had event ${lastAtAnswer}`).toBeGreaterThanOrEqual(m.e);
      s.cseq = cseq;
    }
    expect(s.problems).toEqual([]);
  });

  it('an owner paused between its lease check and its write cannot write after SIGCONT; the new owner goes on without a conflict', async () => {
    // A fourth process whose next wait for a database connection lasts 4 s once it gets SIGUSR2.
    const victim = await serveChild(args(direct()), undefined, slowConnectOnSignal(4000));
    extra.push(victim);
    const t = await table(victim, ['open', 'bot', 'bot', 'bot'], [victim], 'fence');
    const c = t.clients[0];
    const s = c.table(t.id);
    const r = new Redis(direct());
    try {
      await until('the seat to act', () => s.toAct.includes(s.seat) && s.legal.length > 0);
      const leaseBefore = await r.get(`stich:lease:${t.id}`);
      expect(leaseBefore).toBeTruthy();
      // The action passes the lease check, then waits for a connection; meanwhile the process is paused.
      victim.child.kill('SIGUSR2');
      await sleep(100);
      const cseq = s.cseq + 1;
      const answer = c.next((m) => (m.type === 'ok' || m.type === 'error') && m.table === t.id && m.cseq === cseq, 30_000);
      c.send({ type: 'act', table: t.id, cseq, action: s.legal[0] });
      await sleep(300);
      pause(victim);
      let taken: string | null = null;
      await until('another process to take the table', async () => {
        taken = await r.get(`stich:lease:${t.id}`);
        return taken !== null && taken !== leaseBefore;
      });
      // The new owner has rebuilt the table from the log (and, with the fence, claimed it) before the paused one goes on.
      await sleep(1500);
      resume(victim);
      const m = await answer;
      expect(m.type, JSON.stringify(m)).toBe('ok');
      s.cseq = cseq;
      const stop = autoplay(c, t.id, { pause: () => 1 });
      const at = s.last;
      await until('the table to go on', () => s.last > at + 20, 20_000);
      stop();
      // The new owner never met a conflict: it still holds the lease it took.
      expect(await r.get(`stich:lease:${t.id}`)).toBe(taken);
      const log = await store.tableLog(t.id);
      const mine = log.filter((l) => {
        const e = l.entry as { k: string; user?: string; cseq?: number };
        return e.k === 'act' && e.user === c.user.id && e.cseq === cseq;
      });
      expect(mine).toHaveLength(1);
      expect(log.map((l) => l.index)).toEqual(log.map((_, i) => i));
      expect(s.problems).toEqual([]);
    } finally {
      r.disconnect();
    }
  });

  it('while Redis is down, the lobby and table descriptions answer 503 with Retry-After, and 200 again after', async () => {
    const t = await table(nodes[1], ['open', 'bot', 'bot', 'bot'], [nodes[1]], 'down');
    const lobbyOk = async (n: ServeChild) => (await fetch(`${n.url}/api/tables`)).status === 200 && (await fetch(`${n.url}/api/tables/${t.id}`)).status === 200;
    await until('the table to be described everywhere', async () => (await lobbyOk(nodes[0])) && (await lobbyOk(nodes[2])));
    await stopRedis(redis!);
    redis = undefined;
    await sleep(500);
    for (const n of [nodes[0], nodes[2]]) {
      for (const path of ['/api/tables', `/api/tables/${t.id}`]) {
        const res = await fetch(`${n.url}${path}`);
        expect(res.status, path).toBe(503);
        expect(res.headers.get('retry-after')).toBe('2');
        expect(((await res.json()) as { error: { code: string } }).error.code).toBe('unavailable');
      }
    }
    redis = await privateRedis(port);
    await until('the lobby and the table to be described again', async () => (await lobbyOk(nodes[0])) && (await lobbyOk(nodes[2])), 20_000);
  });
});
