import { popcount32 } from '../../cards/bits.js';
import type { Seat } from '../game.js';
import { schafkopfPack } from './cards.js';
import type { SchafkopfSearch } from './search.js';
import type { LastTricks } from './searchEndgame.js';
import { sortMovesByScore } from '../../core/moveOrder.js';
import { DuckTest } from './ramschDucks.js';
import { KeyTable } from './ramschTable.js';
import { playTables } from './tables.js';

/** Thrown when a Ramsch solve passes its deadline or node limit (the state is restored first). */
export class RamschTimeout extends Error {
  constructor() {
    super('the Ramsch solve ran out of time');
  }
}

/**
 * The points half of the Ramsch solve (ramsch.ts): the card points a seat
 * takes from a position on, the seat keeping them low and the three others
 * pushing them onto it. They do not depend on the past, so a fail-soft
 * alpha-beta over them keeps its bounds by the position without its past,
 * over a Herz-Solo "shadow" of the deal (the same trumps and tricks: its key
 * and its equivalent cards merge trumps that count alike, which a Ramsch's
 * cannot, its loser depending on the trumps taken). The tables hold for the
 * whole deal: for every later question, and for every search state of the
 * same deal (the analysis loads one per decision). The last four tricks
 * are searched by the Schafkopf state's `LastTricks` with the aims turned
 * round (`avoiding`), without play and undo.
 */
/**
 * What a Durchmarsch counts in the points search with `marsch`: another
 * seat's (q took no trick, so nothing) as 121 points, more than anything q
 * can be asked to stay below; q's own (q took everything left) as 121 points
 * less, below anything the others can be asked to push onto it.
 */
const MARSCH = 121;

/**
 * log2 of the most slots of each seat's `LastTricks` (the answers on the
 * last two tricks, the bounds on the last three or more): they begin with
 * the solver's 2^15 and 2^14 and grow as they fill, since a proof that a
 * seat keeps below 30 from the first card reaches some 100,000 positions
 * four tricks before the end, and small tables were overwritten long before
 * it came back to them. At most 4 MB a seat.
 */
const ENDGAME_SLOT_BITS = 18;
const ENDGAME_BOUND_BITS = 17;

export class RamschPoints {
  nodes = 0;
  /** A time (`performance.now()`) after which the solve stops with `RamschTimeout`. */
  deadline = Infinity;
  /** A count of `nodes` after which the solve stops with `RamschTimeout` (checked every 1,024 nodes). */
  nodeLimit = Infinity;
  protected state: SchafkopfSearch | undefined;
  protected shadow!: SchafkopfSearch;
  /** Bounds on the points each seat takes from a position on, by seat, by position: best move + 1, low + 128, high + 128, a byte each. */
  private readonly points = [new KeyTable(), new KeyTable(), new KeyTable(), new KeyTable()];
  /** The same while a Durchmarsch by every trick is possible, by seat * 5 + the seat that took every trick so far (4: no trick yet). */
  private readonly marschPoints = Array.from({ length: 20 }, () => new KeyTable());
  protected trumpOrder: Int8Array = new Int8Array(0);
  protected cardPoints: Uint8Array = new Uint8Array(0);
  private power: Int16Array = new Int16Array(0);
  private packSize = 32;
  private trumpMask = 0;
  /** Whether q keeps out of every trick left (ramschDucks.ts). */
  private ducks!: DuckTest;
  /** Whether the points search stops where q is sure to keep out of every trick left (`DuckTest`, between tricks, and `ducksFromHere` within them). */
  duckCut = true;
  protected readonly moves: Int32Array[] = [];
  private readonly order: Float64Array[] = [];
  /** Cut-offs per seat asked about and card (the history heuristic of the move order). */
  private readonly history = new Float64Array(128);
  /** The last three tricks searched without play and undo, by seat asked about (it is side 0 of its `sides`, keeping its points low); answers kept for the deal. */
  private endgames: LastTricks[] = [];
  private readonly sides = [0, 1, 2, 3].map((q) => Int8Array.from([0, 1, 2, 3], (t) => (t === q ? 0 : 1)));
  private readonly endHands = new Int32Array(4);
  /** Bounds on the points from here, filled by `sureBounds`. */
  private readonly sure = new Float64Array(2);
  /** Whether `LastTricks` (avoiding) bounds the points q can still be made to take by the cards that can reach it (`reachablePoints`, ramschReach.ts); set before the deal's first question. */
  reachCut = true;
  /** Whether the last three tricks are searched by `LastTricks` (else card by card here). */
  endgame = true;
  /**
   * With `endgame`, the last four tricks too when set to 16 (the first of
   * them card by card inside `LastTricks`, its bounds on the three after
   * kept for the deal): over the 20 bench deals a quarter less time on the
   * slowest (deal 13: 2.8 instead of 3.8 s), about the same on the others;
   * from five tricks (20) it was slower.
   */
  endgameCards = 16;

