import { lowestBit32, popcount32 } from './bits.js';

/**
 * Card masks stored as plain numbers below 2^48 (bit i = card i), as game
 * states keep hands so that they stay plain JSON; the same layout as
 * CardSet's two words (lo = cards 0..31, hi = cards 32..47). Every game uses
 * these instead of its own loops; hot paths work on the 32-bit words with
 * bits.ts directly.
 */
const TWO_32 = 4294967296;

export function maskHi(mask: number): number {
  return Math.floor(mask / TWO_32) >>> 0;
}

export function fromWords(lo: number, hi: number): number {
  return (hi >>> 0) * TWO_32 + (lo >>> 0);
}

export function bit(card: number): number {
  return card < 32 ? 2 ** card : (2 ** (card - 32)) * TWO_32;
}

export function maskHas(mask: number, card: number): boolean {
  return card < 32 ? ((mask >>> 0) & (1 << card)) !== 0 : (maskHi(mask) & (1 << (card - 32))) !== 0;
}

export function maskWith(mask: number, card: number): number {
  return maskHas(mask, card) ? mask : mask + bit(card);
}

export function maskWithout(mask: number, card: number): number {
  return maskHas(mask, card) ? mask - bit(card) : mask;
}

export function maskSize(mask: number): number {
  return popcount32(mask >>> 0) + popcount32(maskHi(mask));
}

/** The cards of a mask in ascending id order. */
export function maskCards(mask: number): number[] {
  const out: number[] = [];
  let lo = mask >>> 0;
  while (lo !== 0) {
    out.push(lowestBit32(lo));
    lo &= lo - 1;
  }
  let hi = maskHi(mask);
  while (hi !== 0) {
    out.push(32 + lowestBit32(hi));
    hi &= hi - 1;
  }
  return out;
}

export function maskOf(cards: Iterable<number>): number {
  let m = 0;
  for (const c of cards) m = maskWith(m, c);
  return m;
}
