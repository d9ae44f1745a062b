import type { Game } from '../game.js';
import { PACK } from './cards.js';
import { apply, legal, setup, toAct } from './engine.js';
import { formatAction, parseAction } from './notation.js';
import { RULE_BOOK, type KarnoeffelRules } from './rules.js';
import type { KarnoeffelAction, KarnoeffelCarry, KarnoeffelOutcome, KarnoeffelState, KarnoeffelView } from './state.js';
import { view } from './view.js';

export type KarnoeffelGame = Game<KarnoeffelRules, KarnoeffelState, KarnoeffelAction, KarnoeffelView, KarnoeffelOutcome, KarnoeffelCarry>;

/** Karnöffel, the card game of the Landsknechte (000, 001). */
export const karnoeffel: KarnoeffelGame = {
  id: 'karnoeffel',
  title: 'Karnöffel',
  ruleBook: RULE_BOOK,
  pack: () => PACK,
  seatCount: (rules) => rules.players,
  initialCarry: () => ({ points: [0, 0] }),
  setup,
  toAct,
  legal,
  apply,
  view,
  outcome: (state) => state.outcome ?? undefined,
  formatAction: (_rules, action) => formatAction(action),
  parseAction: (_rules, text) => parseAction(text),
};
