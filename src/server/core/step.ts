import type { Seat } from '../../games/game.js';
import { toRecord } from '../../records/record.js';
import { DEFAULT_CONTRIBUTION_MS } from '../fairDeal.js';
import { RATED_NEEDS_ACCOUNT } from '../ratings.js';
import { botSeatChange } from '../seatBots.js';
import { isThinkingLevel } from '../thinking.js';
import { chatProblem } from './chatText.js';
import { deserted, watchExpiry } from './expiry.js';
import { dealState, draft, freeze, ingest, recordId, type Draft } from './log.js';
import { AFTER_END, end, hide, stopTimers } from './moderate.js';
import { botControlled as isBotControlled, broadcast, graceMs, lastEvent, render, seatsOf, snapshot, status, toAct, viewerSeat, legalFor } from './read.js';
import type { Bucket, Command, Effect, LogEntry, Reply, Step, TableContext, TableState } from './types.js';

/**
 * The sitting core: `step(ctx, state, command, now)` gives the table's next
 * state, the events it added, the effects for the shell to run (data only)
 * and the answer. No timer, socket, promise or store is touched here; a
 * refused command returns the state it was given.
 */
export function step(ctx: TableContext, state: TableState, command: Command, now: number): Step {
  const run = new Run(ctx, state, now);
  const reply = handle(run, command);
  if (!reply.ok) return { state, events: [], effects: run.logs, reply };
  return run.finish(reply);
}

const refuse = (code: Extract<Reply, { ok: false }>['code'], message: string, params?: Extract<Reply, { ok: false }>['params']): Reply => (params ? { ok: false, code, message, params } : { ok: false, code, message });
const OK: Reply = { ok: true };

/** One command's work: the draft, the entries it logs and the effects in order. */
class Run {
  readonly d: Draft;
  readonly effects: Effect[] = [];
  readonly logs: Effect[] = [];
  private readonly entries: LogEntry[] = [];
  private readonly from: number;
  private readonly commitFrom: number;
  private broadcastAt = -1;
  private record: Effect | undefined;
  private drawing = false;
  private changedSeats = false;
  unfinish = false;
  /** The table is closed by a moderator: its row is marked finished with the commit. */
  finishTable = false;

  constructor(
    readonly ctx: TableContext,
    state: TableState,
    readonly now: number,
  ) {
    this.d = draft(state);
    this.from = state.sitting.slots.length;
    this.commitFrom = state.sitting.logLength;
  }

  get state(): TableState {
    return freeze(this.d);
  }

  write(entries: readonly LogEntry[], after?: unknown): void {
    if (this.broadcastAt < 0) this.broadcastAt = this.effects.length;
    this.note(entries, after);
  }

  /**
   * Logs entries that add no event and change nothing anyone at the table sees (a hint taken): nobody is sent a
   * message for them. `write` sends every follower an `events` message, even an empty one, and its coming alone
   * told the other seats and the spectators the moment a player asked for a hint.
   */
  note(entries: readonly LogEntry[], after?: unknown): void {
    entries.forEach((e, i) => ingest(this.ctx, this.d, e, i === 0 ? after : undefined));
    this.entries.push(...entries);
    // A sitting that just ended is stored before anyone hears of its end, so that the record its sittingEnd names can be fetched at once.
    if (this.d.s.phase === 'finished' && !this.d.l.recordSaved) this.saveRecord();
  }

  changed(): void {
    this.changedSeats = true;
  }

  /** Asks the shell for randomness (at most once per command: its answer comes back as the next command). */
  draw(effect: Extract<Effect, { type: 'open' | 'shuffle' }>): void {
    if (this.drawing) return;
    this.drawing = true;
    this.effects.push(effect);
  }

  log(level: 'warn' | 'error', data: object, message: string): void {
    this.logs.push({ type: 'log', level, data: { table: this.ctx.id, ...data }, message });
  }

