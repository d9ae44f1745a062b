/**
 * Bit tricks on 32-bit masks, the representation of card sets for packs of up
 * to 32 cards (bit i set = card i present). Hot paths of the engines use these
 * directly on plain numbers.
 */

export function popcount32(x: number): number {
  x = x - ((x >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}

/** Index of the lowest set bit; 32 for an empty mask. */
export function lowestBit32(x: number): number {
  return x === 0 ? 32 : 31 - Math.clz32(x & -x);
}

/** Index of the highest set bit; -1 for an empty mask. */
export function highestBit32(x: number): number {
  return 31 - Math.clz32(x);
}

/** Index of the k-th set bit (k from 0), counting from the lowest. */
export function nthBit32(x: number, k: number): number {
  for (; k > 0; k--) x &= x - 1;
  return 31 - Math.clz32(x & -x);
}
