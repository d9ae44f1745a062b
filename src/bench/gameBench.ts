/**
 * Benchmarks by game, for `stich bench`. Each reports complete deals per
 * second on one thread through the engine's fast path (`playoutsPerSecond`)
 * and, for comparison, through the public immutable `apply` API.
 */
export interface GameBench {
  readonly game: string;
  /** Runs for about `millis` milliseconds and reports the figures. */
  run(millis: number): Record<string, number>;
}
