import { killHard, serveChild, type ServeChild } from './clusterHarness.js';

/**
 * What the load test does to a cluster it started, and how it measures it: restarting every process in turn with
 * SIGTERM (a rolling restart: each drains, docs/deploy.md "Restarts") and kill -9 of one; and how long each table
 * waited for the server (an action to its answer or the table's next event).
 */

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Options of node for the cluster's processes, from STICH_LOAD_NODE_ARGS (`--cpu-prof --cpu-prof-dir=DIR` to see where a drain's time goes). */
export function nodeArgs(): string[] {
  return process.env.STICH_LOAD_NODE_ARGS?.split(' ').filter((a) => a !== '') ?? [];
}

/** SIGTERM (a drain), resolved at the exit; kill -9 after 30 s. */
export async function stopGently(s: ServeChild): Promise<void> {
  if (s.exited) return;
  const gone = new Promise((r) => s.child.once('exit', r));
  s.child.kill('SIGTERM');
  const timer = setTimeout(() => void killHard(s), 30_000);
  await gone;
  clearTimeout(timer);
}

/** Per table: when an action left and nothing has come back since; the longest such wait, overall and in windows. */
export class TableWaits {
  private readonly since = new Map<string, number>();
  /** Who sent the waiting action (for the debug lines: the actor's process). */
  private readonly actor = new Map<string, string>();
  private readonly longest = new Map<string, number>();
  /** Waits that overlapped a window (a restart or a kill), by window. */
  private readonly windows: { from: number; to: number; max: number }[] = [];
  private readonly all: number[] = [];

  /** An action of a seat at the table left now (an action already waiting keeps its start). */
  sent(table: string, actor = ''): void {
    if (this.since.has(table)) return;
    this.since.set(table, performance.now());
    this.actor.set(table, actor);
  }

  /** An answer or event of the table arrived. */
  heard(table: string): void {
    const t = this.since.get(table);
    if (t === undefined) return;
    this.since.delete(table);
    const now = performance.now();
    const ms = now - t;
    this.all.push(ms);
    this.longest.set(table, Math.max(this.longest.get(table) ?? 0, ms));
    if (ms > 1000 && process.env.STICH_LOAD_DEBUG) process.stdout.write(`wait ${table} from ${Math.round(t)} for ${Math.round(ms)} ms (actor ${this.actor.get(table)})\n`);
    for (const w of this.windows) if (t <= w.to && now >= w.from) w.max = Math.max(w.max, ms);
  }

  /** A window starts now; its end is set with close(). */
  open(): number {
    this.windows.push({ from: performance.now(), to: Infinity, max: 0 });
    return this.windows.length - 1;
  }

  close(window: number, afterMs: number): void {
    this.windows[window].to = performance.now() + afterMs;
  }

  windowMax(window: number): number {
    return Math.round(this.windows[window].max);
  }

  /** The longest wait of any table, and how many tables ever waited longer than `limitMs`. */
  summary(limitMs: number): { maxWaitMs: number; tablesOverLimit: number } {
    const values = [...this.longest.values()];
    return { maxWaitMs: Math.round(Math.max(0, ...values)), tablesOverLimit: values.filter((v) => v > limitMs).length };
  }
}

/** Clients told to reconnect (4001): from the close to the first snapshot of their table after it. */
export class Reconnects {
  private readonly closedAt = new Map<object, number>();
  private readonly gaps: { at: number; ms: number }[] = [];

  closed(client: object): void {
    this.closedAt.set(client, performance.now());
  }

  /** The client has its table again (a snapshot). */
  rejoined(client: object, detail?: () => string): void {
    const at = this.closedAt.get(client);
    if (at === undefined) return;
    this.closedAt.delete(client);
    const ms = performance.now() - at;
    this.gaps.push({ at, ms });
    if (ms > 1000 && process.env.STICH_LOAD_DEBUG) process.stdout.write(`reconnect from ${Math.round(at)} took ${Math.round(ms)} ms (${detail?.() ?? ''})\n`);
  }

  /** The clients closed between `from` and `to` (performance.now()): how many, and the longest until they had their table again. */
  between(from: number, to: number): { count: number; maxMs: number } {
    const gaps = this.gaps.filter((g) => g.at >= from && g.at <= to);
    const open = [...this.closedAt.values()].filter((at) => at >= from && at <= to);
    const now = performance.now();
    return { count: gaps.length + open.length, maxMs: Math.round(Math.max(0, ...gaps.map((g) => g.ms), ...open.map((at) => now - at))) };
  }
}

export interface Restart {
  /** Which process (0-based, in start order). */
  readonly process: number;
  /** SIGTERM to exit. */
  readonly drainMs: number;
  readonly exitCode: number | null;
  /** The process's own line: tables handed over, and how long until all had a new owner. */
  readonly handedOver: number | null;
  readonly takenMs: number | null;
  /** The longest any table waited while this process drained and its clients reconnected (until 2 s after its exit). */
  readonly maxWaitMs: number;
  /** Its clients told to reconnect, and the longest any took from the close to its table's snapshot at another process. */
  readonly reconnected: number;
  readonly reconnectMaxMs: number;
}

/**
 * SIGTERM to procs[i], waits for its exit, starts a replacement with the same arguments (procs[i] and urls[i] are
 * replaced) and waits until it is ready.
 */
export async function restartProcess(procs: ServeChild[], urls: string[], i: number, waits: TableWaits, reconnects: Reconnects): Promise<Restart> {
  const old = procs[i];
  let out = '';
  old.child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  const window = waits.open();
  const t0 = performance.now();
  if (process.env.STICH_LOAD_DEBUG) process.stdout.write(`SIGTERM at ${Math.round(t0)}\n`);
  const exited = new Promise<number | null>((r) => (old.exited ? r(old.child.exitCode) : old.child.once('exit', (code) => r(code))));
  old.child.kill('SIGTERM');
  const timeout = setTimeout(() => void killHard(old), 30_000);
  const exitCode = await exited;
  clearTimeout(timeout);
  const drainMs = Math.round(performance.now() - t0);
  waits.close(window, 2000);
  const m = /(\d+) tables handed to \d+ other processes(?: \([\d +]+\))?(?: and taken in (\d+) ms)?/.exec(out);
  if (process.env.STICH_LOAD_DEBUG) process.stdout.write(`exit at ${Math.round(performance.now())}: ${out.split('\n').filter((l) => l.includes('drained')).join(' ')}\n`);
  const fresh = await serveChild(old.args, undefined, nodeArgs());
  procs[i] = fresh;
  urls[i] = fresh.url;
  for (let n = 0; n < 100; n++) {
    const ready = await fetch(`${fresh.url}/readyz`).then((r) => r.ok).catch(() => false);
    if (ready) break;
    await sleep(50);
  }
  await sleep(2000 - Math.min(2000, performance.now() - t0 - drainMs));
  const r = reconnects.between(t0, performance.now());
  return { process: i, drainMs, exitCode, handedOver: m ? Number(m[1]) : null, takenMs: m?.[2] ? Number(m[2]) : null, maxWaitMs: waits.windowMax(window), reconnected: r.count, reconnectMaxMs: r.maxMs };
}