  saveRecord(): void {
    const { s, l } = this.d;
    const settings = this.ctx.settings;
    const record = toRecord(settings.game, { rules: settings.rules, start: s.start, firstDealer: s.firstDealer, players: s.players, deals: s.dealLogs, sheet: s.sheet }, [], s.hints);
    const humans = s.seats.map((o) => (o.kind === 'human' ? o.userId : undefined));
    const people = humans.filter((h) => h !== undefined);
    const rated = settings.rated && people.length > 0 && new Set(people).size === people.length ? humans : null;
    const totals = s.totals;
    const participants = s.seats.flatMap((o, seat) => (o.kind === 'human' ? [{ userId: o.userId, seat, total: totals[seat], place: 1 + totals.filter((t) => t > totals[seat]).length }] : []));
    this.record = { type: 'record', from: 0, id: recordId(this.ctx, s), record, rated, totals: [...totals], participants };
    l.recordSaved = true;
  }

  finish(reply: Reply): Step {
    watchExpiry(this.ctx, this.d, this.now, this.effects);
    const state = this.state;
    const out: Effect[] = [];
    const finished = this.finishTable ? { finished: true } : this.unfinish ? { finished: false } : {};
    if (this.entries.length > 0) out.push({ type: 'commit', from: this.commitFrom, entries: this.entries, ...finished });
    if (this.record) out.push({ ...this.record, from: state.sitting.logLength } as Effect);
    const rest = [...this.effects];
    if (this.broadcastAt >= 0) rest.splice(this.broadcastAt, 0, ...broadcast(this.ctx, state, this.from));
    out.push(...rest, ...this.logs);
    if (this.changedSeats) out.push({ type: 'changed' });
    const events = state.sitting.slots.slice(this.from).map((slot, i) => ({ e: this.from + i, slot }));
    return { state, events, effects: out, reply };
  }
}

