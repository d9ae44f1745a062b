import { CARD_COUNT, CARD_SUIT, HIGHER, PAIR_MASK, STRENGTH, SUIT_MASK, type Order } from './cards.js';

/**
 * Farb- und Stichzwang against the card led (003 "Normales Spiel", NOTES):
 * beat the led card with a higher card of its suit; else play a lower card of
 * its suit; else play a trump; else any card. The duty is measured against
 * the FIRST card of the trick only ("Diese Regel bezieht sich auf die erste
 * ausgespielte Karte"): a player void in the led suit must play a trump even
 * when the trick is already trumped, and need not overtrump (003 note 3).
 * Kept in every game, the Bettler included ("Wie bei allen Spielen herrscht
 * Farb- und Stichzwang"). `trump` is -1 in the games without Atout.
 *
 * `led` is the first card of the trick, or -1 when the player leads (any card).
 */
export function legalPlayMask(hand: number, led: number, trump: number, order: Order): number {
  if (led < 0) return hand;
  let m = hand & HIGHER[order * CARD_COUNT + led];
  if (m !== 0) return m;
  m = hand & SUIT_MASK[CARD_SUIT[led]];
  if (m !== 0) return m;
  if (trump >= 0) {
    m = hand & SUIT_MASK[trump];
    if (m !== 0) return m;
  }
  return hand;
}

/** True if `card` beats `best` (the card winning so far), given the suit led. */
export function beats(card: number, best: number, trump: number, order: Order): boolean {
  const cs = CARD_SUIT[card];
  const bs = CARD_SUIT[best];
  if (cs === bs) return STRENGTH[order * CARD_COUNT + card] > STRENGTH[order * CARD_COUNT + best];
  return cs === trump;
}

/**
 * The index (in play order) of the card that wins the trick: the highest
 * trump if a trump was played, else the highest card of the suit led. Cards
 * of another suit never win ("kann ein König oder ein Ass einer anderen Farbe
 * nicht stechen, sondern nur zugegeben werden", 003 "Beginn und Ende").
 */
export function trickWinnerIndex(cards: ArrayLike<number>, count: number, trump: number, order: Order): number {
  let best = 0;
  for (let i = 1; i < count; i++) if (beats(cards[i], cards[best], trump, order)) best = i;
  return best;
}

/** Move code of a 20/40 in suit s in the card play: MELD_MOVE + s (cards are 0..19). */
export const MELD_MOVE = 20;

/**
 * Every legal move of the card play as one mask, for the public engine and
 * the search state alike: the cards that may be played (bits 0..19) and, at
 * a lead in a game where 20 and 40 count (`melds`), a bit MELD_MOVE + suit
 * for every suit whose König and Ober are in hand (003 "Normales Spiel": the
 * player about to lead announces). After a 20/40 (`pending` = its suit, else
 * -1) he must lead its König or Ober.
 */
export function playMoveMask(hand: number, led: number, trump: number, order: Order, melds: boolean, pending: number): number {
  if (led >= 0) return legalPlayMask(hand, led, trump, order);
  if (pending >= 0) return hand & PAIR_MASK[pending];
  if (!melds) return hand;
  // König (rank 2) and Ober (rank 3) of suit s are bits 5s+2 and 5s+3: p has bit 5s where both are in hand.
  const p = (hand >> 2) & (hand >> 3) & 0x8421;
  return p === 0 ? hand : hand | (((p & 1) | ((p >> 4) & 2) | ((p >> 8) & 4) | ((p >> 12) & 8)) << MELD_MOVE);
}
