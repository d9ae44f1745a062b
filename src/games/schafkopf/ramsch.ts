import { popcount32 } from '../../cards/bits.js';
import type { Seat } from '../game.js';
import type { RamschLastTricks } from './ramschEnd.js';
import { RamschPoints } from './ramschPoints.js';
import type { SchafkopfRules } from './rules.js';
import type { SchafkopfSearch } from './search.js';

/**
 * A Ramsch solved whole (issue 22): every seat plays for himself, and the
 * one who takes the most card points pays. For each seat, with all cards
 * known and the three others playing together against it (the paranoid
 * assumption, the value a seat can make sure of):
 *
 * - `forced`: the card points it ends with when it keeps as few as it can
 *   and the others push as many onto it as they can (exact: they can make it
 *   take at least this many, and it can keep to at most this many);
 * - `pays`: whether the others can make it pay (take the most points, ties
 *   broken as the engine breaks them, or lose to a Durchmarsch).
 *
 * Two searches do it. The points a seat takes from a position on do not
 * depend on the past: a fail-soft alpha-beta over them (the seat against the
 * rest) keeps its bounds by the position without its past (`hash()` of a
 * Ramsch), so they serve every later question of the same solve. The
 * question "does it pay?" is a search of yes and no over the full position
 * (`hash()` and `hashExtra()`), cut wherever the points decide it: once no
 * Durchmarsch is possible, a seat that is sure to take more than any other
 * can end with pays, and a seat that can keep below what another already
 * has does not.
 */
export interface RamschSeat {
  readonly seat: Seat;
  /** Card points taken so far. */
  readonly taken: number;
  /** The card points it ends with, the others pushing and it avoiding (taken included). */
  readonly forced: number;
  /** Whether the three others together can make it pay. */
  readonly pays: boolean;
}

/** A seat's answer to the question of issue 22, "does it pay?" (without the points, which `solve` finds exactly). */
export type RamschDecision = Omit<RamschSeat, 'forced'>;

export interface RamschSolution {
  readonly seats: readonly RamschSeat[];
  /** Positions visited. */
  readonly nodes: number;
}

export { RamschTimeout } from './ramschPoints.js';

/** One question's tables: answers by seat, by position (first word), by its past (second word); pasts with answers for positions without a Durchmarsch ahead, by seat, by position: (4 pasts, answer) each (see `past`). */
interface Question {
  answers: Map<number, Map<number, boolean>>[];
  pasts: Map<number, number[]>[];
}

/**
 * The scores a seat can end a Ramsch with (a superset), ascending, for a
 * price of `base` (the doublings in it): a Durchmarsch (3 × base, −base),
 * and with j Jungfrauen (002 5.3.6.3 and the house rule, as scoring.ts
 * pays them) what a seat gets and what the loser pays.
 */
export function ramschScores(base: number, jungfrau: SchafkopfRules['ramschJungfrau']): number[] {
  const out = new Set<number>([3 * base, -base, 0]);
  for (let j = 0; j <= 3; j++) {
    const m = jungfrau === 'doubleAll' ? base * 2 ** j : base;
    const own = jungfrau === 'doubleIndividuallyOnce' ? 2 : jungfrau === 'doubleIndividuallyMultiple' ? 2 ** j : 1;
    out.add(m);
    if (j > 0) out.add(m * own);
    for (let i = 0; i <= Math.min(j, 3); i++) out.add(-(i * m * own + (3 - i) * m));
  }
  return [...out].sort((a, b) => a - b);
}

/** Pasts kept per position for answers by dominance. */
const PASTS = 8;

