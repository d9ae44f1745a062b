import type { Game } from '../game.js';
import { PACK } from './cards.js';
import { setupDeal } from './deal.js';
import { applyAction, legalActions, toAct } from './engine.js';
import { formatSchnapsenAction, parseSchnapsenAction } from './notation.js';
import { BAUERN_RULE_BOOK, TALON_RULE_BOOK, type SchnapsenRules, type Variant } from './rules.js';
import type { SchnapsenAction, SchnapsenCarry, SchnapsenOutcome, SchnapsenState } from './state.js';
import { schnapsenView, type SchnapsenView } from './view.js';

export type SchnapsenGame = Game<SchnapsenRules, SchnapsenState, SchnapsenAction, SchnapsenView, SchnapsenOutcome, SchnapsenCarry>;

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
    legal: legalActions,
    apply: applyAction,
    view: schnapsenView,
    outcome: (state) => state.outcome ?? undefined,
    formatAction: (_rules, action) => formatSchnapsenAction(action),
    parseAction: (_rules, text) => parseSchnapsenAction(text),
  };
}

/** Bauernschnapsen: four players, partners opposite (seats 0 & 2 against 1 & 3). */
export const bauernschnapsen: SchnapsenGame = makeGame('bauern');
/** Talonschnapsen (Dreierschnapsen): three players, each for himself, with a talon of two. */
export const talonschnapsen: SchnapsenGame = makeGame('talon');
