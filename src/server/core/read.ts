import { SPECTATOR, type Seat } from '../../games/game.js';
import { DEFAULT_CONTRIBUTION_MS, dealContext, publicCommitment } from '../fairDeal.js';
import { CHAT_IN_SNAPSHOT, type NumberedTableEvent, type ServerMessage, type Snapshot } from '../protocol.js';
import { dealState, publicSeats } from './log.js';
import { DEFAULT_GRACE_MS, type Effect, type Live, type Sitting, type TableContext, type TableState } from './types.js';

/** What the table shows: pure functions of its state. */

/** The seats this user holds. */
export function seatsOf(s: Sitting, userId: string): Seat[] {
  const out: Seat[] = [];
  s.seats.forEach((o, seat) => {
    if (o.kind === 'human' && o.userId === userId) out.push(seat);
  });
  return out;
}

export function viewerSeat(s: Sitting, userId: string): Seat {
  const held = seatsOf(s, userId);
  return held.length > 0 ? held[0] : SPECTATOR;
}

export function lastEvent(s: Sitting): number {
  return s.slots.length - 1;
}

export function graceMs(ctx: TableContext): number {
  return ctx.settings.graceMs ?? DEFAULT_GRACE_MS;
}

export function toAct(ctx: TableContext, s: Sitting): number[] {
  return s.phase === 'playing' && !s.dealEnded ? [...ctx.module.game.toAct(dealState(s))] : [];
}

export function legalFor(ctx: TableContext, s: Sitting, seat: Seat): string[] {
  if (seat < 0 || s.phase !== 'playing' || s.dealEnded) return [];
  const { game } = ctx.module;
  const state = dealState(s);
  if (!game.mayAct(state).includes(seat)) return [];
  return game.legal(state, seat).map((a) => game.formatAction(ctx.settings.rules, a));
}

/** The events from `from` on as this seat may see them. */
export function render(ctx: TableContext, s: Sitting, from: number, seat: Seat): NumberedTableEvent[] {
  const out: NumberedTableEvent[] = [];
  let cache: { deal: number; events: Map<number, unknown> } | undefined;
  for (let e = Math.max(0, from); e < s.slots.length; e++) {
    const slot = s.slots[e];
    if ('event' in slot) {
      out.push({ e, event: slot.event });
      continue;
    }
    if (!cache || cache.deal !== slot.deal) {
      const events = ctx.module.game.events(s.dealStates[slot.deal], seat, slot.n);
      cache = { deal: slot.deal, events: new Map(events.map((x) => [x.n, x.event])) };
    }
    out.push({ e, event: { type: 'game', deal: slot.deal, n: slot.n, event: cache.events.get(slot.n) } });
  }
  return out;
}

/** The commitment of the deal being collected or played, as the snapshot shows it to this seat. */
function fairShown(ctx: TableContext, s: Sitting, l: Live, seat: Seat): Snapshot['fair'] {
  if (s.opened) {
    const open = { context: dealContext(ctx.settings.game, ctx.id, s.opened.deal), commitment: s.opened.commitment };
    return { ...publicCommitment(open), collecting: true, contributed: seat >= 0 && (l.contributions[seat] ?? null) !== null };
  }
  if (s.phase === 'playing' && !s.dealEnded && s.dealFair) {
    return { ...publicCommitment(s.dealFair), collecting: false, contributed: seat >= 0 && s.dealFair.contributions[seat] !== null };
  }
  return null;
}

/** The sitting's last chat lines, oldest first (a first join's snapshot brings them). */
function recentChat(s: Sitting): NonNullable<Snapshot['chat']> {
  const lines: NonNullable<Snapshot['chat']>[number][] = [];
  for (let e = s.slots.length - 1; e >= 0 && lines.length < CHAT_IN_SNAPSHOT; e--) {
    const slot = s.slots[e];
    if ('event' in slot && slot.event.type === 'chat') {
      const { name, userId, text, hidden } = slot.event;
      lines.push({ e, name, userId, text, ...(hidden ? { hidden } : {}) });
    }
  }
  return lines.reverse();
}

