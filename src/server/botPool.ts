import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { FairQueue } from './fairQueue.js';
import { DECISION_GRACE_MS, decisionMs, MIN_THINK_SHARE, type HintReply, type HintRequest, type ThinkReply, type ThinkRequest } from './thinking.js';

/** A record's analysis from a worker: the JSON of src/search/analysis.ts's RecordAnalysis, or why there is none. */
export type AnalyzeReply = { readonly id: number; readonly ok: true; readonly analysis: string; readonly ms: number } | { readonly id: number; readonly ok: false; readonly message: string };

/** A decision waiting for a worker, or being made. */
interface Job {
  readonly id: number;
  readonly request: ThinkRequest;
  readonly table: string;
  /** When the answer is due (performance.now()); a decision not answered by then is answered `late`. */
  readonly deadline: number;
  /** Whether the deadline is the decision's own (it thinks less when it starts late), not just the pool's timeout. */
  readonly timed: boolean;
  /** The worker that holds the agent's earlier decisions (by the agent's hash). */
  readonly home: number;
  readonly resolve: (r: ThinkReply) => void;
  readonly timer: NodeJS.Timeout;
  settled: boolean;
}

/** What a decision may ask of the pool besides the request. */
export interface ThinkOptions {
  /** Whose turn it takes in the queue (the table); default: the agent. */
  readonly table?: string;
  /** Milliseconds until the answer is due; default: the pool's timeout. */
  readonly within?: number;
}

/**
 * Worker threads for the thinking bots, so that their search never blocks
 * the server's event loop. At most `size` workers (default: the cores less
 * one, at least one), started by `warm` (a table with thinking bots opens)
 * or on the first decision.
 *
 * Each worker makes one decision at a time. Decisions wait in one queue per
 * table, the table served longest ago first (fairQueue.ts): six busy tables of strong bots
 * delay another table's decision by at most one decision each, not by their
 * whole backlog. A free worker takes the next table's decision, preferring
 * one whose agent it holds (an agent keeps its state within a deal; another
 * worker starts it afresh).
 *
 * Every decision has a deadline. A decision that starts late thinks only
 * the time left (less a reserve for the answer to come back); with less than
 * a quarter of its level's time left it is not started, and one still
 * unanswered at its deadline is answered `late`: the table then lets a cheap
 * level decide. So no decision takes longer than its deadline, however busy
 * the pool. A worker that fails or exits is replaced and its decision
 * refused; one that answers nothing within the pool's timeout is ended.
 */
export class BotPool {
  readonly size: number;
  private readonly workers: (Worker | undefined)[];
  /** The decision each worker is making (an answered-late one still occupies it until the worker replies). */
  private readonly running: (Job | undefined)[];
  /** Per worker: the timer that ends it if it answers nothing for the pool's timeout. */
  private readonly stuck: (NodeJS.Timeout | undefined)[];
  private readonly queue = new FairQueue<Job>();
  private readonly jobs = new Map<number, Job>();
  private readonly analyses = new Map<number, { worker: number; resolve(r: AnalyzeReply): void }>();
  private readonly hints = new Map<number, { worker: number; resolve(r: HintReply): void; timer: NodeJS.Timeout }>();
  private nextId = 1;
  /** Decisions answered by a worker so far. */
  decided = 0;
  /** Decisions answered late (the cheap level decided) so far, and those that thought less than their level's time. */
  late = 0;
  shortened = 0;
  /** Decisions that reached the level's time cap before their budget of work was done. */
  capped = 0;
  private closed = false;

  constructor(
    size?: number,
    /** A worker that answers nothing for this long is ended (and a decision with no deadline of its own is refused then). */
    private readonly timeoutMs = 30_000,
    private readonly script: URL = workerScript(),
  ) {
    this.size = Math.max(1, Math.min(size ?? availableParallelism() - 1, availableParallelism() - 1));
    this.workers = Array<Worker | undefined>(this.size).fill(undefined);
    this.running = Array<Job | undefined>(this.size).fill(undefined);
    this.stuck = Array<NodeJS.Timeout | undefined>(this.size).fill(undefined);
  }

