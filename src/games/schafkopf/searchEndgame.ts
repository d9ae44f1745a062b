import { popcount32 } from '../../cards/bits.js';
import type { Card } from '../../cards/pack.js';
import { followMask, legalMask } from './legal.js';
import { trumpsAbove } from './ramschReach.js';
import type { PlayTables } from './tables.js';

/**
 * The last tricks of a Schafkopf deal, searched without play and undo for
 * the card points side 0 takes from here under best play (side 0 taking as
 * many as it can, everyone else as few), with the engine's legality (the
 * called Sau, Stichzwang): the next trick card by card (alpha-beta, at most
 * 16 or 81 ways), then the last trick, forced, or the last two, solved in
 * turn. For the solver, the positions in the last three tricks were about
 * half of all it visited.
 *
 * - `value`: the last two tricks solved outright (`futureBounds`); the
 *   answers are kept for the deal (`forget` when the hands are dealt anew):
 *   two in three positions recur.
 * - `search`: the last three or four, fail-soft within a window
 *   (`futureSearch`; the solver keeps the bounds in its table); from four
 *   tricks, the bounds found on the last three are kept for the deal too.
 * - `sureBounds`: bounds on the points whatever is played, by the run of
 *   the highest trumps (`futureBounds`).
 *
 * With `avoiding` (a Ramsch's points, ramschPoints.ts) side 0 keeps its
 * points low and everyone else pushes them up: the same search with the
 * sides' aims turned round.
 */
export class LastTricks {
  /** The answers on the last two tricks kept: by slot, the cards still out, `tag` (the deal, the leader, `sauOpen`) and the points. */
  private answers: Int32Array | undefined;
  /** The number of the deal: answers of other deals do not count. */
  private generation = 1;

  constructor(
    private readonly t: PlayTables,
    /** For each card: the cards that count in a trick it leads (its class, and trumps). */
    private readonly followsOf: Int32Array,
    /** Hands with one of these cards need the full legality (see `SchafkopfPlay.special`). */
    private readonly special: number,
    private readonly sau: Card,
    /** The plain cards of the called suit (a trick that leads one of them searches it), 0 outside a Rufspiel. */
    private readonly sauSuit: number,
    private readonly stichzwang: boolean,
    /** For each card: the cards of greater power (of any class). */
    private readonly stronger: Int32Array,
    /** For each card: its twin (see `DealTables.twins`), as a mask. */
    private readonly twins: Int32Array,
    /** The trumps, the highest first. */
    private readonly trumpOrder: Int8Array,
    /** Whether side 0 keeps its points low (and the others push them up) instead of taking as many as it can. */
    private readonly avoiding = false,
    /**
     * log2 of the most slots of the answers kept on the last two tricks and
     * of the bounds on the last three or more: the tables begin with 2^15 and
     * 2^14 (or these, if fewer) and double, their entries kept, each time
     * they have stored twice as many answers as they have slots.
     */
    private readonly maxSlotBits = 15,
    private readonly maxBoundBits = 14,
  ) {
    this.blanks = t.points.reduce((m, p, c) => (p === 0 ? m | (1 << c) : m), 0);
    this.slotBits = Math.min(15, maxSlotBits);
    this.boundBits = Math.min(14, maxBoundBits);
  }

  /** log2 of the slots of `answers` and of `bounds` now, and the answers stored in each since it last grew. */
  private slotBits: number;
  private boundBits: number;
  private answerStores = 0;
  private boundStores = 0;

  /** log2 of the slots of the two tables now (the answers, the bounds), for tests. */
  get tableBits(): [number, number] {
    return [this.slotBits, this.boundBits];
  }

  /** The slot of the cards `live` with `tag` in a table of 2^bits slots. */
  private static slot(live: number, tag: number, bits: number): number {
    const h = Math.imul(live ^ Math.imul(tag, 0x9e3779b1), 0x85ebca6b);
    return (h ^ (h >>> 15)) & ((1 << bits) - 1);
  }

  /** A table of `width` words a slot (the cards and the tag first) grown to 2^bits slots, its entries moved to their new slots. */
  private static grown(old: Int32Array, width: number, bits: number, tagOf: (word: number) => number): Int32Array {
    const table = new Int32Array((1 << bits) * width);
    for (let i = 0; i < old.length; i += width) {
      if (old[i] === 0 && old[i + 1] === 0) continue;
      const j = LastTricks.slot(old[i], tagOf(old[i + 1]), bits) * width;
      for (let k = 0; k < width; k++) table[j + k] = old[i + k];
    }
    return table;
  }

