import { popcount32 } from '../../cards/bits.js';
import { followMask } from './legal.js';
import type { SchafkopfRules } from './rules.js';
import { settleRamsch } from './scoring.js';
import type { PlayTables } from './tables.js';

/** Slots of the answers kept on the last two tricks (a power of two). */
const KEPT = 1 << 16;

/**
 * The last tricks of a Ramsch for the solve's question (ramsch.ts): can the
 * three others make seat q end with a score below a threshold, q avoiding it
 * and they seeking it, all cards known? Searched card by card over bit masks
 * of the hands (no search state to play and undo; the answers on the last
 * two tricks kept for the question), the
 * Ramsch settled at the end by the engine's rules (`settleRamsch`: the
 * loser by points, then the highest trump taken, then tricks; Durchmarsch,
 * Jungfrauen). For the last three tricks the yes/no search over the full
 * search state was most of its positions (each trick's forced last cards
 * alone a third): here a position costs a few operations.
 *
 * Of two cards of a plain suit next to each other in strength that count
 * the same and are legal for the same seat, one is tried (`twins`); trumps
 * are never merged, the loser being found by the trumps taken.
 */
export class RamschLastTricks {
  /** Positions visited (cards tried). */
  nodes = 0;
  private readonly hands = new Int32Array(4);
  private readonly points = new Int32Array(4);
  private readonly tricks = new Int32Array(4);
  private readonly ranks = new Int32Array(4);
  private readonly score = new Float64Array(4);
  private q = 0;
  private threshold = 0;
  private firstLeader = 0;
  private multiplier = 1;
  /** The tricks of a deal (6 with the kurze Karte). */
  private readonly trickCount: number;
  /** Answers on the last two tricks kept (see `trick`), five words a slot: the cards, the question and leader, the past's points, its trumps and tricks, the answer. */
  private readonly kept = new Int32Array(KEPT * 5);
  /** The number of the question: answers of others do not count. */
  private generation = 0;
  /** Whether the question is who loses (see `loses`): the tricks then end it early where the points decide it. */
  private loserOnly = false;
  /** The points that make a Durchmarsch (beyond any deal's where it is won by tricks or not at all). */
  private readonly durchmarschPoints: number;

  constructor(
    private readonly t: PlayTables,
    private readonly rules: SchafkopfRules,
    /** For each card: the cards that count in a trick it leads (its class, and trumps). */
    private readonly followsOf: Int32Array,
    /** For each card: the cards of greater power. */
    private readonly stronger: Int32Array,
    /** For each card: the next stronger card of its plain suit when it counts the same (0 for trumps), as a mask. */
    private readonly twins: Int32Array,
    /** For each card: its rank among the trumps (0 the highest), 15 for a plain card. */
    private readonly trumpRank: Int8Array,
  ) {
    this.trickCount = t.pack.size / 4;
    this.durchmarschPoints = rules.ramschDurchmarsch === 'points' ? rules.ramschDurchmarschPoints : 121;
  }

  /**
   * Whether the others can make `q` end below `threshold` (in cents, as the
   * deal's score). Between tricks: `hands` by seat (the same number of cards
   * each), `leader` to lead, and per seat the card points and tricks taken
   * so far and the rank of its highest trump taken (15 for none);
   * `firstLeader` led the deal's first trick,
   * `multiplier` the doublings' factor. With `loserOnly` the caller says
   * that, without a Durchmarsch, q ends below the threshold exactly when it
   * loses (a threshold between the loser's scores and the others', as for
   * "does it pay?"): where no Durchmarsch can come, the tricks then end the
   * search once the points decide who loses.
   */
  loses(
    hands: ArrayLike<number>,
    leader: number,
    points: ArrayLike<number>,
    tricks: ArrayLike<number>,
    ranks: ArrayLike<number>,
    q: number,
    threshold: number,
    firstLeader: number,
    multiplier: number,
    loserOnly = false,
  ): boolean {
    for (let s = 0; s < 4; s++) {
      this.hands[s] = hands[s];
      this.points[s] = points[s];
      this.tricks[s] = tricks[s];
      this.ranks[s] = ranks[s];
    }
    const same = q === this.q && threshold === this.threshold && loserOnly === this.loserOnly && firstLeader === this.firstLeader && multiplier === this.multiplier;
    if (!same || this.generation === 0) this.newQuestion();
    this.q = q;
    this.threshold = threshold;
    this.firstLeader = firstLeader;
    this.multiplier = multiplier;
    this.loserOnly = loserOnly;
    let left = 0;
    const pts = this.t.points;
    for (let m = hands[0] | hands[1] | hands[2] | hands[3]; m !== 0; m &= m - 1) left += pts[31 - Math.clz32(m & -m)];
    return this.trick(leader, left);
  }

  /** Another question (seat, threshold, or deal): the answers kept no longer hold. */
  private newQuestion(): void {
    this.generation++;
    if (this.generation >= 1 << 28) {
      this.kept.fill(0);
      this.generation = 1;
    }
  }

