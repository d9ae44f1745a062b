import { lowestBit32 } from '../cards/bits.js';
import type { SearchState } from '../games/search.js';
import { Table } from './transposition.js';
import { sortMovesByScore } from '../core/moveOrder.js';

/**
 * The generic perfect-information solver: the exact value of a deal under
 * best play by every side with all cards known, over any game's
 * `SearchState`.
 *
 * - Value: the final `score` of a seat of the side in question (or, with
 *   the `points` objective, that side's card points at the end). With two
 *   sides this is minimax: the side maximises, the other minimises. With
 *   more sides (a Ramsch, everyone for himself) the other sides are taken
 *   to play together against it (the paranoid assumption), which is the
 *   value that side can guarantee.
 * - Alpha-beta, fail-soft, over the true final values; a transposition
 *   table of lower and upper bounds when the state offers `hash()` (no table
 *   otherwise: nothing generic can tell positions apart safely); moves
 *   ordered by the table's best move, then by a history score per move;
 *   equivalent moves searched once when the state offers `distinctMoves()`.
 * - Steps: threshold questions ("can side s reach at least v?") are
 *   null-window searches (`atLeast`); `value` finds the exact value with
 *   MTD(f), a sequence of null-window searches that jumps from one final
 *   score to the next (for Schafkopf's 61/91/Schwarz steps or Schnapsen's
 *   1/2/3 points a handful of searches). Scores are taken to differ by more
 *   than `EPS` (integers, cents: they do).
 */
export type Objective = 'score' | 'points';

export const EPS = 1e-7;

/** The tables' first size, 2^START_BITS slots (they double as they fill). */
const START_BITS = 12;

export interface SolverOptions {
  readonly objective?: Objective;
  /** The tables start with 2^12 slots and grow, as positions are stored, up to 2^tableBits slots (default 20: about a million positions, 34 MB). */
  readonly tableBits?: number;
  /** Use `distinctMoves()` where offered (default true). */
  readonly equivalence?: boolean;
  /** Use `hash()` where offered (default true). */
  readonly table?: boolean;
}

/** Thrown by a search that passes its deadline or node limit; the search state is restored before it is thrown. */
export class SolverTimeout extends Error {
  constructor() {
    super('the solver ran out of time');
  }
}

export class Solver {
  /** Positions visited by the searches so far. */
  nodes = 0;
  /**
   * A time (as `performance.now()` gives it) after which a search stops with
   * `SolverTimeout` instead of running on; Infinity: no limit.
   */
  deadline = Infinity;
  /**
   * A count of `nodes` after which a search stops with `SolverTimeout`
   * (checked every 1,024 nodes); Infinity: no limit. Unlike the deadline it
   * does not depend on the machine.
   */
  nodeLimit = Infinity;
  private readonly objective: Objective;
  private readonly useEquivalence: boolean;
  private readonly useTable: boolean;
  private readonly tt: Table;
  /** Bounds on the card points side 0 can still take, by `futureKey` (for questions of points alone). */
  private readonly ft: Table;
  private readonly pq = new Float64Array(2);
  private readonly fb = new Float64Array(2);
  private ttSide = -1;
  private ttState: SearchState | undefined;
  private ttSeat = -1;
  private readonly history = new Float64Array(64);
  private readonly moveBuf: Int32Array[] = [];
  private readonly orderBuf: Float64Array[] = [];
  private readonly range = new Float64Array(2);
  /** The threshold whose question keys the table holds (NaN: the table holds bounds on values). */
  private ttQuestion = NaN;
  private side = 0;
  private rep = 0;

  constructor(options: SolverOptions = {}) {
    this.objective = options.objective ?? 'score';
    // Small at first: a typical whole deal stores a few thousand positions, and a solver is often made for one deal (zeroing megabytes would cost more than the search).
    this.tt = new Table(START_BITS, options.tableBits ?? 20);
    this.ft = new Table(START_BITS, options.tableBits ?? 20);
    this.useEquivalence = options.equivalence ?? true;
    this.useTable = options.table ?? true;
  }

  /** Forgets the transposition table (it is also forgotten whenever another deal or side is solved). */
  reset(): void {
    this.tt.clear();
    this.ft.clear();
    this.ttQuestion = NaN;
    this.history.fill(0);
  }

  /**
   * The exact value of the position for `side` (default: the side to move),
   * as the final score of `seat` (default: the side's first seat). The state
   * is left as it was. `guess` (default 0) is where MTD(f) starts: a value
   * near the true one saves searches.
   */
  value(state: SearchState, side = sideToMove(state), seat?: number, guess = 0): number {
    this.prepare(state, side, seat);
    if (state.isOver()) return this.final(state);
    const steps = this.steps(state);
    if (steps) return this.guarded(state, () => this.stepValue(state, steps, guess));
    return this.guarded(state, () => {
      let lo = -Infinity;
      let hi = Infinity;
      let g = guess;
      for (let guard = 0; lo < hi && guard < 10_000; guard++) {
        const beta = g === lo ? g + EPS : g;
        g = this.search(state, beta - EPS, beta, 0);
        if (g < beta) hi = g;
        else lo = g;
      }
      return g;
    });
  }

