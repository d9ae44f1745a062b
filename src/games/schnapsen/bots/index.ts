import type { SchnapsenAction } from '../state.js';
import type { SchnapsenRules } from '../rules.js';
import type { SchnapsenView } from '../view.js';
import type { BotFactory } from '../../botFactory.js';
import { randomAgent } from '../../randomBot.js';
import { ruleSchnapsenBot } from './ruleBot.js';

/** The Bauernschnapsen and Talonschnapsen bots by name: `random` and the rule-based `rule` (the default). */
export const SCHNAPSEN_BOTS: Readonly<Record<string, BotFactory<SchnapsenRules, SchnapsenView, SchnapsenAction>>> = {
  random: (_rules, _seat, rng) => randomAgent(rng),
  rule: (_rules, _seat, rng) => ruleSchnapsenBot(rng, 'rule'),
};