  /** The card points seat `q` ends with when it avoids them and the others push them onto it (exact). */
  forced(s: SchafkopfSearch, q: Seat): number {
    this.prepare(s);
    // MTD(f): null-window searches from a guess, each leaving bounds the next one uses.
    return s.seatPointsOf(q) + this.guarded(s, () => {
      let lo = 0;
      let hi = s.pointsLeft();
      let g = Math.min(hi, 30);
      while (lo < hi) {
        const beta = g === lo ? g + 1 : g;
        g = this.future(this.shadow, q, beta - 1, beta, 0);
        if (g < beta) hi = g;
        else lo = g;
      }
      return lo;
    });
  }

  protected prepare(s: SchafkopfSearch): void {
    if (!s.isRamsch) throw new Error('not a Ramsch');
    const rules = s.dealRules;
    // The shadow afresh at each question (the state may have moved on).
    this.shadow = s.replayAs({ rules, contract: { kind: 'solo', suit: 2, declarer: 0 }, doublings: 0, stock: 0 });
    if (s === this.state) return;
    const same = this.state !== undefined && this.state.sameDeal(s);
    this.state = s;
    if (same) return;
    for (const m of this.points) m.clear();
    for (const m of this.marschPoints) m.clear();
    this.history.fill(0);
    this.endgames = [0, 1, 2, 3].map(() => s.avoidingTricks(ENDGAME_SLOT_BITS, ENDGAME_BOUND_BITS));
    for (const e of this.endgames) e.reachCut = this.reachCut;
    const t = playTables(schafkopfPack(rules.kurzeKarte), 'ramsch');
    this.trumpOrder = Int8Array.from(t.trumpOrder);
    this.cardPoints = t.points;
    this.power = t.power;
    this.packSize = t.pack.size;
    this.trumpMask = t.trumps;
    this.ducks = new DuckTest(t);
    this.reset(s);
  }

  /** A new deal: the tables of a subclass start afresh. */
  protected reset(_s: SchafkopfSearch): void {}


  protected guarded<R>(s: SchafkopfSearch, run: () => R): R {
    const depth = s.depth();
    const shadowDepth = this.shadow.depth();
    try {
      return run();
    } catch (e) {
      while (s.depth() > depth) s.undo();
      while (this.shadow.depth() > shadowDepth) this.shadow.undo();
      throw e;
    }
  }

  protected tick(): void {
    if ((++this.nodes & 1023) === 0 && (performance.now() > this.deadline || this.nodes > this.nodeLimit)) throw new RamschTimeout();
  }