  /** Whether `side` can make sure of a value of at least `threshold` (one null-window search). */
  atLeast(state: SearchState, side: number, threshold: number): boolean {
    this.prepare(state, side);
    if (state.isOver()) return this.final(state) >= threshold;
    if (this.steps(state)) return this.guarded(state, () => this.decide(state, threshold));
    return this.guarded(state, () => this.search(state, threshold - EPS, threshold, 0) >= threshold);
  }

  /**
   * The final scores the seat can end with, ascending, when the state
   * offers them and keys for threshold questions (`outcomes`,
   * `questionKey`); then the value is found by asking "at least this step?"
   * of a few of them, each a search of yes and no.
   */
  private steps(state: SearchState): readonly number[] | undefined {
    if (this.objective !== 'score' || !this.useTable || state.questionKey === undefined || state.outcomes === undefined) return undefined;
    const steps = state.outcomes(this.rep);
    return steps && steps.length > 0 ? steps : undefined;
  }

  /** The value by bisection over the steps, starting at the step nearest `guess`. */
  private stepValue(state: SearchState, steps: readonly number[], guess: number): number {
    const range = this.range;
    let lo = 0;
    let hi = steps.length - 1;
    if (state.scoreRange) {
      state.scoreRange(this.rep, range);
      while (lo < hi && steps[lo] < range[0]) lo++;
      while (hi > lo && steps[hi] > range[1]) hi--;
    }
    // Invariant: the value is one of steps[lo..hi].
    let first = true;
    while (lo < hi) {
      let mid = (lo + hi + 1) >> 1;
      if (first) {
        // The first question at the guess: the step just above it or at it.
        first = false;
        let g = lo + 1;
        while (g < hi && steps[g] <= guess) g++;
        mid = steps[g - 1] >= guess ? Math.max(lo + 1, g - 1) : g;
      }
      if (this.decide(state, steps[mid])) lo = mid;
      else hi = mid - 1;
    }
    return steps[lo];
  }

  /** Whether the side reaches at least `threshold`: a search of yes and no over the state's question keys. */
  private decide(state: SearchState, threshold: number): boolean {
    if (this.ttQuestion !== threshold) {
      this.tt.clear();
      this.ttQuestion = threshold;
    }
    return this.reach(state, threshold, 0);
  }

  private reach(state: SearchState, v: number, ply: number): boolean {
    if ((++this.nodes & 1023) === 0 && (this.nodes > this.nodeLimit || performance.now() > this.deadline)) throw new SolverTimeout();
    if (state.isOver()) return this.final(state) >= v;
    const range = this.range;
    if (state.scoreRange !== undefined) {
      state.scoreRange(this.rep, range);
      if (range[0] >= v) return true;
      if (range[1] < v) return false;
    }
    // A question of points alone: searched as the points side 0 takes from here on (bounds kept across questions).
    const pq = this.pq;
    if (state.pointsQuestion !== undefined && state.futureKey !== undefined && state.pointsQuestion(this.rep, v, pq)) {
      const n0 = pq[1];
      return pq[0] > 0 ? this.future(state, n0 - 1, n0, ply) >= n0 : this.future(state, n0, n0 + 1, ply) <= n0;
    }
    const tt = this.tt;
    const key = state.questionKey!(this.rep, v);
    if (key >= 0) {
      // A stored answer is final: the slot holds 1 (yes) or 0 (no).
      const found = tt.find(key);
      if (found >= 0) return tt.d[found + 1] === 1;
    }
    const maximizing = state.side(state.toMove()) === this.side;
    const buf = this.moveBuf[ply] ?? (this.moveBuf[ply] = new Int32Array(64));
    const n = this.orderedMoves(state, ply, -1, buf);
    // A maximizing seat needs one move that reaches v; a minimizing one, one that keeps it from v.
    let result = !maximizing;
    for (let i = 0; i < n; i++) {
      const m = buf[i];
      state.play(m);
      const r = this.reach(state, v, ply + 1);
      state.undo();
      if (r === maximizing) {
        result = r;
        this.history[m] += n - i;
        break;
      }
    }
    if (key >= 0) tt.d[tt.slot(key) + 1] = result ? 1 : 0;
    return result;
  }

