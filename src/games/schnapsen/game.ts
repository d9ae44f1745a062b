import type { Game, GameTypes } from '../game.js';
import type { BummerlSheet, SchnapsenStart } from './sitting.js';
import { schnapsenEvents } from './events.js';
import { PACK } from './cards.js';
import { setupDeal } from './deal.js';
import { applyAction, legalActions, toAct } from './engine.js';
import { formatSchnapsenAction, parseSchnapsenAction } from './notation.js';
import { BAUERN_RULE_BOOK, TALON_RULE_BOOK, type SchnapsenRules, type Variant } from './rules.js';
import type { SchnapsenAction, SchnapsenCarry, SchnapsenEvent, SchnapsenOutcome, SchnapsenState } from './state.js';
import { schnapsenView, type SchnapsenView } from './view.js';

/** The types Bauernschnapsen and Talonschnapsen are made of. */
export interface SchnapsenTypes extends GameTypes {
  readonly rules: SchnapsenRules;
  readonly state: SchnapsenState;
  readonly action: SchnapsenAction;
  readonly view: SchnapsenView;
  readonly event: SchnapsenEvent;
  readonly outcome: SchnapsenOutcome;
  readonly carry: SchnapsenCarry;
  readonly sheet: BummerlSheet;
  readonly start: SchnapsenStart;
}

export type SchnapsenGame = Game<SchnapsenTypes>;

function makeGame(variant: Variant): SchnapsenGame {
  const seats = variant === 'bauern' ? 4 : 3;
  return {
    id: variant === 'bauern' ? 'bauernschnapsen' : 'talonschnapsen',
    title: variant === 'bauern' ? 'Bauernschnapsen' : 'Talonschnapsen',
    ruleBook: variant === 'bauern' ? BAUERN_RULE_BOOK : TALON_RULE_BOOK,
    pack: () => PACK,
    seatCount: () => seats,
    initialCarry: () => ({ points: new Array(variant === 'bauern' ? 2 : 3).fill(0), trump: null }),
    setup: (rules, deal) => setupDeal(variant, rules, deal),
    toAct,
    mayAct: toAct,
    legal: legalActions,
    apply: applyAction,
    view: schnapsenView,
    events: schnapsenEvents,
    outcome: (state) => state.outcome ?? undefined,
    formatAction: (_rules, action) => formatSchnapsenAction(action),
    parseAction: (_rules, text) => parseSchnapsenAction(text),
  };
}

/** Bauernschnapsen: four players, partners opposite (seats 0 & 2 against 1 & 3). */
export const bauernschnapsen: SchnapsenGame = makeGame('bauern');
/** Talonschnapsen (Dreierschnapsen): three players, each for himself, with a talon of two. */
export const talonschnapsen: SchnapsenGame = makeGame('talon');
