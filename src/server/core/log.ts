import { parseCards } from '../../cards/notation.js';
import { SPECTATOR, type GameTypes, type Seat } from '../../games/game.js';
import { dealContext, publicCommitment, reveal } from '../fairDeal.js';
import type { PublicSeat } from '../protocol.js';
import type { Cseqs, Live, LogEntry, Occupant, Sitting, TableContext, TableState } from './types.js';

type T = GameTypes;
type Mutable<X> = { -readonly [K in keyof X]: X[K] };

/**
 * A table being changed by one command: copies of the state's parts, changed
 * in place, so that the state the command was given stays as it was.
 */
export interface Draft {
  s: Mutable<Sitting> & { seats: Occupant[]; slots: Sitting['slots'][number][]; dealStates: unknown[] };
  l: Mutable<Live> & { followers: Live['followers'][number][]; away: Seat[]; lapsed: Live['lapsed'][number][]; gone: Live['gone'][number][]; clocks: Live['clocks'][number][]; contributions: (string | null)[]; botPending: Map<Seat, number> };
}

export function draft(state: TableState): Draft {
  const { sitting: s, live: l } = state;
  return {
    s: { ...s, seats: [...s.seats], slots: [...s.slots], dealStates: [...s.dealStates] },
    l: { ...l, followers: [...l.followers], away: [...l.away], lapsed: [...l.lapsed], gone: [...l.gone], clocks: [...l.clocks], contributions: [...l.contributions], botPending: new Map(l.botPending) },
  };
}

export function freeze(d: Draft): TableState {
  return { sitting: d.s, live: d.l };
}

/** A new table: open seats, an empty log. */
export function emptyTable(ctx: TableContext): TableState {
  return {
    sitting: {
      seats: Array.from({ length: ctx.settings.seats }, () => ({ kind: 'open' }) as Occupant),
      phase: 'waiting',
      logLength: 0,
      version: 0,
      moves: 0,
      slots: [],
      dealStates: [],
      dealEnded: true,
      sittingNo: 0,
      start: null,
      firstDealer: 0,
      dealer: 0,
      sheet: null,
      carry: null,
      players: [],
      deck: [],
      opened: null,
      dealFair: undefined,
      actions: [],
      dealLogs: [],
      totals: [],
      units: 0,
      cseqs: new Map(),
      hints: [],
      ended: null,
    },
    live: { followers: [], away: [], lapsed: [], gone: [], clocks: [], contributions: [], collectTimer: null, botPending: new Map(), chat: new Map(), recordSaved: true, closed: false, expiry: null },
  };
}

/** Rebuilds a table from its log: the same path as live play. */
export function replay(ctx: TableContext, entries: readonly LogEntry[], from: TableState = emptyTable(ctx)): TableState {
  const d = draft(from);
  for (const e of entries) ingest(ctx, d, e);
  return freeze(d);
}

export function publicSeats(s: Sitting, l: Live): PublicSeat[] {
  return s.seats.map((o, seat) =>
    o.kind === 'human' ? { kind: 'human', name: o.name, userId: o.userId, away: l.away.includes(seat), ...(o.guest ? { guest: true } : {}) } : o.kind === 'bot' ? { kind: 'bot', name: o.name, bot: o.bot } : { kind: 'open' },
  );
}

export function dealState(s: Sitting): unknown {
  return s.dealStates[s.dealStates.length - 1];
}

export function recordId(ctx: TableContext, s: Sitting): string {
  return `${ctx.id}.${s.sittingNo}`;
}

/**
 * Applies one log entry to the draft. `after` is the deal's next state when
 * the caller has computed it already (a live action); a replay computes it.
 * A log that cannot be replayed is a broken store: that throws.
 */
