import { CryptoRng } from '../core/rng.js';
import type { GameTypes, Seat } from '../games/game.js';
import type { AnyGameModule } from '../games/module.js';
import { commitEntry, shuffleDeal } from './fairDeal.js';
import type { Limits } from './limits.js';
import { emptyTable, publicSeats, replay } from './core/log.js';
import { lastEvent, legalFor, seatsOf, snapshot } from './core/read.js';
import { dealState } from './core/log.js';
import { step } from './core/step.js';
import type { Command, Effect, LogEntry, Occupant, Reply, Step, TableContext, TableSettings, TableState } from './core/types.js';
import type { PublicSeat, ServerMessage, Snapshot } from './protocol.js';
import { BOT_RATING, NEW_RATING, rateSitting } from './ratings.js';
import type { Store, TableCommit } from './store/store.js';
import { TableBots } from './tableBots.js';
import { mayChangeBots } from '../shared/botRight.js';
import { isThinkingLevel, thinkingBots, type HintReply, type HintRequest, type ThinkReply, type ThinkRequest } from './thinking.js';
import { analysisUnit } from '../search/analysis.js';

export { DEFAULT_GRACE_MS } from './core/types.js';
export type { LogEntry, Occupant, TableSettings } from './core/types.js';

/** A table's answer to a request: an accepted one names the last event when it was done. */
export type Answer = { readonly ok: true; readonly e: number } | Extract<Reply, { ok: false }>;
export { initialSeats } from './seats.js';

type T = GameTypes;

/** A connection following the table. */
export interface Subscriber {
  readonly userId: string;
  send(message: ServerMessage): void;
}

export interface TableHooks {
  /** Seats or phase changed (the lobby shows them). */
  changed(table: Table): void;
  /** The waiting table ended without a sitting (core/expiry.ts): the hall lets it go. */
  expired?(table: Table): void;
  log?: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
  /** Decides for a thinking bot off the event loop (the server's bot pool); without it such seats are played by the easy bot. */
  think?(request: ThinkRequest): Promise<ThinkReply>;
  /** A hint from the strong bot off the event loop (the server's bot pool); `key` keeps one table's work on one worker. Without it no hints are given. */
  hint?(request: HintRequest, key: string): Promise<HintReply>;
  /** A place among the hints the process computes at once (limits.hintsPerWorker), to be released when done; `max` when none is free. */
  hintSlot?(): { readonly release: () => void } | { readonly max: number };
  /** Every command the core ran, with what it did (metrics, tracing): called before the effects run. */
  observe?(table: Table, command: Command, step: Step): void;
  /**
   * Runs `run` if the user's tables may hold `adding` more thinking bots
   * (THINKING_BOTS_PER_USER), else refuses with `tooManyBots` (hall.ts).
   */
  thinking?(userId: string, adding: number, run: () => Promise<Answer>): Promise<Answer>;
}

let followerIds = 0;

/**
 * The shell of one table: it holds the core's state (src/server/core), runs
 * one command at a time through the table's queue, and runs the effects the
 * core returns: the log is committed to the store before the new state is
 * taken and before anything is acknowledged or sent; then the record,
 * messages to followers, timers, draws of randomness and bot decisions.
 */
export class Table {
  readonly ctx: TableContext;
  private current: TableState;
  private queue: Promise<unknown> = Promise.resolve();
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly followers = new Map<string, Subscriber>();
  private readonly followerOf = new WeakMap<Subscriber, string>();
  private readonly bots: TableBots;
  private closed = false;
  /** When the table was opened (ms since the epoch): the lobby lists the newest first. */
  created = 0;

  constructor(
    readonly id: string,
    readonly settings: TableSettings,
    readonly module: AnyGameModule,
    private readonly store: Store,
    limits: Limits,
    private readonly hooks: TableHooks,
  ) {
    this.ctx = { id, settings, module, limits };
    this.current = emptyTable(this.ctx);
    const host = this;
    this.bots = new TableBots({
      ctx: this.ctx,
      get state() {
        return host.current;
      },
      run: (c) => this.run(c),
      enqueue: (work) => this.enqueue(work),
      think: hooks.think,
      warn: (data, message) => hooks.log?.warn({ table: id, ...data }, message),
    });
  }

  /** The table as the core holds it (plain data). */
  get state(): TableState {
    return this.current;
  }

