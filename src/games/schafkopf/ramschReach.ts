import type { PlayTables } from './tables.js';

/**
 * The Ramsch's bound on what a seat can still be made to take (the points
 * search, searchEndgame.ts's `LastTricks` avoiding, keeps it as it searches
 * a trick): a seat takes a trick only with the best card in it, so the other
 * seats' trumps above its highest trump (all their trumps if it holds none)
 * never fall in a trick it takes.
 *
 * `trumpsAbove` writes into `out`: [0] the seat's highest trump as a mask (0
 * if none), [1] the trumps above it, [2] the trumps above its second highest
 * (what holds once the highest is played), all trumps where it holds none.
 */
export function trumpsAbove(order: ArrayLike<number>, trumps: number, mine: number, out: Int32Array): void {
  out[0] = 0;
  out[1] = out[2] = trumps;
  // `above`: the trumps stronger than the one looked at (the order runs from the strongest).
  let above = 0;
  let found = 0;
  for (let i = 0; i < order.length && found < 2; i++) {
    const bit = 1 << order[i];
    if ((mine & bit) !== 0) {
      if (found === 0) out[0] = bit;
      out[1 + found++] = above;
    }
    above |= bit;
  }
}

/** The most card points `seat` can still be made to take of the `left` still in the `hands` (see above). */
export function reachablePoints(t: PlayTables, hands: ArrayLike<number>, seat: number, left: number): number {
  const out = new Int32Array(3);
  trumpsAbove(t.trumpOrder, t.trumps, hands[seat] & t.trumps, out);
  let others = 0;
  for (let s = 0; s < 4; s++) if (s !== seat) others |= hands[s];
  for (let m = others & out[1]; m !== 0; m &= m - 1) left -= t.points[31 - Math.clz32(m & -m)];
  return left;
}
