import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import type { ClusterNode } from './cluster.js';
import { handOff, type Handoff } from './clusterHandoff.js';
import type { SocketBusy } from './clusterFront.js';
import type { ReadinessCheck } from './health.js';
import type { ServerMessage } from './protocol.js';
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
  /** Cluster: the longest window the sockets are told to reconnect over, a few at a time (see closeInWaves). */
  readonly spreadMs: number;
  /** Cluster: how much longer a socket whose seat is to act, or whose request is unanswered, may keep it after the window (then it is closed all the same). */
  readonly answersMs: number;
  /** Sockets closing after the close frame (then they are cut). */
  readonly socketsMs: number;
}

export const DRAIN_LIMITS: DrainLimits = { tablesMs: 5000, spreadMs: 3000, answersMs: 2000, socketsMs: 1000 };

/**
 * The window per socket: a process of 200 sockets tells them to reconnect over 3 s. Each reconnect costs the process
 * it lands on a ticket or session lookup, a rejoin at the table's owner and a snapshot; all at once, they queued
 * behind each other for over a second on a busy host (README "Restarts").
 */
const SPREAD_PER_SOCKET_MS = 15;
/** How far (a share of its sockets) a process's rested sockets may be told to reconnect ahead of the even spread. */
const RESTED_AHEAD = 0.15;

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
  /** Cluster: sockets closed with a request still unanswered, at the end of the window (their clients send it again). */
  readonly unanswered?: number;
  /** When each step ended, in ms from the start: tables, sockets, close. */
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

/** A ticket for a socket's reconnect (identity.ts `ticket`), or undefined where there is none. */
export type RestartTicket = (ws: WebSocket) => Promise<{ ticket: string; expires: number } | undefined>;

/**
 * Tickets for every socket's reconnect, made while the tables are handed over: each socket gets its ticket in a
 * `restart` message just before its close, so that its client connects again without asking for one first (at the
 * process it lands on, in a burst with everyone else's). A ticket that cannot be made leaves that client to ask.
 */
async function restartTickets(sockets: readonly WebSocket[], ticket?: RestartTicket): Promise<Map<WebSocket, ServerMessage>> {
  const out = new Map<WebSocket, ServerMessage>();
  if (!ticket) return out;
  await Promise.all(
    sockets.map(async (ws) => {
      const t = await ticket(ws).catch(() => undefined);
      if (t) out.set(ws, { type: 'restart', ticket: t.ticket, expires: t.expires });
    }),
  );
  return out;
}