  get rules(): T['rules'] {
    return this.settings.rules;
  }

  get phase(): TableState['sitting']['phase'] {
    return this.current.sitting.phase;
  }

  get seats(): readonly Occupant[] {
    return this.current.sitting.seats;
  }

  get lastEvent(): number {
    return lastEvent(this.current.sitting);
  }

  publicSeats(): PublicSeat[] {
    return publicSeats(this.current.sitting, this.current.live);
  }

  seatsOf(userId: string): Seat[] {
    return seatsOf(this.current.sitting, userId);
  }

  snapshot(userId: string): Snapshot {
    return snapshot(this.ctx, this.current, userId);
  }

  /** Seats whose bot is playing for an absent person. */
  awaySeats(): Seat[] {
    return [...this.current.live.away];
  }

  // ─── commands ───────────────────────────────────────────────────────────

  /** Rebuilds the table from its log (after a restart or a takeover), then starts what is due. */
  async rebuild(entries: readonly LogEntry[]): Promise<void> {
    this.current = replay(this.ctx, entries);
    const s = this.current.sitting;
    const recordSaved = s.phase === 'finished' && s.sittingNo > 0 ? (await this.store.record(`${this.id}.${s.sittingNo}`)) !== undefined : true;
    await this.submit({ type: 'resume', recordSaved });
  }

  /** The first entries of a new table (its bots), then whatever follows from them. */
  async init(entries: LogEntry[]): Promise<void> {
    await this.submit({ type: 'create', seats: entries.flatMap((e) => (e.k === 'seat' ? [{ seat: e.seat, occ: e.occ }] : [])) });
  }

  sit(user: { id: string; name: string; guest?: boolean }, seat: Seat): Promise<Answer> {
    return this.submit({ type: 'sit', user: { id: user.id, name: user.name, guest: user.guest === true }, seat });
  }

  stand(userId: string): Promise<Answer> {
    return this.submit({ type: 'stand', userId });
  }

  /**
   * The creator of a waiting table (or, once he has left it, a player seated there) puts a bot on an open seat
   * (`bot`: its kind) or takes one off (null); see seatBots.ts and src/shared/botRight.ts.
   */
  seatBot(userId: string, seat: number, bot: string | null): Promise<Answer> {
    const run = () => this.submit({ type: 'seatBot', userId, seat, bot });
    const thinking = bot !== null && isThinkingLevel(this.module, bot === 'bot' ? this.module.defaultBot : bot);
    const creator = this.settings.creator;
    // A thinking bot counts against the table's creator, whoever seats it (his tables' cap). One who may not seat
    // bots at all is refused by the core, not by the cap.
    return thinking && this.hooks.thinking && creator !== undefined && mayChangeBots(creator, this.seats, userId) ? this.hooks.thinking(creator, 1, run) : run();
  }

  /** Another sitting: its thinking bots count again against the table's creator (they did not while it was finished). */
  again(userId: string): Promise<Answer> {
    const run = () => this.submit({ type: 'again', userId });
    const creator = this.settings.creator;
    const adding = this.phase === 'finished' ? thinkingBots(this.module, this.seats) : 0;
    return adding > 0 && creator !== undefined && this.hooks.thinking ? this.hooks.thinking(creator, adding, run) : run();
  }

  chat(user: { id: string; name: string }, text: string): Promise<Answer> {
    return this.submit({ type: 'chat', user: { id: user.id, name: user.name }, text });
  }

  /** A moderator closes the table (moderation.ts). */
  end(reason: string): Promise<Answer> {
    return this.submit({ type: 'end', reason });
  }

  /** A moderator hides the chat line of event `e`. */
  hide(e: number): Promise<Answer> {
    return this.submit({ type: 'hide', e });
  }

  /** A player's contribution to the shuffle of the deal being collected (docs/fairness.md): nothing is sent to anyone for it. */
  contribute(userId: string, deal: number, contribution: string, seat?: Seat): Promise<Answer> {
    return this.submit({ type: 'contribute', userId, deal, contribution, ...(seat !== undefined ? { seat } : {}) });
  }

  act(userId: string, cseq: number, action: string, seat?: Seat): Promise<Answer> {
    return this.submit({ type: 'act', userId, cseq, action, ...(seat !== undefined ? { seat } : {}) });
  }