function handle(run: Run, c: Command): Reply {
  const { ctx, d } = run;
  const s = d.s;
  const l = d.l;
  if (s.ended !== null && !AFTER_END.has(c.type)) return { ok: false, code: 'tableClosed', message: 'a moderator closed this table' };
  switch (c.type) {
    case 'create':
      if (s.logLength > 0) return refuse('badMessage', 'the table has its first seats already');
      if (c.seats.length > 0) run.write(c.seats.map(({ seat, occ }) => ({ k: 'seat', seat, occ })));
      progress(run);
      return OK;
    case 'resume':
      if (s.phase === 'finished' && s.sittingNo > 0 && s.ended === null) l.recordSaved = c.recordSaved;
      // Nobody follows a table brought back: each seated person has the waiting table's time to come back to it.
      if (s.phase === 'waiting' && s.ended === null && ctx.limits.waitingSeatMs > 0) {
        for (const seat of s.seats.flatMap((o, x) => (o.kind === 'human' && !l.followers.some((f) => f.userId === o.userId) ? [x] : []))) {
          if (!l.gone.some((g) => g.seat === seat)) startGrace(run, seat, run.now + ctx.limits.waitingSeatMs);
        }
      }
      progress(run);
      return OK;
    case 'close':
      if (l.closed) return refuse('internal', 'the table is closed');
      l.closed = true;
      stopTimers(run);
      return OK;
    case 'end':
      return end(run, c.reason);
    case 'hide':
      return hide(run, c.e);
    case 'sit': {
      if (s.phase === 'playing') return refuse('notPlaying', 'the sitting has begun; seats change between sittings');
      if (c.seat >= s.seats.length) return refuse('badSeat', `the table has seats 0 to ${s.seats.length - 1}`);
      // One person, one seat: a second seat would let one guest hold several seats of a public table and stall it, or a
      // registered player fill a rated table with himself and play against himself (saveRecord rates nobody at such a
      // sitting, a guard for tables logged before this). Bots a player seats are not him; to move, he stands up first.
      const held = seatsOf(s, c.user.id);
      if (held.length > 0) return refuse('alreadySeated', `you sit at seat ${held[0]} of this table already; one person takes one seat (stand up first to change seats)`, { seat: held[0] });
      if (s.seats[c.seat].kind !== 'open') return refuse('seatTaken', `seat ${c.seat} is taken`);
      if (ctx.settings.rated && c.user.guest) return refuse('notRegistered', RATED_NEEDS_ACCOUNT);
      run.write([{ k: 'seat', seat: c.seat, occ: { kind: 'human', userId: c.user.id, name: c.user.name, ...(c.user.guest ? { guest: true } : {}) } }]);
      if (s.phase === 'waiting') progress(run);
      run.changed();
      return OK;
    }
    case 'stand': {
      if (s.phase === 'playing') return refuse('notPlaying', 'the sitting is running: leave the table and a bot plays for your seat until you come back');
      const held = seatsOf(s, c.userId);
      if (held.length === 0) return refuse('notSeated', 'you hold no seat at this table');
      run.write(held.map((seat) => ({ k: 'seat', seat, occ: { kind: 'open' } }) as LogEntry));
      run.changed();
      return OK;
    }
    case 'seatBot': {
      const change = botSeatChange({ settings: ctx.settings, phase: s.phase, seats: s.seats, module: ctx.module }, c.userId, c.seat, c.bot);
      if (!change.ok) return refuse(change.code, change.message);
      run.write([{ k: 'seat', seat: c.seat, occ: change.occ }]);
      progress(run);
      run.changed();
      return OK;
    }
    case 'again':
      if (s.phase !== 'finished') return refuse('notPlaying', 'another sitting begins only when this one is over');
      if (seatsOf(s, c.userId).length === 0) return refuse('notSeated', 'only a player at the table starts another sitting');
      if (s.seats.some((o) => o.kind === 'open')) return refuse('badSeats', 'every seat must be taken');
      run.draw({ type: 'open', deal: s.dealStates.length, begin: true, finished: true });
      return OK;
    case 'opened': {
      if (l.closed) return refuse('internal', 'the table is closed');
      if (c.commit.deal !== s.dealStates.length || s.opened) return refuse('notCollecting', `deal ${c.commit.deal} is not the next deal`);
      if (c.begin ? s.phase === 'playing' || s.seats.some((o) => o.kind === 'open') : s.phase !== 'playing' || !s.dealEnded) return refuse('notPlaying', 'no deal is due');
      run.unfinish = c.begin !== undefined && s.phase === 'finished';
      run.write(c.begin ? [{ k: 'begin', start: c.begin.start, firstDealer: c.begin.firstDealer }, c.commit] : [c.commit]);
      if (c.begin) shortenGrace(run);
      progress(run);
      return OK;
    }
    case 'shuffled':
      if (!s.opened || s.opened.deal !== c.deal) return refuse('notCollecting', `deal ${c.deal} is not being dealt`);
      if (l.collectTimer !== null) run.effects.push({ type: 'cancel', key: 'collect' });
      l.collectTimer = null;
      run.write([{ k: 'deal', deck: c.deck, fair: { contributions: c.contributions } }]);
      progress(run);
      return OK;
    case 'collectOut':
      if (!s.opened || s.opened.deal !== c.deal || l.collectTimer !== c.deal || l.closed) return refuse('notCollecting', 'no such deadline');
      l.collectTimer = null;
      run.draw({ type: 'shuffle', entry: s.opened, contributions: l.contributions });
      return OK;
    case 'chat': {
      const limits = ctx.limits;
      if (c.text.length > limits.chatLength) return refuse('chatTooLong', `a chat message has at most ${limits.chatLength} characters`);
      const problem = chatProblem(c.text);
      if (problem) return refuse('badChat', problem);
      const bucket = take(l.chat.get(c.user.id), limits.chatRate, limits.chatBurst, run.now);
      if (!bucket) return refuse('rateLimited', 'too many chat messages; wait a moment');
      l.chat = new Map(l.chat).set(c.user.id, bucket);
      // No new bot turn: a bot's turn is for a decision (`moves`), which a chat line leaves as it was (schedule).
      run.write([{ k: 'chat', userId: c.user.id, name: c.user.name, text: c.text }]);
      return OK;
    }
    case 'contribute': {
      const held = seatsOf(s, c.userId);
      if (held.length === 0) return refuse('notSeated', 'you hold no seat at this table');
      const open = s.opened;
      if (!open) return refuse('notCollecting', 'no deal is taking contributions now');
      if (open.deal !== c.deal) return refuse('notCollecting', `deal ${c.deal} is not taking contributions; deal ${open.deal} is`);
      const seats = c.seat !== undefined ? held.filter((x) => x === c.seat) : held;
      if (seats.length === 0) return refuse('notSeated', 'you hold no such seat at this table');
      const fresh = seats.filter((x) => l.contributions[x] === null);
      if (fresh.length === 0) return refuse('duplicateContribution', `seat ${seats.join(', ')} sent its contribution to deal ${open.deal} already`);
      for (const x of fresh) l.contributions[x] = c.contribution;
      const e = lastEvent(s);
      // Deals if this was the last contribution awaited; otherwise nothing happens that anyone could notice.
      collect(run);
      return { ok: true, e };
    }
    case 'act':
      return act(run, c);
    case 'hint': {
      if (ctx.settings.rated) return refuse('noHints', 'a rated table gives no hints');
      const held = seatsOf(s, c.userId);
      if (held.length === 0) return refuse('notSeated', 'you hold no seat at this table');
      if (s.phase !== 'playing' || s.dealEnded) return refuse('notPlaying', 'no deal is being played');
      const seats = c.seat !== undefined ? held.filter((x) => x === c.seat) : held;
      if (seats.length === 0) return refuse('notSeated', 'you hold no such seat at this table');
      // A decision of the seat's own (not Karnöffel's table talk outside one's turn).
      const acting = toAct(ctx, s);
      const seat = seats.find((x) => acting.includes(x) && legalFor(ctx, s, x).length > 0);
      if (seat === undefined) return refuse('noDecision', 'you have nothing to decide now');
      // The deal's place in the sitting (its record), not in the table's history.
      const deal = s.dealLogs.length;
      const taken = s.hints.some((h) => h.deal === deal && h.action === s.actions.length && h.seat === seat);
      // Noted without a message to anyone: nobody else learns that a hint was taken until the record is out.
      if (!taken) run.note([{ k: 'hint', seat, deal, action: s.actions.length }]);
      return { ok: true, seat };
    }
    case 'botAction': {
      if (l.closed || c.moves !== s.moves) return refuse('notPlaying', 'the deal has moved on');
      if (s.phase !== 'playing' || s.dealEnded || !botControlled(run, c.seat)) return refuse('notPlaying', 'no bot plays for this seat now');
      const { game } = ctx.module;
      const state = dealState(s);
      if (!game.mayAct(state).includes(c.seat)) return refuse('notPlaying', 'the seat may not act now');
      const parsed = game.parseAction(ctx.settings.rules, c.action);
      const next = parsed.ok ? game.apply(state, c.seat, parsed.value) : parsed;
      if (!parsed.ok || !next.ok) {
        run.log('error', { seat: c.seat, code: next.ok ? 'badAction' : next.error.code }, 'a bot chose an illegal action');
        return refuse(next.ok ? 'badMessage' : next.error.code, 'a bot chose an illegal action');
      }
      run.write([{ k: 'act', seat: c.seat, action: game.formatAction(ctx.settings.rules, parsed.value) }], next.value);
      progress(run);
      return OK;
    }
    case 'botDue': {
      if (l.closed || c.moves !== s.moves || !botControlled(run, c.seat) || !toAct(ctx, s).includes(c.seat)) return refuse('notPlaying', 'the bot turn is stale');
      const o = s.seats[c.seat];
      const thinking = o.kind === 'bot' && isThinkingLevel(ctx.module, o.bot) ? o.bot : undefined;
      run.effects.push({ type: 'decide', seat: c.seat, moves: s.moves, ...(thinking ? { thinking } : {}) });
      return OK;
    }
    case 'clockOut': {
      const clock = l.clocks.find((x) => x.seat === c.seat);
      if (!clock || clock.deadline !== c.deadline) return refuse('notPlaying', 'no such clock');
      l.clocks = l.clocks.filter((x) => x !== clock);
      if (!l.away.includes(c.seat)) l.away.push(c.seat);
      // This decision is the bot's now, even if the holder joins again before it is made (no fresh clock for it).
      lapse(run, c.seat);
      changedPresence(run);
      return OK;
    }
    case 'graceOut': {
      const g = l.gone.find((x) => x.seat === c.seat);
      if (!g || g.until !== c.until) return refuse('notPlaying', 'no such grace period');
      l.gone = l.gone.filter((x) => x !== g);
      if (!l.closed && s.phase === 'waiting') {
        // Away from a waiting table too long: the seat is free again for another (its holder may sit down on return).
        run.write([{ k: 'seat', seat: c.seat, occ: { kind: 'open' } }]);
        run.effects.push(...status(ctx, run.state));
        run.changed();
        return OK;
      }
      if (l.closed || s.phase !== 'playing') return OK;
      if (!l.away.includes(c.seat)) l.away.push(c.seat);
      collect(run);
      changedPresence(run);
      return OK;
    }
    case 'waitOut':
      if (l.expiry !== c.until || !deserted(ctx, d)) return refuse('notWaiting', 'the table does not end now');
      l.expiry = null;
      l.closed = true;
      run.effects.push({ type: 'send', to: l.followers.map((f) => f.id), message: { type: 'error', code: 'tableExpired', message: 'nobody sat at this waiting table for a while: it is closed', table: ctx.id } });
      run.effects.push({ type: 'expired' });
      return OK;
    case 'join':
      return join(run, c);
    case 'leave':
      return leave(run, c.followerId);
  }
}

