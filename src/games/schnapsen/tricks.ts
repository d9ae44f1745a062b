import { CARD_COUNT, CARD_SUIT, HIGHER, STRENGTH, SUIT_MASK, type Order } from './cards.js';

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
