/**
 * A game's benchmark, for `stich bench`: complete deals per second on one
 * thread through the engine's search state (`playoutsPerSecond`), sampled
 * worlds per second, and for comparison the public immutable `apply` API.
 */
export interface GameBench {
  /** Runs for about `millis` milliseconds and reports the figures by name. */
  run(millis: number): Record<string, number>;
}

function cpuMillis(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

/**
 * Runs `step` in batches for about `millis` milliseconds of wall clock and
 * returns how many steps counted per second of this process's CPU time, so
 * that other work on a shared machine does not distort the figure (on an
 * idle machine the two clocks agree). A step that returns false does not
 * count (a deal that was skipped).
 */
export function rate(millis: number, batch: number, step: () => boolean | void): number {
  let counted = 0;
  const wall = performance.now();
  const cpu = cpuMillis();
  while (performance.now() - wall < millis) {
    for (let i = 0; i < batch; i++) if (step() !== false) counted++;
  }
  return Math.round((counted * 1000) / Math.max(1e-3, cpuMillis() - cpu));
}
