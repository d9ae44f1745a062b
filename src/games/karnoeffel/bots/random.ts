import type { Rng } from '../../../core/rng.js';
import type { Agent } from '../../agent.js';
import type { KarnoeffelTypes } from '../game.js';

/**
 * Chooses uniformly among the legal decisions (raise, pass, accept, refuse,
 * the match announcement, a card). Table talk is not a move of the game, so
 * the random bot keeps quiet.
 */
export function randomBot(rng: Rng): Agent<KarnoeffelTypes> {
  return {
    name: 'random',
    kind: 'bot',
    choose(_view, legal) {
      const moves = legal.filter((a) => a.type !== 'advise');
      const options = moves.length > 0 ? moves : legal;
      return options[rng.int(options.length)];
    },
  };
}
