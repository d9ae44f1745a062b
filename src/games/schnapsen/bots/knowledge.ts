import { CARD_COUNT, CARD_POINTS, CARD_SUIT, HIGHER, NORMAL, STRENGTH, SUIT_MASK, type Order } from '../cards.js';
import { maskOf } from '../../../cards/mask.js';
import { gameDef, type GameDef } from '../contracts.js';
import type { Variant } from '../rules.js';
import type { SchnapsenView } from '../view.js';
import { beats } from '../tricks.js';

/**
 * What a bot can work out from its view alone: its hand, the cards gone,
 * the game, the trick, who is with whom, the points so far. Nothing here
 * looks beyond the view.
 */
export interface Knowledge {
  readonly view: SchnapsenView;
  readonly variant: Variant;
  readonly seat: number;
  readonly hand: number;
  /** Cards played so far (tricks and the current trick). */
  readonly played: number;
  /** Cards this seat knows to be out of play for it (laid away by itself). */
  readonly away: number;
  readonly def: GameDef | undefined;
  /** The trump that counts in play (-1 without Atout). */
  readonly trump: number;
  readonly order: Order;
  readonly declarer: number;
  /** Card points won by each seat, and 20/40 announced by each seat. */
  readonly cardPoints: readonly number[];
  readonly meldPoints: readonly number[];
  readonly tricks: readonly number[];
}

export function know(view: SchnapsenView): Knowledge {
  const variant: Variant = view.game === 'bauernschnapsen' ? 'bauern' : 'talon';
  let played = 0;
  const cardPoints = new Array(view.seats).fill(0);
  const meldPoints = new Array(view.seats).fill(0);
  const tricks = new Array(view.seats).fill(0);
  for (const e of view.events) {
    if (e.type === 'play') played |= 1 << e.card;
    if (e.type === 'trick') {
      tricks[e.winner]++;
      for (const p of e.cards) cardPoints[e.winner] += CARD_POINTS[p.card];
    }
    if (e.type === 'meld') meldPoints[e.seat] += e.points;
  }
  const def = view.contract ? gameDef(view.contract.game, variant) : undefined;
  return {
    view,
    variant,
    seat: view.seat,
    hand: maskOf(view.hand),
    played,
    away: view.laidAway ? maskOf(view.laidAway) : 0,
    def,
    trump: def ? (def.trump && view.trump !== null ? view.trump : -1) : view.trump ?? -1,
    order: def ? def.order : NORMAL,
    declarer: view.contract?.declarer ?? view.rufer,
    cardPoints,
    meldPoints,
    tricks,
  };
}

/** Same side as the declarer (the declarer, and in Bauernschnapsen his partner)? */
export function declaringSide(k: Knowledge, seat: number): boolean {
  return k.variant === 'bauern' ? seat % 2 === k.declarer % 2 : seat === k.declarer;
}

export function partner(k: Knowledge, seat: number): number {
  return k.variant === 'bauern' ? (seat + 2) % 4 : -1;
}

/** Cards not in my hand, not played, not laid away by me: somewhere with the others (or in a talon). */
export function unseen(k: Knowledge): number {
  return ((1 << CARD_COUNT) - 1) & ~k.hand & ~k.played & ~k.away;
}

/** Is `card` the best card of its suit still around (every higher one played or mine)? */
export function isTop(k: Knowledge, card: number): boolean {
  return (HIGHER[k.order * CARD_COUNT + card] & unseen(k)) === 0;
}

/** The seat and card winning the current trick so far. */
export function trickLeader(k: Knowledge): { seat: number; card: number } | undefined {
  const t = k.view.trick;
  if (t.length === 0) return undefined;
  let best = t[0];
  for (let i = 1; i < t.length; i++) if (beats(t[i].card, best.card, k.trump, k.order)) best = t[i];
  return best;
}

export function strength(k: Knowledge, card: number): number {
  return STRENGTH[k.order * CARD_COUNT + card];
}

export function suitCards(mask: number, suit: number): number {
  return mask & SUIT_MASK[suit];
}

export { CARD_SUIT, CARD_POINTS, beats };
