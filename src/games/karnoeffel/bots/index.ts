import type { BotFactory } from '../../botFactory.js';
import type { KarnoeffelRules } from '../rules.js';
import type { KarnoeffelAction, KarnoeffelView } from '../state.js';
import { heuristicBot } from './heuristic.js';
import { randomBot } from './random.js';

/** The Karnöffel bots by name: `random` and the rule-based `rule` (the default). */
export const KARNOEFFEL_BOTS: Readonly<Record<string, BotFactory<KarnoeffelRules, KarnoeffelView, KarnoeffelAction>>> = {
  random: (_rules, _seat, rng) => randomBot(rng),
  rule: (rules) => heuristicBot(rules),
};