/** Tells one socket to reconnect: its ticket first (if it has one), then the close with the restart code. */
export function closer(tickets: Map<WebSocket, ServerMessage>): (ws: WebSocket) => void {
  return (ws) => {
    const m = tickets.get(ws);
    if (m && ws.readyState === ws.OPEN) ws.send(JSON.stringify(m));
    ws.close(RESTART_CODE, RESTART_REASON);
  };
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

/**
 * Cluster: tells the sockets to reconnect a few at a time over a window (SPREAD_PER_SOCKET_MS each, `spreadMs` at
 * most), so that the other processes take them in a stream rather than a burst. Until its turn a socket keeps
 * following its tables at their new owners. Rested sockets (whose seat has just acted) go first, then idle ones; a
 * socket whose seat is to act goes once it has acted and its action is answered (it is rested then), one whose
 * request is unanswered once it is answered, either at the latest `answersMs` after the window: a table never waits
 * on an answer that the close would throw away, nor on a player who reconnects just when it is his turn. Resolves
 * with the sockets closed, and those closed while a request of theirs was unanswered.
 */
export async function closeInWaves(sockets: readonly WebSocket[], busy: (ws: WebSocket) => SocketBusy, close: (ws: WebSocket) => void, limits: DrainLimits): Promise<{ sockets: number; unanswered: number }> {
  // A random order: no table's seats all come back last.
  const left = new Set(sockets.map((ws) => [Math.random(), ws] as const).sort((a, b) => a[0] - b[0]).map(([, ws]) => ws));
  const all = [...left];
  const spread = Math.min(limits.spreadMs, all.length * SPREAD_PER_SOCKET_MS);
  const t0 = performance.now();
  let unanswered = 0;
  while (left.size > 0) {
    const elapsed = performance.now() - t0;
    const late = elapsed >= spread + limits.answersMs;
    // How many should have been told by now (all once the window has passed).
    let due = Math.ceil(all.length * Math.min(1, elapsed / Math.max(1, spread))) - (all.length - left.size);
    // Until it is late only rested and idle sockets go: rested ones first (their seat just acted and the others act
    // before it again, so they are back before their turn), and they may run ahead of the even spread by a little.
    const states = [...left].map((ws) => [ws, busy(ws)] as const);
    const order = late ? states : [...states.filter(([, b]) => b === 'rested'), ...states.filter(([, b]) => b === 'idle')];
    const ahead = Math.ceil(all.length * RESTED_AHEAD);
    for (const [ws, b] of order) {
      if (!late && (b === 'rested' ? due + ahead : due) <= 0) {
        if (b === 'rested') continue;
        break;
      }
      if (b === 'waiting') unanswered++;
      close(ws);
      left.delete(ws);
      due--;
    }
    if (left.size > 0) await sleep(20);
  }
  await within(limits.socketsMs, () => all.every((ws) => ws.readyState === ws.CLOSED), 20);
  for (const ws of all) if (ws.readyState !== ws.CLOSED) ws.terminate();
  return { sockets: all.length, unanswered };
}

/** Closes every socket with the restart code; resolves when they are closed (or cut after `ms`). */
async function closeSockets(all: readonly WebSocket[], close: (ws: WebSocket) => void, ms: number): Promise<number> {
  for (const ws of all) close(ws);
  await within(ms, () => all.every((ws) => ws.readyState === ws.CLOSED), 20);
  for (const ws of all) if (ws.readyState !== ws.CLOSED) ws.terminate();
  return all.length;
}

/**
 * What closing the server does to the sockets still open (after a drain there are none): each is closed as "going
 * away" (1001), and one whose peer does not answer within `ms` is cut; ws itself would wait 30 s for the answer, and
 * the server's close with it.
 */
export function closeOpenSockets(ms = DRAIN_LIMITS.socketsMs): (this: FastifyInstance, done: () => void) => void {
  return function (done) {
    const open = [...this.websocketServer.clients];
    void closeSockets(open, (ws) => ws.close(1001, 'server closing'), ms).then(() => {
      // One upgraded while the others closed is cut too: ws's own close waits for every client.
      for (const ws of this.websocketServer.clients) ws.terminate();
      this.websocketServer.close();
      done();
    });
  };
}

/**
 * Drains the process and closes the server (`close`: the cluster node, the hall, Fastify, the store).
 * Single process: every table stops taking new timers and bot turns, and what its queue holds is committed; a bot
 * decision still thinking is dropped and taken again from the log on restart, as are the clocks. Cluster: the
 * tables are handed over (clusterHandoff.ts) while this process's sockets keep following them at their new owners;
 * the sockets are told to reconnect a few at a time, each when no answer of its is in flight (closeInWaves).
 */
export async function drain(
  parts: { app: FastifyInstance; state: DrainState; tables: Map<string, Table>; cluster?: ClusterNode; busy?: (ws: WebSocket) => SocketBusy; ticket?: RestartTicket; close: () => Promise<void> },
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
  let sockets: number;
  const open = [...(app.websocketServer?.clients ?? [])];
  const tickets = restartTickets(open, parts.ticket);
  if (cluster) {
    handoff = await handOff(cluster, limits.tablesMs);
    step();
    // The sockets follow their tables at the new owners meanwhile (no answer is lost): told to reconnect a few at a time.
    const closed = await closeInWaves(open, parts.busy ?? (() => 'idle'), closer(await tickets), limits);
    sockets = closed.sockets;
    unanswered = closed.unanswered;
    step();
  } else {
    unsettled = await settle(parts.tables.values(), limits.tablesMs);
    step();
    sockets = await closeSockets(open, closer(await tickets), limits.socketsMs);
    step();
  }
  // Messages read before the sockets closed: committed before the store closes.
  if (!cluster) await settle(parts.tables.values(), limits.tablesMs);
  await parts.close();
  step();
  return { ms: Math.round(performance.now() - t0), tables, sockets, ...(handoff ? { handoff } : {}), ...(unsettled !== undefined ? { unsettled } : {}), ...(unanswered !== undefined ? { unanswered } : {}), steps };
}
