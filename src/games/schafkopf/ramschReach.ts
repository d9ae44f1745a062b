import type { PlayTables } from './tables.js';

/**
 * For the Ramsch's points search (`LastTricks` avoiding, searchEndgame.ts,
 * keeps this bound as it searches a trick): the most card points `seat`
 * can still be made to take of the `left` still in the `hands`. A seat takes a trick only with
 * the best card in it, so the other seats' trumps above its highest trump
 * (all their trumps if it holds none) never fall in a trick it takes.
 */
export function reachablePoints(t: PlayTables, hands: ArrayLike<number>, seat: number, left: number): number {
  const trumps = t.trumps;
  const power = t.power;
  // The power of the seat's highest trump (0 if it holds none: every trump's is higher).
  let top = 0;
  for (let m = hands[seat] & trumps; m !== 0; m &= m - 1) top = Math.max(top, power[31 - Math.clz32(m & -m)]);
  const pts = t.points;
  for (let s = 0; s < 4; s++) {
    if (s === seat) continue;
    for (let m = hands[s] & trumps; m !== 0; m &= m - 1) {
      const c = 31 - Math.clz32(m & -m);
      if (power[c] > top) left -= pts[c];
    }
  }
  return left;
}
