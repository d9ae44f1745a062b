/**
 * The value at share `p` (0 to 1) of values sorted ascending: the smallest with at least that share of the values at or
 * below it (the median of an even count is the lower middle one); 0 for none. Used by the arena and the benchmarks.
 */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1));
  return sorted[i];
}
