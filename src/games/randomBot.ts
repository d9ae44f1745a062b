import type { Rng } from '../core/rng.js';
import type { Agent } from './agent.js';

/** Chooses uniformly among the legal actions: the baseline every bot must beat, and the driver of property tests. */
export function randomAgent<View, Action>(rng: Rng, name = 'random'): Agent<View, Action> {
  return {
    name,
    choose: (_view, legal) => legal[rng.int(legal.length)],
  };
}
