import type { BotKind } from '../../agent.js';
import type { KarnoeffelTypes } from '../game.js';
import { heuristicBot } from './heuristic.js';
import { randomBot } from './random.js';

/** The Karnöffel bots by name: `easy` (the rule bot, the default) and `random`. */
export const KARNOEFFEL_BOTS: Readonly<Record<string, BotKind<KarnoeffelTypes>>> = {
  easy: {
    description: 'the rule bot: raises with strong trump powers, keeps the Devil for a lead and the Karnöffel against it, advises its partner',
    create: (rules) => heuristicBot(rules),
  },
  random: { description: 'chooses uniformly among the legal decisions and keeps quiet', create: (_rules, _seat, rng) => randomBot(rng) },
};