  /**
   * The card points side 0 takes from this position on under best play
   * (side 0 taking as many as it can, the others as few), fail-soft
   * alpha-beta: a result at or below `alpha` is an upper bound, at or above
   * `beta` a lower bound. These do not depend on the past, so the bounds are
   * kept by `futureKey` across transpositions and across questions.
   */
  private future(state: SearchState, alpha: number, beta: number, ply: number): number {
    if ((++this.nodes & 1023) === 0 && (this.nodes > this.nodeLimit || performance.now() > this.deadline)) throw new SolverTimeout();
    if (state.isOver()) return 0;
    const fb = this.fb;
    if (state.futureBounds !== undefined) {
      state.futureBounds(fb);
      if (fb[0] >= beta || fb[0] === fb[1]) return fb[0];
      if (fb[1] <= alpha) return fb[1];
    } else if (beta <= 0) return 0;
    const ft = this.ft;
    const key = state.futureKey!();
    let first = -1;
    if (key >= 0) {
      const f = ft.find(key);
      if (f >= 0) {
        first = ft.best(f);
        const lo = ft.d[f + 1];
        const hi = ft.d[f + 2];
        if (lo >= beta) return lo;
        if (hi <= alpha) return hi;
        if (lo === hi) return lo;
        if (lo > alpha) alpha = lo;
        if (hi < beta) beta = hi;
      }
    }
    const a0 = alpha;
    const b0 = beta;
    if (state.futureSearch !== undefined) {
      // A small endgame the state searches faster itself.
      const v = state.futureSearch(alpha, beta);
      if (v === v) {
        if (key >= 0) ft.record(key, 0, v, a0, b0, first);
        return v;
      }
    }
    const maximizing = state.side(state.toMove()) === 0;
    const buf = this.moveBuf[ply] ?? (this.moveBuf[ply] = new Int32Array(64));
    const n = this.orderedMoves(state, ply, first, buf);
    const before = state.sidePoints(0);
    let best = maximizing ? -Infinity : Infinity;
    let bestMove = first;
    for (let i = 0; i < n; i++) {
      const m = buf[i];
      state.play(m);
      const gained = state.sidePoints(0) - before;
      const v = gained + this.future(state, alpha - gained, beta - gained, ply + 1);
      state.undo();
      if (maximizing) {
        if (v > best) {
          best = v;
          bestMove = m;
          if (v > alpha) alpha = v;
        }
      } else if (v < best) {
        best = v;
        bestMove = m;
        if (v < beta) beta = v;
      }
      if (alpha >= beta) {
        this.history[m] += n - i;
        break;
      }
    }
    if (key >= 0) ft.record(key, 0, best, a0, b0, bestMove);
    return best;
  }

  /** The moves to search at this ply, into `buf`, in order: `first`, then the state's hint, then the history. */
  private orderedMoves(state: SearchState, ply: number, first: number, buf: Int32Array): number {
    const mask = this.useEquivalence && state.distinctMoves ? state.distinctMoves() : state.legalMask();
    const n = fillMoves(mask, buf);
    // One move (a third of the positions): nothing to order.
    if (n === 1) return 1;
    const h = this.history;
    const order = this.orderBuf[ply] ?? (this.orderBuf[ply] = new Float64Array(64));
    const hinted = state.moveOrder !== undefined;
    for (let i = 0; i < n; i++) {
      const m = buf[i];
      order[i] = m === first ? Infinity : hinted ? state.moveOrder!(m) * 4294967296 + h[m] : h[m];
    }
    sortMovesByScore(buf, order, n);
    return n;
  }

  /** Runs a search; when it passes the deadline, takes back the moves it made before `SolverTimeout` goes on. */
  private guarded<R>(state: SearchState, run: () => R): R {
    const depth = state.depth();
    try {
      return run();
    } catch (e) {
      while (state.depth() > depth) state.undo();
      throw e;
    }
  }

  /**
   * The exact value, for the side to move, of each of its legal moves
   * (every legal move, equivalent ones included).
   */
  moveValues(state: SearchState): { move: number; value: number }[] {
    const side = sideToMove(state);
    const out: { move: number; value: number }[] = [];
    for (const move of movesOf(state.legalMask())) {
      state.play(move);
      out.push({ move, value: this.value(state, side) });
      state.undo();
    }
    return out;
  }

  private prepare(state: SearchState, side: number, seat?: number): void {
    if (seat !== undefined && state.side(seat) !== side) throw new Error(`seat ${seat} does not play for side ${side}`);
    if (side !== this.ttSide || state !== this.ttState || (seat ?? -1) !== this.ttSeat) {
      // Another deal or another side: bounds from before do not apply.
      this.tt.clear();
      this.ft.clear();
      this.ttQuestion = NaN;
      this.history.fill(0);
      this.ttSide = side;
      this.ttState = state;
      this.ttSeat = seat ?? -1;
    }
    this.side = side;
    this.rep = seat ?? -1;
    for (let s = 0; s < state.seats && this.rep < 0; s++) {
      if (state.side(s) === side) {
        this.rep = s;
        break;
      }
    }
    if (this.rep < 0) throw new Error(`no seat plays for side ${side}`);
  }