  /** The next trick led by `leader` (`left` the card points still in the hands), or the settlement once every card is played. */
  private trick(leader: number, left: number): boolean {
    if (this.hands[leader] === 0) {
      settleRamsch(this.rules, this.multiplier, this.points, this.tricks, this.ranks, this.firstLeader, this.trickCount, this.score);
      return this.score[this.q] < this.threshold;
    }
    if (this.loserOnly && !this.durchmarschAhead(left)) {
      // Who loses, with no Durchmarsch ahead: decided once q is sure to end above every other seat, or sure to end below one.
      const p = this.points;
      const mine = p[this.q];
      let most = 0;
      for (let s = 0; s < 4; s++) if (s !== this.q && p[s] > most) most = p[s];
      if (mine > most + left) return true;
      if (mine + left < most) return false;
    }
    const lead = this.hands[leader];
    if (popcount32(lead) !== 2) return this.card(leader, leader, -1, -1, leader, 0, 15, left);
    // The last two tricks: answers kept for the question by the cards, the leader and the past (a third to a half of them recur).
    const live = lead | this.hands[(leader + 1) & 3] | this.hands[(leader + 2) & 3] | this.hands[(leader + 3) & 3];
    const p = this.points;
    const tagged = this.generation * 4 + leader;
    const pastPoints = p[0] | (p[1] << 7) | (p[2] << 14) | (p[3] << 21);
    const r = this.ranks;
    const k = this.tricks;
    const pastTricks = r[0] | (r[1] << 4) | (r[2] << 8) | (r[3] << 12) | (k[0] << 16) | (k[1] << 20) | (k[2] << 24) | (k[3] << 28);
    let h = Math.imul(live ^ Math.imul(tagged, 0x9e3779b1), 0x85ebca6b) ^ Math.imul(pastPoints, 0xc2b2ae35) ^ Math.imul(pastTricks, 0x27d4eb2f);
    h ^= h >>> 15;
    const slots = this.kept;
    const j = (h & (KEPT - 1)) * 5;
    if (slots[j] === live && slots[j + 1] === tagged && slots[j + 2] === pastPoints && slots[j + 3] === pastTricks) return slots[j + 4] === 1;
    const answer = this.card(leader, leader, -1, -1, leader, 0, 15, left);
    slots[j] = live;
    slots[j + 1] = tagged;
    slots[j + 2] = pastPoints;
    slots[j + 3] = pastTricks;
    slots[j + 4] = answer ? 1 : 0;
    return answer;
  }

  /** Whether a Durchmarsch can still be made: by every trick, while one seat took them all; by points, while a seat can still reach them. */
  private durchmarschAhead(left: number): boolean {
    const rule = this.rules.ramschDurchmarsch;
    if (rule === 'off') return false;
    if (rule === 'points') {
      for (let s = 0; s < 4; s++) if (this.points[s] + left >= this.durchmarschPoints) return true;
      return false;
    }
    let takers = 0;
    for (let s = 0; s < 4; s++) if (this.tricks[s] > 0) takers++;
    return takers <= 1;
  }

  /**
   * The card of `seat` in the trick so far (`led` its first card, `best` the
   * best card and `bestSeat` who played it, `trickPoints` and `trickRank` its
   * card points and highest trump's rank): q needs every card to lose, an
   * other seat one card.
   */
  private card(leader: number, seat: number, led: number, best: number, bestSeat: number, trickPoints: number, trickRank: number, left: number): boolean {
    const hand = this.hands[seat];
    const legal = led < 0 ? hand : followMask(this.t, hand, led);
    const avoiding = seat === this.q;
    // Who takes the trick so far beats nothing yet when leading.
    const beats = led < 0 ? 0 : legal & this.followsOf[led] & this.stronger[best];
    // First the cards that leave the trick where it lies when q holds it (q ducking, the others leaving it on q), the others' cards in order.
    const first = avoiding || bestSeat === this.q ? legal & ~beats : legal;
    const last = (seat + 1) & 3;
    const closes = last === leader;
    const twins = this.twins;
    const pts = this.t.points;
    for (let m = first, rest = legal & ~first; (m | rest) !== 0; ) {
      if (m === 0) {
        m = rest;
        rest = 0;
      }
      const c = 31 - Math.clz32(m & -m);
      m &= m - 1;
      if ((legal & twins[c]) !== 0) continue;
      this.nodes++;
      const bit = 1 << c;
      const takes = led < 0 || (beats & bit) !== 0;
      const nextBest = takes ? c : best;
      const nextSeat = takes ? seat : bestSeat;
      const points = trickPoints + pts[c];
      const rank = Math.min(trickRank, this.trumpRank[c]);
      this.hands[seat] = hand & ~bit;
      let r: boolean;
      if (closes) {
        const w = nextSeat;
        const rankBefore = this.ranks[w];
        this.points[w] += points;
        this.tricks[w]++;
        if (rank < rankBefore) this.ranks[w] = rank;
        r = this.trick(w, left - points);
        this.points[w] -= points;
        this.tricks[w]--;
        this.ranks[w] = rankBefore;
      } else {
        r = this.card(leader, last, led < 0 ? c : led, nextBest, nextSeat, points, rank, left);
      }
      this.hands[seat] = hand;
      if (r !== avoiding) return r;
    }
    return avoiding;
  }
}