  /** The cards that count no points. */
  private readonly blanks: number;

  /**
   * Bounds on the card points side 0 takes from here (between tricks),
   * whatever is played, into `out` (which holds 0 and `left`, the points
   * still out, or narrower): the run of trumps from the highest still out
   * that one side holds is sure to win its tricks, so its points are that
   * side's, and so are, for each seat of the other side, its k cards of
   * least points at least, k the most cards of the run in one hand of that
   * side (they fall in k different tricks, and the other side puts a card
   * into each).
   */
  sureBounds(h: Int32Array, so: Int8Array, left: number, out: Float64Array): void {
    const live = h[0] | h[1] | h[2] | h[3];
    const party = (so[0] === 0 ? h[0] : 0) | (so[1] === 0 ? h[1] : 0) | (so[2] === 0 ? h[2] : 0) | (so[3] === 0 ? h[3] : 0);
    const order = this.trumpOrder;
    const pts = this.t.points;
    let side = -1;
    let sure = 0;
    let run = 0;
    for (let i = 0; i < order.length; i++) {
      const bit = 1 << order[i];
      if ((live & bit) === 0) continue;
      const s = (party & bit) !== 0 ? 0 : 1;
      if (side < 0) side = s;
      else if (s !== side) break;
      sure += pts[order[i]];
      run |= bit;
    }
    if (side < 0) return;
    let k = 0;
    for (let s = 0; s < 4; s++) if (so[s] === side) k = Math.max(k, popcount32(h[s] & run));
    for (let s = 0; s < 4; s++) if (so[s] !== side) sure += this.leastPoints(h[s], k);
    if (side === 0) out[0] = Math.max(out[0], sure);
    else out[1] = Math.min(out[1], left - sure);
  }

  /** The sum of the `k` smallest card points in the hand. */
  private leastPoints(hand: number, k: number): number {
    // Mostly the hand has k cards without points.
    if (popcount32(hand & this.blanks) >= k) return 0;
    const pts = this.t.points;
    let sum = 0;
    let rest = hand;
    for (let i = 0; i < k && rest !== 0; i++) {
      let least = 99;
      let at = 0;
      for (let m = rest; m !== 0; m &= m - 1) {
        const c = 31 - Math.clz32(m & -m);
        if (pts[c] < least) {
          least = pts[c];
          at = c;
        }
      }
      sum += least;
      rest &= ~(1 << at);
    }
    return sum;
  }

  /** The hands after the next trick, for the two tricks after it (`after`), and by the tricks after it for more (`afterBy`). */
  private readonly after = new Int32Array(4);
  private readonly afterBy: Int32Array[] = [];
  /** Bounds kept on the last three tricks or more (`restBounded`), four words a slot: the cards still out, `tag` as in `value`, the least and the most points. */
  private bounds: Int32Array | undefined;

  /**
   * The points side 0 takes from the last three tricks or more (the same
   * number of cards in each hand; the arguments as for `value`), fail-soft
   * alpha-beta: a result at or below `alpha` is an upper bound, at or above
   * `beta` a lower bound. Beyond three tricks the bounds found on the last
   * three or more are kept for the deal.
   */
  search(hands: Int32Array, leader: number, sideOf: Int8Array, sauOpen: boolean, left: number, alpha: number, beta: number): number {
    return this.solve(hands, leader, sideOf, sauOpen, left, alpha, beta, popcount32(hands[leader]));
  }

  /**
   * The points side 0 takes from the last two tricks: `hands` by seat (two
   * cards each), `leader` to lead, `sideOf` by seat, `sauOpen` whether the
   * called suit is still unsearched before this trick, `left` the points of
   * the eight cards.
   */
  value(hands: Int32Array, leader: number, sideOf: Int8Array, sauOpen: boolean, left: number): number {
    return this.lastTwo(hands, 0, leader, sideOf, sauOpen, left);
  }

