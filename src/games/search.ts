import type { Rng } from '../core/rng.js';
import type { GameTypes, Seat } from './game.js';

/**
 * A deal in the middle of its card play, mutable, for search: the solver,
 * sampled-world search and playouts run millions of moves through it.
 * Moves are small integers (below 53): a card id, or a code the game defines
 * for another decision of the play (Schnapsen's 20 and 40); `legalMask` has
 * bit m set for every legal move m (a plain number, so 48-card packs fit).
 * `play` and `undo` are exact inverses: after `play(m); undo()` the state is
 * identical in every respect.
 */
export interface SearchState {
  /** Number of seats at the table. */
  readonly seats: number;
  /** The seat to move; -1 once the deal is over. */
  toMove(): Seat;
  /** The legal moves of the seat to move, as a mask (0 once the deal is over). */
  legalMask(): number;
  play(move: number): void;
  undo(): void;
  /** Moves played since the state was loaded (what `undo` can take back). */
  depth(): number;
  isOver(): boolean;
  /** The side a seat plays for in this deal (0 = the declaring side where there is one); `sides()` of them. */
  side(seat: Seat): number;
  sides(): number;
  /** Card points taken so far by each side. */
  sidePoints(side: number): number;
  /** Tricks taken so far by each side. */
  sideTricks(side: number): number;
  /** Once the deal is over: the seat's score for the deal, as the public outcome's `score` gives it. */
  score(seat: Seat): number;
  /** An independent copy in the same position. */
  clone(): SearchState;
}

/**
 * What search needs of a game beyond its public rules: a search state from
 * a public state, moves as public actions, and complete deals consistent
 * with what one seat knows.
 */
export interface SearchSupport<T extends GameTypes> {
  /**
   * A search state in the position of `state`, or undefined when the deal
   * is not in its card play (bidding, raising, a deal already over).
   */
  load(state: T['state']): SearchState | undefined;
  /** The public action of a search move in this state. */
  actionOf(state: T['state'], move: number): T['action'];
  /** The search move of a public action, or undefined if it is not a move of the card play. */
  moveOf(state: T['state'], action: T['action']): number | undefined;
  /**
   * A complete state that this seat's view could have come from: its own
   * hand and everything it has seen are as in the view, every hidden card is
   * placed uniformly at random among the deals consistent with what the
   * rules and the play so far reveal (a seat that did not follow suit is void
   * in it, a Rufspiel's caller holds a card of the called suit, …).
   * `game.view(sampleWorld(v, seat, rng), seat)` equals `v`.
   */
  sampleWorld(view: T['view'], seat: Seat, rng: Rng): T['state'];
}