  /**
   * The card points `q` takes from here on, `q` keeping them low and the
   * others pushing them up (with `marsch`, under the Durchmarsch by every
   * trick, a Durchmarsch counted as `MARSCH` says); fail-soft alpha-beta (a result at or below
   * `alpha` is an upper bound, at or above `beta` a lower bound).
   */
  protected future(s: SchafkopfSearch, q: Seat, alpha: number, beta: number, ply: number, marsch = false): number {
    this.tick();
    // With `marsch` (a Durchmarsch by every trick still possible) the seat that took every trick so far (4: no trick yet; -1: none).
    let cand = -1;
    if (marsch) {
      let done = 0;
      let takers = 0;
      for (let t = 0; t < 4; t++) {
        const k = s.seatTricksOf(t);
        done += k;
        if (k > 0) {
          takers++;
          cand = t;
        }
      }
      if (done === 0) cand = 4;
      else if (takers > 1) cand = -1;
    }
    if (s.isOver()) return cand < 0 ? 0 : cand === q ? -MARSCH : MARSCH;
    const left = s.pointsLeft();
    // The last two tricks, between tricks: solved outright (without a Durchmarsch to count).
    const held = this.endgame && cand < 0 && s.bestSeat() < 0 ? popcount32(s.handOf(0) | s.handOf(1) | s.handOf(2) | s.handOf(3)) : 0;
    if (held === 8) return this.endgames[q].value(this.handsOf(s), s.toMove(), this.sides[q], false, left);
    let lo = cand === q || cand === 4 ? left - MARSCH : 0;
    let hi = cand >= 0 && cand !== q ? MARSCH : left;
    let first = -1;
    const key = s.futureKey();
    const table = cand < 0 ? this.points[q] : this.marschPoints[q * 5 + cand];
    if (key >= 0 && cand < 0) {
      // Between tricks: the run of the highest trumps still out is sure to take its tricks, with the least cards of
      // the other side in them (LastTricks.sureBounds; they hold whoever plays for what).
      const b = this.sure;
      b[0] = lo;
      b[1] = hi;
      this.endgames[q].sureBounds(this.handsOf(s), this.sides[q], left, b);
      lo = b[0];
      hi = b[1];
      // q keeps out of every trick left: no more points.
      if (this.duckCut && this.ducksAll(s, q)) return 0;
    } else if (cand < 0 && this.duckCut && this.ducksFromHere(s, q)) {
      // q's card in this trick is beaten or will be, and q keeps out of every trick after it (the others' cards still
      // to come in this trick are counted as theirs after it: more cards of theirs only make the test harder).
      return 0;
    }
    if (key >= 0) {
      const stored = table.get(key);
      if (stored >= 0) {
        first = (stored >> 16) - 1;
        const l = ((stored >> 8) & 255) - 128;
        const h = (stored & 255) - 128;
        if (l > lo) lo = l;
        if (h < hi) hi = h;
      }
    }
    if (lo >= beta || lo === hi) return lo;
    if (hi <= alpha) return hi;
    if (lo > alpha) alpha = lo;
    if (hi < beta) beta = hi;
    const a0 = alpha;
    const b0 = beta;
    if (held === 12 || held === this.endgameCards) {
      // The last three or four tricks: fail-soft within the window.
      const v = this.endgames[q].search(this.handsOf(s), s.toMove(), this.sides[q], false, left, alpha, beta);
      if (v <= a0) hi = Math.min(hi, v);
      else if (v >= b0) lo = Math.max(lo, v);
      else lo = hi = v;
      if (key >= 0) table.set(key, (first + 1) * 65536 + (lo + 128) * 256 + hi + 128);
      return v;
    }
    const avoiding = s.toMove() === q;
    const buf = this.moves[ply] ?? (this.moves[ply] = new Int32Array(32));
    const n = this.ordered(s, q, ply, buf, first);
    const before = s.seatPointsOf(q);
    let best = avoiding ? Infinity : -Infinity;
    let bestMove = -1;
    for (let i = 0; i < n; i++) {
      s.play(buf[i]);
      const gained = s.seatPointsOf(q) - before;
      const v = gained + this.future(s, q, alpha - gained, beta - gained, ply + 1, cand >= 0);
      s.undo();
      if (avoiding) {
        if (v < best) {
          best = v;
          bestMove = buf[i];
          if (v < beta) beta = v;
        }
      } else if (v > best) {
        best = v;
        bestMove = buf[i];
        if (v > alpha) alpha = v;
      }
      if (alpha >= beta) {
        this.history[q * 32 + buf[i]] += n - i;
        break;
      }
    }
    if (key >= 0) {
      if (best <= a0) hi = Math.min(hi, best);
      else if (best >= b0) lo = Math.max(lo, best);
      else lo = hi = best;
      table.set(key, (bestMove + 1) * 65536 + (lo + 128) * 256 + hi + 128);
    }
    return best;
  }


  /** Between tricks, the card points seat t is sure to take from here whatever is played (the run of the highest trumps out, if t holds it; see `LastTricks.sureBounds`). */
  protected sureTake(s: SchafkopfSearch, t: Seat): number {
    const b = this.sure;
    b[0] = 0;
    b[1] = s.pointsLeft();
    this.endgames[t].sureBounds(this.handsOf(s), this.sides[t], b[1], b);
    return b[0];
  }

