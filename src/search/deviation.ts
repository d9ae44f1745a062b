/**
 * When a thinking bot departs from the easy bot's choice outside the card
 * play, and which actions it stops valuing there (src/search/pimc.ts).
 */

/**
 * Outside the card play a thinking bot keeps the easy bot's choice unless
 * the sampled worlds show another action better with some confidence: the
 * mean over the worlds of (other − easy's choice) must be positive with its
 * one-sided interval at this many standard errors above zero, over at least
 * MIN_WORLDS_TO_DEVIATE worlds. Playouts in a handful of worlds are noisy;
 * without this test a bot bids on noise.
 */
export const DEVIATION_Z = 2;
export const MIN_WORLDS_TO_DEVIATE = 4;

/**
 * Racing the actions of a decision outside the card play: once the worlds
 * so far show an action clearly worse than the best of those still in the
 * race (`clearlyBetter`), later worlds do not value it (each valuation is
 * a solve of a whole card play). The action at `keep` stays in the race.
 */
export function race(values: readonly (readonly number[])[], sums: readonly number[], counts: readonly number[], dropped: boolean[], keep: number, distinct: number): void {
  let best = -1;
  for (let i = 0; i < sums.length; i++) if (!dropped[i] && (best < 0 || sums[i] / counts[i] > sums[best] / counts[best])) best = i;
  if (best < 0) return;
  for (let i = 0; i < sums.length; i++) {
    if (i === best || i === keep || dropped[i]) continue;
    if (clearlyBetter(values, best, i, distinct)) dropped[i] = true;
  }
}

/**
 * Whether action `a` is better than action `b` over the worlds with some
 * confidence: at least MIN_WORLDS_TO_DEVIATE worlds, and the mean of the
 * paired differences more than DEVIATION_Z standard errors above zero.
 */
export function clearlyBetter(values: readonly (readonly number[])[], a: number, b: number, distinct = values.length): boolean {
  const n = values.length;
  // Worlds drawn more than once (resampled by their likelihood) are one world: the standard error counts distinct worlds.
  const m = Math.min(n, distinct);
  if (m < MIN_WORLDS_TO_DEVIATE) return false;
  const d = values.map((v) => v[a] - v[b]);
  if (d.some((x) => !Number.isFinite(x))) return false;
  const mean = d.reduce((x, y) => x + y, 0) / n;
  if (mean <= 0) return false;
  const variance = d.reduce((x, y) => x + (y - mean) ** 2, 0) / (n - 1);
  return mean > DEVIATION_Z * Math.sqrt(variance / m);
}