/** A person's action: checked against the seat the session holds, the client's sequence number and the rules. */
function act(run: Run, c: Extract<Command, { type: 'act' }>): Reply {
  const { ctx, d } = run;
  const s = d.s;
  const held = seatsOf(s, c.userId);
  if (held.length === 0) return refuse('notSeated', 'you hold no seat at this table');
  const { game } = ctx.module;
  const rules = ctx.settings.rules;
  const known = s.cseqs.get(c.userId);
  const last = known?.last ?? 0;
  if (c.cseq <= last) {
    const done = known?.recent.get(c.cseq);
    const again = game.parseAction(rules, c.action);
    if (done && again.ok && done.action === game.formatAction(rules, again.value)) return { ok: true, e: done.e };
    return refuse('duplicateSequence', `sequence number ${c.cseq} was used already (the last accepted is ${last})`);
  }
  if (c.cseq !== last + 1) return refuse('badSequence', `the next sequence number is ${last + 1}, not ${c.cseq}`);
  if (s.phase !== 'playing' || s.dealEnded) return refuse('notPlaying', 'no deal is running');
  const parsed = game.parseAction(rules, c.action);
  if (!parsed.ok) return refuse(parsed.error.code, parsed.error.message);
  const state = dealState(s);
  const mayAct = game.mayAct(state);
  const seats = c.seat !== undefined ? held.filter((x) => x === c.seat) : held;
  if (seats.length === 0) return refuse('notSeated', `you do not hold seat ${c.seat}`);
  const seat = seats.find((x) => mayAct.includes(x)) ?? seats[0];
  const next = game.apply(state, seat, parsed.value);
  if (!next.ok) return refuse(next.error.code, next.error.message, next.error.params);
  stopClock(run, seat);
  const wasAway = d.l.away.includes(seat);
  d.l.away = d.l.away.filter((x) => x !== seat);
  run.write([{ k: 'act', seat, action: game.formatAction(rules, parsed.value), user: c.userId, cseq: c.cseq }], next.value);
  if (wasAway) run.effects.push(...status(ctx, run.state));
  const e = s.cseqs.get(c.userId)!.recent.get(c.cseq)!.e;
  progress(run);
  return { ok: true, e };
}