  /** The chosen action in the game's notation, or why there is none; it comes by the deadline (`within`) at the latest. */
  think(request: ThinkRequest, options: ThinkOptions = {}): Promise<ThinkReply> {
    if (this.closed) return Promise.resolve({ id: 0, ok: false, message: 'the bot pool is closed' });
    // The script is looked for until a worker has started from it.
    if (!this.workers.some((w) => w !== undefined) && !existsSync(fileURLToPath(this.script))) return Promise.resolve({ id: 0, ok: false, message: `no bot worker script at ${fileURLToPath(this.script)} (run npm run build)` });
    const id = this.nextId++;
    const within = options.within ?? this.timeoutMs;
    return new Promise<ThinkReply>((resolve) => {
      const job: Job = {
        id,
        request,
        table: options.table ?? request.agent,
        deadline: performance.now() + within,
        timed: options.within !== undefined,
        home: hash(request.agent) % this.size,
        resolve,
        timer: setTimeout(() => this.expire(job, within), within),
        settled: false,
      };
      this.jobs.set(id, job);
      this.queue.push(job.table, job);
      this.pump();
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

  /**
   * A hint for a seat (issue 22): the strong bot's choice and its estimate of
   * each legal action, from the seat's view only. Goes to the worker of the
   * seat's agent, so one table's hints and bot decisions queue together.
   */
  hint(request: HintRequest, key: string): Promise<HintReply> {
    if (this.closed) return Promise.resolve({ id: 0, ok: false, message: 'the bot pool is closed' });
    const index = hash(key) % this.size;
    const worker = this.worker(index);
    if (!worker) return Promise.resolve({ id: 0, ok: false, message: `no bot worker script at ${fileURLToPath(this.script)} (run npm run build)` });
    const id = this.nextId++;
    return new Promise<HintReply>((resolve) => {
      const timer = setTimeout(() => this.settleHint({ id, ok: false, message: `no hint within ${this.timeoutMs} ms` }), this.timeoutMs);
      this.hints.set(id, { worker: index, resolve, timer });
      worker.postMessage({ id, hint: request });
    });
  }

  /** Starts every worker now (a table with thinking bots opened), so that the first decisions do not wait for a worker to load. */
  warm(): void {
    if (this.closed) return;
    for (let i = 0; i < this.size; i++) this.worker(i);
  }

  /** Decisions asked and not answered yet. */
  get busy(): number {
    return this.jobs.size;
  }

  /** Decisions waiting for a worker. */
  get waiting(): number {
    return this.queue.size;
  }

  /** Gives every free worker the next decision in turn. */
  private pump(): void {
    for (let i = 0; i < this.size; i++) {
      // A decision answered late at once leaves the worker free for the next one.
      while (!this.running[i] && this.queue.size > 0) this.start(this.queue.take((j) => j.home === i)!, i);
    }
  }

  private start(job: Job, index: number): void {
    const level = decisionMs(job.request.level, job.request.thinkMs);
    // Time for the search: what is left before the deadline, less the grace kept for its overrun and the answer
    // (a decision that starts within a twentieth of its time thinks it all).
    const before = job.deadline - performance.now() - DECISION_GRACE_MS;
    const left = !job.timed || before >= level * 0.95 ? level : before;
    if (left < level * MIN_THINK_SHARE) return this.answerLate(job, `no worker was free in time (${Math.max(0, Math.round(left))} ms left of ${level} ms)`);
    const worker = this.worker(index);
    if (!worker) return this.settle(job, { id: job.id, ok: false, message: `no bot worker script at ${fileURLToPath(this.script)} (run npm run build)` });
    if (left < level) this.shortened++;
    this.running[index] = job;
    const request: ThinkRequest = left < level ? { ...job.request, budgetMs: Math.floor(left) } : job.request;
    worker.postMessage({ id: job.id, request });
    // A worker that answers nothing for the pool's timeout is ended (and replaced on the next decision).
    clearTimeout(this.stuck[index]);
    this.stuck[index] = setTimeout(() => {
      if (this.running[index] === job) void worker.terminate();
    }, this.timeoutMs);
  }

  /** The deadline passed: a waiting decision is taken out, a running one is answered now and its worker's late answer dropped. */
  private expire(job: Job, within: number): void {
    if (job.settled) return;
    this.queue.remove(job.table, job);
    this.answerLate(job, `no decision within ${within} ms`);
  }

  private answerLate(job: Job, message: string): void {
    if (job.settled) return;
    this.late++;
    this.settle(job, { id: job.id, ok: false, message, late: true });
  }

  private settle(job: Job, reply: ThinkReply): void {
    if (job.settled) return;
    job.settled = true;
    clearTimeout(job.timer);
    this.jobs.delete(job.id);
    if (reply.ok) this.decided++;
    if (reply.ok && reply.capped) this.capped++;
    job.resolve(reply);
  }

  private worker(index: number): Worker | undefined {
    const existing = this.workers[index];
    if (existing) return existing;
    if (!existsSync(fileURLToPath(this.script))) return undefined;
    const w = new Worker(this.script);
    w.unref();
    w.on('message', (reply: ThinkReply | AnalyzeReply | HintReply) => {
      if (this.hints.has(reply.id)) return this.settleHint(reply as HintReply);
      if ('analysis' in reply || this.analyses.has(reply.id)) return this.settleAnalysis(reply as AnalyzeReply);
      const job = this.running[index];
      if (job?.id !== reply.id) return;
      this.running[index] = undefined;
      clearTimeout(this.stuck[index]);
      this.settle(job, reply as ThinkReply);
      this.pump();
    });
    const lost = (why: string) => {
      if (this.workers[index] !== w) return;
      this.workers[index] = undefined;
      const job = this.running[index];
      this.running[index] = undefined;
      clearTimeout(this.stuck[index]);
      if (job) this.settle(job, { id: job.id, ok: false, message: why });
      for (const [id, p] of this.analyses) if (p.worker === index) this.settleAnalysis({ id, ok: false, message: why });
      for (const [id, p] of this.hints) if (p.worker === index) this.settleHint({ id, ok: false, message: why });
      if (!this.closed) this.pump();
    };
    w.on('error', (e) => lost(`the bot worker failed: ${e.message}`));
    w.on('exit', (code) => lost(`the bot worker exited (${code})`));
    this.workers[index] = w;
    return w;
  }

  private settleHint(reply: HintReply): void {
    const p = this.hints.get(reply.id);
    if (!p) return;
    this.hints.delete(reply.id);
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
    for (const job of [...this.jobs.values()]) {
      this.queue.remove(job.table, job);
      this.settle(job, { id: job.id, ok: false, message: 'the bot pool is closed' });
    }
    for (const [id] of this.analyses) this.settleAnalysis({ id, ok: false, message: 'the bot pool is closed' });
    for (const [id] of this.hints) this.settleHint({ id, ok: false, message: 'the bot pool is closed' });
    const running = this.workers.filter((w): w is Worker => w !== undefined);
    this.workers.fill(undefined);
    this.running.fill(undefined);
    this.stuck.forEach((t) => clearTimeout(t));
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
