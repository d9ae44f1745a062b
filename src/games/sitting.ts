import type { DealFairness } from '../core/fairness.js';
import type { Rng } from '../core/rng.js';
import type { GameTypes, Seat } from './game.js';

/**
 * How a game keeps score across a sitting (many deals): who deals first and
 * how the deal moves, what each deal carries in from the ones before, the
 * score sheet (Schafkopf's money ledger, the Bummerl tally, Karnöffel's match
 * points), and the unit a sitting is played in (a round in which everyone
 * deals once, a Bummerl, a match).
 */
export interface SittingRules<T extends GameTypes> {
  /** Decided once before the first deal (drawing lots for dealer and seats). */
  begin(rules: T['rules'], rng: Rng): SittingStart<T['start']>;
  /** Checks the `start` of a record before replaying it; undefined if fine. */
  checkStart(rules: T['rules'], start: unknown): string | undefined;
  /** The seat that must deal first after this start, or undefined where the start does not fix it. */
  firstDealer(rules: T['rules'], start: T['start']): Seat | undefined;
  initialSheet(rules: T['rules'], start: T['start']): T['sheet'];
  /** What the next deal inherits from the sheet. */
  carry(rules: T['rules'], sheet: T['sheet']): T['carry'];
  /** Books a finished deal and names the next dealer. */
  afterDeal(rules: T['rules'], sheet: T['sheet'], dealer: Seat, outcome: T['outcome']): { sheet: T['sheet']; nextDealer: Seat };
  /** The unit of play in the players' words: "round", "Bummerl", "match". */
  readonly unit: string;
  /** Whether the deal that turned `before` into `after` completed a unit (a Bummerl won, a match over, everyone dealt once). */
  unitComplete(rules: T['rules'], before: T['sheet'], after: T['sheet']): boolean;
  /** A few lines for the terminal: the running scores, each player by name. */
  describeSheet(rules: T['rules'], sheet: T['sheet'], players: readonly string[]): string;
}

export interface SittingStart<Start> {
  readonly firstDealer: Seat;
  /** Game-specific facts of the start (the lots drawn), kept in the record. */
  readonly start: Start;
  /** seatOf[player] = seat, when lots decide where everyone sits; else identity. */
  readonly seatOf?: readonly number[];
}

/** One finished deal as the record keeps it. */
export interface DealLog<Carry, Outcome> {
  readonly dealer: Seat;
  readonly carry: Carry;
  readonly deck: readonly string[];
  readonly actions: readonly (readonly [Seat, string])[];
  readonly outcome: Outcome;
  /** How the deck was shuffled, for `stich verify`: absent where it came from a plain random source (`--seed`). */
  readonly fair?: DealFairness;
}

export interface SittingResult<T extends GameTypes> {
  readonly rules: T['rules'];
  readonly start: T['start'];
  readonly firstDealer: Seat;
  /** Player names by seat. */
  readonly players: readonly string[];
  readonly deals: readonly DealLog<T['carry'], T['outcome']>[];
  readonly sheet: T['sheet'];
}