  /**
   * A hint for the user's seat (unrated tables only): the core notes it in
   * the log (the record shows it), then the strong bot thinks in the pool
   * from the seat's view and legal actions as they were then, outside the
   * table's queue, so the table goes on meanwhile.
   */
  async hint(userId: string, seat?: Seat): Promise<Extract<ServerMessage, { type: 'hintResult' }> | Extract<Answer, { ok: false }>> {
    const think = this.hooks.hint;
    if (!think) return { ok: false, code: 'noHints', message: 'this server gives no hints' };
    // Hints of all tables share the workers with the bots: past the process's number at once, refused before anything is noted.
    const slot = this.hooks.hintSlot?.();
    if (slot && 'max' in slot) return { ok: false, code: 'rateLimited', message: `the server is computing ${slot.max} hints at once already; ask again in a few seconds`, params: { max: slot.max } };
    try {
      return await this.hintIn(think, userId, seat);
    } finally {
      slot?.release();
    }
  }

  private async hintIn(think: NonNullable<TableHooks['hint']>, userId: string, seat?: Seat): Promise<Extract<ServerMessage, { type: 'hintResult' }> | Extract<Answer, { ok: false }>> {
    const asked = await this.enqueue(async () => {
      const r = await this.run({ type: 'hint', userId, ...(seat !== undefined ? { seat } : {}) });
      if (!r.ok) return r;
      const s = this.current.sitting;
      const x = r.seat ?? 0;
      const request: HintRequest = {
        game: this.settings.game,
        rules: this.rules,
        seat: x,
        seed: new CryptoRng().int(2 ** 32),
        // The seat's own view: exactly what its holder sees at the table, never a hidden card.
        view: this.module.game.view(dealState(s), x),
        legal: legalFor(this.ctx, s, x),
      };
      return { ok: true as const, request, deal: s.dealLogs.length, action: s.actions.length };
    });
    if (!asked.ok) return asked;
    const reply = await think(asked.request, `${this.id}|${asked.request.seat}`);
    if (!reply.ok) return { ok: false, code: 'internal', message: `no hint: ${reply.message}` };
    const unit = analysisUnit(this.settings.game);
    return { type: 'hintResult', table: this.id, seat: asked.request.seat, deal: asked.deal, action: asked.action, ...reply.hint, unit: { symbol: unit.symbol, name: unit.name } };
  }

  /** A connection follows the table: a snapshot, then every event after `since`. */
  async join(sub: Subscriber, since: number | undefined): Promise<void> {
    let id = this.followerOf.get(sub);
    if (id === undefined) this.followerOf.set(sub, (id = `f${++followerIds}`));
    this.followers.set(id, sub);
    await this.submit({ type: 'join', follower: { id, userId: sub.userId }, ...(since !== undefined ? { since } : {}) });
  }

  /** Whether this connection follows the table. */
  follows(sub: Subscriber): boolean {
    const id = this.followerOf.get(sub);
    return id !== undefined && this.followers.has(id);
  }

  /** A connection stops following (its holder's seat gets the grace period when it was the last one). */
  leave(sub: Subscriber): void {
    const id = this.followerOf.get(sub);
    if (id === undefined || !this.followers.has(id)) return;
    void this.submit({ type: 'leave', followerId: id }).finally(() => {
      if (!this.current.live.followers.some((f) => f.id === id)) this.followers.delete(id);
    });
  }