  /** `value` of the hands less the cards `played` (the hands are copied only when the answer is not kept). */
  private lastTwo(hands: Int32Array, played: number, leader: number, sideOf: Int8Array, sauOpen: boolean, left: number): number {
    const live = (hands[0] | hands[1] | hands[2] | hands[3]) & ~played;
    const tag = this.generation * 8 + leader * 2 + (sauOpen ? 1 : 0);
    // Two words a slot, on one cache line: the cards, then the tag and the points (7 bits).
    const answers = this.answers ?? (this.answers = new Int32Array((1 << this.slotBits) * 2));
    const j = LastTricks.slot(live, tag, this.slotBits) * 2;
    if (answers[j] === live && answers[j + 1] >> 7 === tag) return answers[j + 1] & 127;
    const after = this.after;
    for (let s = 0; s < 4; s++) after[s] = hands[s] & ~played;
    const v = this.solve(after, leader, sideOf, sauOpen, left, -1, 1000, 2);
    answers[j] = live;
    answers[j + 1] = tag * 128 + v;
    if (++this.answerStores > 2 << this.slotBits && this.slotBits < this.maxSlotBits) {
      // (The search of the two tricks keeps nothing here, so `answers` is still the table.)
      this.answers = LastTricks.grown(answers, 2, ++this.slotBits, (w) => w >> 7);
      this.answerStores = 0;
    }
    return v;
  }

  /** The hands are dealt anew: the answers kept no longer hold. */
  forget(): void {
    this.generation++;
    if (this.generation >= 1 << 20) {
      // Tags would wrap around: clear them instead.
      this.answers?.fill(0);
      this.bounds?.fill(0);
      this.generation = 1;
    }
  }

  /** A cache of its own for a copy of the search state (the tables are shared). */
  copy(): LastTricks {
    return new LastTricks(this.t, this.followsOf, this.special, this.sau, this.sauSuit, this.stichzwang, this.stronger, this.twins, this.trumpOrder, this.avoiding, this.maxSlotBits, this.maxBoundBits);
  }

