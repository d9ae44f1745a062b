import type { BotFactory } from '../../cli/adapter.js';
import type { KarnoeffelRules } from '../../games/karnoeffel/rules.js';
import type { KarnoeffelAction, KarnoeffelView } from '../../games/karnoeffel/types.js';
import { heuristicBot } from './heuristic.js';
import { randomBot } from './random.js';

/** The Karnöffel bots by name: `random` and the rule-based `heuristic` (the default). */
export const KARNOEFFEL_BOTS: Readonly<Record<string, BotFactory<KarnoeffelRules, KarnoeffelView, KarnoeffelAction>>> = {
  random: (_rules, _seat, rng) => randomBot(rng),
  heuristic: (rules) => heuristicBot(rules),
};
