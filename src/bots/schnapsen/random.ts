import type { Rng } from '../../core/rng.js';
import type { Seat } from '../../games/game.js';
import type { SchnapsenAction } from '../../games/schnapsen/state.js';
import type { SchnapsenView } from '../../games/schnapsen/view.js';
import type { Agent } from '../../match/agent.js';

/** Picks a uniformly random legal action. */
export function randomSchnapsenBot(rng: Rng, name = 'random'): Agent<SchnapsenView, SchnapsenAction> {
  return {
    name,
    choose: (_view: SchnapsenView, legal: readonly SchnapsenAction[], _seat: Seat) => legal[rng.int(legal.length)],
  };
}
