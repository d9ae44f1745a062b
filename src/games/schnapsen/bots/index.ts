import type { BotKind } from '../../agent.js';
import type { SchnapsenTypes } from '../game.js';
import { ruleSchnapsenBot } from './ruleBot.js';

/** The rule bot of Bauernschnapsen and Talonschnapsen (level `easy`). */
export const SCHNAPSEN_EASY: BotKind<SchnapsenTypes> = {
  description: 'the rule bot: calls its strongest suit, announces a special game only when the hand clearly holds it, plays by rules of thumb',
  create: (_rules, _seat, rng) => ruleSchnapsenBot(rng, 'easy'),
};
