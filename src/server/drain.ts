import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import type { ClusterNode } from './cluster.js';
import { handOff, unansweredActs, type Handoff } from './clusterHandoff.js';
import type { ReadinessCheck } from './health.js';
import type { Table } from './table.js';

/**
 * Draining (docs/deploy.md "Restarts"): what a process does on SIGTERM before it exits. It turns not ready, takes no
 * new sockets and no new tables, finishes what it accepted (in a cluster: hands each table it owns to another process
 * at once), then closes every socket with RESTART_CODE so that clients reconnect (to another process, or to this one
 * when it is back) and resume from their last event.
 */

/** The WebSocket close code of a server that is restarting (docs/protocol.md): reconnect after a short random pause. */
export const RESTART_CODE = 4001;
export const RESTART_REASON = 'server restarting';
/** The Retry-After (seconds) of a refused socket or table while draining. */
const RETRY_AFTER_S = 1;

/** How long each step may take at most. */
export interface DrainLimits {
  /** Tables finishing the commands they accepted (single process), or being handed over and taken (cluster). */
  readonly tablesMs: number;
  /** Answers to the actions this process's sockets sent to other processes. */
  readonly answersMs: number;
  /** Sockets closing after the close frame (then they are cut). */
  readonly socketsMs: number;
}

export const DRAIN_LIMITS: DrainLimits = { tablesMs: 5000, answersMs: 1000, socketsMs: 1000 };

export interface DrainReport {
  /** From the start of the drain to the end of the server's close. */
  readonly ms: number;
  /** Tables in memory when the drain began (single process: finished and stored; cluster: handed over). */
  readonly tables: number;
  /** Sockets told to reconnect. */
  readonly sockets: number;
  /** Cluster: the hand-over (tables released, and how long until every one had a new owner). */
  readonly handoff?: Handoff;
  /** Single process: tables whose queue did not empty in time (their last commands are resumed from the log on restart). */
  readonly unsettled?: number;
  /** Cluster: actions of this process's sockets still unanswered when the sockets were closed (their clients send them again). */
  readonly unanswered?: number;
  /** When each step ended, in ms from the start: tables, answers, sockets, close. */
  readonly steps: readonly number[];
}

/** The process's state as the probes and routes see it. */
export class DrainState {
  active = false;

  /** The readiness probe's check (`accepting`): failing while draining. */
  readonly check: ReadinessCheck = async () => (this.active ? 'draining: the process is shutting down' : undefined);

  /** While draining, new sockets and new tables are refused with 503 and Retry-After, so that a proxy or client tries another process. */
  register(app: FastifyInstance): void {
    app.addHook('onRequest', async (req, reply) => {
      if (!this.active) return;
      const path = req.url.split('?')[0];
      const body = JSON.stringify({ error: { code: 'restarting', message: 'this server process is restarting; try again (another process, or this one in a moment)' } });
      if (path === '/ws') {
        // A WebSocket upgrade is answered on its raw socket, which is then closed (a reply through Fastify would keep it open).
        reply.hijack();
        const head = [`HTTP/1.1 503 Service Unavailable`, `Retry-After: ${RETRY_AFTER_S}`, 'Content-Type: application/json', `Content-Length: ${Buffer.byteLength(body)}`, 'Connection: close'];
        req.raw.socket.end(`${head.join('\r\n')}\r\n\r\n${body}`);
        return reply;
      }
      if (req.method === 'POST' && path === '/api/tables') return reply.code(503).header('retry-after', String(RETRY_AFTER_S)).type('application/json').send(body);
    });
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function within(ms: number, done: () => boolean, step = 10): Promise<boolean> {
  const end = performance.now() + ms;
  while (!done()) {
    if (performance.now() > end) return false;
    await sleep(step);
  }
  return true;
}

/** Stops the tables' timers and bots and waits for what their queues accepted to be committed and answered. */
async function settle(tables: Iterable<Table>, ms: number): Promise<number> {
  let unsettled = 0;
  await Promise.all(
    [...tables].map(async (t) => {
      t.close();
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<false>((r) => (timer = setTimeout(() => r(false), ms)));
      const ok = await Promise.race([t.idle().then(() => true), late]).finally(() => clearTimeout(timer));
      if (!ok) unsettled++;
    }),
  );
  return unsettled;
}

/** Closes every socket with the restart code; resolves when they are closed (or cut after `ms`). */
async function closeSockets(sockets: Set<WebSocket>, ms: number): Promise<number> {
  const all = [...sockets];
  for (const ws of all) ws.close(RESTART_CODE, RESTART_REASON);
  await within(ms, () => all.every((ws) => ws.readyState === ws.CLOSED), 20);
  for (const ws of all) if (ws.readyState !== ws.CLOSED) ws.terminate();
  return all.length;
}

/**
 * Drains the process and closes the server (`close`: the cluster node, the hall, Fastify, the store).
 * Single process: every table stops taking new timers and bot turns, and what its queue holds is committed; a bot
 * decision still thinking is dropped and taken again from the log on restart, as are the clocks. Cluster: the
 * tables are handed over (clusterHandoff.ts) while this process's sockets keep following them at their new owners;
 * once their actions are answered, the sockets are told to reconnect.
 */
export async function drain(
  parts: { app: FastifyInstance; state: DrainState; tables: Map<string, Table>; cluster?: ClusterNode; close: () => Promise<void> },
  limits: DrainLimits = DRAIN_LIMITS,
): Promise<DrainReport> {
  const t0 = performance.now();
  const { app, state, cluster } = parts;
  state.active = true;
  const tables = parts.tables.size;
  let handoff: Handoff | undefined;
  let unsettled: number | undefined;
  let unanswered: number | undefined;
  const steps: number[] = [];
  const step = () => steps.push(Math.round(performance.now() - t0));
  if (cluster) {
    handoff = await handOff(cluster, limits.tablesMs);
    step();
    // The actions in flight now (the sockets go on sending meanwhile: what they send next, their clients send again).
    const waiting = unansweredActs(cluster);
    const left = () => [...unansweredActs(cluster)].filter((a) => waiting.has(a)).length;
    await within(limits.answersMs, () => left() === 0);
    unanswered = left();
  } else {
    unsettled = await settle(parts.tables.values(), limits.tablesMs);
    step();
  }
  step();
  const sockets = await closeSockets(app.websocketServer?.clients ?? new Set(), limits.socketsMs);
  step();
  // Messages read before the sockets closed: committed before the store closes.
  if (!cluster) await settle(parts.tables.values(), limits.tablesMs);
  await parts.close();
  step();
  return { ms: Math.round(performance.now() - t0), tables, sockets, ...(handoff ? { handoff } : {}), ...(unsettled !== undefined ? { unsettled } : {}), ...(unanswered !== undefined ? { unanswered } : {}), steps };
}
