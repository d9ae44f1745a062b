import { parseCards } from '../cards/notation.js';
import type { DealFairness } from '../core/fairness.js';
import { CryptoRng, SeededRng } from '../core/rng.js';
import type { Agent } from '../games/agent.js';
import { SPECTATOR, type GameTypes, type Seat } from '../games/game.js';
import type { AnyGameModule } from '../games/module.js';
import type { DealLog } from '../games/sitting.js';
import { toRecord } from '../records/record.js';
import type { Clock, Disconnected, NumberedTableEvent, PublicSeat, PublicSettings, ServerErrorCode, ServerMessage, Snapshot, TableEvent } from './protocol.js';
import { BOT_RATING, NEW_RATING, rateSitting } from './ratings.js';
import { TokenBucket, type Limits } from './limits.js';
import type { Participant, Store, TableCommit } from './store/store.js';
import { isThinkingLevel, serverBots, type ThinkingLevel, type ThinkReply, type ThinkRequest } from './thinking.js';
import { BOT_NAMES, botSeatChange } from './seatBots.js';
import { Collection, commitEntry, DEFAULT_CONTRIBUTION_MS, publicCommitment, reveal, type CommitEntry } from './fairDeal.js';

type T = GameTypes;

/** How long a seated person may be without a connection before a bot plays for the seat, unless the table says otherwise. */
export const DEFAULT_GRACE_MS = 30_000;

/** Who holds a seat, as the log keeps it. */
export type Occupant =
  | { readonly kind: 'open' }
  | { readonly kind: 'human'; readonly userId: string; readonly name: string }
  | { readonly kind: 'bot'; readonly bot: string; readonly name: string };

/**
 * One entry of a table's log. Replaying the log through the game's module
 * rebuilds the table exactly, event numbers included.
 */
export type LogEntry =
  | { readonly k: 'seat'; readonly seat: Seat; readonly occ: Occupant }
  | { readonly k: 'begin'; readonly start: unknown; readonly firstDealer: Seat }
  /** A deal opens: its secret seed (server-side only until the reveal) and the commitment published with `dealStart`. */
  | CommitEntry
  /** A deal's deck, in card codes: server-side only, never sent before the deal's end; with the contributions it was shuffled from (null: substituted). */
  | { readonly k: 'deal'; readonly deck: readonly string[]; readonly fair?: { readonly contributions: readonly (string | null)[] } }
  | { readonly k: 'act'; readonly seat: Seat; readonly action: string; readonly user?: string; readonly cseq?: number }
  | { readonly k: 'chat'; readonly userId: string; readonly name: string; readonly text: string };

/** A table's settings, stored with it. */
export interface TableSettings extends PublicSettings {
  readonly game: string;
  readonly rules: T['rules'];
  readonly seats: number;
}

/** Where an event of the table's sequence comes from: a game event is rendered per seat. */
type Slot = { readonly deal: number; readonly n: number } | { readonly event: TableEvent };

/** A connection following the table. */
export interface Subscriber {
  readonly userId: string;
  send(message: ServerMessage): void;
}

export type Reply = { ok: true; e: number } | { ok: false; code: ServerErrorCode; message: string };

const refuse = (code: ServerErrorCode, message: string): Reply => ({ ok: false, code, message });

export interface TableHooks {
  /** Seats or phase changed (the lobby shows them). */
  changed(table: Table): void;
  log?: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
  /** Decides for a thinking bot off the event loop (the server's bot pool); without it such seats are played by the easy bot. */
  think?(request: ThinkRequest): Promise<ThinkReply>;
}

/**
 * One table: seats, rules, the running sitting driven through the game's
 * module, the per-table action queue, clocks and bots. Every change is
 * written to the store before it is applied in memory, acknowledged or sent.
 */
export class Table {
  readonly module: AnyGameModule;
  readonly seats: Occupant[];
  phase: 'waiting' | 'playing' | 'finished' = 'waiting';
  private logLength = 0;
  private readonly slots: Slot[] = [];
  /** The latest state of every deal played at this table (the running deal's is the last). */
  private readonly dealStates: unknown[] = [];
  private dealEnded = true;
  private sittingNo = 0;
  private start: unknown = null;
  private firstDealer = 0;
  private dealer = 0;
  private sheet: unknown = null;
  private carry: unknown = null;
  private players: string[] = [];
  private deck: string[] = [];
  /** The deal taking contributions (between its commitment and its cards), if any. */
  private collecting: Collection | null = null;
  /** The running or last deal's proof (absent for decks logged before fair deals). */
  private dealFair: DealFairness | undefined;
  private actions: [Seat, string][] = [];
  private dealLogs: DealLog<unknown, T['outcome']>[] = [];
  private totals: number[] = [];
  private units = 0;
  private recordSaved = true;
  /** Per user: the last accepted client sequence number and the event numbers of recent ones. */
  private readonly cseqs = new Map<string, { last: number; recent: Map<number, { action: string; e: number }> }>();

