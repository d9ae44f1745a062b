import { SCHNAPSEN_20, type Card, type Suit } from '../../cards/pack.js';

/**
 * Card tables of the 20-card Schnapsen pack (003 "Spielkarten"), as plain
 * typed arrays and 20-bit masks so that the public engine and the fast
 * playout share one source of truth.
 *
 * Card id = suit * 5 + rank position; suits E G H S (Eichel, Grün, Rot/Herz,
 * Schellen = French Kreuz, Pik, Herz, Karo), ranks A Z K O U (Ass/Daus,
 * Zehner, König, Ober/Dame, Unter/Bube).
 */
export const PACK = SCHNAPSEN_20;
export const CARD_COUNT = 20;

export const RANK_A = 0;
export const RANK_Z = 1;
export const RANK_K = 2;
export const RANK_O = 3;
export const RANK_U = 4;

/** Augen (card points): Ass 11, Zehner 10, König 4, Ober 3, Unter 2 — 120 in the pack (003 "Spielkarten", NOTES). */
export const RANK_POINTS: readonly number[] = [11, 10, 4, 3, 2];

/**
 * The two orders within a suit. `NORMAL`: Ass, Zehner, König, Ober, Unter.
 * `ASS_LOW`: Zehner, König, Ober, Unter, Ass — the Ass is the lowest card in
 * the Assenbettler, the Zehnergang and the Bauernloch (003 "Regionale Sonderspiele").
 */
export const NORMAL = 0;
export const ASS_LOW = 1;
export type Order = typeof NORMAL | typeof ASS_LOW;

export const CARD_SUIT = new Int8Array(CARD_COUNT);
export const CARD_RANK = new Int8Array(CARD_COUNT);
export const CARD_POINTS = new Int8Array(CARD_COUNT);
/** STRENGTH[order * 20 + card]: 0 (lowest) .. 4 (highest) within its suit. */
export const STRENGTH = new Int8Array(2 * CARD_COUNT);
/** HIGHER[order * 20 + card]: mask of the cards of the same suit that beat it. */
export const HIGHER = new Int32Array(2 * CARD_COUNT);
/** SUIT_MASK[suit]: the five cards of a suit. */
export const SUIT_MASK = new Int32Array(4);
/** PAIR_MASK[suit]: König and Ober of a suit, the pair of a 20 or 40. */
export const PAIR_MASK = new Int32Array(4);
/** The four Unter, for the three-Unter new deal. */
export let UNTER_MASK = 0;
/** The four Asse, for the Ass-Bettler. */
export let ASS_MASK = 0;
/** Points of a 5-bit suit chunk, so that maskPoints needs four lookups. */
const CHUNK_POINTS = new Int16Array(32);

for (let c = 0; c < CARD_COUNT; c++) {
  const suit = Math.floor(c / 5);
  const rank = c % 5;
  CARD_SUIT[c] = suit;
  CARD_RANK[c] = rank;
  CARD_POINTS[c] = RANK_POINTS[rank];
  STRENGTH[c] = 4 - rank;
  STRENGTH[CARD_COUNT + c] = rank === RANK_A ? 0 : 5 - rank;
  SUIT_MASK[suit] |= 1 << c;
  if (rank === RANK_K || rank === RANK_O) PAIR_MASK[suit] |= 1 << c;
  if (rank === RANK_U) UNTER_MASK |= 1 << c;
  if (rank === RANK_A) ASS_MASK |= 1 << c;
}
for (let order = 0; order < 2; order++) {
  for (let c = 0; c < CARD_COUNT; c++) {
    let m = 0;
    for (let d = 0; d < CARD_COUNT; d++) {
      if (CARD_SUIT[d] === CARD_SUIT[c] && STRENGTH[order * CARD_COUNT + d] > STRENGTH[order * CARD_COUNT + c]) m |= 1 << d;
    }
    HIGHER[order * CARD_COUNT + c] = m;
  }
}
for (let m = 0; m < 32; m++) {
  let p = 0;
  for (let r = 0; r < 5; r++) if (m & (1 << r)) p += RANK_POINTS[r];
  CHUNK_POINTS[m] = p;
}

/** Card points of a set of cards. */
export function maskPoints(mask: number): number {
  return CHUNK_POINTS[mask & 31] + CHUNK_POINTS[(mask >>> 5) & 31] + CHUNK_POINTS[(mask >>> 10) & 31] + CHUNK_POINTS[(mask >>> 15) & 31];
}

export function cardAt(suit: Suit, rank: number): Card {
  return suit * 5 + rank;
}