export class RamschSolver extends RamschPoints {
  /** Whether "does it pay?" is cut by searches of the points (else only by the points already taken). */
  deep = true;
  /** With this many cards or fewer in the hands, "does it pay?" is not cut by searches of the points. */
  shallowBelow = 12;
  /** Whether the cuts search the points with a Durchmarsch still possible (counting it in), under the Durchmarsch by every trick. */
  marschCuts = true;
  /**
   * The "sure to pay" cut is searched only where the points it asks the
   * others to push onto q are at most this share of those left: by default
   * never (over the 20 bench deals it cost more than it saved at every share
   * tried: 74.8 million positions at 0.5, 62.3 at 0.35, 60.3 without it).
   */
  payCutShare = 0;
  /** Whether answers to "does it pay?" are found by dominance over pasts (else only for the same past). */
  dominance = true;
  /** Whether "does it pay?" searches the last three tricks by `RamschLastTricks` (else card by card here). */
  lastTricks = true;
  /** Positions visited by `RamschLastTricks` (not in `nodes`: each costs a few operations). */
  endNodes = 0;
  private ramschEnd: RamschLastTricks | undefined;
  private firstLeader = -1;
  private readonly lastHands = new Int32Array(4);
  private readonly endPoints = new Int32Array(4);
  private readonly endTricksTaken = new Int32Array(4);
  private readonly endRanks = new Int32Array(4);
  /** The tables of each question "does the seat end below this score?" asked so far, by the score. */
  private readonly questions = new Map<number, Question>();
  /** The question being searched: its score, its tables, and whether the cuts and dominance (see `ask`) apply to it. */
  private threshold = 0;
  private answers: Question['answers'] = [];
  private pasts: Question['pasts'] = [];
  private payCut = true;
  private notPayCut = true;
  private byDominance = true;
  /** The loser's score at most and another seat's at least (without a Durchmarsch), and the scores a seat can end with (a superset), ascending. */
  private loserHigh = -30;
  private otherLow = 10;
  private scores: number[] = [];
  private readonly pastNow = new Int32Array(4);
  private durchmarsch: 'off' | 'allTricks' | 'points' = 'off';
  private durchmarschPoints = 120;

  /**
   * For every seat whether the others can make it pay, without the points
   * forced on it (`solve` finds those too, at several times the cost: each
   * exact value takes two searches of the points right at it, the hardest
   * to decide). The state is left as it was.
   */
  decide(s: SchafkopfSearch): { seats: RamschDecision[]; nodes: number } {
    this.prepare(s);
    const seats: RamschDecision[] = [];
    for (let q = 0; q < 4; q++) seats.push({ seat: q, taken: s.seatPointsOf(q), pays: this.pays(s, q) });
    return { seats, nodes: this.nodes };
  }

  /** The whole solution from this position (the state is left as it was). */
  solve(s: SchafkopfSearch): RamschSolution {
    this.prepare(s);
    const seats: RamschSeat[] = [];
    for (let q = 0; q < 4; q++) seats.push({ seat: q, taken: s.seatPointsOf(q), forced: this.forced(s, q), pays: this.pays(s, q) });
    return { seats, nodes: this.nodes };
  }

  protected override reset(s: SchafkopfSearch): void {
    this.questions.clear();
    const rules = s.dealRules;
    this.durchmarsch = rules.ramschDurchmarsch;
    this.durchmarschPoints = rules.ramschDurchmarschPoints;
    const base = rules.tarifRamsch * 2 ** s.dealDoublings;
    this.loserHigh = -3 * base;
    this.otherLow = base;
    this.scores = ramschScores(base, rules.ramschJungfrau);
    this.ramschEnd = s.ramschTricks();
    this.firstLeader = -1;
  }

  /**
   * The seat's score with all cards known, the three others playing
   * together against it (the paranoid value, as the generic solver gives
   * it), in cents: the highest of the scores it can end with that it is
   * sure to reach, found by halving among them.
   */
  value(s: SchafkopfSearch, q: Seat): number {
    this.prepare(s);
    return this.guarded(s, () => {
      const scores = this.scores;
      // Sure of scores[lo]; not sure of scores[hi] (the first question: does it pay?).
      let lo = 0;
      let hi = scores.length;
      let probe = scores.indexOf(this.otherLow);
      while (hi - lo > 1) {
        if (probe <= lo || probe >= hi) probe = (lo + hi) >> 1;
        if (this.ask(s, q, scores[probe])) hi = probe;
        else lo = probe;
        probe = -1;
      }
      return scores[lo];
    });
  }

