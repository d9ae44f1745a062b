import type { Game, GameTypes } from '../game.js';
import { applyAction, legalActions } from './engine.js';
import { formatAction, parseAction, type SchafkopfAction } from './notation.js';
import { schafkopfPack } from './cards.js';
import { SCHAFKOPF_RULES, type SchafkopfRules } from './rules.js';
import type { SchafkopfOutcome } from './scoring.js';
import type { SchafkopfSheet } from './sitting.js';
import { setupDeal, type SchafkopfCarry, type SchafkopfState } from './state.js';
import { schafkopfEvents, type SchafkopfEvent } from './events.js';
import { viewOf, type SchafkopfView } from './view.js';

/** The types Schafkopf is made of. */
export interface SchafkopfTypes extends GameTypes {
  readonly rules: SchafkopfRules;
  readonly state: SchafkopfState;
  readonly action: SchafkopfAction;
  readonly view: SchafkopfView;
  readonly event: SchafkopfEvent;
  readonly outcome: SchafkopfOutcome;
  readonly carry: SchafkopfCarry;
  readonly sheet: SchafkopfSheet;
  readonly start: null;
}

/** Schafkopf after Aumer/Koller (002), with the online sites' rules as a preset. */
export const schafkopf: Game<SchafkopfTypes> = {
  id: 'schafkopf',
  title: 'Schafkopf',
  ruleBook: SCHAFKOPF_RULES,
  pack: (rules) => schafkopfPack(rules.kurzeKarte),
  seatCount: () => 4,
  initialCarry: () => ({ stock: 0, bock: 0 }),
  setup: setupDeal,
  toAct: (state) => (state.turn < 0 ? [] : [state.turn]),
  mayAct: (state) => (state.turn < 0 ? [] : [state.turn]),
  legal: legalActions,
  apply: applyAction,
  view: viewOf,
  events: schafkopfEvents,
  outcome: (state) => state.outcome ?? undefined,
  formatAction: (rules, action) => formatAction(schafkopfPack(rules.kurzeKarte), action),
  parseAction: (rules, text) => parseAction(schafkopfPack(rules.kurzeKarte), text),
};