/** A connection follows the table (a reconnect ends the seat's grace period, and a bot playing for it stops). */
function join(run: Run, c: Extract<Command, { type: 'join' }>): Reply {
  const { ctx, d } = run;
  const { s, l } = d;
  const userId = c.follower.userId;
  // A connection that follows the table already has every event: it gets a fresh snapshot only.
  const following = l.followers.some((f) => f.id === c.follower.id);
  if (!following) l.followers.push(c.follower);
  const held = seatsOf(s, userId);
  const back = held.filter((x) => l.away.includes(x));
  l.away = l.away.filter((x) => !back.includes(x));
  const returned = held.filter((x) => l.gone.some((g) => g.seat === x));
  for (const x of returned) run.effects.push({ type: 'cancel', key: `grace:${x}` });
  l.gone = l.gone.filter((g) => !returned.includes(g.seat));
  // A first join (a page opened) brings the last chat lines; a join with `since` gets what it missed as events.
  run.effects.push({ type: 'send', to: [c.follower.id], message: snapshot(ctx, run.state, userId, c.since === undefined) });
  if (!following && c.since !== undefined && c.since < lastEvent(s)) {
    const seat = viewerSeat(s, userId);
    run.effects.push({ type: 'send', to: [c.follower.id], message: { type: 'events', table: ctx.id, events: render(ctx, s, c.since + 1, seat), toAct: toAct(ctx, s), legal: legalFor(ctx, s, seat) } });
  }
  if (back.length > 0) changedPresence(run);
  else if (returned.length > 0) run.effects.push(...status(ctx, run.state));
  return OK;
}