  /** Stops timers (server shutdown, or the table moved to another process). */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    for (const t of this.timers.values()) clearTimeout(t);
    this.timers.clear();
    void this.submit({ type: 'close' }).catch(() => undefined);
  }

  /** Waits until everything queued so far has run (tests). */
  idle(): Promise<void> {
    return this.enqueue(async () => undefined);
  }

  // ─── the shell ──────────────────────────────────────────────────────────

  private enqueue<R>(fn: () => Promise<R>): Promise<R> {
    const run = this.queue.then(fn);
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Runs a command through the queue; an accepted command's answer names the last event when it is done. */
  private submit(command: Command): Promise<Answer> {
    return this.enqueue(async () => {
      const r = await this.run(command);
      return r.ok ? { ok: true, e: r.e ?? this.lastEvent } : r;
    });
  }

  /** Runs one command and its effects, inside the queue. */
  private async run(command: Command): Promise<Reply> {
    const done = step(this.ctx, this.current, command, Date.now());
    this.hooks.observe?.(this, command, done);
    const first = done.effects[0];
    // The log first: a commit that fails leaves the table as it was, and nothing is sent.
    if (first?.type === 'commit') await this.store.commit({ tableId: this.id, from: first.from, entries: [...first.entries], ...(first.finished !== undefined ? { finished: first.finished } : {}) });
    this.current = done.state;
    for (const effect of done.effects) {
      // Most effects (sends, timers) are done at once: only the others are waited for, which spares a promise each.
      const pending = this.effect(effect);
      if (pending) await pending;
    }
    return done.reply;
  }

  /** Runs one effect; a promise for those that take time (records, randomness, bot turns). */
  private effect(e: Effect): Promise<void> | undefined {
    switch (e.type) {
      case 'commit':
        return;
      case 'record':
        return this.saveRecord(e);
      case 'send':
        for (const id of e.to) this.followers.get(id)?.send(e.message);
        return;
      case 'timer': {
        if (this.closed) return;
        const old = this.timers.get(e.key);
        if (old) clearTimeout(old);
        const timer = setTimeout(() => {
          if (this.timers.get(e.key) === timer) this.timers.delete(e.key);
          void this.submit(e.command).catch((err: unknown) => this.hooks.log?.error({ table: this.id, err: String(err) }, `${e.command.type} failed`));
        }, Math.max(0, e.at - Date.now()));
        this.timers.set(e.key, timer);
        return;
      }
      case 'cancel': {
        const t = this.timers.get(e.key);
        if (t) clearTimeout(t);
        this.timers.delete(e.key);
        return;
      }
      case 'open':
        return this.closed ? undefined : this.open(e);
      case 'shuffle':
        return this.closed ? undefined : this.shuffle(e);
      case 'decide':
        if (this.closed) return;
        return this.bots.decide(e).catch((err: unknown) => {
          this.hooks.log?.error({ table: this.id, err: String(err) }, 'bot turn failed');
        });
      case 'changed':
        this.hooks.changed(this);
        return;
      case 'expired':
        this.hooks.expired?.(this);
        return;
      case 'log':
        this.hooks.log?.[e.level](e.data, e.message);
        return;
    }
  }

  private async open(e: Extract<Effect, { type: 'open' }>): Promise<void> {
    const begun = e.begin ? this.module.sitting.begin(this.rules, new CryptoRng()) : undefined;
    const commit = await commitEntry(this.settings.game, this.id, e.deal);
    await this.run({ type: 'opened', commit, ...(begun ? { begin: { start: begun.start, firstDealer: begun.firstDealer } } : {}) });
  }

  private async shuffle(e: Extract<Effect, { type: 'shuffle' }>): Promise<void> {
    const dealt = await shuffleDeal(this.settings.game, this.id, this.module.game.pack(this.rules), e.entry, e.contributions);
    await this.run({ type: 'shuffled', deal: e.entry.deal, deck: dealt.deck, contributions: dealt.contributions });
  }

  /** Stores the finished sitting's record, with the new ratings of a rated sitting, and its people for the player pages. */
  private async saveRecord(e: Extract<Effect, { type: 'record' }>): Promise<void> {
    try {
      let ratings: TableCommit['ratings'];
      if (e.rated) {
        const people = [...new Set(e.rated.filter((u) => u !== undefined))];
        const known = new Map((await this.store.ratings(this.settings.game, people)).map((r) => [r.userId, r]));
        const rated = rateSitting(
          e.rated.map((userId, seat) => {
            const r = userId === undefined ? BOT_RATING : (known.get(userId) ?? NEW_RATING);
            return { userId, mu: r.mu, sigma: r.sigma, total: e.totals[seat] };
          }),
        );
        ratings = rated.map((r) => ({ game: this.settings.game, ...r }));
      }
      await this.store.commit({
        tableId: this.id,
        from: e.from,
        entries: [],
        finished: true,
        record: { id: e.id, tableId: this.id, game: this.settings.game, record: e.record, created: Date.now() },
        ratings,
        participants: [...e.participants],
      });
    } catch (err) {
      // The log has the sitting: a rebuild stores its record again.
      this.hooks.log?.error({ table: this.id, err: String(err) }, 'cannot store the record');
    }
  }
}
