import type { BotFactory } from '../bot.js';
import type { KarnoeffelRules } from '../../games/karnoeffel/rules.js';
import type { KarnoeffelAction, KarnoeffelView } from '../../games/karnoeffel/types.js';
import { heuristicBot } from './heuristic.js';
import { randomBot } from './random.js';

/** The Karnöffel bots by name: `random` and the rule-based `rule` (the default). */
export const KARNOEFFEL_BOTS: Readonly<Record<string, BotFactory<KarnoeffelRules, KarnoeffelView, KarnoeffelAction>>> = {
  random: (_rules, _seat, rng) => randomBot(rng),
  rule: (rules) => heuristicBot(rules),
};
