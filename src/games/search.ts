import type { Rng } from '../core/rng.js';
import type { GameTypes, Seat } from './game.js';
import type { ModelWeights } from './decisionModel.js';

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
  /** Once the deal is over: the seat's score for the deal, as the public outcome's `score` gives it (but see `margin`). */
  score(seat: Seat): number;
  /**
   * Optional, in games that score only the winning side (Schnapsen's game
   * points, Karnöffel's round): when set, `score` is the seat's side's score
   * less the other side's (a lost game then costs what the winners get), and
   * `outcomes` follows it. The analysis sets it (src/search/margin.ts).
   */
  margin?: boolean;
  /** An independent copy in the same position. */
  clone(): SearchState;
  /**
   * Optional, for the solver's transposition table: a hash of the position,
   * a non-negative safe integer (up to 53 bits, e.g. two Zobrist halves),
   * covering everything the rest of the deal and the final scores depend on:
   * each seat's remaining cards, the cards of the trick in play, the seat to
   * move, and whatever taken so far the score still depends on (card points
   * and tricks per side, announced 20s and 40s, …), but not the order in
   * which earlier tricks were played. Two positions with the same hash are
   * taken to be the same; without it the solver searches without a table.
   * A state may answer -1 for a position it cannot key exactly (the solver
   * then searches it without the table).
   */
  hash?(): number;
  /**
   * Optional, with `hash`: a second word of the key (a non-negative safe
   * integer) where what the final scores depend on does not fit in one (a
   * Ramsch: every seat's points, tricks and trumps taken). Positions are the
   * same only when both words are.
   */
  hashExtra?(): number;
  /**
   * Optional, for the solver: the legal moves with one move per class of
   * moves that are equivalent now (they lead to the same value under best
   * play: say, the 8 and the 7 of a suit in one hand when every card between
   * them has been played and both count the same), as a mask that is a
   * subset of `legalMask()` holding at least one move of every class.
   * Without it every legal move is searched.
   */
  distinctMoves?(): number;
  /**
   * Optional, for the solver: the least and the most this seat can still
   * score at the end of the deal from this position, whatever is played
   * (`out[0]`, `out[1]`; -Infinity and Infinity when nothing is known). A
   * search whose question is already decided by them stops there.
   */
  scoreRange?(seat: Seat, out: Float64Array): void;
  /**
   * Optional, for the solver (with `questionKey`): the final scores this
   * seat can end the deal with, ascending (the payout's steps), or
   * undefined when there are too many to list.
   */
  outcomes?(seat: Seat): readonly number[] | undefined;
  /**
   * Optional, for the solver: a key of the position (like `hash`) for one
   * question only: does this seat end the deal with at least `threshold`?
   * It may fold what was taken so far into what that question still needs
   * (the points still missing to a step instead of the points taken), so
   * that positions after different tricks meet. Two positions with the same
   * key have the same answer; -1 where there is no key.
   */
  questionKey?(seat: Seat, threshold: number): number;
  /**
   * Optional, for the solver (with `futureKey`): when the question whether
   * this seat ends with at least `threshold` is, from this position, a
   * question of the card points side 0 takes from now on alone, writes it
   * into `out` and answers true: `out[0]` = 1 and `out[1]` = n for "side 0
   * takes at least n more", `out[0]` = -1 and `out[1]` = n for "side 0
   * takes at most n more". False where the question is not one of points
   * alone (Schwarz, Bettel, a Ramsch).
   */
  pointsQuestion?(seat: Seat, threshold: number, out: Float64Array): boolean;
  /**
   * Optional, with `pointsQuestion`: a key of the position for the card
   * points side 0 can still take under best play, which do not depend on
   * what was taken before: the cards still in play, the trick on the table,
   * the seat to move and the rule facts that change what is legal. Two
   * positions with the same key can take the same; -1 where there is none.
   */
  futureKey?(): number;
  /**
   * Optional, with `pointsQuestion`: the least and the most card points side
   * 0 takes from here under best play, side 0 taking as many as it can and
   * the others as few (`out[0]`, `out[1]`; at least 0 and at most the points
   * not yet in a finished trick; equal when the value is known), for the
   * solver's cut-offs.
   */
  futureBounds?(out: Float64Array): void;
  /**
   * Optional, with `futureKey`: the card points side 0 takes from here under
   * best play (as the solver's points search), fail-soft within (`alpha`,
   * `beta`): a result at or below `alpha` is an upper bound, at or above
   * `beta` a lower bound; by the state's own search of a small endgame,
   * faster than the solver's. NaN where it has none.
   */
  futureSearch?(alpha: number, beta: number): number;
  /**
   * Optional, for the solver's move order: how promising a legal move looks
   * for the seat to move (higher: searched first). It only orders the
   * search, it never changes a value.
   */
  moveOrder?(move: number): number;
}

/**
 * A game's own exact solver for deals the generic solver cannot finish
 * (Schafkopf's Ramsch, everyone for himself), made once for each deal
 * analysed so that its tables serve every position of the deal.
 */
export interface GameSolver {
  /** Whether it values this position (else the generic solver does). */
  handles(s: SearchState): boolean;
  /**
   * The seat's value with all cards known, as the generic solver gives it
   * (`Solver.value(s, s.side(seat), seat)`: the paranoid value where more
   * than two sides play); undefined when it passes `nodes` positions.
   */
  value(s: SearchState, seat: Seat, nodes: number): number | undefined;
  /**
   * Optional, where every seat plays for himself and the one who takes the
   * most card points pays (a Ramsch): each seat's standing in this position
   * (by seat), the questions answered within `nodes` positions in all
   * (first whether each seat pays, then the points forced on it; what is
   * not answered within them is null). Undefined for a position it does
   * not handle.
   */
  standings?(s: SearchState, nodes: number): SeatStanding[] | undefined;
}