  private readonly subscribers = new Set<Subscriber>();
  private readonly away = new Set<Seat>();
  /** Seats whose holder has no connection, in the grace period before a bot plays for them. */
  private readonly gone = new Map<Seat, { until: number; timer: NodeJS.Timeout }>();
  private readonly clocks = new Map<Seat, { deadline: number; timer: NodeJS.Timeout }>();
  private readonly botPending = new Map<Seat, number>();
  private readonly agents = new Map<string, Agent<T>>();
  private readonly chatBuckets = new Map<string, TokenBucket>();
  private version = 0;
  private queue: Promise<unknown> = Promise.resolve();
  private closed = false;

  constructor(
    readonly id: string,
    readonly settings: TableSettings,
    module: AnyGameModule,
    private readonly store: Store,
    private readonly limits: Limits,
    private readonly hooks: TableHooks,
  ) {
    this.module = module;
    this.seats = Array.from({ length: settings.seats }, () => ({ kind: 'open' }) as Occupant);
  }

  get rules(): T['rules'] {
    return this.settings.rules;
  }

  private get state(): unknown {
    return this.dealStates[this.dealStates.length - 1];
  }

  get lastEvent(): number {
    return this.slots.length - 1;
  }

  publicSeats(): PublicSeat[] {
    return this.seats.map((o, seat) =>
      o.kind === 'human' ? { kind: 'human', name: o.name, userId: o.userId, away: this.away.has(seat) } : o.kind === 'bot' ? { kind: 'bot', name: o.name, bot: o.bot } : { kind: 'open' },
    );
  }

  /** The seats this user holds. */
  seatsOf(userId: string): Seat[] {
    const out: Seat[] = [];
    this.seats.forEach((o, s) => {
      if (o.kind === 'human' && o.userId === userId) out.push(s);
    });
    return out;
  }

  private viewerSeat(userId: string): Seat {
    const held = this.seatsOf(userId);
    return held.length > 0 ? held[0] : SPECTATOR;
  }

  // ─── the log ────────────────────────────────────────────────────────────

  /** Replays one log entry into memory; the same path serves live play and the rebuild after a restart. */
  private ingest(entry: LogEntry, after?: unknown): void {
    const { game, sitting } = this.module;
    this.logLength++;
    this.version++;
    switch (entry.k) {
      case 'seat': {
        this.seats[entry.seat] = entry.occ;
        this.away.delete(entry.seat);
        this.slots.push({ event: { type: 'seat', seat: entry.seat, occupant: this.publicSeats()[entry.seat] } });
        return;
      }
      case 'begin': {
        this.sittingNo++;
        this.phase = 'playing';
        this.start = entry.start;
        this.firstDealer = entry.firstDealer;
        this.dealer = entry.firstDealer;
        this.sheet = sitting.initialSheet(this.rules, entry.start);
        this.players = this.seats.map((o, s) => (o.kind === 'open' ? `seat ${s + 1}` : o.name));
        this.dealLogs = [];
        this.totals = this.seats.map(() => 0);
        this.units = 0;
        this.dealEnded = true;
        this.recordSaved = false;
        this.agents.clear();
        this.slots.push({ event: { type: 'sittingStart', sitting: this.sittingNo, firstDealer: entry.firstDealer, players: this.players } });
        return;
      }
      case 'commit': {
        if (entry.deal !== this.dealStates.length) throw new Error(`table ${this.id}: the log opens deal ${entry.deal} where deal ${this.dealStates.length} is next`);
        this.collecting?.stop();
        this.collecting = Collection.fromEntry(this.settings.game, this.id, entry, this.seats.length);
        this.slots.push({ event: { type: 'dealStart', deal: entry.deal, dealer: this.dealer, fair: publicCommitment(this.collecting.open) } });
        return;
      }
      case 'deal': {
        const pack = game.pack(this.rules);
        const deck = parseCards(pack, entry.deck);
        if (!deck.ok) throw new Error(`table ${this.id}: bad deck in the log: ${deck.error.message}`);
        this.carry = sitting.carry(this.rules, this.sheet);
        const setup = game.setup(this.rules, { dealer: this.dealer, deck: deck.value, carry: this.carry });
        if (!setup.ok) throw new Error(`table ${this.id}: cannot set up the deal: ${setup.error.message}`);
        this.deck = [...entry.deck];
        this.actions = [];
        this.dealEnded = false;
        this.dealStates.push(setup.value);
        const deal = this.dealStates.length - 1;
        const opened = this.collecting;
        this.collecting = null;
        opened?.stop();
        if (opened) {
          const contributions = entry.fair?.contributions ?? opened.contributions;
          this.dealFair = { context: opened.open.context, commitment: opened.open.commitment, seed: opened.open.seed, contributions: [...contributions] };
          this.slots.push({ event: { type: 'dealt', deal } });
        } else {
          // A table logged before fair deals: the deck came from the server's random source alone.
          this.dealFair = undefined;
          this.slots.push({ event: { type: 'dealStart', deal, dealer: this.dealer } });
        }
        this.pushGameEvents(0);
        return;
      }
      case 'act': {
        let next = after;
        const before = this.state;
        if (next === undefined) {
          const action = game.parseAction(this.rules, entry.action);
          if (!action.ok) throw new Error(`table ${this.id}: bad action in the log: ${action.error.message}`);
          const r = game.apply(before, entry.seat, action.value);
          if (!r.ok) throw new Error(`table ${this.id}: the log's action ${entry.action} is refused: ${r.error.message}`);
          next = r.value;
        }
        const count = game.events(before, SPECTATOR, 0).length;
        this.dealStates[this.dealStates.length - 1] = next;
        this.actions.push([entry.seat, entry.action]);
        if (entry.user !== undefined && entry.cseq !== undefined) {
          const c = this.cseqs.get(entry.user) ?? { last: 0, recent: new Map() };
          this.cseqs.set(entry.user, c);
          c.last = entry.cseq;
          c.recent.set(entry.cseq, { action: entry.action, e: -1 });
          if (c.recent.size > 64) c.recent.delete(c.recent.keys().next().value as number);
        }
        this.pushGameEvents(count);
        const outcome = game.outcome(next);
        if (outcome !== undefined) this.endDeal(outcome);
        if (entry.user !== undefined && entry.cseq !== undefined) this.cseqs.get(entry.user)!.recent.get(entry.cseq)!.e = this.lastEvent;
        return;
      }
      case 'chat': {
        this.slots.push({ event: { type: 'chat', name: entry.name, userId: entry.userId, text: entry.text } });
        return;
      }
    }
  }