export function ingest(ctx: TableContext, d: Draft, entry: LogEntry, after?: unknown): void {
  const { game, sitting } = ctx.module;
  const rules = ctx.settings.rules;
  const s = d.s;
  s.logLength++;
  s.version++;
  switch (entry.k) {
    case 'seat': {
      s.seats[entry.seat] = entry.occ;
      // A new occupant is neither away nor in the last one's time to come back (its timer then finds nothing to do).
      d.l.away = d.l.away.filter((x) => x !== entry.seat);
      d.l.gone = d.l.gone.filter((g) => g.seat !== entry.seat);
      s.slots.push({ event: { type: 'seat', seat: entry.seat, occupant: publicSeats(s, d.l)[entry.seat] } });
      return;
    }
    case 'begin': {
      s.sittingNo++;
      s.phase = 'playing';
      s.start = entry.start;
      s.firstDealer = entry.firstDealer;
      s.dealer = entry.firstDealer;
      s.sheet = sitting.initialSheet(rules, entry.start);
      s.players = s.seats.map((o, i) => (o.kind === 'open' ? `seat ${i + 1}` : o.name));
      s.dealLogs = [];
      s.hints = [];
      s.totals = s.seats.map(() => 0);
      s.units = 0;
      s.dealEnded = true;
      d.l.recordSaved = false;
      s.slots.push({ event: { type: 'sittingStart', sitting: s.sittingNo, firstDealer: entry.firstDealer, players: s.players } });
      return;
    }
    case 'commit': {
      if (entry.deal !== s.dealStates.length) throw new Error(`table ${ctx.id}: the log opens deal ${entry.deal} where deal ${s.dealStates.length} is next`);
      s.opened = entry;
      d.l.contributions = s.seats.map(() => null);
      s.slots.push({ event: { type: 'dealStart', deal: entry.deal, dealer: s.dealer, fair: publicCommitment({ context: dealContext(ctx.settings.game, ctx.id, entry.deal), commitment: entry.commitment }) } });
      return;
    }
    case 'deal': {
      const deck = parseCards(game.pack(rules), entry.deck);
      if (!deck.ok) throw new Error(`table ${ctx.id}: bad deck in the log: ${deck.error.message}`);
      s.carry = sitting.carry(rules, s.sheet);
      const setup = game.setup(rules, { dealer: s.dealer, deck: deck.value, carry: s.carry });
      if (!setup.ok) throw new Error(`table ${ctx.id}: cannot set up the deal: ${setup.error.message}`);
      s.moves++;
      s.deck = [...entry.deck];
      s.actions = [];
      s.dealEnded = false;
      s.dealStates.push(setup.value);
      const deal = s.dealStates.length - 1;
      const opened = s.opened;
      s.opened = null;
      if (opened) {
        const contributions = entry.fair?.contributions ?? d.l.contributions;
        s.dealFair = { context: dealContext(ctx.settings.game, ctx.id, opened.deal), commitment: opened.commitment, seed: opened.seed, contributions: [...contributions] };
        s.slots.push({ event: { type: 'dealt', deal } });
      } else {
        // A table logged before fair deals: the deck came from the server's random source alone.
        s.dealFair = undefined;
        s.slots.push({ event: { type: 'dealStart', deal, dealer: s.dealer } });
      }
      d.l.contributions = [];
      pushGameEvents(ctx, s, 0);
      return;
    }
    case 'act': {
      const before = dealState(s);
      let next = after;
      if (next === undefined) {
        const action = game.parseAction(rules, entry.action);
        if (!action.ok) throw new Error(`table ${ctx.id}: bad action in the log: ${action.error.message}`);
        const r = game.apply(before, entry.seat, action.value);
        if (!r.ok) throw new Error(`table ${ctx.id}: the log's action ${entry.action} is refused: ${r.error.message}`);
        next = r.value;
      }
      const count = game.events(before, SPECTATOR, 0).length;
      s.moves++;
      s.dealStates[s.dealStates.length - 1] = next;
      s.actions = [...s.actions, [entry.seat, entry.action]];
      pushGameEvents(ctx, s, count);
      const outcome = game.outcome(next);
      if (outcome !== undefined) endDeal(ctx, s, outcome);
      if (entry.user !== undefined && entry.cseq !== undefined) {
        const old = s.cseqs.get(entry.user);
        const recent = new Map(old?.recent ?? []);
        recent.set(entry.cseq, { action: entry.action, e: s.slots.length - 1 });
        if (recent.size > 64) recent.delete(recent.keys().next().value as number);
        const cseqs = new Map(s.cseqs);
        cseqs.set(entry.user, { last: entry.cseq, recent } satisfies Cseqs);
        s.cseqs = cseqs;
      }
      return;
    }
    case 'hint': {
      // No event: nobody else learns that a hint was taken until the record is out.
      if (!s.hints.some((h) => h.deal === entry.deal && h.action === entry.action && h.seat === entry.seat)) s.hints = [...s.hints, { deal: entry.deal, action: entry.action, seat: entry.seat }];
      return;
    }
    case 'chat': {
      s.slots.push({ event: { type: 'chat', name: entry.name, userId: entry.userId, text: entry.text } });
      return;
    }
    case 'hide': {
      const slot = s.slots[entry.e];
      if (!slot || !('event' in slot) || slot.event.type !== 'chat') throw new Error(`table ${ctx.id}: the log hides event ${entry.e}, which is no chat line`);
      // The line keeps its number (no gap in the sequence); its text is gone for everyone who joins from now on.
      s.slots[entry.e] = { event: { type: 'chat', name: slot.event.name, userId: slot.event.userId, text: '', hidden: true } };
      s.slots.push({ event: { type: 'chatHidden', e: entry.e } });
      return;
    }
    case 'next':
      // The follow-up table of one that has left memory: read from the store by the routes, nothing here.
      return;
    case 'end': {
      s.ended = entry.reason;
      s.phase = 'finished';
      s.dealEnded = true;
      s.opened = null;
      // A sitting cut short has no record: its deals stay in the log.
      d.l.recordSaved = true;
      s.slots.push({ event: { type: 'closed', reason: entry.reason } });
      return;
    }
  }
}

