import { ASS_LOW, CARD_COUNT, CARD_SUIT, NORMAL, RANK_A, RANK_K, RANK_O, RANK_Z, STRENGTH, SUIT_MASK, cardAt, type Order } from '../cards.js';
import type { GameId } from '../contracts.js';
import type { Variant } from '../rules.js';

/**
 * Hand judgement for the rule-based bot: which games a hand clearly holds,
 * how strong a trump suit is, when to spritz. Plain functions on 20-bit masks.
 */

function byStrength(suit: number, order: Order): number[] {
  const cards = [0, 1, 2, 3, 4].map((r) => cardAt(suit as 0, r));
  return cards.sort((a, b) => STRENGTH[order * CARD_COUNT + b] - STRENGTH[order * CARD_COUNT + a]);
}

/** Length of the run of top cards of `suit` in `hand` (A, Z, K … in the normal order). */
export function topRun(hand: number, suit: number, order: Order): number {
  let n = 0;
  for (const c of byStrength(suit, order)) {
    if (!(hand & (1 << c))) break;
    n++;
  }
  return n;
}

/** Length of the run of bottom cards of `suit` in `hand` (U, O, K … in the normal order). */
export function bottomRun(hand: number, suit: number, order: Order): number {
  let n = 0;
  for (const c of byStrength(suit, order).reverse()) {
    if (!(hand & (1 << c))) break;
    n++;
  }
  return n;
}

function count(mask: number): number {
  let n = 0;
  for (; mask; mask &= mask - 1) n++;
  return n;
}

/** Every card of the hand is one of a top run: leading them from the top, none can be beaten (no trump). */
export function allTopRuns(hand: number, order: Order, except = -1): boolean {
  for (let s = 0; s < 4; s++) {
    if (s === except) continue;
    if (topRun(hand, s, order) !== count(hand & SUIT_MASK[s])) return false;
  }
  return true;
}

/** Cards that are not part of a bottom run of their suit: the ones that may have to take a trick in a Bettler. */
export function bettlerRisk(hand: number, order: Order): number {
  let risky = 0;
  for (let s = 0; s < 4; s++) risky += count(hand & SUIT_MASK[s]) - bottomRun(hand, s, order);
  return risky;
}

/**
 * A Bauernschnapser (Bauernloch, Dokta) that cannot be lost when its
 * announcer leads: his top trumps are at least as many as the trumps out
 * against him, so leading them from the top draws every other trump (each
 * holder must follow trump), after which all his cards are the top cards.
 */
export function allTricksWithTrump(hand: number, trump: number, order: Order): boolean {
  if (trump < 0) return false;
  const t = topRun(hand, trump, order);
  const out = 5 - count(hand & SUIT_MASK[trump]);
  return t >= 1 && t >= out && allTopRuns(hand, order, trump);
}

const has = (hand: number, suit: number, rank: number) => (hand & (1 << cardAt(suit as 0, rank))) !== 0;

/**
 * Schnapser (Rufer leads, 66 within three tricks, four in Talonschnapsen,
 * without losing a trick): trump Ass and the 40 (König and Ober of trump),
 * with the Zehner or a side Ass: the Ass takes the first trick, the 40 after
 * it nearly always reaches 66, and the König is then the top trump.
 */
export function schnapserGood(hand: number, trump: number, _variant: Variant): boolean {
  if (trump < 0 || !has(hand, trump, RANK_A) || !has(hand, trump, RANK_K) || !has(hand, trump, RANK_O)) return false;
  let asse = 0;
  for (let s = 0; s < 4; s++) if (s !== trump && has(hand, s, RANK_A)) asse++;
  return has(hand, trump, RANK_Z) || asse > 0;
}

/** Kontraschnapser (the Rufer leads): top three trumps, and every side card an Ass, so the first lead is beaten or trumped. */
export function kontraschnapserGood(hand: number, trump: number): boolean {
  if (trump < 0 || topRun(hand, trump, NORMAL) < 3) return false;
  for (let c = 0; c < CARD_COUNT; c++) {
    if (!(hand & (1 << c)) || CARD_SUIT[c] === trump) continue;
    if (c % 5 !== RANK_A) return false;
  }
  return true;
}

/** The two highest cards of every suit: Ass and Zehner, or in the Ass-low order Zehner and König. */
const TOP_TWO = [0b00011_00011_00011_00011, 0b00110_00110_00110_00110];

/** How good a suit among the first three cards is as trump. */
export function trumpScore(cards: readonly number[], suit: number): number {
  const value = [4, 3, 2, 1.5, 1];
  let score = 0;
  let k = false;
  let o = false;
  for (const c of cards) {
    if (CARD_SUIT[c] !== suit) continue;
    score += value[c % 5] + 2;
    if (c % 5 === RANK_K) k = true;
    if (c % 5 === RANK_O) o = true;
  }
  return score + (k && o ? 3 : 0);
}

/**
 * The games this hand clearly holds for this seat (before legality: the
 * engine's legal list decides who may announce what).
 */
export function goodGames(hand: number, trump: number, variant: Variant, isRufer: boolean): Set<GameId> {
  const out = new Set<GameId>();
  const five = (s: number) => (hand & SUIT_MASK[s]) === SUIT_MASK[s];
  // Bauernschnapsen: shown, always won. Talonschnapsen: played for all six tricks, so the sixth card must be safe too.
  for (let s = 0; s < 4; s++) if (five(s) && s !== trump && (variant === 'bauern' || allTopRuns(hand, NORMAL))) out.add('farbenringerl');
  if (trump >= 0 && five(trump)) {
    out.add('trumpfringerl');
    out.add('kontraherrenbauer');
  }
  if (allTopRuns(hand, NORMAL)) out.add('gang');
  if (allTopRuns(hand, ASS_LOW)) out.add('zehnergang');
  if (allTricksWithTrump(hand, trump, NORMAL)) out.add('bauernschnapser');
  if (allTricksWithTrump(hand, trump, ASS_LOW)) out.add('bauernloch');
  if (trump >= 0 && topRun(hand, trump, NORMAL) >= 4 && allTopRuns(hand, NORMAL, trump)) out.add('kontrabauernschnapser');
  if (schnapserGood(hand, trump, variant)) {
    out.add('schnapser');
    out.add('schnapserzusammen');
  }
  if (kontraschnapserGood(hand, trump)) out.add('kontraschnapser');
  // A Bettler with bottom cards only; or one card above them when the hand holds no top card
  // (no Ass or Zehner; in the Ass-low order no Zehner or König): measured to win nearly nine in ten.
  if (bettlerRisk(hand, NORMAL) <= ((hand & TOP_TWO[NORMAL]) === 0 ? 1 : 0)) out.add('bettler');
  if (bettlerRisk(hand, ASS_LOW) <= ((hand & TOP_TWO[ASS_LOW]) === 0 ? 1 : 0)) out.add('assenbettler');
  if (bettlerRisk(hand, NORMAL) === 0) out.add('plauderer');
  if (isRufer && allTricksWithTrump(hand, trump, NORMAL)) out.add('dokta');
  return out;
}

export { RANK_A, RANK_Z, RANK_K, RANK_O };
