import { lowestBit32 } from '../cards/bits.js';
import type { SearchState } from '../games/search.js';

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

interface Bounds {
  lo: number;
  hi: number;
  best: number;
}

export interface SolverOptions {
  readonly objective?: Objective;
  /** The table is cleared when it holds more entries than this (default 2,000,000). */
  readonly tableLimit?: number;
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
  private readonly tableLimit: number;
  private readonly useEquivalence: boolean;
  private readonly useTable: boolean;
  private tt = new Map<number, Bounds>();
  private ttSide = -1;
  private ttState: SearchState | undefined;
  private ttSeat = -1;
  private readonly history = new Float64Array(64);
  private readonly moveBuf: Int32Array[] = [];
  private side = 0;
  private rep = 0;

  constructor(options: SolverOptions = {}) {
    this.objective = options.objective ?? 'score';
    this.tableLimit = options.tableLimit ?? 2_000_000;
    this.useEquivalence = options.equivalence ?? true;
    this.useTable = options.table ?? true;
  }

  /** Forgets the transposition table (it is also forgotten whenever another deal or side is solved). */
  reset(): void {
    this.tt.clear();
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
    return this.guarded(state, () => this.search(state, threshold - EPS, threshold, 0) >= threshold);
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
    if ((++this.nodes & 1023) === 0 && (this.nodes > this.nodeLimit || performance.now() > this.deadline)) throw new SolverTimeout();
    if (state.isOver()) return this.final(state);
    const hashed = this.useTable && state.hash !== undefined;
    let key = 0;
    let entry: Bounds | undefined;
    if (hashed) {
      key = state.hash!();
      entry = this.tt.get(key);
      if (entry) {
        if (entry.lo >= beta) return entry.lo;
        if (entry.hi <= alpha) return entry.hi;
        if (entry.lo === entry.hi) return entry.lo;
        if (entry.lo > alpha) alpha = entry.lo;
        if (entry.hi < beta) beta = entry.hi;
      }
    }
    const a0 = alpha;
    const b0 = beta;
    const maximizing = state.side(state.toMove()) === this.side;
    const mask = this.useEquivalence && state.distinctMoves ? state.distinctMoves() : state.legalMask();
    const buf = this.moveBuf[ply] ?? (this.moveBuf[ply] = new Int32Array(64));
    const n = fillMoves(mask, buf);
    // Order: the table's best move first, then by history (moves that cut off before).
    const first = entry ? entry.best : -1;
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
    if (hashed) {
      if (this.tt.size >= this.tableLimit) this.tt.clear();
      const e = entry ?? { lo: -Infinity, hi: Infinity, best: bestMove };
      if (best <= a0) e.hi = Math.min(e.hi, best);
      else if (best >= b0) e.lo = Math.max(e.lo, best);
      else e.lo = e.hi = best;
      e.best = bestMove;
      if (!entry) this.tt.set(key, e);
    }
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