/** A seat's standing where every seat plays for himself (`GameSolver.standings`), with all cards known. */
export interface SeatStanding {
  /** Card points taken so far. */
  readonly taken: number;
  /** Whether the three others together can make it pay from here (null: not answered within the budget). */
  readonly pays: boolean | null;
  /** The card points it ends with, the others pushing and it avoiding, taken included (null: not answered within the budget). */
  readonly forced: number | null;
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
  /**
   * Optional, for worlds weighted by the bidding (src/games/decisionModel.ts):
   * in this world (a `sampleWorld` of this seat's view), how many public
   * decisions of the other seats outside the card play (bids and passes,
   * Klopfen, Stoß, Spritzen, raising, …) the game's `easy` bot would have
   * made otherwise with that seat's cards of the world, asked at each
   * decision with that seat's view then. It reads only the world (whose
   * hidden cards are sampled) and its public history; decisions the seat
   * could not see (a bid still hidden in open announcements) are not
   * counted. Search weighs the world by `worldWeight(count)`; without it
   * every consistent world is equally likely. It may stop counting once the
   * count is above `limit` (the caller needs to know no more).
   */
  disagreements?(world: T['state'], seat: Seat, limit?: number): number;
  /**
   * Optional, with `disagreements`: the weight of one disagreement in this
   * game (ε, above 0 and at most 1), where it is measured to differ from
   * the default `DISAGREE_WEIGHT`.
   */
  readonly disagreeWeight?: number;
  /**
   * Optional, for worlds weighted by the whole play (issue 23,
   * `logLikelihood` in src/games/decisionModel.ts): the log of the
   * likelihood, in this world, of every public decision of the other seats
   * so far (bids, announcements, Stoß, Spritzen, raises and every card
   * played) under the easy bot as the model of their play, each seat asked
   * with its view then. Finite: no world has likelihood zero.
   */
  logLikelihood?(world: T['state'], seat: Seat, weights?: ModelWeights): number;
  /** Optional: a new solver of the game's own for the positions the generic one cannot finish (see `GameSolver`). */
  solver?(): GameSolver;
  /**
   * Optional, for bidding by search (src/search/beyondPlay.ts): a solve of
   * the card play with all cards known overrates the declaring side (side
   * 0), which sees where every card lies. A world that the declaring side
   * wins in the solve counts with its value times this factor (at most 1),
   * measured as the one that makes the solves' mean meet the mean of the
   * deals as the strong bot plays them (src/search/declarerBias.ts).
   * Without it (a game without a declaring side) values are taken as solved.
   */
  readonly declarerSolveFactor?: number;
  /**
   * Optional: whether `strong` bids by search in this game (its decisions
   * before the card play valued by solving the card play after them,
   * src/search/beyondPlay.ts). Set only where the arena measured it better
   * than `strong-1`'s playouts by the easy bot (docs/bots.md, "Bidding by
   * search"); elsewhere `strong` values those decisions as before.
   */
  readonly bidBySearch?: boolean;
  /**
   * Optional: whether `strong` values every decision by its side's score
   * less the other side's (src/search/margin.ts) instead of its own score,
   * in a game where only the winners score: by its own score a side that
   * loses in every world is indifferent to losing by one game point or by
   * three, and a doubling looks free to the side that may lose it. Set where
   * the arena measured it at least as good (docs/bots.md, "Playing by the
   * margin").
   */
  readonly byMargin?: boolean;
  /**
   * Optional: the live budget of `strong` in this game, worlds and solver
   * nodes a decision (default STRONG in src/search/pimc.ts: 24 and
   * 400,000), chosen as the most that keeps its decisions within 1 s of one
   * core at the 99th percentile (issue 23; README, "strong against
   * strong-1"). `playoutWorlds`: fewer worlds for the decisions outside
   * the card play that `easy` playouts value (`PimcOptions.playoutWorlds`).
   */
  readonly strongBudget?: { readonly worlds: number; readonly nodes: number; readonly playoutWorlds?: number };
  /**
   * Optional: decisions that only set the stake of a deal that one side
   * wins whole (Karnöffel's raises). `strong` decides them from its side's
   * chance of winning the card play, over its sampled worlds, instead of by
   * `easy` playouts (src/search/stakes.ts).
   */
  readonly stakes?: StakeRule<T>;
  /**
   * Optional: groups of legal actions (indices into `legal`) that are worth
   * the same from the seat's view by symmetry alone, because the seat cannot
   * tell them apart (Schnapsen: turning up one or another of the Rufer's
   * cards still face down). A thinking bot values each as its group's mean
   * in every sampled world, so that the noise of sampling does not rank one
   * above another, nor favour the group by the best of several draws.
   */
  exchangeable?(view: T['view'], legal: readonly T['action'][]): readonly (readonly number[])[];
}

/** How a game's stake decisions are taken from the chance of winning (see `SearchSupport.stakes`). */
export interface StakeRule<T extends GameTypes> {
  /** Whether the seat's decision now only sets the stake. */
  applies(view: T['view'], legal: readonly T['action'][]): boolean;
  /** The world carried on to its card play with the stake as it is (every decision before it one that keeps the stake), or undefined if it ends first. */
  toCardPlay(world: T['state']): T['state'] | undefined;
  /** The action for a side that wins the card play with chance `p`, or undefined to decide as usual (the easy bot's way). */
  choose(view: T['view'], legal: readonly T['action'][], p: number): T['action'] | undefined;
  /** What each legal action is worth to the seat's side, its expected points less the other side's, by the rule's own reckoning (for hints). */
  values(view: T['view'], legal: readonly T['action'][], p: number): number[];
}