  /**
   * Whether the others can make q end below `threshold`. The cuts tell
   * losers from the others: they apply where the threshold lies above the
   * loser's score (sure to pay: below it) or at most the others' least
   * (sure not to pay: not below it), and answers by dominance between.
   */
  private ask(s: SchafkopfSearch, q: Seat, threshold: number): boolean {
    let question = this.questions.get(threshold);
    if (!question) this.questions.set(threshold, (question = { answers: [new Map(), new Map(), new Map(), new Map()], pasts: [new Map(), new Map(), new Map(), new Map()] }));
    this.threshold = threshold;
    this.answers = question.answers;
    this.pasts = question.pasts;
    this.payCut = this.loserHigh < threshold;
    this.notPayCut = this.otherLow >= threshold;
    this.byDominance = this.payCut && this.notPayCut && this.dominance;
    return this.loses(s, q, 0);
  }

  /** Whether the three others can make seat `q` pay (the paranoid question). */
  pays(s: SchafkopfSearch, q: Seat): boolean {
    this.prepare(s);
    // Paying is ending below what every other seat gets, the price (at a price of 0, below 0: nobody pays).
    return this.guarded(s, () => this.ask(s, q, this.otherLow));
  }

  /**
   * The seats that can still make a Durchmarsch, a bit each. Every trick:
   * only a seat that took every finished trick (any seat before the first),
   * and of those only the one that takes a trick for sure: the holder of the
   * highest trump still in a hand (it wins the trick it falls in), or the
   * seat whose card leads the trick on the table if that trump cannot beat
   * it. Enough points: a seat that can still reach them.
   */
  private durchmarschSeats(s: SchafkopfSearch): number {
    if (this.durchmarsch === 'off') return 0;
    if (this.durchmarsch === 'points') {
      const left = s.pointsLeft();
      let seats = 0;
      for (let t = 0; t < 4; t++) if (s.seatPointsOf(t) + left >= this.durchmarschPoints) seats |= 1 << t;
      return seats;
    }
    let done = 0;
    for (let t = 0; t < 4; t++) done += s.seatTricksOf(t);
    let seats = 0;
    for (let t = 0; t < 4; t++) if (s.seatTricksOf(t) === done) seats |= 1 << t;
    if (seats === 0) return 0;
    const c = this.topTrump(s);
    if (c < 0) return seats;
    const sure = s.bestSeat() < 0 || s.beatsBest(c) ? this.holder(s, c) : s.bestSeat();
    return seats & (1 << sure);
  }

  /** The card points the seats other than q have taken. */
  private othersTaken(s: SchafkopfSearch, q: Seat): number {
    let sum = 0;
    for (let t = 0; t < 4; t++) if (t !== q) sum += s.seatPointsOf(t);
    return sum;
  }

  /** The highest trump still in a hand (-1 if none is). */
  private topTrump(s: SchafkopfSearch): number {
    const live = s.handOf(0) | s.handOf(1) | s.handOf(2) | s.handOf(3);
    const order = this.trumpOrder;
    for (let i = 0; i < order.length; i++) if ((live & (1 << order[i])) !== 0) return order[i];
    return -1;
  }

  private holder(s: SchafkopfSearch, card: number): Seat {
    const bit = 1 << card;
    for (let t = 0; t < 3; t++) if ((s.handOf(t) & bit) !== 0) return t;
    return 3;
  }