/**
 * A connection stops following. A seat whose holder has no connection left is
 * shown as disconnected for the table's grace period, and then played by a bot
 * until the holder comes back. The seat's clock, if any, runs on meanwhile.
 */
function leave(run: Run, followerId: string): Reply {
  const { ctx, d } = run;
  const { s, l } = d;
  const f = l.followers.find((x) => x.id === followerId);
  if (!f) return refuse('notJoined', 'the connection does not follow the table');
  l.followers = l.followers.filter((x) => x !== f);
  if (l.followers.some((x) => x.userId === f.userId)) return OK;
  const held = seatsOf(s, f.userId);
  if (held.length > 0 && s.phase === 'waiting' && ctx.limits.waitingSeatMs > 0) {
    // A waiting table keeps the seat of one who left for `waitingSeatMs` (a reload, a phone put away), then frees it.
    for (const seat of held) if (!l.gone.some((g) => g.seat === seat)) startGrace(run, seat, run.now + ctx.limits.waitingSeatMs);
    run.effects.push(...status(ctx, run.state));
    return OK;
  }
  if (held.length === 0 || s.phase !== 'playing') return OK;
  const grace = graceMs(ctx);
  if (grace <= 0) {
    for (const x of held) if (!l.away.includes(x)) l.away.push(x);
    // A deal waiting for contributions no longer waits for an absent player.
    collect(run);
    changedPresence(run);
    return OK;
  }
  for (const seat of held) {
    if (l.away.includes(seat) || l.gone.some((g) => g.seat === seat)) continue;
    startGrace(run, seat, run.now + grace);
  }
  run.effects.push(...status(ctx, run.state));
  return OK;
}

/**
 * A sitting begins with a seat's holder still away from the waiting table: the waiting table's time to come back
 * becomes the table's grace period (or none), after which a bot plays for the seat as for one who left a running deal.
 */
function shortenGrace(run: Run): void {
  const { l } = run.d;
  const grace = graceMs(run.ctx);
  for (const g of [...l.gone]) {
    if (grace <= 0) {
      l.gone = l.gone.filter((x) => x !== g);
      run.effects.push({ type: 'cancel', key: `grace:${g.seat}` });
      if (!l.away.includes(g.seat)) l.away.push(g.seat);
    } else if (run.now + grace < g.until) {
      l.gone = l.gone.filter((x) => x !== g);
      startGrace(run, g.seat, run.now + grace);
    }
  }
}

/** The seat's holder has no connection left: it is shown as disconnected until `until`, when `graceOut` comes. */
function startGrace(run: Run, seat: Seat, until: number): void {
  run.d.l.gone.push({ seat, until });
  run.effects.push({ type: 'timer', key: `grace:${seat}`, at: until, command: { type: 'graceOut', seat, until } });
}

/** A token bucket's next state with one token taken, or undefined when none is left. */
export function take(b: Bucket | undefined, rate: number, burst: number, now: number): Bucket | undefined {
  const tokens = b === undefined ? burst : Math.min(burst, b.tokens + ((now - b.at) / 1000) * rate);
  return tokens < 1 ? undefined : { tokens: tokens - 1, at: now };
}

function botControlled(run: Run, seat: Seat): boolean {
  return isBotControlled(run.state, seat);
}

function stopClock(run: Run, seat: Seat): void {
  const l = run.d.l;
  if (!l.clocks.some((x) => x.seat === seat)) return;
  l.clocks = l.clocks.filter((x) => x.seat !== seat);
  run.effects.push({ type: 'cancel', key: `clock:${seat}` });
}

function changedPresence(run: Run): void {
  run.changed();
  schedule(run);
  run.effects.push(...status(run.ctx, run.state));
}

