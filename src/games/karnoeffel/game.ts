import type { Game, GameTypes } from '../game.js';
import { karnoeffelEvents } from './events.js';
import type { KarnoeffelSheet, KarnoeffelStart } from './sitting.js';
import { PACK } from './cards.js';
import { apply, legal, mayAct, setup, toAct } from './engine.js';
import { formatAction, parseAction } from './notation.js';
import { RULE_BOOK, type KarnoeffelRules } from './rules.js';
import type { KarnoeffelAction, KarnoeffelCarry, KarnoeffelEvent, KarnoeffelOutcome, KarnoeffelState, KarnoeffelView } from './state.js';
import { view } from './view.js';

/** The types Karnöffel is made of. */
export interface KarnoeffelTypes extends GameTypes {
  readonly rules: KarnoeffelRules;
  readonly state: KarnoeffelState;
  readonly action: KarnoeffelAction;
  readonly view: KarnoeffelView;
  readonly event: KarnoeffelEvent;
  readonly outcome: KarnoeffelOutcome;
  readonly carry: KarnoeffelCarry;
  readonly sheet: KarnoeffelSheet;
  readonly start: KarnoeffelStart;
}

export type KarnoeffelGame = Game<KarnoeffelTypes>;

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
  mayAct,
  legal,
  apply,
  view,
  events: karnoeffelEvents,
  outcome: (state) => state.outcome ?? undefined,
  formatAction: (_rules, action) => formatAction(action),
  parseAction: (_rules, text) => parseAction(text),
};