  /**
   * The next trick card by card (`tricks`: the cards in each hand),
   * alpha-beta within (al0, be0) (fail-soft; exact for a window around
   * every value), then the tricks after it. Each seat after the leader
   * tries first the cards that take the trick from the other side (or, when
   * its own side lies best, those that leave it there); a card is skipped
   * when its twin (`twins`) is legal for the same seat: the two are worth
   * the same.
   */
  private solve(hands: Int32Array, leader: number, sideOf: Int8Array, sauOpen: boolean, left: number, al0: number, be0: number, tricks: number): number {
    const pts = this.t.points;
    const twins = this.twins;
    const stronger = this.stronger;
    const s1 = (leader + 1) & 3;
    const s2 = (leader + 2) & 3;
    const s3 = (leader + 3) & 3;
    const h0 = hands[leader];
    const h1 = hands[s1];
    const h2 = hands[s2];
    const h3 = hands[s3];
    const low = this.avoiding;
    const max0 = (sideOf[leader] === 0) !== low;
    const max1 = (sideOf[s1] === 0) !== low;
    const max2 = (sideOf[s2] === 0) !== low;
    const max3 = (sideOf[s3] === 0) !== low;
    const side0 = sideOf[leader];
    // Avoiding, side 0's one seat, whose points after the next trick are bounded by `reachFrom` where more than two tricks are left (-1: not bounded).
    const me = low && this.reachCut && tricks > 2 ? (sideOf[0] === 0 ? 0 : sideOf[1] === 0 ? 1 : sideOf[2] === 0 ? 2 : 3) : -1;
    const reach = this.reachBy[tricks] ?? (this.reachBy[tricks] = new Int32Array(5));
    // Filled when first needed.
    let reachReady = false;
    // Alpha-beta over the four cards of the trick (al, be: what each level's parents already have).
    let v0 = max0 ? -1 : 1000;
    const l0 = this.legal(h0, -1, -1, sauOpen);
    for (let m0 = l0; m0 !== 0 && al0 < be0; m0 &= m0 - 1) {
      const a = 31 - Math.clz32(m0 & -m0);
      if ((l0 & twins[a]) !== 0) continue;
      const follows = this.followsOf[a];
      let v1 = max1 ? -1 : 1000;
      let al1 = al0;
      let be1 = be0;
      const l1 = this.legal(h1, a, a, sauOpen);
      // The cards that take the trick so far; first those the seat wants (to take it from the other side, else to leave it).
      const w1 = l1 & follows & stronger[a];
      for (let m1 = sideOf[s1] !== side0 ? w1 : l1 & ~w1, n1 = l1 & ~m1; (m1 | n1) !== 0 && al1 < be1; ) {
        if (m1 === 0) {
          m1 = n1;
          n1 = 0;
        }
        const b = 31 - Math.clz32(m1 & -m1);
        m1 &= m1 - 1;
        if ((l1 & twins[b]) !== 0) continue;
        // The best card so far and the place (from the leader) of who played it.
        const bBeats = (w1 & (1 << b)) !== 0;
        const best1 = bBeats ? b : a;
        const at1 = bBeats ? 1 : 0;
        let v2 = max2 ? -1 : 1000;
        let al2 = al1;
        let be2 = be1;
        const l2 = this.legal(h2, a, best1, sauOpen);
        const w2 = l2 & follows & stronger[best1];
        for (let m2 = sideOf[s2] !== sideOf[(leader + at1) & 3] ? w2 : l2 & ~w2, n2 = l2 & ~m2; (m2 | n2) !== 0 && al2 < be2; ) {
          if (m2 === 0) {
            m2 = n2;
            n2 = 0;
          }
          const c = 31 - Math.clz32(m2 & -m2);
          m2 &= m2 - 1;
          if ((l2 & twins[c]) !== 0) continue;
          const cBeats = (w2 & (1 << c)) !== 0;
          const best2 = cBeats ? c : best1;
          const at2 = cBeats ? 2 : at1;
          let v3 = max3 ? -1 : 1000;
          const l3 = this.legal(h3, a, best2, sauOpen);
          const w3 = l3 & follows & stronger[best2];
          for (let m3 = sideOf[s3] !== sideOf[(leader + at2) & 3] ? w3 : l3 & ~w3, n3 = l3 & ~m3; (m3 | n3) !== 0; ) {
            if (m3 === 0) {
              m3 = n3;
              n3 = 0;
            }
            const d = 31 - Math.clz32(m3 & -m3);
            m3 &= m3 - 1;
            if ((l3 & twins[d]) !== 0) continue;
            const winner = (leader + ((w3 & (1 << d)) !== 0 ? 3 : at2)) & 3;
            const trick = pts[a] + pts[b] + pts[c] + pts[d];
            const gained = sideOf[winner] === 0 ? trick : 0;
            const played = (1 << a) | (1 << b) | (1 << c) | (1 << d);
            // The tricks after it bring between none and all of the points still out after it (avoiding, at most those that can reach side 0's seat: `reachFrom`).
            let most = left - trick;
            if (me >= 0 && gained + most > al2) {
              if (!reachReady) {
                this.reachFrom(hands, me, reach);
                reachReady = true;
              }
              // The others' trumps out above the seat's highest trump after this trick, less those played in it.
              const second = (played & reach[0]) !== 0 ? 1 : 0;
              most -= reach[3 + second];
              for (let m = played & ~hands[me] & reach[1 + second]; m !== 0; m &= m - 1) most += pts[31 - Math.clz32(m & -m)];
            }
            // A card that cannot do better than the best so far is passed over, one sure to reach the bound ends the search here.
            if (max3 ? gained + most <= v3 : gained >= v3) continue;
            if (max3 ? gained >= be2 : gained + most <= al2) {
              v3 = max3 ? gained : gained + most;
              break;
            }
            if (me >= 0 && max3 && gained + most <= al2) {
              // The others' card leaves side 0 at or below the window whatever follows: that bound is its value.
              v3 = gained + most;
              continue;
            }
            const open = sauOpen && (this.sauSuit & (1 << a)) === 0;
            const v =
              tricks > 3
                ? gained + this.restBounded(hands, winner, played, sideOf, open, left - trick, (max3 && v3 > al2 ? v3 : al2) - gained, (!max3 && v3 < be2 ? v3 : be2) - gained, tricks - 1)
                : gained + this.rest(hands, winner, played, sideOf, open, left - trick);
            if (max3 ? v > v3 : v < v3) v3 = v;
            if (max3 ? v3 >= be2 : v3 <= al2) break;
          }
          if (max2 ? v3 > v2 : v3 < v2) v2 = v3;
          if (max2) al2 = Math.max(al2, v2);
          else be2 = Math.min(be2, v2);
        }
        if (max1 ? v2 > v1 : v2 < v1) v1 = v2;
        if (max1) al1 = Math.max(al1, v1);
        else be1 = Math.min(be1, v1);
      }
      if (max0 ? v1 > v0 : v1 < v0) v0 = v1;
      if (max0) al0 = Math.max(al0, v0);
      else be0 = Math.min(be0, v0);
    }
    return v0;
  }

  /** Whether `search` avoiding bounds side 0's points by the cards that can reach it (`reachFrom`). */
  reachCut = true;
  /** `reachFrom`'s answers, by the tricks left (the search of the next trick calls itself). */
  private readonly reachBy: Int32Array[] = [];