/** What the seat of `userId` (or a spectator) sees of the table now; with `withChat`, the last chat lines too. */
export function snapshot(ctx: TableContext, state: TableState, userId: string, withChat = false): Snapshot {
  const { sitting: s, live: l } = state;
  const settings = ctx.settings;
  const seat = viewerSeat(s, userId);
  const live = s.phase !== 'waiting' && s.dealStates.length > 0;
  return {
    type: 'snapshot',
    table: ctx.id,
    game: settings.game,
    rules: settings.rules,
    settings: {
      public: settings.public,
      rated: settings.rated,
      clockMs: settings.clockMs,
      botDelayMs: settings.botDelayMs,
      contributionMs: settings.contributionMs ?? DEFAULT_CONTRIBUTION_MS,
      length: settings.length,
      graceMs: graceMs(ctx),
      ...(settings.creator !== undefined ? { creator: settings.creator } : {}),
    },
    seat,
    seats: publicSeats(s, l),
    phase: s.phase,
    sitting: s.sittingNo,
    deal: s.dealStates.length - 1,
    dealer: live ? s.dealer : null,
    view: live ? ctx.module.game.view(dealState(s), seat) : null,
    legal: legalFor(ctx, s, seat),
    toAct: toAct(ctx, s),
    clocks: l.clocks.map((c) => ({ seat: c.seat, deadline: c.deadline })),
    disconnected: l.gone.map((g) => ({ seat: g.seat, until: g.until })),
    sheet: s.sheet,
    outcomes: s.dealLogs.map((d) => d.outcome),
    last: lastEvent(s),
    cseq: s.cseqs.get(userId)?.last ?? 0,
    fair: fairShown(ctx, s, l, seat),
    ...(s.ended !== null ? { closed: s.ended } : {}),
    ...(withChat ? { chat: recentChat(s) } : {}),
  };
}

/** Followers grouped by the seat they see the table from, in the order they follow. */
function bySeat(s: Sitting, l: Live): Map<Seat, string[]> {
  const out = new Map<Seat, string[]>();
  for (const f of l.followers) {
    const seat = viewerSeat(s, f.userId);
    const ids = out.get(seat);
    if (ids) ids.push(f.id);
    else out.set(seat, [f.id]);
  }
  return out;
}

/**
 * Every follower's new events with who is to act and its legal actions now.
 * A change that adds no event still sends every follower the message, with no
 * events, so that legal actions stay current and nobody learns anything from
 * whether a message came.
 */
export function broadcast(ctx: TableContext, state: TableState, from: number): Effect[] {
  const s = state.sitting;
  const acting = toAct(ctx, s);
  return [...bySeat(s, state.live)].map(([seat, to]) => ({
    type: 'send',
    to,
    message: { type: 'events', table: ctx.id, events: render(ctx, s, from, seat), toAct: acting, legal: legalFor(ctx, s, seat) } satisfies ServerMessage,
  }));
}

/** Who is away, the clocks, the grace periods: to every follower. */
export function status(ctx: TableContext, state: TableState): Effect[] {
  const { sitting: s, live: l } = state;
  const acting = toAct(ctx, s);
  const clocks = l.clocks.map((c) => ({ seat: c.seat, deadline: c.deadline }));
  const disconnected = l.gone.map((g) => ({ seat: g.seat, until: g.until }));
  return [...bySeat(s, l)].map(([seat, to]) => ({
    type: 'send',
    to,
    message: { type: 'status', table: ctx.id, toAct: acting, legal: legalFor(ctx, s, seat), clocks, away: [...l.away], disconnected } satisfies ServerMessage,
  }));
}

/** Whether a bot plays the seat now: a bot's seat, or a person's who is away or whose clock ran out at this decision. */
export function botControlled(state: TableState, seat: Seat): boolean {
  const o = state.sitting.seats[seat];
  const { away, lapsed } = state.live;
  return o.kind === 'bot' || (o.kind === 'human' && (away.includes(seat) || lapsed.some((x) => x.seat === seat && x.moves === state.sitting.moves)));
}
