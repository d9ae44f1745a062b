import { performance } from 'node:perf_hooks';
import type { FastifyPluginAsync } from 'fastify';
import client from 'prom-client';
import type { ClientMessage, ServerMessage } from './protocol.js';
import type { Store, TableCommit } from './store/store.js';

/**
 * The server's metrics in Prometheus's text format (`GET /metrics`, through prom-client), every name starting with
 * `stich_`. One registry per server, so that several servers in one process (the tests) keep apart. What is counted
 * as it happens comes in through small wrappers (`store`, `takeovers`, `acknowledgements`); what is a state is read
 * when scraped (`watch`). docs/deploy.md lists them and the alerts worth setting.
 */
export class ServerMetrics {
  readonly registry = new client.Registry();
  private readonly commitSeconds: client.Histogram<'result'>;
  private readonly actions: client.Counter<'by'>;
  private readonly ackSeconds: client.Histogram<'result'>;
  private readonly adopted: client.Counter;
  /** Messages a cluster process answered `moved` (ClusterNode.onMoved). */
  readonly moved: client.Counter;

  constructor() {
    const registers = [this.registry];
    // Process, heap, GC and the event loop's lag (stich_nodejs_eventloop_lag_seconds, …_p99_seconds, …_max_seconds).
    client.collectDefaultMetrics({ register: this.registry, prefix: 'stich_' });
    this.commitSeconds = new client.Histogram({
      name: 'stich_store_commit_seconds',
      help: 'Time of one commit of a table step to the store (log entries, records, ratings in one transaction)',
      labelNames: ['result'],
      buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers,
    });
    this.actions = new client.Counter({ name: 'stich_actions_total', help: 'Game actions written to the tables\' logs, by people (player) or bots and stand-ins (bot)', labelNames: ['by'], registers });
    this.ackSeconds = new client.Histogram({
      name: 'stich_ack_seconds',
      help: "Time from a player's action arriving on the socket to its answer (ok or error) leaving it",
      labelNames: ['result'],
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers,
    });
    this.moved = new client.Counter({
      name: 'stich_cluster_moved_total',
      help: "Socket messages for a table this cluster process does not run (any more), sent back to the socket's process to look for the owner again",
      registers,
    });
    this.adopted = new client.Counter({ name: 'stich_takeovers_total', help: 'Tables this cluster process took over (rebuilt from the log after their lease lapsed, or unowned at its start)', registers });
    for (const result of ['ok', 'error']) {
      this.commitSeconds.zero({ result });
      this.ackSeconds.zero({ result });
    }
    for (const by of ['player', 'bot']) this.actions.inc({ by }, 0);
  }

  /** The store with its commits timed and their actions counted (every other method passes through). */
  store<S extends Store>(store: S): S {
    const commitSeconds = this.commitSeconds;
    const actions = this.actions;
    const commit = async (c: TableCommit): Promise<void> => {
      const end = commitSeconds.startTimer();
      try {
        await store.commit(c);
      } catch (e) {
        end({ result: 'error' });
        throw e;
      }
      end({ result: 'ok' });
      for (const e of c.entries as { k?: unknown; user?: unknown }[]) if (e?.k === 'act') actions.inc({ by: typeof e.user === 'string' ? 'player' : 'bot' });
    };
    return new Proxy(store, {
      get(target, key) {
        if (key === 'commit') return commit;
        const value: unknown = Reflect.get(target, key, target);
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
  }

  /** The hall as the cluster sees it: each table it adopts is a takeover (every other member passes through). */
  takeovers<H extends { adopt(row: never): Promise<unknown> }>(hall: H): H {
    const adopted = this.adopted;
    return new Proxy(hall, {
      get(target, key) {
        const value: unknown = Reflect.get(target, key, target);
        if (key === 'adopt') {
          return async (row: never) => {
            const table = await target.adopt(row);
            adopted.inc();
            return table;
          };
        }
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
  }

  /** One socket's actions and their answers: `asked` as an action arrives, `answered` with every message sent. */
  acknowledgements(): { asked(m: ClientMessage): void; answered(m: ServerMessage): void } {
    const open = new Map<string, number>();
    const ackSeconds = this.ackSeconds;
    return {
      asked(m) {
        if (m.type !== 'act') return;
        // A client that never reads its answers cannot grow this without bound.
        if (open.size >= 256) open.delete(open.keys().next().value!);
        open.set(`${m.table} ${m.cseq}`, performance.now());
      },
      answered(m) {
        if ((m.type !== 'ok' && m.type !== 'error') || m.table === undefined || m.cseq === undefined) return;
        const key = `${m.table} ${m.cseq}`;
        const t0 = open.get(key);
        if (t0 === undefined) return;
        open.delete(key);
        ackSeconds.observe({ result: m.type }, (performance.now() - t0) / 1000);
      },
    };
  }

  /** The gauges read when scraped: open sockets, tables by game and phase, the thinking bots' decisions and queue. */
  watch(sources: {
    sockets(): number;
    tables(): Iterable<{ readonly settings: { readonly game: string }; readonly phase: string }>;
    games: readonly string[];
    bots: { readonly decided: number; readonly busy: number; readonly late: number; readonly shortened: number; readonly capped?: number };
  }): void {
    const registers = [this.registry];
    new client.Gauge({
      name: 'stich_sockets',
      help: 'Open WebSocket connections of this process',
      registers,
      collect() {
        this.set(sources.sockets());
      },
    });
    new client.Gauge({
      name: 'stich_tables',
      help: 'Tables this process holds, by game and phase (waiting for players, playing, finished)',
      labelNames: ['game', 'phase'],
      registers,
      collect() {
        this.reset();
        for (const game of sources.games) for (const phase of ['waiting', 'playing', 'finished']) this.set({ game, phase }, 0);
        for (const t of sources.tables()) this.inc({ game: t.settings.game, phase: t.phase });
      },
    });
    new client.Counter({
      name: 'stich_bot_decisions_total',
      help: 'Decisions of the thinking bots (medium, strong) made in the worker threads',
      registers,
      collect() {
        this.reset();
        this.inc(sources.bots.decided);
      },
    });
    new client.Counter({
      name: 'stich_bot_late_total',
      help: 'Decisions of the thinking bots not answered within their level\'s time and its grace (the pool was busy): the easy bot decided',
      registers,
      collect() {
        this.reset();
        this.inc(sources.bots.late);
      },
    });
    new client.Counter({
      name: 'stich_bot_shortened_total',
      help: 'Decisions of the thinking bots that waited for a worker and thought less than their level\'s time',
      registers,
      collect() {
        this.reset();
        this.inc(sources.bots.shortened);
      },
    });
    new client.Counter({
      name: 'stich_bot_decisions_capped_total',
      help: 'Decisions of the thinking bots that reached their time cap before their budget of work (worlds, solver nodes) was done',
      registers,
      collect() {
        this.reset();
        this.inc(sources.bots.capped ?? 0);
      },
    });
    new client.Gauge({
      name: 'stich_bot_queue',
      help: 'Decisions of the thinking bots asked of the worker threads and not answered yet',
      registers,
      collect() {
        this.set(sources.bots.busy);
      },
    });
  }
}

/** `GET /metrics`. */
export const metricsRoute: FastifyPluginAsync<{ metrics: ServerMetrics }> = async (app, { metrics }) => {
  app.get('/metrics', async (_req, reply) => reply.header('content-type', metrics.registry.contentType).send(await metrics.registry.metrics()));
};
