import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { ThinkReply, ThinkRequest } from './thinking.js';

/** A record's analysis from a worker: the JSON of src/search/analysis.ts's RecordAnalysis, or why there is none. */
export type AnalyzeReply = { readonly id: number; readonly ok: true; readonly analysis: string; readonly ms: number } | { readonly id: number; readonly ok: false; readonly message: string };

/**
 * Worker threads for the thinking bots, so that their search never blocks
 * the server's event loop. At most `size` workers (default: the cores less
 * one, at least one), started on the first decision. The decisions of one
 * agent (table, deal, seat) always go to the same worker, which keeps the
 * agent; a worker that fails or exits is replaced, and its open decisions
 * are refused (the table then lets the easy bot decide).
 */
export class BotPool {
  readonly size: number;
  private readonly workers: (Worker | undefined)[];
  private readonly pending = new Map<number, { worker: number; resolve(r: ThinkReply): void; timer: NodeJS.Timeout }>();
  private readonly analyses = new Map<number, { worker: number; resolve(r: AnalyzeReply): void }>();
  private nextId = 1;
  /** Decisions answered by a worker so far. */
  decided = 0;
  /** Decisions that reached the level's time cap before their budget of work was done. */
  capped = 0;
  private closed = false;

  constructor(
    size?: number,
    /** A decision not answered by then is refused. */
    private readonly timeoutMs = 30_000,
    private readonly script: URL = workerScript(),
  ) {
    this.size = Math.max(1, Math.min(size ?? availableParallelism() - 1, availableParallelism() - 1));
    this.workers = Array<Worker | undefined>(this.size).fill(undefined);
  }

  /** The chosen action in the game's notation, or why there is none. */
  think(request: ThinkRequest): Promise<ThinkReply> {
    if (this.closed) return Promise.resolve({ id: 0, ok: false, message: 'the bot pool is closed' });
    const index = hash(request.agent) % this.size;
    const worker = this.worker(index);
    if (!worker) return Promise.resolve({ id: 0, ok: false, message: `no bot worker script at ${fileURLToPath(this.script)} (run npm run build)` });
    const id = this.nextId++;
    return new Promise<ThinkReply>((resolve) => {
      const timer = setTimeout(() => this.settle({ id, ok: false, message: `no decision within ${this.timeoutMs} ms` }), this.timeoutMs);
      this.pending.set(id, { worker: index, resolve, timer });
      worker.postMessage({ id, request });
    });
  }

  /**
   * The analysis of a game record (src/search/analysis.ts), made in a worker
   * at low priority: between two decisions it analyses, the worker takes
   * the bots' decisions waiting, and it makes one analysis at a time.
   */
  analyze(record: unknown, seed: string): Promise<AnalyzeReply> {
    if (this.closed) return Promise.resolve({ id: 0, ok: false, message: 'the bot pool is closed' });
    const index = hash(seed) % this.size;
    const worker = this.worker(index);
    if (!worker) return Promise.resolve({ id: 0, ok: false, message: `no bot worker script at ${fileURLToPath(this.script)} (run npm run build)` });
    const id = this.nextId++;
    return new Promise<AnalyzeReply>((resolve) => {
      this.analyses.set(id, { worker: index, resolve });
      worker.postMessage({ id, analyze: { record, seed } });
    });
  }

  /** Decisions asked and not answered yet. */
  get busy(): number {
    return this.pending.size;
  }

  private worker(index: number): Worker | undefined {
    const existing = this.workers[index];
    if (existing) return existing;
    if (!existsSync(fileURLToPath(this.script))) return undefined;
    const w = new Worker(this.script);
    w.unref();
    w.on('message', (reply: ThinkReply | AnalyzeReply) => ('analysis' in reply || this.analyses.has(reply.id) ? this.settleAnalysis(reply as AnalyzeReply) : this.settle(reply as ThinkReply)));
    const lost = (why: string) => {
      if (this.workers[index] !== w) return;
      this.workers[index] = undefined;
      for (const [id, p] of this.pending) if (p.worker === index) this.settle({ id, ok: false, message: why });
      for (const [id, p] of this.analyses) if (p.worker === index) this.settleAnalysis({ id, ok: false, message: why });
    };
    w.on('error', (e) => lost(`the bot worker failed: ${e.message}`));
    w.on('exit', (code) => lost(`the bot worker exited (${code})`));
    this.workers[index] = w;
    return w;
  }

  private settle(reply: ThinkReply): void {
    const p = this.pending.get(reply.id);
    if (!p) return;
    if (reply.ok) this.decided++;
    if (reply.ok && reply.capped) this.capped++;
    this.pending.delete(reply.id);
    clearTimeout(p.timer);
    p.resolve(reply);
  }

  private settleAnalysis(reply: AnalyzeReply): void {
    const p = this.analyses.get(reply.id);
    if (!p) return;
    this.analyses.delete(reply.id);
    p.resolve(reply);
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const [id] of this.pending) this.settle({ id, ok: false, message: 'the bot pool is closed' });
    for (const [id] of this.analyses) this.settleAnalysis({ id, ok: false, message: 'the bot pool is closed' });
    const running = this.workers.filter((w): w is Worker => w !== undefined);
    this.workers.fill(undefined);
    await Promise.all(running.map((w) => w.terminate()));
  }
}

/** The compiled worker beside this file; from the TypeScript sources (tests), the built one in dist/. */
function workerScript(): URL {
  const here = import.meta.url;
  return here.endsWith('.ts') ? new URL('../../dist/server/botWorker.js', here) : new URL('./botWorker.js', here);
}

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}
