import type { Rng } from '../core/rng.js';
import type { ModelWeights } from '../games/decisionModel.js';
import type { GameTypes, Seat } from '../games/game.js';
import type { SearchSupport } from '../games/search.js';

/**
 * Worlds drawn in proportion to the likelihood of what the other seats did
 * (issue 23): sampling–importance–resampling. `count × candidates` worlds
 * are drawn uniformly among those consistent with the view
 * (`sampleWorld`), each is weighted by the likelihood of every public
 * decision of the other seats so far, the cards played included
 * (`SearchSupport.logLikelihood`: the game's easy bot as the model, never
 * zero), and `count` worlds are drawn from them in proportion to the
 * weights by systematic resampling. A candidate drawn k times is one world
 * of multiplicity k (valued once, counted k times). Only `rng` draws, so
 * the worlds repeat from its seed.
 */

/** Uniform candidates per world drawn (README, "Reading the hands": 8 read about a point more than 4 at twice the cost; 1 and 2 less). */
export const CANDIDATES_PER_WORLD = 4;

/** One drawn world and how many of the `count` draws fell on it. */
export interface DrawnWorld<S> {
  readonly world: S;
  readonly times: number;
}

export interface LikelihoodDraw {
  /** Uniform candidates per world (default CANDIDATES_PER_WORLD). */
  readonly candidates?: number;
  readonly weights?: ModelWeights;
  /** Stop drawing candidates once this returns true (checked after the first): the time cap. */
  readonly stop?: () => boolean;
}

/** What a draw did: the worlds (in the order of the candidates), the candidates drawn, and the effective sample size of their weights. */
export interface LikelihoodSample<S> {
  readonly worlds: DrawnWorld<S>[];
  readonly candidates: number;
  readonly effective: number;
  /** Whether `stop` ended the drawing early. */
  readonly stopped: boolean;
}

export function drawByLikelihood<T extends GameTypes>(
  search: SearchSupport<T>,
  view: T['view'],
  seat: Seat,
  rng: Rng,
  count: number,
  draw: LikelihoodDraw = {},
): LikelihoodSample<T['state']> {
  const wanted = Math.max(1, count * (draw.candidates ?? CANDIDATES_PER_WORLD));
  const pool: T['state'][] = [];
  const logs: number[] = [];
  let stopped = false;
  for (let i = 0; i < wanted; i++) {
    if (i > 0 && draw.stop?.()) {
      stopped = true;
      break;
    }
    const world = search.sampleWorld(view, seat, rng);
    pool.push(world);
    logs.push(search.logLikelihood ? search.logLikelihood(world, seat, draw.weights) : 0);
  }
  const weights = normalized(logs);
  const effective = 1 / weights.reduce((a, w) => a + w * w, 0);
  // Stopped early (the time cap, or a budget of time alone), no more draws than candidates.
  const times = systematic(weights, Math.min(count, pool.length), rng);
  const worlds: DrawnWorld<T['state']>[] = [];
  for (let i = 0; i < pool.length; i++) if (times[i] > 0) worlds.push({ world: pool[i], times: times[i] });
  return { worlds, candidates: pool.length, effective, stopped };
}

/** Weights from log weights, summing to 1 (the largest is taken as 1 before normalizing, so none underflows to all zeros). */
export function normalized(logs: readonly number[]): number[] {
  const top = Math.max(...logs);
  const w = logs.map((l) => Math.exp(l - top));
  const sum = w.reduce((a, b) => a + b, 0);
  return w.map((x) => x / sum);
}

/** Systematic resampling: how often each of the weighted items is drawn in `count` draws (one uniform offset; the counts sum to `count`). */
export function systematic(weights: readonly number[], count: number, rng: Rng): number[] {
  const out = new Array<number>(weights.length).fill(0);
  const u = (rng.int(2 ** 30) + 0.5) / 2 ** 30 / count;
  let cum = 0;
  let j = 0;
  for (let i = 0; i < weights.length && j < count; i++) {
    cum += weights[i];
    while (j < count && u + j / count < cum) {
      out[i]++;
      j++;
    }
  }
  // Rounding may leave the last draws unplaced: they go to the last item with weight.
  if (j < count) {
    let last = weights.length - 1;
    while (last > 0 && weights[last] === 0) last--;
    out[last] += count - j;
  }
  return out;
}
