import type { ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { autoplay, Client, post, RESTART_CODE } from './client.js';
import { dropRedisPrefix, killHard, leaseHolders, serveChild, type ServeChild } from './clusterHarness.js';
import { nodeArgs, Reconnects, restartProcess, stopGently, TableWaits, type Restart } from './loadFaults.js';
import { openStore } from './store/open.js';
import { randomId } from './identity.js';

export interface LoadOptions {
  /** A running server; without one, `stich serve` is started as a child process on a fresh database. */
  readonly url?: string;
  readonly tables: number;
  readonly seconds: number;
  readonly game: string;
  /** The pause of each client before it acts, uniformly in [min, max] ms: a person thinking. */
  readonly pauseMin: number;
  readonly pauseMax: number;
  readonly out: NodeJS.WritableStream;
  /** Start a cluster of this many `stich serve` processes on PostgreSQL and Redis instead of one SQLite process. */
  readonly cluster?: { readonly processes: number; readonly pg: string; readonly redis: string; /** More `stich serve` options for every process (`--lease-ms`). */ readonly pgArgs?: readonly string[] };
  /** kill -9 one of the started cluster's processes after this many seconds, and measure the takeover. */
  readonly killAfter?: number;
  /** Restart the started cluster's processes one after the other with SIGTERM (each drains), evenly spread over the run. */
  readonly rollingRestart?: boolean;
}

/** A table should never wait longer than this for the server (an action to its answer or the table's next event). */
export const WAIT_LIMIT_MS = 1000;

export interface LoadReport {
  readonly tables: number;
  readonly sockets: number;
  readonly seconds: number;
  readonly actions: number;
  readonly actionsPerSecond: number;
  readonly ackP50: number;
  readonly ackP99: number;
  readonly eventP50: number;
  readonly eventP99: number;
  readonly errors: number;
  /** Acknowledged actions missing from the server's log (checked when the load test started the server). */
  readonly lost: number | null;
  readonly serverRssMb: number | null;
  /** The processes served (1 for the SQLite server). */
  readonly processes: number;
  /** Acknowledged actions in the log more than once (checked with `lost`). */
  readonly duplicates: number | null;
  /** The longest any table waited for the server: from an action leaving to its answer or the table's next event. */
  readonly maxWaitMs: number;
  /** Tables that waited longer than WAIT_LIMIT_MS at least once. */
  readonly tablesOverLimit: number;
  /** After a kill -9: ms until every table of the dead process was served by a new owner (a client's snapshot from it). */
  readonly takeoverMs?: number;
  /** The load generator's own event-loop delay while playing, p99 and max in ms: a busy generator adds to the latencies it measures. */
  readonly generatorLagP99: number;
  readonly generatorLagMax: number;
  /** The server's event-loop delay while playing (the highest over its processes), p99 and max in ms, from its /metrics; null if not readable. */
  readonly serverLagP99: number | null;
  readonly serverLagMax: number | null;
  /** The machine's 1-minute load average when the play began and when it ended: figures from a shared machine need it beside them. */
  readonly loadAverage: readonly [number, number];
  /** After a kill -9: ms until every table had gone on (a new event at one of its clients). */
  readonly resumedMs?: number;
  /** After a kill -9: the longest any table waited from the kill until 2 s after the takeover. */
  readonly killMaxWaitMs?: number;
  /** The rolling restart, one entry per process. */
  readonly restarts?: readonly Restart[];
}

/** The event-loop delay's p99 and max (ms) of each server since its last scrape: prom-client starts its histogram afresh at every scrape. */
async function serverLag(urls: readonly string[]): Promise<{ p99: number; max: number } | null> {
  try {
    let p99 = 0;
    let max = 0;
    for (const u of urls) {
      const text = await (await fetch(`${u}/metrics`)).text();
      const read = (name: string) => Number(new RegExp(`^stich_nodejs_eventloop_lag_${name}_seconds (\\S+)$`, 'm').exec(text)?.[1] ?? NaN) * 1000;
      p99 = Math.max(p99, read('p99'));
      max = Math.max(max, read('max'));
    }
    return Number.isFinite(p99) && Number.isFinite(max) ? { p99, max } : null;
  } catch {
    return null;
  }
}

function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/**
 * N tables of clients over real WebSockets, each client acting after a
 * human-like pause, for a fixed time: actions per second, latency from an
 * action to its acknowledgement and to the other seats' event, errors,
 * lost actions and the server's memory.
 */
export async function loadtest(o: LoadOptions): Promise<LoadReport> {
  let child: ChildProcess | undefined;
  let db: string | undefined;
  const procs: ServeChild[] = [];
  const prefix = `stich-load-${randomId(6)}`;
  let urls: string[];
  if (o.cluster) {
    for (let i = 0; i < o.cluster.processes; i++) {
      procs.push(await serveChild(['--port', '0', '--pg', o.cluster.pg, '--redis', o.cluster.redis, '--redis-prefix', prefix, ...(o.cluster.pgArgs ?? [])], undefined, nodeArgs()));
    }
    urls = procs.map((p) => p.url);
  } else if (o.url) {
    urls = o.url.split(',').map((u) => u.trim().replace(/^ws/, 'http').replace(/\/ws$/, ''));
  } else {
    db = join(mkdtempSync(join(tmpdir(), 'stich-load-')), 'load.db');
    const started = await serveChild(['--port', '0', '--db', db]);
    child = started.child;
    urls = [started.url];
  }
  let takeoverMs: number | undefined;
  let resumedMs: number | undefined;
  let killMaxWaitMs: number | undefined;
  const restarts: Restart[] = [];
  const waits = new TableWaits();
  const reconnects = new Reconnects();
  const lastSnapshot = new Map<string, number>();
  const acks: number[] = [];
  const eventLatency: number[] = [];
  let errors = 0;
  const acked: { table: string; user: string; cseq: number }[] = [];
  const sentAt = new Map<string, { t: number; actor: Client; seen: Set<Client> }>();
  const all: Client[] = [];
  const tables: { id: string; clients: Client[] }[] = [];
  try {
    o.out.write(`Setting up ${o.tables} tables of ${o.game} against ${urls.join(', ')} …\n`);
    // Table t is made through process t and its seat s is played through process t + s (with several).
    const via = (t: number, s: number) => urls[(t + s) % urls.length];
    const setupOne = async (t: number) => {
      const owner = await Client.guest(via(t, 0), `load${t}-0`);
      owner.keepInbox = false;
      owner.keepEvents = false;
      const made = await post<{ id: string; seats: unknown[] }>(via(t, 0), '/api/tables', { game: o.game, length: { deals: 1000 }, clockMs: 0, botDelayMs: 0, public: false }, owner.token);
      if (made.status !== 200) throw new Error(`cannot create a table: ${JSON.stringify(made.body)}`);
      const id = made.body.id;
      const clients = [owner];
      for (let s = 1; s < made.body.seats.length; s++) {
        const c = await Client.guest(via(t, s), `load${t}-${s}`);
        c.keepInbox = false;
        c.keepEvents = false;
        clients.push(c);
      }
      for (let s = 0; s < clients.length; s++) {
        await clients[s].join(id);
        const r = await clients[s].request({ type: 'sit', table: id, seat: s });
        if (r.type !== 'ok') throw new Error(`cannot sit: ${JSON.stringify(r)}`);
      }
      await Promise.all(clients.map((c) => c.join(id)));
      for (const c of clients) {
        all.push(c);
        // A process that restarts: the client reconnects to another one, the one with the fewest clients, as a
        // least-connections proxy sends it (docs/cluster.md: nginx `least_conn`, HAProxy `balance leastconn`).
        if (procs.length > 0) {
          c.alternates = leastConnected;
          c.alternatesInOrder = true;
        }
        c.on((m) => {
          if (m.type === 'error' && errors++ < 10 && process.env.STICH_LOAD_DEBUG) o.out.write(`error at ${Math.round(performance.now())}: ${JSON.stringify(m)}\n`);
          if ((m.type === 'events' || ((m.type === 'ok' || m.type === 'error') && (m.cseq ?? 0) > 0)) && m.table === id) waits.heard(id);
          if (m.type === 'snapshot' && m.table === id) {
            lastSnapshot.set(id, performance.now());
            reconnects.rejoined(c, () => `socket open after ${Math.round(c.restarts.at(-1) ?? -1)} ms (ticket ${Math.round(c.lastOpen.ticketMs)}, upgrade ${Math.round(c.lastOpen.socketMs)}), at ${c.base}`);
          }
          if (m.type === 'events' && m.table === id) {
            const s = sentAt.get(id);
            if (s && c !== s.actor && !s.seen.has(c)) {
              s.seen.add(c);
              eventLatency.push(performance.now() - s.t);
            }
          }
        });
        c.onClose = (code) => {
          if (!stopping && !killing && code !== RESTART_CODE) errors++;
          if (code === RESTART_CODE) reconnects.closed(c);
        };
      }
      tables.push({ id, clients });
    };
    /** The processes, those with the fewest open clients first (ties in a random order). */
    const leastConnected = () => {
      const open = new Map(urls.map((u) => [u, 0]));
      // A client counts at the process it is connected or connecting to (its base is set before it connects).
      for (const c of all) if (open.has(c.base)) open.set(c.base, open.get(c.base)! + 1);
      return [...open].map(([u, n]) => [u, n + Math.random() / 2] as const).sort((a, b) => a[1] - b[1]).map(([u]) => u);
    };
    let stopping = false;
    let killing = false;
    const live = () => (procs.length > 0 ? procs.filter((p) => !p.exited).map((p) => p.url) : urls);
    for (let t = 0; t < o.tables; t += 25) {
      await Promise.all(Array.from({ length: Math.min(25, o.tables - t) }, (_, i) => setupOne(t + i)));
    }
    o.out.write(`${tables.length} tables, ${all.length} sockets; playing for ${o.seconds} s with pauses of ${o.pauseMin}–${o.pauseMax} ms …\n`);
    await serverLag(live());
    const loadAtStart = loadavg()[0];
    const lag = monitorEventLoopDelay({ resolution: 10 });
    lag.enable();
    const started = performance.now();
    // With STICH_LOAD_DEBUG: every second's actions, ack p50 / p99 / max.
    const timeline: number[][] = [];
    const play = (id: string, c: Client) =>
        autoplay(c, id, {
          pause: () => {
            const p = o.pauseMin + Math.random() * (o.pauseMax - o.pauseMin);
            // Note when the action leaves, for the other seats' latency.
            setTimeout(() => sentAt.set(id, { t: performance.now(), actor: c, seen: new Set() }), p);
            return p;
          },
          onSend: () => waits.sent(id, c.base),
          onAck: (ms) => {
            acks.push(ms);
            if (process.env.STICH_LOAD_DEBUG) (timeline[Math.floor((performance.now() - started) / 1000)] ??= []).push(ms);
            acked.push({ table: id, user: c.user.id, cseq: c.table(id).cseq });
          },
        });
    const stops = new Map(tables.flatMap(({ id, clients }) => clients.map((c) => [c, play(id, c)] as const)));
    if (o.killAfter !== undefined && procs.length > 1) {
      await new Promise((r) => setTimeout(r, o.killAfter! * 1000));
      const victim = procs[0];
      const victimNode = ((await (await fetch(`${victim.url}/api/stats`)).json()) as { node: string }).node;
      const holders = await leaseHolders(o.cluster!.redis, prefix, tables.map((t) => t.id));
      const orphans = tables.filter((t) => holders.get(t.id) === victimNode).map((t) => t.id);
      o.out.write(`kill -9 of the process at ${victim.url} (owner of ${orphans.length} tables) …\n`);
      killing = true;
      const window = waits.open();
      const killedAt = performance.now();
      const lastAt = new Map(tables.map(({ id, clients }) => [id, Math.max(...clients.map((c) => c.table(id).last))]));
      await killHard(victim);
      // Its clients reconnect to the next process and resume from their last event.
      await Promise.all(
        tables.flatMap(({ clients }) =>
          clients.map(async (c) => {
            if (c.base !== victim.url) return;
            // As a client does: another process, the table again from the last event, the unanswered action again.
            await c.recover();
            c.socket.on('close', (code) => {
              if (!stopping && code !== RESTART_CODE) errors++;
            });
          }),
        ),
      );
      const moved = () => tables.every(({ id, clients }) => clients.some((c) => c.table(id).last > lastAt.get(id)!));
      const served = () => orphans.every((id) => (lastSnapshot.get(id) ?? 0) > killedAt);
      while (!(moved() && served()) && performance.now() - killedAt < 60_000) await new Promise((r) => setTimeout(r, 20));
      resumedMs = Math.round(performance.now() - killedAt);
      takeoverMs = Math.round(Math.max(0, ...orphans.map((id) => (lastSnapshot.get(id) ?? Infinity) - killedAt)));
      waits.close(window, 2000);
      await new Promise((r) => setTimeout(r, 2000));
      killMaxWaitMs = waits.windowMax(window);
      if (process.env.STICH_LOAD_DEBUG) {
        for (const { id, clients } of tables.filter(({ id, clients }) => !clients.some((c) => c.table(id).last > lastAt.get(id)!)).slice(0, 5)) {
          o.out.write(`stuck ${id}: ${JSON.stringify(clients.map((c) => ({ base: c.base, closed: c.closed, seat: c.table(id).seat, toAct: c.table(id).toAct, legal: c.table(id).legal.length, last: c.table(id).last, cseq: c.table(id).cseq })))}\n`);
        }
      }
      o.out.write(`every table of the dead process served by a new owner ${takeoverMs} ms after the kill; every table went on after ${resumedMs} ms; the longest wait of a table ${killMaxWaitMs} ms\n`);
      await new Promise((r) => setTimeout(r, Math.max(0, o.seconds * 1000 - (performance.now() - started))));
    } else if (o.rollingRestart && procs.length > 1) {
      for (let i = 0; i < procs.length; i++) {
        const at = started + ((i + 1) * o.seconds * 1000) / (procs.length + 1);
        await new Promise((r) => setTimeout(r, Math.max(0, at - performance.now())));
        o.out.write(`SIGTERM to process ${i + 1} of ${procs.length} at ${procs[i].url} …\n`);
        const r = await restartProcess(procs, urls, i, waits, reconnects);
        restarts.push(r);
        o.out.write(`  exit ${r.exitCode} after ${r.drainMs} ms; ${r.handedOver ?? '?'} tables handed over, all taken in ${r.takenMs ?? '?'} ms; ${r.reconnected} clients reconnected, the slowest had its table again after ${r.reconnectMaxMs} ms; the longest wait of a table ${r.maxWaitMs} ms; replaced by ${procs[i].url}\n`);
      }
      await new Promise((r) => setTimeout(r, Math.max(0, o.seconds * 1000 - (performance.now() - started))));
    } else {
      await new Promise((r) => setTimeout(r, o.seconds * 1000));
    }
    stopping = true;
    stops.forEach((s) => s());
    const elapsed = (performance.now() - started) / 1000;
    lag.disable();
    const loadAtEnd = loadavg()[0];
    const servedLag = await serverLag(live());
    if (process.env.STICH_LOAD_DEBUG) {
      timeline.forEach((ms, second) => o.out.write(`second ${second}: ${ms.length} acks, p50 ${percentile(ms, 50).toFixed(1)} p99 ${percentile(ms, 99).toFixed(1)} max ${percentile(ms, 100).toFixed(1)} ms\n`));
    }
    let serverRssMb: number | null = null;
    try {
      let rss = 0;
      for (const u of live()) rss += ((await (await fetch(`${u}/api/stats`)).json()) as { rss: number }).rss;
      serverRssMb = Math.round(rss / 1e6);
    } catch {
      serverRssMb = null;
    }
    await new Promise((r) => setTimeout(r, 300));
    await Promise.all(all.map((c) => c.close()));
    let lost: number | null = null;
    let duplicates: number | null = null;
    const logged = new Map<string, number>();
    const count = (key: string) => logged.set(key, (logged.get(key) ?? 0) + 1);
    const check = () => {
      lost = acked.filter((a) => !logged.has(`${a.table}/${a.user}/${a.cseq}`)).length;
      duplicates = [...logged.values()].filter((n) => n > 1).length;
    };
    if (o.cluster) {
      // Every acknowledged action is in the shared log once, whichever process wrote it. (Profiled processes stop
      // with SIGTERM, so that node writes their profiles.)
      await Promise.all(procs.map((p) => (nodeArgs().includes('--cpu-prof') ? stopGently(p) : killHard(p))));
      const store = await openStore({ pg: o.cluster.pg });
      try {
        for (const { id } of tables) {
          for (const row of await store.tableLog(id)) {
            const e = row.entry as { k: string; user?: string; cseq?: number };
            if (e.k === 'act' && e.user) count(`${id}/${e.user}/${e.cseq}`);
          }
        }
        check();
      } finally {
        await store.close();
      }
    } else if (child && db) {
      child.kill('SIGTERM');
      await new Promise((r) => child!.once('exit', r));
      child = undefined;
      const sqlite = new Database(db, { readonly: true });
      for (const row of sqlite.prepare('SELECT table_id, entry FROM table_log').all() as { table_id: string; entry: string }[]) {
        const e = JSON.parse(row.entry) as { k: string; user?: string; cseq?: number };
        if (e.k === 'act' && e.user) count(`${row.table_id}/${e.user}/${e.cseq}`);
      }
      sqlite.close();
      check();
    }
    const r2 = (x: number) => Math.round(x * 100) / 100;
    return {
      tables: tables.length,
      sockets: all.length,
      seconds: r2(elapsed),
      actions: acks.length,
      actionsPerSecond: r2(acks.length / elapsed),
      ackP50: r2(percentile(acks, 50)),
      ackP99: r2(percentile(acks, 99)),
      eventP50: r2(percentile(eventLatency, 50)),
      eventP99: r2(percentile(eventLatency, 99)),
      errors,
      lost,
      duplicates,
      ...waits.summary(WAIT_LIMIT_MS),
      serverRssMb,
      processes: urls.length,
      ...(takeoverMs !== undefined ? { takeoverMs, resumedMs, killMaxWaitMs } : {}),
      ...(restarts.length > 0 ? { restarts } : {}),
      generatorLagP99: r2(lag.percentile(99) / 1e6),
      generatorLagMax: r2(lag.max / 1e6),
      serverLagP99: servedLag ? r2(servedLag.p99) : null,
      serverLagMax: servedLag ? r2(servedLag.max) : null,
      loadAverage: [r2(loadAtStart), r2(loadAtEnd)],
    };
  } finally {
    child?.kill('SIGKILL');
    if (procs.length > 0) {
      await Promise.all(procs.map((p) => killHard(p)));
      await dropRedisPrefix(o.cluster!.redis, prefix).catch(() => undefined);
    }
  }
}
