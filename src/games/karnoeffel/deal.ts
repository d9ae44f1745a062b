import { SeededRng } from '../../core/rng.js';
import { CARDS, lowestIndex, suitOfCard } from './cards.js';
import type { KarnoeffelRules } from './rules.js';

/**
 * How the cards come out of the deck (000 "Kartengeben und Steigern"): five
 * cards each in three rounds, one face up, then two and two face down, dealt
 * to two players at a time with a pause for raising after each pair. The
 * i-th player in dealing order (Vorhand first, the dealer last) gets deck
 * position i in the first round, n + 2i and n + 2i + 1 in the second, and
 * 3n + 2i and 3n + 2i + 1 in the third; the immutable game and the fast
 * playout both deal by these positions. The deck a deal receives is the pack
 * as the dealer holds it after shuffling and the cut to his right (000:
 * "mischt das vollständige Kartenpaket und läßt rechts von sich abheben").
 */
export const HAND_SIZE = 5;

/** +1 when play goes to the left (clockwise, 000), -1 to the right (001). */
export function stepOf(rules: Pick<KarnoeffelRules, 'direction'>): 1 | -1 {
  return rules.direction === 'right' ? -1 : 1;
}

/** The seat after `seat` in the direction of play. */
export function nextSeat(seat: number, step: number, n: number): number {
  return (seat + step + n) % n;
}

/** Seats in dealing order: Vorhand (next to the dealer in the direction of play) first, the dealer last. */
export function dealOrder(dealer: number, step: number, n: number): number[] {
  const out: number[] = [];
  let s = dealer;
  for (let i = 0; i < n; i++) {
    s = nextSeat(s, step, n);
    out.push(s);
  }
  return out;
}

/** Number of pauses (pairs dealt) in a deal: three rounds of n / 2 pairs. */
export function pairCount(n: number): number {
  return 3 * (n >> 1);
}

/** Which round (0 face up, 1 and 2 face down) a pair belongs to, and the dealing-order index of its first player. */
export function pairAt(n: number, pair: number): { round: number; first: number } {
  const half = n >> 1;
  return { round: (pair / half) | 0, first: 2 * (pair % half) };
}

/** The deck position of the j-th card (0..4) the i-th player in dealing order receives. */
export function handPosition(n: number, i: number, j: number): number {
  if (j === 0) return i;
  return j <= 2 ? n + 2 * i + (j - 1) : 3 * n + 2 * i + (j - 3);
}

/** The deck positions the i-th player in dealing order receives in a round (0: one card, 1 and 2: two cards). */
export function deckPositions(n: number, round: number, i: number): number[] {
  return round === 0 ? [handPosition(n, i, 0)] : [handPosition(n, i, 2 * round - 1), handPosition(n, i, 2 * round)];
}

/**
 * The trump suit from the face-up first round (000): the lowest of the n
 * face-up cards, deck positions 0 .. n-1, by the natural order; between
 * equal ranks the card dealt first.
 */
export function trumpOfFirstRound(deck: ArrayLike<number>, n: number): number {
  return suitOfCard(deck[lowestIndex(deck, 0, n)]);
}

/**
 * The cards drawn for trump before a `drawn` deal (001 "Nun ziehet jeder
 * eine Kart, die niedrigste ist die Trumpffarb. Allsodann mischet sie wieder
 * zusammen"), in dealing order. The drawn cards go back into the pack, which
 * is shuffled again before the deal, so the draw is independent of the hands.
 * A deal's only input is its deck (the game interface), so the draw comes
 * from a separate shuffle seeded by that deck: the same deck always gives
 * the same draw, which is what lets a record be replayed, and over random
 * decks the draw is as random as the deal.
 */
export function drawForTrump(deck: readonly number[], n: number): number[] {
  let h = 0x811c9dc5;
  for (const c of deck) {
    h ^= c + 1;
    h = Math.imul(h, 0x01000193);
  }
  const rng = new SeededRng(h >>> 0);
  const pool = Array.from({ length: CARDS }, (_, i) => i);
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const j = i + rng.int(CARDS - i);
    const t = pool[i];
    pool[i] = pool[j];
    pool[j] = t;
    out.push(pool[i]);
  }
  return out;
}

/** The trump suit from drawn cards: the lowest; equal ranks, the card drawn first (as 000 breaks ties in the face-up round). */
export function trumpOfDraw(drawn: readonly number[]): number {
  return suitOfCard(drawn[lowestIndex(drawn)]);
}