  private final(state: SearchState): number {
    return this.objective === 'score' ? state.score(this.rep) : state.sidePoints(this.side);
  }

  private search(state: SearchState, alpha: number, beta: number, ply: number): number {
    if (ply === 0 && !Number.isNaN(this.ttQuestion)) {
      this.tt.clear();
      this.ttQuestion = NaN;
    }
    if ((++this.nodes & 1023) === 0 && (this.nodes > this.nodeLimit || performance.now() > this.deadline)) throw new SolverTimeout();
    if (state.isOver()) return this.final(state);
    if (this.objective === 'score' && state.scoreRange !== undefined) {
      const range = this.range;
      state.scoreRange(this.rep, range);
      if (range[0] >= beta) return range[0];
      if (range[1] <= alpha) return range[1];
    }
    const tt = this.tt;
    const key = this.useTable && state.hash !== undefined ? state.hash() : -1;
    const key2 = key >= 0 && state.hashExtra !== undefined ? state.hashExtra() : 0;
    const found = key >= 0 ? tt.find(key, key2) : -1;
    if (found >= 0) {
      const lo = tt.d[found + 1];
      const hi = tt.d[found + 2];
      if (lo >= beta) return lo;
      if (hi <= alpha) return hi;
      if (lo === hi) return lo;
      if (lo > alpha) alpha = lo;
      if (hi < beta) beta = hi;
    }
    const a0 = alpha;
    const b0 = beta;
    const maximizing = state.side(state.toMove()) === this.side;
    const mask = this.useEquivalence && state.distinctMoves ? state.distinctMoves() : state.legalMask();
    const buf = this.moveBuf[ply] ?? (this.moveBuf[ply] = new Int32Array(64));
    const n = fillMoves(mask, buf);
    // Order: the table's best move first, then by history (moves that cut off before).
    const first = found >= 0 ? tt.best(found) : -1;
    const h = this.history;
    for (let i = 1; i < n; i++) {
      const m = buf[i];
      const score = m === first ? Infinity : h[m];
      let j = i - 1;
      while (j >= 0 && (buf[j] === first ? Infinity : h[buf[j]]) < score) {
        buf[j + 1] = buf[j];
        j--;
      }
      buf[j + 1] = m;
    }
    let best = maximizing ? -Infinity : Infinity;
    let bestMove = buf[0];
    for (let i = 0; i < n; i++) {
      const m = buf[i];
      state.play(m);
      const v = this.search(state, alpha, beta, ply + 1);
      state.undo();
      if (maximizing) {
        if (v > best) {
          best = v;
          bestMove = m;
          if (v > alpha) alpha = v;
        }
      } else if (v < best) {
        best = v;
        bestMove = m;
        if (v < beta) beta = v;
      }
      if (alpha >= beta) {
        h[m] += 1 + n - i;
        break;
      }
    }
    if (key >= 0) tt.record(key, key2, best, a0, b0, bestMove);
    return best;
  }
}

/** The side of the seat to move. */
export function sideToMove(state: SearchState): number {
  const seat = state.toMove();
  if (seat < 0) throw new Error('the deal is over: nobody is to move');
  return state.side(seat);
}

/** The moves of a mask (moves below 53), ascending. */
export function movesOf(mask: number): number[] {
  const buf = new Int32Array(64);
  return Array.from(buf.subarray(0, fillMoves(mask, buf)));
}

const TWO_32 = 4294967296;

function fillMoves(mask: number, out: Int32Array): number {
  let n = 0;
  let lo = mask >>> 0;
  let hi = mask >= TWO_32 ? Math.floor(mask / TWO_32) >>> 0 : 0;
  while (lo !== 0) {
    out[n++] = lowestBit32(lo);
    lo &= lo - 1;
  }
  while (hi !== 0) {
    out[n++] = 32 + lowestBit32(hi);
    hi &= hi - 1;
  }
  return n;
}

/** Plain minimax without pruning, table or equivalence: the reference the tests compare the solver with. */
export function minimax(state: SearchState, side: number, objective: Objective = 'score'): number {
  let rep = 0;
  while (state.side(rep) !== side) rep++;
  const walk = (): number => {
    if (state.isOver()) return objective === 'score' ? state.score(rep) : state.sidePoints(side);
    const max = state.side(state.toMove()) === side;
    let best = max ? -Infinity : Infinity;
    for (const m of movesOf(state.legalMask())) {
      state.play(m);
      const v = walk();
      state.undo();
      best = max ? Math.max(best, v) : Math.min(best, v);
    }
    return best;
  };
  return walk();
}