  private pushGameEvents(from: number): void {
    const deal = this.dealStates.length - 1;
    const total = this.module.game.events(this.state, SPECTATOR, 0).length;
    for (let n = from; n < total; n++) this.slots.push({ deal, n });
  }

  private endDeal(outcome: T['outcome']): void {
    const { sitting } = this.module;
    const booked = sitting.afterDeal(this.rules, this.sheet, this.dealer, outcome);
    const unitComplete = sitting.unitComplete(this.rules, this.sheet, booked.sheet);
    this.dealLogs.push({ dealer: this.dealer, carry: this.carry, deck: this.deck, actions: this.actions, outcome, ...(this.dealFair ? { fair: this.dealFair } : {}) });
    outcome.score.forEach((s, i) => (this.totals[i] += s));
    this.sheet = booked.sheet;
    this.dealer = booked.nextDealer;
    this.dealEnded = true;
    const deal = this.dealStates.length - 1;
    this.slots.push({ event: { type: 'dealEnd', deal, outcome, sheet: booked.sheet, unitComplete, ...(this.dealFair ? { fair: reveal(this.dealFair, this.deck) } : {}) } });
    if (unitComplete) this.units++;
    const length = this.settings.length;
    const over = 'deals' in length ? this.dealLogs.length >= length.deals : this.units >= length.units;
    if (over) {
      this.phase = 'finished';
      this.slots.push({ event: { type: 'sittingEnd', sitting: this.sittingNo, record: this.recordId(), sheet: this.sheet, totals: [...this.totals] } });
    }
  }

  private recordId(): string {
    return `${this.id}.${this.sittingNo}`;
  }

  /** Rebuilds the table from its log (after a restart). */
  async rebuild(entries: readonly LogEntry[]): Promise<void> {
    for (const e of entries) this.ingest(e);
    if (this.phase === 'finished' && this.sittingNo > 0) this.recordSaved = (await this.store.record(this.recordId())) !== undefined;
    await this.enqueue(() => this.progress());
  }

  /** The first entries of a new table (its bots), then whatever follows from them. */
  init(entries: LogEntry[]): Promise<void> {
    return this.enqueue(async () => {
      if (entries.length > 0) await this.write(entries);
      await this.progress();
    });
  }

  /** Writes entries in one transaction, then applies them, sends the new events and schedules what comes next. */
  private async write(entries: LogEntry[], after?: unknown, extra: Partial<TableCommit> = {}): Promise<void> {
    const from = this.slots.length;
    await this.store.commit({ tableId: this.id, from: this.logLength, entries, ...extra });
    entries.forEach((e, i) => this.ingest(e, i === 0 ? after : undefined));
    try {
      // A sitting that just ended is stored before anyone hears of its end, so that the record its
      // sittingEnd names can be fetched at once (with an asynchronous store this matters).
      if (this.phase === 'finished' && !this.recordSaved) await this.saveRecord();
    } finally {
      this.broadcast(from);
    }
  }