function pushGameEvents(ctx: TableContext, s: Draft['s'], from: number): void {
  const deal = s.dealStates.length - 1;
  const total = ctx.module.game.events(dealState(s), SPECTATOR, 0).length;
  for (let n = from; n < total; n++) s.slots.push({ deal, n });
}

function endDeal(ctx: TableContext, s: Draft['s'], outcome: T['outcome']): void {
  const { sitting } = ctx.module;
  const rules = ctx.settings.rules;
  const booked = sitting.afterDeal(rules, s.sheet, s.dealer, outcome);
  const unitComplete = sitting.unitComplete(rules, s.sheet, booked.sheet);
  s.dealLogs = [...s.dealLogs, { dealer: s.dealer, carry: s.carry, deck: s.deck, actions: s.actions, outcome, ...(s.dealFair ? { fair: s.dealFair } : {}) }];
  s.totals = s.totals.map((t, i) => t + outcome.score[i]);
  s.sheet = booked.sheet;
  s.dealer = booked.nextDealer;
  s.dealEnded = true;
  const deal = s.dealStates.length - 1;
  s.slots.push({ event: { type: 'dealEnd', deal, outcome, sheet: booked.sheet, unitComplete, ...(s.dealFair ? { fair: reveal(s.dealFair, s.deck) } : {}) } });
  if (unitComplete) s.units++;
  const length = ctx.settings.length;
  const over = 'deals' in length ? s.dealLogs.length >= length.deals : s.units >= length.units;
  if (over) {
    s.phase = 'finished';
    s.slots.push({ event: { type: 'sittingEnd', sitting: s.sittingNo, record: recordId(ctx, s), sheet: s.sheet, totals: [...s.totals], outcomes: s.dealLogs.map((d) => d.outcome) } });
  }
}