/** Starts the sitting when the table is full, opens the next deal, stores a finished sitting; then clocks and bots. */
function progress(run: Run): void {
  const { s, l } = run.d;
  if (l.closed || s.ended !== null) return;
  if (s.phase === 'waiting' && s.seats.every((o) => o.kind !== 'open')) run.draw({ type: 'open', deal: s.dealStates.length, begin: true, finished: false });
  else if (s.phase === 'playing' && s.dealEnded && !s.opened) run.draw({ type: 'open', deal: s.dealStates.length, begin: false, finished: false });
  if (s.opened) collect(run);
  if (s.phase === 'finished' && !l.recordSaved) run.saveRecord();
  run.changed();
  schedule(run);
}

/** The seats whose contributions a deal waits for: the people present. Bots and away seats are substituted at once. */
function contributors(run: Run): Seat[] {
  return run.d.s.seats.flatMap((o, seat) => (o.kind === 'human' && !run.d.l.away.includes(seat) ? [seat] : []));
}

/**
 * Deals the collecting deal when every present player has contributed (or at once with no time to wait), else makes
 * sure the deadline runs: the table's `contributionMs`, or after a deal (of this sitting, or the last one's when a
 * player started the next sitting) the server's `readingMs` where that is longer: a player's client contributes when
 * he has read the summaries.
 */
function collect(run: Run): void {
  const { s, l } = run.d;
  const open = s.opened;
  if (!open || l.closed) return;
  const contributionMs = run.ctx.settings.contributionMs ?? DEFAULT_CONTRIBUTION_MS;
  const wait = contributionMs > 0 && (s.dealLogs.length > 0 || s.sittingNo > 1) ? Math.max(contributionMs, run.ctx.limits.readingMs) : contributionMs;
  if (wait <= 0 || contributors(run).every((x) => l.contributions[x] !== null)) return run.draw({ type: 'shuffle', entry: open, contributions: [...l.contributions] });
  if (l.collectTimer === open.deal) return;
  l.collectTimer = open.deal;
  run.effects.push({ type: 'timer', key: 'collect', at: run.now + wait, command: { type: 'collectOut', deal: open.deal } });
}

/** The seat's decision now is the bot's, even if its holder comes back (joins again) before the bot has made it; his own action still counts if it comes first. */
function lapse(run: Run, seat: Seat): void {
  const { s, l } = run.d;
  l.lapsed = [...l.lapsed.filter((x) => x.seat !== seat && x.moves === s.moves), { seat, moves: s.moves }];
}

/**
 * Starts the clocks of the people the deal waits for and the bots' turns. A bot's turn is for one decision (the
 * deal's `moves`), not for one version of the log: a chat line or a hint, which leave the decision as it was, do not
 * start its delay again. Before, each did, and two spectators chatting every 0.5 s (each within his 1 a second)
 * kept a table's bots from ever acting (docs/security.md, "A player who holds up the table").
 */
function schedule(run: Run): void {
  const { ctx, d } = run;
  const { s, l } = d;
  if (l.closed || s.ended !== null) return;
  const acting = toAct(ctx, s);
  for (const x of [...l.clocks]) if (!acting.includes(x.seat) || botControlled(run, x.seat)) stopClock(run, x.seat);
  let clocksChanged = false;
  for (const seat of acting) {
    if (botControlled(run, seat)) {
      if (l.botPending.get(seat) === s.moves) continue;
      l.botPending.set(seat, s.moves);
      // A person's decision, once a bot is to make it (he is away: his grace or his clock ran out), stays the bot's
      // when he joins again meanwhile, as after his clock ran out. Before, joining again within the bot's delay took
      // the decision back with a fresh clock (after the grace period), or left the bot's turn stale so that nobody
      // made it when he left again: one player held his table for as long as he liked.
      if (s.seats[seat].kind === 'human') lapse(run, seat);
      run.effects.push({ type: 'timer', key: `bot:${seat}:${s.moves}`, at: run.now + ctx.settings.botDelayMs, command: { type: 'botDue', seat, moves: s.moves } });
    } else if (ctx.settings.clockMs > 0 && !l.clocks.some((x) => x.seat === seat)) {
      const deadline = run.now + ctx.settings.clockMs;
      l.clocks.push({ seat, deadline });
      run.effects.push({ type: 'timer', key: `clock:${seat}`, at: deadline, command: { type: 'clockOut', seat, deadline } });
      clocksChanged = true;
    }
  }
  if (clocksChanged) run.effects.push(...status(ctx, run.state));
}