  private enqueue<R>(fn: () => Promise<R>): Promise<R> {
    const run = this.queue.then(fn);
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Starts the sitting when the table is full, deals the next deal, stores a finished sitting; then clocks and bots. */
  private async progress(): Promise<void> {
    if (this.closed) return;
    if (this.phase === 'waiting' && this.seats.every((o) => o.kind !== 'open')) {
      const begun = this.module.sitting.begin(this.rules, new CryptoRng());
      await this.write([{ k: 'begin', start: begun.start, firstDealer: begun.firstDealer }, await this.newDeal()]);
    } else if (this.phase === 'playing' && this.dealEnded && !this.collecting) {
      await this.write([await this.newDeal()]);
    }
    if (this.collecting) await this.collect();
    if (this.phase === 'finished' && !this.recordSaved) await this.saveRecord();
    this.hooks.changed(this);
    this.schedule();
  }

  /** Opens the next deal: a fresh secret seed and its commitment (docs/fairness.md); the cards follow the contributions. */
  private newDeal(): Promise<LogEntry> {
    return commitEntry(this.settings.game, this.id, this.dealStates.length);
  }

  /** The seats whose contributions a deal waits for: the people present. Bots and away seats are substituted at once. */
  private contributors(): Seat[] {
    return this.seats.flatMap((o, seat) => (o.kind === 'human' && !this.away.has(seat) ? [seat] : []));
  }

  /** Deals the collecting deal when every present player has contributed (or at once with no time to wait), else makes sure the deadline runs. */
  private async collect(): Promise<void> {
    const c = this.collecting;
    if (!c || this.closed) return;
    const wait = this.settings.contributionMs ?? DEFAULT_CONTRIBUTION_MS;
    if (wait <= 0 || c.complete(this.contributors())) return this.dealCollected(c);
    if (c.timer) return;
    c.timer = setTimeout(() => {
      void this.enqueue(async () => {
        if (this.collecting !== c || this.closed) return;
        await this.dealCollected(c);
        await this.progress();
      }).catch((e: unknown) => this.hooks.log?.error({ table: this.id, err: String(e) }, 'dealing failed'));
    }, wait);
  }

  /** Shuffles from the seed and the contributions in (substitutes for the rest) and deals. */
  private async dealCollected(c: Collection): Promise<void> {
    const { deck, fair } = await c.shuffle(this.module.game.pack(this.rules));
    await this.write([{ k: 'deal', deck, fair: { contributions: fair.contributions } }]);
  }

  private async saveRecord(): Promise<void> {
    const record = toRecord(this.settings.game, {
      rules: this.rules,
      start: this.start,
      firstDealer: this.firstDealer,
      players: this.players,
      deals: this.dealLogs,
      sheet: this.sheet,
    });
    let ratings: TableCommit['ratings'];
    const humans = this.seats.map((o) => (o.kind === 'human' ? o.userId : undefined));
    const distinct = new Set(humans.filter((h) => h !== undefined));
    if (this.settings.rated && distinct.size === humans.filter((h) => h !== undefined).length && distinct.size > 0) {
      const known = new Map((await this.store.ratings(this.settings.game, [...distinct])).map((r) => [r.userId, r]));
      const rated = rateSitting(
        humans.map((userId, seat) => {
          const r = userId === undefined ? BOT_RATING : (known.get(userId) ?? NEW_RATING);
          return { userId, mu: r.mu, sigma: r.sigma, total: this.totals[seat] };
        }),
      );
      ratings = rated.map((r) => ({ game: this.settings.game, ...r }));
    }
    await this.store.commit({
      tableId: this.id,
      from: this.logLength,
      entries: [],
      finished: true,
      record: { id: this.recordId(), tableId: this.id, game: this.settings.game, record, created: Date.now() },
      ratings,
      participants: this.participants(),
    });
    this.recordSaved = true;
  }

  /** The people at the finished sitting, with their totals and places (the player page). */
  private participants(): Participant[] {
    return this.seats.flatMap((o, seat) =>
      o.kind === 'human' ? [{ userId: o.userId, seat, total: this.totals[seat], place: 1 + this.totals.filter((t) => t > this.totals[seat]).length }] : [],
    );
  }

  // ─── what clients see ───────────────────────────────────────────────────

  /** The events from `from` on as this seat may see them. */
  private render(from: number, seat: Seat): NumberedTableEvent[] {
    const out: NumberedTableEvent[] = [];
    let cache: { deal: number; events: Map<number, unknown> } | undefined;
    for (let e = Math.max(0, from); e < this.slots.length; e++) {
      const slot = this.slots[e];
      if ('event' in slot) {
        out.push({ e, event: slot.event });
        continue;
      }
      if (!cache || cache.deal !== slot.deal) {
        const events = this.module.game.events(this.dealStates[slot.deal], seat, slot.n);
        cache = { deal: slot.deal, events: new Map(events.map((x) => [x.n, x.event])) };
      }
      out.push({ e, event: { type: 'game', deal: slot.deal, n: slot.n, event: cache.events.get(slot.n) } });
    }
    return out;
  }

  private legalFor(seat: Seat): string[] {
    if (seat < 0 || this.phase !== 'playing' || this.dealEnded) return [];
    const { game } = this.module;
    if (!game.mayAct(this.state).includes(seat)) return [];
    return game.legal(this.state, seat).map((a) => game.formatAction(this.rules, a));
  }

  private toAct(): number[] {
    return this.phase === 'playing' && !this.dealEnded ? [...this.module.game.toAct(this.state)] : [];
  }

  private clockList(): Clock[] {
    return [...this.clocks].map(([seat, c]) => ({ seat, deadline: c.deadline }));
  }

  snapshot(userId: string): Snapshot {
    const seat = this.viewerSeat(userId);
    const live = this.phase !== 'waiting' && this.dealStates.length > 0;
    return {
      type: 'snapshot',
      table: this.id,
      game: this.settings.game,
      rules: this.rules,
      settings: {
        public: this.settings.public,
        rated: this.settings.rated,
        clockMs: this.settings.clockMs,
        botDelayMs: this.settings.botDelayMs,
        contributionMs: this.settings.contributionMs ?? DEFAULT_CONTRIBUTION_MS,
        length: this.settings.length,
        graceMs: this.graceMs,
        creator: this.settings.creator,
      },
      seat,
      seats: this.publicSeats(),
      phase: this.phase,
      sitting: this.sittingNo,
      deal: this.dealStates.length - 1,
      dealer: live ? this.dealer : null,
      view: live ? this.module.game.view(this.state, seat) : null,
      legal: this.legalFor(seat),
      toAct: this.toAct(),
      clocks: this.clockList(),
      disconnected: this.disconnectedList(),
      sheet: this.sheet,
      outcomes: this.dealLogs.map((d) => d.outcome),
      last: this.lastEvent,
      cseq: this.cseqs.get(userId)?.last ?? 0,
      fair: this.fairShown(seat),
    };
  }

  /** The commitment of the deal being collected or played, as the snapshot shows it to this seat. */
  private fairShown(seat: Seat): Snapshot['fair'] {
    if (this.collecting) return { ...publicCommitment(this.collecting.open), collecting: true, contributed: this.collecting.has(seat) };
    if (this.phase === 'playing' && !this.dealEnded && this.dealFair) {
      return { ...publicCommitment(this.dealFair), collecting: false, contributed: seat >= 0 && this.dealFair.contributions[seat] !== null };
    }
    return null;
  }

  /**
   * Sends every follower its new events with who is to act and its legal
   * actions now. A change that adds no event (an action the game records
   * without one) still sends every follower the message, with no events,
   * so that legal actions stay current and nobody learns anything from
   * whether a message came.
   */
  private broadcast(from: number): void {
    const bySeat = new Map<Seat, { events: NumberedTableEvent[]; legal: string[] }>();
    const toAct = this.toAct();
    for (const sub of this.subscribers) {
      const seat = this.viewerSeat(sub.userId);
      let seen = bySeat.get(seat);
      if (!seen) bySeat.set(seat, (seen = { events: this.render(from, seat), legal: this.legalFor(seat) }));
      sub.send({ type: 'events', table: this.id, events: seen.events, toAct, legal: seen.legal });
    }
  }

  private sendStatus(): void {
    const toAct = this.toAct();
    const clocks = this.clockList();
    const away = [...this.away];
    const disconnected = this.disconnectedList();
    for (const sub of this.subscribers) {
      sub.send({ type: 'status', table: this.id, toAct, legal: this.legalFor(this.viewerSeat(sub.userId)), clocks, away, disconnected });
    }
  }

  // ─── requests (each through the table's queue) ──────────────────────────

  /** A connection follows the table: a snapshot, then every event after `since`. */
  join(sub: Subscriber, since: number | undefined): Promise<void> {
    return this.enqueue(async () => {
      // A connection that follows the table already has every event: it gets a fresh snapshot only.
      const following = this.subscribers.has(sub);
      this.subscribers.add(sub);
      const back = this.seatsOf(sub.userId).filter((s) => this.away.delete(s));
      const returned = this.seatsOf(sub.userId).filter((s) => this.endGrace(s));
      sub.send(this.snapshot(sub.userId));
      if (!following && since !== undefined && since < this.lastEvent) {
        const seat = this.viewerSeat(sub.userId);
        sub.send({ type: 'events', table: this.id, events: this.render(since + 1, seat), toAct: this.toAct(), legal: this.legalFor(seat) });
      }
      if (back.length > 0) this.changedPresence();
      else if (returned.length > 0) this.sendStatus();
    });
  }

  /**
   * A connection stops following. A seat whose holder has no connection left
   * is shown as disconnected for the table's grace period, and then played by
   * a bot until the holder comes back; a holder back in time changes nothing.
   * The seat's clock, if any, runs on meanwhile.
   */
  leave(sub: Subscriber): void {
    if (!this.subscribers.delete(sub)) return;
    if ([...this.subscribers].some((s) => s.userId === sub.userId)) return;
    const held = this.seatsOf(sub.userId);
    if (held.length === 0 || this.phase !== 'playing') return;
    const grace = this.graceMs;
    if (grace <= 0) {
      held.forEach((s) => this.away.add(s));
      void this.enqueue(async () => {
        // A deal waiting for contributions no longer waits for an absent player.
        await this.collect();
        this.changedPresence();
      });
      return;
    }
    for (const seat of held) {
      if (this.away.has(seat) || this.gone.has(seat)) continue;
      const timer = setTimeout(() => {
        void this.enqueue(async () => {
          if (this.gone.get(seat)?.timer !== timer) return;
          this.gone.delete(seat);
          if (this.closed || this.phase !== 'playing') return;
          this.away.add(seat);
          await this.collect();
          this.changedPresence();
        });
      }, grace);
      this.gone.set(seat, { until: Date.now() + grace, timer });
    }
    void this.enqueue(async () => this.sendStatus());
  }

  /** The table's grace period for a lost connection. */
  get graceMs(): number {
    return this.settings.graceMs ?? DEFAULT_GRACE_MS;
  }

  /** Ends a seat's grace period (its holder is back); true if it had one. */
  private endGrace(seat: Seat): boolean {
    const g = this.gone.get(seat);
    if (!g) return false;
    clearTimeout(g.timer);
    this.gone.delete(seat);
    return true;
  }

  private disconnectedList(): Disconnected[] {
    return [...this.gone].map(([seat, g]) => ({ seat, until: g.until }));
  }

  isFollowing(sub: Subscriber): boolean {
    return this.subscribers.has(sub);
  }

  private changedPresence(): void {
    this.hooks.changed(this);
    this.schedule();
    this.sendStatus();
  }

  sit(user: { id: string; name: string }, seat: Seat): Promise<Reply> {
    return this.enqueue(async () => {
      if (this.phase === 'playing') return refuse('notPlaying', 'the sitting has begun; seats change between sittings');
      if (seat >= this.seats.length) return refuse('badSeat', `the table has seats 0 to ${this.seats.length - 1}`);
      if (this.seats[seat].kind !== 'open') return refuse('seatTaken', `seat ${seat} is taken`);
      await this.write([{ k: 'seat', seat, occ: { kind: 'human', userId: user.id, name: user.name } }]);
      if (this.phase === 'waiting') await this.progress();
      this.hooks.changed(this);
      return { ok: true, e: this.lastEvent };
    });
  }

  stand(userId: string): Promise<Reply> {
    return this.enqueue(async () => {
      if (this.phase === 'playing') return refuse('notPlaying', 'the sitting is running: leave the table and a bot plays for your seat until you come back');
      const held = this.seatsOf(userId);
      if (held.length === 0) return refuse('notSeated', 'you hold no seat at this table');
      await this.write(held.map((seat) => ({ k: 'seat', seat, occ: { kind: 'open' } }) as LogEntry));
      this.hooks.changed(this);
      return { ok: true, e: this.lastEvent };
    });
  }

  /** The creator of a waiting table puts a bot on an open seat (`bot`: its kind) or takes one off (null); see seatBots.ts. */
  seatBot(userId: string, seat: Seat, bot: string | null): Promise<Reply> {
    return this.enqueue(async () => {
      const change = botSeatChange(this, userId, seat, bot);
      if (!change.ok) return refuse(change.code, change.message);
      await this.write([{ k: 'seat', seat, occ: change.occ }]);
      await this.progress();
      return { ok: true, e: this.lastEvent };
    });
  }

  again(userId: string): Promise<Reply> {
    return this.enqueue(async () => {
      if (this.phase !== 'finished') return refuse('notPlaying', 'another sitting begins only when this one is over');
      if (this.seatsOf(userId).length === 0) return refuse('notSeated', 'only a player at the table starts another sitting');
      if (this.seats.some((o) => o.kind === 'open')) return refuse('badSeats', 'every seat must be taken');
      const begun = this.module.sitting.begin(this.rules, new CryptoRng());
      await this.write([{ k: 'begin', start: begun.start, firstDealer: begun.firstDealer }, await this.newDeal()], undefined, { finished: false });
      const e = this.lastEvent;
      await this.progress();
      return { ok: true, e };
    });
  }

  chat(user: { id: string; name: string }, text: string): Promise<Reply> {
    return this.enqueue(async () => {
      if (text.length > this.limits.chatLength) return refuse('chatTooLong', `a chat message has at most ${this.limits.chatLength} characters`);
      let bucket = this.chatBuckets.get(user.id);
      if (!bucket) this.chatBuckets.set(user.id, (bucket = new TokenBucket(this.limits.chatRate, this.limits.chatBurst)));
      if (!bucket.take()) return refuse('rateLimited', 'too many chat messages; wait a moment');
      await this.write([{ k: 'chat', userId: user.id, name: user.name, text }]);
      // A bot waiting out its delay was scheduled for the table's previous version: schedule it again, or it would never act.
      this.schedule();
      return { ok: true, e: this.lastEvent };
    });
  }

  /**
   * A player's contribution to the shuffle of the deal being collected (docs/fairness.md). Nothing is sent to
   * anyone for it: contributions are collected blind, and revealed with the deal's outcome.
   */
  contribute(userId: string, deal: number, contribution: string, seatWanted?: Seat): Promise<Reply> {
    return this.enqueue(async () => {
      const held = this.seatsOf(userId);
      if (held.length === 0) return refuse('notSeated', 'you hold no seat at this table');
      const c = this.collecting;
      if (!c) return refuse('notCollecting', 'no deal is taking contributions now');
      if (c.deal !== deal) return refuse('notCollecting', `deal ${deal} is not taking contributions; deal ${c.deal} is`);
      const offered = c.offer(seatWanted !== undefined ? held.filter((s) => s === seatWanted) : held, contribution);
      if (!offered.ok) return refuse(offered.code, offered.message);
      const e = this.lastEvent;
      // Deals if this was the last contribution awaited; otherwise nothing happens that anyone could notice.
      await this.collect();
      if (this.collecting !== c) await this.progress();
      return { ok: true, e };
    });
  }

  /** A person's action: checked against the seat the session holds, the client's sequence number and the rules. */
  act(userId: string, cseq: number, text: string, seatWanted?: Seat): Promise<Reply> {
    return this.enqueue(async () => {
      const held = this.seatsOf(userId);
      if (held.length === 0) return refuse('notSeated', 'you hold no seat at this table');
      const c = this.cseqs.get(userId);
      const last = c?.last ?? 0;
      if (cseq <= last) {
        const done = c?.recent.get(cseq);
        const again = this.module.game.parseAction(this.rules, text);
        if (done && again.ok && done.action === this.module.game.formatAction(this.rules, again.value)) return { ok: true, e: done.e };
        return refuse('duplicateSequence', `sequence number ${cseq} was used already (the last accepted is ${last})`);
      }
      if (cseq !== last + 1) return refuse('badSequence', `the next sequence number is ${last + 1}, not ${cseq}`);
      if (this.phase !== 'playing' || this.dealEnded) return refuse('notPlaying', 'no deal is running');
      const { game } = this.module;
      const parsed = game.parseAction(this.rules, text);
      if (!parsed.ok) return refuse(parsed.error.code, parsed.error.message);
      const mayAct = game.mayAct(this.state);
      const seats = seatWanted !== undefined ? held.filter((s) => s === seatWanted) : held;
      if (seats.length === 0) return refuse('notSeated', `you do not hold seat ${seatWanted}`);
      const seat = seats.find((s) => mayAct.includes(s)) ?? seats[0];
      const next = game.apply(this.state, seat, parsed.value);
      if (!next.ok) return refuse(next.error.code, next.error.message);
      const canonical = game.formatAction(this.rules, parsed.value);
      this.stopClock(seat);
      const wasAway = this.away.delete(seat);
      await this.write([{ k: 'act', seat, action: canonical, user: userId, cseq }], next.value);
      if (wasAway) this.sendStatus();
      const e = this.cseqs.get(userId)!.recent.get(cseq)!.e;
      await this.progress();
      return { ok: true, e };
    });
  }

  // ─── clocks and bots ────────────────────────────────────────────────────

  private stopClock(seat: Seat): void {
    const c = this.clocks.get(seat);
    if (c) clearTimeout(c.timer);
    this.clocks.delete(seat);
  }

  private botControlled(seat: Seat): boolean {
    const o = this.seats[seat];
    return o.kind === 'bot' || (o.kind === 'human' && this.away.has(seat));
  }

  private agentFor(seat: Seat): Agent<T> {
    const o = this.seats[seat];
    const kind = o.kind === 'bot' && this.module.bots[o.bot] ? o.bot : this.module.defaultBot;
    const key = `${seat}:${kind}`;
    let agent = this.agents.get(key);
    if (!agent) this.agents.set(key, (agent = this.module.bots[kind].create(this.rules, seat, new SeededRng(new CryptoRng().int(2 ** 32)))));
    return agent;
  }

  /** Starts the clocks of the people the deal waits for and the bots' turns. */
  private schedule(): void {
    if (this.closed) return;
    const toAct = this.toAct();
    for (const seat of [...this.clocks.keys()]) {
      if (!toAct.includes(seat) || this.botControlled(seat)) this.stopClock(seat);
    }
    let clocksChanged = false;
    for (const seat of toAct) {
      if (this.botControlled(seat)) {
        if (this.botPending.get(seat) === this.version) continue;
        this.botPending.set(seat, this.version);
        const version = this.version;
        setTimeout(() => void this.botTurn(seat, version), this.settings.botDelayMs);
      } else if (this.settings.clockMs > 0 && !this.clocks.has(seat)) {
        const deadline = Date.now() + this.settings.clockMs;
        const timer = setTimeout(() => {
          void this.enqueue(async () => {
            if (this.clocks.get(seat)?.timer !== timer) return;
            this.clocks.delete(seat);
            this.away.add(seat);
            this.changedPresence();
          });
        }, this.settings.clockMs);
        this.clocks.set(seat, { deadline, timer });
        clocksChanged = true;
      }
    }
    if (clocksChanged) this.sendStatus();
  }

  /**
   * A bot decides for a seat, after the table's fixed delay, whatever its
   * options. A thinking bot (medium, strong) decides in a worker thread from
   * the seat's view, outside the table's queue; its choice is applied only if
   * the deal has not moved on meanwhile. If the worker fails, the easy bot
   * decides.
   */
  private async botTurn(seat: Seat, version: number): Promise<void> {
    try {
      const job = await this.enqueue(async () => {
        if (this.closed || version !== this.version || !this.botControlled(seat) || !this.toAct().includes(seat)) return undefined;
        const { game } = this.module;
        // Unasked actions of bot-played seats first (table talk), as the CLI's loop offers them.
        for (const other of game.mayAct(this.state)) {
          if (other === seat || !this.botControlled(other) || this.toAct().includes(other)) continue;
          const agent = this.agentFor(other);
          if (!agent.interject) continue;
          const free = game.legal(this.state, other);
          if (free.length === 0) continue;
          const said = await agent.interject(game.view(this.state, other), free, other);
          if (said !== undefined) return void (await this.botApply(other, said));
        }
        const legal = game.legal(this.state, seat);
        if (legal.length === 0) return undefined;
        const thinking = this.thinkingLevel(seat);
        // A thinking bot's forced decisions go the same way as the others, so that they take as long.
        if (thinking && this.hooks.think) {
          return {
            state: this.state,
            request: {
              agent: `${this.id}:${this.sittingNo}:${this.dealStates.length - 1}:${seat}`,
              game: this.settings.game,
              rules: this.rules,
              level: thinking,
              seat,
              seed: new CryptoRng().int(2 ** 32),
              view: game.view(this.state, seat),
              legal: legal.map((a) => game.formatAction(this.rules, a)),
            } satisfies ThinkRequest,
          };
        }
        const action = await this.agentFor(seat).choose(game.view(this.state, seat), legal, seat);
        return void (await this.botApply(seat, action));
      });
      if (!job || !this.hooks.think) return;
      const reply = await this.hooks.think(job.request);
      await this.enqueue(async () => {
        if (this.closed || this.state !== job.state || !this.botControlled(seat) || !this.toAct().includes(seat)) return;
        const { game } = this.module;
        const parsed = reply.ok ? game.parseAction(this.rules, reply.action) : undefined;
        if (parsed?.ok) return this.botApply(seat, parsed.value);
        this.hooks.log?.warn({ table: this.id, seat, problem: reply.ok ? `unreadable action ${reply.action}` : reply.message }, 'a thinking bot could not decide: the easy bot decides');
        const legal = game.legal(this.state, seat);
        return this.botApply(seat, await this.agentFor(seat).choose(game.view(this.state, seat), legal, seat));
      });
    } catch (e) {
      this.hooks.log?.error({ table: this.id, err: String(e) }, 'bot turn failed');
    }
  }

  /** The thinking level of a seat's bot (medium, strong), undefined for the game's own bots and for people. */
  private thinkingLevel(seat: Seat): ThinkingLevel | undefined {
    const o = this.seats[seat];
    return o.kind === 'bot' && isThinkingLevel(this.module, o.bot) ? o.bot : undefined;
  }

  private async botApply(seat: Seat, action: unknown): Promise<void> {
    const { game } = this.module;
    const next = game.apply(this.state, seat, action);
    if (!next.ok) {
      this.hooks.log?.error({ table: this.id, seat, code: next.error.code }, 'a bot chose an illegal action');
      return;
    }
    await this.write([{ k: 'act', seat, action: game.formatAction(this.rules, action) }], next.value);
    await this.progress();
  }

  /** Stops timers (server shutdown). */
  close(): void {
    this.closed = true;
    this.collecting?.stop();
    for (const seat of [...this.clocks.keys()]) this.stopClock(seat);
    for (const seat of [...this.gone.keys()]) this.endGrace(seat);
  }

  /** Waits until everything queued so far has run (tests). */
  idle(): Promise<void> {
    return this.enqueue(async () => undefined);
  }

  /** Seats whose bot is playing for an absent person. */
  awaySeats(): Seat[] {
    return [...this.away];
  }
}

/** The seats a new table starts with: "open", "bot" or "bot:KIND". */
export function initialSeats(module: AnyGameModule, words: readonly string[] | undefined, count: number): { ok: true; seats: Occupant[] } | { ok: false; message: string } {
  const list = words ?? Array<string>(count).fill('open');
  if (list.length !== count) return { ok: false, message: `${module.game.title} with these rules has ${count} seats; "seats" names ${list.length}` };
  const seats: Occupant[] = [];
  let bots = 0;
  for (const w of list) {
    if (w === 'open') seats.push({ kind: 'open' });
    else if (w === 'bot' || w.startsWith('bot:')) {
      const kind = w === 'bot' ? module.defaultBot : w.slice(4);
      if (!serverBots(module).includes(kind)) return { ok: false, message: `unknown bot ${JSON.stringify(kind.slice(0, 40))}; bots: ${serverBots(module).join(', ')}` };
      seats.push({ kind: 'bot', bot: kind, name: `${BOT_NAMES[bots++ % BOT_NAMES.length]} (bot)` });
    } else return { ok: false, message: `a seat is "open", "bot" or "bot:KIND", not ${JSON.stringify(w.slice(0, 40))}` };
  }
  return { ok: true, seats };
}

