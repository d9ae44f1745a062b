import { popcount32 } from '../../../cards/bits.js';
import { maskCards } from '../../../cards/mask.js';
import { cardOf, rankOf, type Card, type Pack, type Suit } from '../../../cards/pack.js';
import type { GameChoice } from '../contract.js';
import { playTables } from '../tables.js';

/**
 * Hand evaluation for bidding: a rough count of the tricks a hand takes in a
 * game, from the strength of its trumps (higher ones count more), the side
 * Saue it can cash, and the suits it is free of.
 */

const OBER_UNTER_WEIGHT = [1.6, 1.5, 1.4, 1.3, 1.2, 1.15, 1.1, 1.05];

function trumpWeight(order: readonly Card[], herren: number, card: Card, pack: Pack): number {
  const i = order.indexOf(card);
  if (i < herren) {
    // Ober/Unter part of the order (or the Unter/Ober of a Wenz/Geier).
    const scale = herren === 4 ? [1.9, 1.7, 1.5, 1.4] : OBER_UNTER_WEIGHT;
    return scale[i];
  }
  const r = rankOf(pack, card);
  return r === 'A' ? 1.0 : r === 'Z' ? 0.95 : 0.85;
}

export interface HandValue {
  readonly trumps: number;
  /** How many of the highest trumps the hand holds without a gap. */
  readonly topRun: number;
  readonly score: number;
  /** Every side card is a sure winner (the top of its suit downward). */
  readonly sideSolid: boolean;
}

/** The value of a hand for a game that is played one against three, or for the caller of a Rufspiel. */
export function evaluate(pack: Pack, hand: number, game: GameChoice): HandValue {
  const t = playTables(pack, game.kind, game.kind === 'rufspiel' ? undefined : game.suit);
  const trumps = hand & t.trumps;
  let score = 0;
  for (let m = trumps; m !== 0; m &= m - 1) score += trumpWeight(t.trumpOrder, t.herren, 31 - Math.clz32(m & -m), pack);
  let topRun = 0;
  while (topRun < t.trumpOrder.length && (hand & (1 << t.trumpOrder[topRun])) !== 0) topRun++;
  const nTrumps = popcount32(trumps);
  let sideSolid = true;
  for (let s = 0; s < 4; s++) {
    const plain = t.plain[s];
    const held = hand & plain;
    const n = popcount32(held);
    if (game.kind === 'rufspiel' && s === game.suit) {
      // The called suit: its Sau is the partner's; a short holding here is what you want.
      continue;
    }
    if (n === 0) {
      if (nTrumps >= 4 && plain !== 0) score += 0.45;
      continue;
    }
    // Count the side cards that stand at the top of their suit.
    let standing = 0;
    const order = cardsByPower(t, plain);
    for (const c of order) {
      if ((held & (1 << c)) !== 0) standing++;
      else break;
    }
    if (standing < n) sideSolid = false;
    // A Sau usually wins once, the Zehn behind it sometimes; long suits get trumped.
    const outside = popcount32(plain) - n;
    score += standing >= 1 ? 1.0 : 0;
    if (standing >= 2) score += outside >= 3 ? 0.6 : 0.2;
    if (standing >= 3) score += 0.3;
    // A bare Zehn or König is a liability.
    const top = order.find((c) => (held & (1 << c)) !== 0)!;
    if (standing === 0 && n === 1 && (rankOf(pack, top) === 'Z' || rankOf(pack, top) === 'K')) score -= 0.3;
  }
  return { trumps: nTrumps, topRun, score, sideSolid };
}

/** The cards of a mask, highest first (cached per tables and mask: the weighted worlds of search ask for the same suits very often). */
const BY_POWER = new WeakMap<ReturnType<typeof playTables>, Map<number, readonly Card[]>>();

function cardsByPower(t: ReturnType<typeof playTables>, mask: number): readonly Card[] {
  let byMask = BY_POWER.get(t);
  if (!byMask) {
    byMask = new Map();
    BY_POWER.set(t, byMask);
  }
  let hit = byMask.get(mask);
  if (!hit) {
    hit = Object.freeze(maskCards(mask).sort((a, b) => t.power[b] - t.power[a]));
    byMask.set(mask, hit);
  }
  return hit;
}

/** The best suit to call in a Rufspiel: the one held shortest, not with a bare Zehn; ties to Eichel. */
export function callRank(pack: Pack, hand: number, suit: Suit): number {
  const t = playTables(pack, 'rufspiel');
  const held = hand & t.plain[suit];
  const n = popcount32(held);
  const zehn = cardOf(pack, suit, 'Z')!;
  const bareZehn = n === 1 && (held & (1 << zehn)) !== 0;
  return n * 10 + (bareZehn ? 5 : 0) + suit;
}

/** How unlikely a hand is to take a trick in a Bettel: 0 is safe; each risky card adds. */
export function bettelRisk(pack: Pack, hand: number): number {
  const t = playTables(pack, 'bettel');
  let risk = 0;
  for (let s = 0; s < 4; s++) {
    const suitCards = [...cardsByPower(t, t.plain[s])].reverse(); // lowest first
    const held = hand & t.plain[s];
    // A card is covered if the hand holds enough lower cards of the suit to duck under every lead.
    let lowerHeld = 0;
    let lowerAll = 0;
    for (const c of suitCards) {
      if ((held & (1 << c)) !== 0) {
        const gap = lowerAll - 2 * lowerHeld;
        if (gap > 0) risk += Math.min(2, gap * 0.5);
        lowerHeld++;
      }
      lowerAll++;
    }
  }
  return risk;
}