  /** Whether the others can make `q` pay from here: `q` avoids it, the others seek it. */
  private loses(s: SchafkopfSearch, q: Seat, ply: number, sureTotal = -1): boolean {
    this.tick();
    if (s.isOver()) return s.score(q) < this.threshold;
    const open = this.durchmarschSeats(s);
    // Searches of the points pay near the start; near the end the plain search is cheaper than they are.
    const cards = popcount32(s.handOf(0) | s.handOf(1) | s.handOf(2) | s.handOf(3));
    const deep = this.deep && cards > this.shallowBelow;
    const mine = s.seatPointsOf(q);
    const left = s.pointsLeft();
    let most = 0;
    for (let t = 0; t < 4; t++) if (t !== q && s.seatPointsOf(t) > most) most = s.seatPointsOf(t);
    // Under the Durchmarsch by every trick the points search can count one in (see `future`), so the cuts hold with one still possible.
    const marsch = this.marschCuts && this.durchmarsch === 'allTricks' && open !== 0;
    const mineOpen = (open & (1 << q)) !== 0;
    const othersOpen = (open & ~(1 << q)) !== 0;
    if (this.payCut && (!mineOpen || marsch)) {
      // Sure to pay: taking at least x more, q ends above every other (who can end with at most most + left - x), or with 61 or more.
      // (Taking points, q takes a trick: no other seat makes a Durchmarsch; and q makes none, or the search counts it.)
      const x = Math.min(Math.floor((most + left - mine) / 2) + 1, 61 - mine);
      if (x <= 0 && !mineOpen) return true;
      // Searched only where the others need to push at most half of what is left onto q: beyond, they rarely can, and proving that they cannot is a search as long as the rest.
      if (deep && x <= this.payCutShare * left && this.future(this.shadow, q, x - 1, x, ply, marsch) >= x) return true;
    }
    // Where q is to play and the cut below fails: the total the others can push q's points to whatever it plays.
    let pushed = -1;
    if (this.notPayCut && (!othersOpen || marsch)) {
      // Sure not to pay: q can end below what another seat is sure to end with (what it has, and between tricks the points
      // of the run of highest trumps out if it holds it: `sureTake`), or below 30 (the others then take 91 or more, one of them 31 or more).
      // (No other seat makes a Durchmarsch, or the search counts it; one of q's would only win.)
      let sure = most;
      if (deep && s.bestSeat() < 0) {
        // Only the holder of the highest trump out can hold such a run.
        const top = this.topTrump(s);
        const t = top < 0 ? q : this.holder(s, top);
        if (t !== q) sure = Math.max(sure, s.seatPointsOf(t) + this.sureTake(s, t));
      }
      const y = Math.max(sure, (mine + left + this.othersTaken(s, q) + 3) >> 2) - mine;
      if (y > left && !othersOpen) return false;
      // After a card of q whose position the cut failed at, the others can still push q's points to `sureTotal`: then it fails here too.
      if (deep && y > 0 && mine + y > sureTotal) {
        const g = this.future(this.shadow, q, y - 1, y, ply, marsch);
        if (g < y) return false;
        if (!marsch && s.toMove() === q) pushed = mine + g;
      }
    }
    const key = s.hash();
    // Without a Durchmarsch ahead the answer is monotone in the past (see `pasts`): kept by position with a few pasts, answered by dominance.
    const monotone = open === 0 && this.byDominance;
    const extra = key >= 0 && !monotone ? s.hashExtra() : 0;
    let known: Map<number, boolean> | undefined;
    let pasts: number[] | undefined;
    if (key >= 0) {
      if (monotone) {
        this.past(s);
        pasts = this.pasts[q].get(key);
        if (pasts !== undefined) {
          const answer = this.dominated(pasts, q);
          if (answer !== undefined) return answer;
        }
      } else {
        known = this.answers[q].get(key);
        const answer = known?.get(extra);
        if (answer !== undefined) return answer;
      }
    }
    const avoiding = s.toMove() === q;
    let result = avoiding;
    // The last three tricks, between tricks: by RamschLastTricks.
    const end = this.lastTricks && cards <= 12 && s.bestSeat() < 0;
    const buf = this.moves[ply] ?? (this.moves[ply] = new Int32Array(32));
    const n = end ? 0 : this.ordered(s, q, ply, buf);
    if (end) result = this.lastTricksLose(s, q);
    const shadow = this.shadow;
    for (let i = 0; i < n; i++) {
      s.play(buf[i]);
      shadow.play(buf[i]);
      const r = this.loses(s, q, ply + 1, pushed);
      s.undo();
      shadow.undo();
      if (r !== avoiding) {
        result = r;
        break;
      }
    }
    if (key >= 0) {
      if (monotone) {
        this.past(s);
        if (!pasts) this.pasts[q].set(key, (pasts = []));
        this.keep(pasts, result);
      } else {
        if (!known) this.answers[q].set(key, (known = new Map()));
        known.set(extra, result);
      }
    }
    return result;
  }