  /**
   * Avoiding, what bounds the points the seat `me` (side 0, alone) can be
   * made to take after the next trick (ramschReach.ts, kept as the trick is
   * searched): its highest trump as a mask, the trumps above it and above
   * its second highest (`trumpsAbove`), and the points of the others' cards
   * among each of the two.
   */
  private reachFrom(hands: Int32Array, me: number, r: Int32Array): void {
    trumpsAbove(this.trumpOrder, this.t.trumps, hands[me] & this.t.trumps, r);
    const others = (hands[0] | hands[1] | hands[2] | hands[3]) & ~hands[me];
    const pts = this.t.points;
    for (let k = 1; k <= 2; k++) {
      let sum = 0;
      for (let m = others & r[k]; m !== 0; m &= m - 1) sum += pts[31 - Math.clz32(m & -m)];
      r[2 + k] = sum;
    }
  }

  /** The legal cards of a hand in this trick (`led` -1 when leading). */
  private legal(hand: number, led: Card, best: Card, sauOpen: boolean): number {
    if ((hand & this.special) === 0) return followMask(this.t, hand, led);
    return legalMask(this.t, hand, led, best, sauOpen && this.sau >= 0 && (hand & (1 << this.sau)) !== 0 ? this.sau : -1, this.stichzwang);
  }

  /** The points side 0 takes after the next trick (`played` its cards, `winner` to lead, `left` the points still out then): the last trick, forced, or the last two. */
  private rest(hands: Int32Array, winner: number, played: number, sideOf: Int8Array, sauOpen: boolean, left: number): number {
    const next = hands[winner] & ~played;
    if ((next & (next - 1)) === 0) return sideOf[this.lastWinner(hands, winner, played)] === 0 ? left : 0;
    return this.lastTwo(hands, played, winner, sideOf, sauOpen, left);
  }

  /**
   * The points side 0 takes from the last `tricks` tricks (three or more),
   * after the next trick (as `rest`), fail-soft within (`alpha`, `beta`):
   * from the bounds kept where they decide, else searched (and the bound
   * found kept).
   */
  private restBounded(hands: Int32Array, winner: number, played: number, sideOf: Int8Array, sauOpen: boolean, left: number, alpha: number, beta: number, tricks: number): number {
    const after = this.afterBy[tricks] ?? (this.afterBy[tricks] = new Int32Array(4));
    for (let s = 0; s < 4; s++) after[s] = hands[s] & ~played;
    const live = after[0] | after[1] | after[2] | after[3];
    const tag = this.generation * 8 + winner * 2 + (sauOpen ? 1 : 0);
    const bounds = this.bounds ?? (this.bounds = new Int32Array((1 << this.boundBits) * 4));
    const j = LastTricks.slot(live, tag, this.boundBits) * 4;
    let lo = 0;
    let hi = left;
    if (bounds[j] === live && bounds[j + 1] === tag) {
      lo = bounds[j + 2];
      hi = bounds[j + 3];
    }
    if (lo >= beta || lo === hi) return lo;
    if (hi <= alpha) return hi;
    const v = this.solve(after, winner, sideOf, sauOpen, left, lo > alpha ? lo : alpha, hi < beta ? hi : beta, tricks);
    if (v <= alpha) hi = Math.min(hi, v);
    else if (v >= beta) lo = Math.max(lo, v);
    else lo = hi = v;
    // The search may have grown the table: the slot afresh.
    const table = this.bounds;
    const k = table === bounds ? j : LastTricks.slot(live, tag, this.boundBits) * 4;
    table[k] = live;
    table[k + 1] = tag;
    table[k + 2] = lo;
    table[k + 3] = hi;
    if (++this.boundStores > 2 << this.boundBits && this.boundBits < this.maxBoundBits) {
      this.bounds = LastTricks.grown(table, 4, ++this.boundBits, (w) => w);
      this.boundStores = 0;
    }
    return v;
  }

  /** Who takes the last trick, led by `leader8`, once the cards `played` went to the one before: every card is forced. */
  private lastWinner(hands: Int32Array, leader8: number, played: number): number {
    const power = this.t.power;
    const lead = 31 - Math.clz32(hands[leader8] & ~played);
    const follows = this.followsOf[lead];
    let winner = leader8;
    let best = power[lead];
    for (let i = 1; i < 4; i++) {
      const q = (leader8 + i) & 3;
      const card = 31 - Math.clz32(hands[q] & ~played);
      if ((follows & (1 << card)) !== 0 && power[card] > best) {
        best = power[card];
        winner = q;
      }
    }
    return winner;
  }
}