  /** Whether the points search takes q to keep out of every trick left from here (`ducksAll`; within a trick, q beaten in it), for tests. */
  keepsOutOfEveryTrick(s: SchafkopfSearch, q: Seat): boolean {
    this.prepare(s);
    return s.bestSeat() < 0 ? this.ducksAll(s, q) : this.ducksFromHere(s, q);
  }

  /**
   * Within a trick, whether q keeps out of it and of every trick after it:
   * q's card in it is beaten, or q, still to play, holds a card it may play
   * that the best card so far beats (later cards only raise the best), and
   * without which it keeps out of the tricks after it (`ducksAll`).
   */
  private ducksFromHere(s: SchafkopfSearch, q: Seat): boolean {
    const best = s.bestSeat();
    if (best < 0 || best === q) return false;
    const held = popcount32(s.handOf(0)) + popcount32(s.handOf(1)) + popcount32(s.handOf(2)) + popcount32(s.handOf(3));
    const back = (s.toMove() - q) & 3;
    if (back >= 1 && back <= ((this.packSize - held) & 3)) return this.ducksAll(s, q, true);
    const hand = s.handOf(q);
    const led = s.ledClass();
    // The cards q may play: of the class led if it holds one, else any but a trump (which could take the trick).
    const losing = (hand & led) !== 0 ? hand & led : hand & ~this.trumpMask;
    for (let m = losing; m !== 0; m &= m - 1) {
      const c = 31 - Math.clz32(m & -m);
      if (!s.beatsBest(c) && this.ducksAll(s, q, true, hand & ~(1 << c))) return true;
    }
    return false;
  }

  /** `DuckTest.ducksAll` at the position (`othersLead`: the trick on the table is not q's to lead after; `hq`: q's cards counted). */
  private ducksAll(s: SchafkopfSearch, q: Seat, othersLead = false, hq = s.handOf(q)): boolean {
    return this.ducks.ducksAll(this.handsOf(s), q, othersLead || s.toMove() !== q, hq);
  }

  private handsOf(s: SchafkopfSearch): Int32Array {
    const h = this.endHands;
    for (let t = 0; t < 4; t++) h[t] = s.handOf(t);
    return h;
  }

  /** The moves to search, one per class of equivalent cards, the promising first: points onto q's tricks, away from the others'. */
  protected ordered(s: SchafkopfSearch, q: Seat, ply: number, buf: Int32Array, first = -1): number {
    let mask = s.distinctMoves();
    let n = 0;
    while (mask !== 0) {
      buf[n++] = 31 - Math.clz32(mask & -mask);
      mask &= mask - 1;
    }
    const order = this.order[ply] ?? (this.order[ply] = new Float64Array(32));
    const mover = s.toMove();
    const bestSeat = s.bestSeat();
    const pts = this.cardPoints;
    const power = this.power;
    // Cards on the table: the pack less the cards in the hands, modulo a trick.
    const held = popcount32(s.handOf(0)) + popcount32(s.handOf(1)) + popcount32(s.handOf(2)) + popcount32(s.handOf(3));
    const len = (this.packSize - held) & 3;
    const back = (mover - q) & 3;
    const qPlayed = back >= 1 && back <= len;
    for (let i = 0; i < n; i++) {
      const m = buf[i];
      const beats = s.beatsBest(m);
      let v: number;
      if (mover === q) {
        // Avoiding: lead low and cheap; duck with the highest card that loses the trick; when taking it, take it high.
        if (bestSeat < 0) v = -power[m] - 4 * pts[m];
        else v = beats ? power[m] - 4 * pts[m] : 1000 + 4 * pts[m] + power[m];
      } else if (bestSeat === q) v = beats ? -1000 - pts[m] : 1000 + 4 * pts[m];
      else if (qPlayed) v = power[m] - 4 * pts[m];
      else if (bestSeat < 0) v = -power[m];
      else v = beats ? -power[m] : 500 + 2 * pts[m] - power[m];
      order[i] = m === first ? 1e9 : v * 65536 + this.history[q * 32 + m];
    }
    sortMovesByScore(buf, order, n);
    return n;
  }
}