  /** `loses` from a position between tricks in the last three, by `RamschLastTricks`. */
  private lastTricksLose(s: SchafkopfSearch, q: Seat): boolean {
    this.past(s);
    for (let t = 0; t < 4; t++) {
      const past = this.pastNow[t];
      this.lastHands[t] = s.handOf(t);
      this.endPoints[t] = past >> 8;
      this.endTricksTaken[t] = (past >> 4) & 15;
      this.endRanks[t] = past & 15;
    }
    if (this.firstLeader < 0) this.firstLeader = s.trick(0)!.leader;
    const e = this.ramschEnd!;
    const before = e.nodes;
    const r = e.loses(this.lastHands, s.toMove(), this.endPoints, this.endTricksTaken, this.endRanks, q, this.threshold, this.firstLeader, 2 ** s.dealDoublings, this.payCut && this.notPayCut);
    this.endNodes += e.nodes - before;
    return r;
  }

  /**
   * The past of the position as far as the loser depends on it, in
   * `pastNow`: per seat, its card points, tricks and highest trump taken
   * (its rank, 15 for none), (points << 8 | tricks << 4 | rank).
   */
  private past(s: SchafkopfSearch): void {
    const high = Math.floor(s.hashExtra() / 536870912);
    for (let t = 0; t < 4; t++) this.pastNow[t] = (s.seatPointsOf(t) << 8) | (s.seatTricksOf(t) << 4) | ((high >> (12 - 4 * t)) & 15);
  }

  /**
   * The answer a kept past gives for `pastNow` by dominance, if any. With no
   * Durchmarsch ahead q pays when it comes first in the order of points,
   * then highest trump taken, then tricks (then the fixed order of seats),
   * and taking more never lowers a seat in it: so a past where q has at
   * least as many points and tricks and as high a trump, and every other
   * seat at most as many and as low a trump, pays whenever the kept one
   * does, and the other way round.
   */
  private dominated(pasts: number[], q: Seat): boolean | undefined {
    const now = this.pastNow;
    for (let i = 0; i < pasts.length; i += 5) {
      const answer = pasts[i + 4] === 1;
      let holds = true;
      for (let t = 0; t < 4 && holds; t++) {
        const a = now[t];
        const b = pasts[i + t];
        // "Worse" for t: more points, more tricks, a higher trump (a lower rank).
        const worse = a >> 8 >= b >> 8 && ((a >> 4) & 15) >= ((b >> 4) & 15) && (a & 15) <= (b & 15);
        const better = a >> 8 <= b >> 8 && ((a >> 4) & 15) <= ((b >> 4) & 15) && (a & 15) >= (b & 15);
        // Pays (answer true) stays true when q is worse off and the others better; does not pay stays so the other way round.
        holds = (t === q) === answer ? worse : better;
      }
      if (holds) return answer;
    }
    return undefined;
  }

  /** Keeps `pastNow` with its answer, at most `PASTS` pasts per position (the oldest make room). */
  private keep(pasts: number[], answer: boolean): void {
    if (pasts.length >= PASTS * 5) pasts.splice(0, 5);
    const now = this.pastNow;
    pasts.push(now[0], now[1], now[2], now[3], answer ? 1 : 0);
  }
}
