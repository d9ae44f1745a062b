import type { Card, Pack } from '../cards/pack.js';
import type { Result } from '../core/result.js';
import type { RuleBook } from './ruleBook.js';

/** Seats are numbered 0 .. n-1 in the order of the table. */
export type Seat = number;

/**
 * What a deal starts from: who deals, the shuffled pack (the order in which
 * the dealer hands the cards out) and what the sitting carries into this deal
 * (Schafkopf's Stock and Bock, the Bummerl score in Schnapsen, the match score
 * in Karnöffel).
 */
export interface DealInput<Carry> {
  readonly dealer: Seat;
  readonly deck: readonly Card[];
  readonly carry: Carry;
}

/**
 * The one interface every game exposes (ARCHITECTURE.md). Rules, states,
 * actions, views and outcomes are plain data that survive JSON. Nothing here
 * does I/O, reads the clock or draws randomness.
 */
export interface Game<Rules, State, Action, View, Outcome, Carry> {
  readonly id: string;
  readonly title: string;
  readonly ruleBook: RuleBook<Rules>;

  pack(rules: Rules): Pack;
  seatCount(rules: Rules): number;
  /** The carry of a deal played on its own, outside a sitting. */
  initialCarry(rules: Rules): Carry;

  /** A fresh deal, or an error if the rules or the deck are unusable. */
  setup(rules: Rules, deal: DealInput<Carry>): Result<State>;
  /** The seats that must decide now; empty once the deal is over. */
  toAct(state: State): readonly Seat[];
  /** Every legal action of this seat now (empty if it is not to act). */
  legal(state: State, seat: Seat): Action[];
  /** The next state, or a rule error; the given state is never changed. */
  apply(state: State, seat: Seat, action: Action): Result<State>;
  /** Exactly what this seat may know under the rules. */
  view(state: State, seat: Seat): View;
  /** The result once the deal is over, else undefined. */
  outcome(state: State): Outcome | undefined;

  /** The action in the game's text notation, as records and the terminal use it. */
  formatAction(rules: Rules, action: Action): string;
  /** Reads the text notation; an unknown word or card is an error. */
  parseAction(rules: Rules, text: string): Result<Action>;
}

/** Every deal outcome names each seat's score for the deal (money, points). */
export interface ScoredOutcome {
  readonly score: readonly number[];
}
