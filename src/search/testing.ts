import type { Rng } from '../core/rng.js';
import type { SearchState } from '../games/search.js';

/**
 * A small synthetic trick game for the tests of the generic search: 2 to 4
 * seats, 4 suits of up to 8 ranks (card id = suit × ranks + rank, higher
 * rank wins), follow suit if you can, otherwise any card; an optional trump
 * suit; card points by rank; sides given per seat (side 0 declares). The
 * declaring side's payout has steps: all tricks 3, more than 3/4 of the
 * points 2, more than half 1; otherwise it loses 1, 2 below a quarter, 3
 * without a trick. Every seat of side 0 scores that payout, every other
 * seat its negative.
 */
export interface TinyRules {
  readonly seats: number;
  readonly ranks: number;
  /** Trump suit 0..3, or -1 for none. */
  readonly trump: number;
  /** Card points by rank (length `ranks`). */
  readonly points: readonly number[];
  /** Side of each seat; side 0 is the declaring side. */
  readonly sides: readonly number[];
}

export interface TinyDeal {
  readonly rules: TinyRules;
  /** Each seat's cards; all hands of one size. */
  readonly hands: readonly (readonly number[])[];
  /** The seat that leads the first trick. */
  readonly leader: number;
}

const MIX1 = [0x9e3779b1, 0x85ebca77, 0xc2b2ae3d, 0x27d4eb2f, 0x165667b1];

function mix(h: number, x: number): number {
  h = Math.imul(h ^ x, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return h ^ (h >>> 16);
}

export class TinyState implements SearchState {
  readonly seats: number;
  private readonly r: TinyRules;
  private readonly hand: number[];
  private readonly trick: number[] = [];
  private leader: number;
  private mover: number;
  private readonly sidePts: number[];
  private readonly sideTrk: number[];
  private readonly totalPoints: number;
  /** Cards not yet in a completed trick (in hands or on the table). */
  private live: number;
  private readonly log: { card: number; seat: number; closed: { leader: number; cards: number[]; winnerSide: number; pts: number } | null }[] = [];

  constructor(deal: TinyDeal) {
    this.r = deal.rules;
    this.seats = deal.rules.seats;
    this.hand = deal.hands.map((h) => h.reduce((m, c) => m | (1 << c), 0));
    this.leader = deal.leader;
    this.mover = deal.leader;
    this.sidePts = [0, 0, 0, 0];
    this.sideTrk = [0, 0, 0, 0];
    this.live = this.hand.reduce((a, b) => a | b, 0);
    let total = 0;
    for (const h of deal.hands) for (const c of h) total += this.pointsOf(c);
    this.totalPoints = total;
  }

  private suitOf(c: number): number {
    return Math.floor(c / this.r.ranks);
  }
  private rankOf(c: number): number {
    return c % this.r.ranks;
  }
  pointsOf(c: number): number {
    return this.r.points[this.rankOf(c)];
  }
  private suitMask(s: number): number {
    return ((1 << this.r.ranks) - 1) << (s * this.r.ranks);
  }

  toMove(): number {
    return this.isOver() ? -1 : this.mover;
  }
  isOver(): boolean {
    return this.trick.length === 0 && this.hand[this.mover] === 0;
  }
  legalMask(): number {
    if (this.isOver()) return 0;
    const h = this.hand[this.mover];
    if (this.trick.length === 0) return h;
    const follow = h & this.suitMask(this.suitOf(this.trick[0]));
    return follow !== 0 ? follow : h;
  }
  /** Cards of the same suit and holder, adjacent among the live cards, worth the same: one of each run. */
  distinctMoves(): number {
    const legal = this.legalMask();
    let out = 0;
    for (let c = 0; c < 32; c++) {
      if (!(legal & (1 << c))) continue;
      // c is kept unless the next live card above it in its suit is legal for us and worth the same.
      let above = -1;
      const s = this.suitOf(c);
      for (let d = c + 1; d < (s + 1) * this.r.ranks; d++) {
        if (this.live & (1 << d) && !this.trick.includes(d)) {
          above = d;
          break;
        }
        if (this.trick.includes(d)) break;
      }
      if (above >= 0 && legal & (1 << above) && this.pointsOf(above) === this.pointsOf(c)) continue;
      out |= 1 << c;
    }
    return out;
  }
  play(move: number): void {
    const seat = this.mover;
    if (!(this.legalMask() & (1 << move))) throw new Error(`illegal move ${move} for seat ${seat}`);
    this.hand[seat] &= ~(1 << move);
    this.trick.push(move);
    let closed: (typeof this.log)[number]['closed'] = null;
    if (this.trick.length === this.seats) {
      const winnerPos = this.winnerOf(this.trick);
      const winner = (this.leader + winnerPos) % this.seats;
      const pts = this.trick.reduce((a, c) => a + this.pointsOf(c), 0);
      const side = this.r.sides[winner];
      closed = { leader: this.leader, cards: this.trick.slice(), winnerSide: side, pts };
      this.sidePts[side] += pts;
      this.sideTrk[side]++;
      for (const c of this.trick) this.live &= ~(1 << c);
      this.trick.length = 0;
      this.leader = winner;
      this.mover = winner;
    } else {
      this.mover = (seat + 1) % this.seats;
    }
    this.log.push({ card: move, seat, closed });
  }
  undo(): void {
    const e = this.log.pop();
    if (!e) throw new Error('nothing to undo');
    if (e.closed) {
      const { leader, cards, winnerSide, pts } = e.closed;
      this.sidePts[winnerSide] -= pts;
      this.sideTrk[winnerSide]--;
      for (const c of cards) this.live |= 1 << c;
      this.trick.push(...cards);
      this.leader = leader;
    }
    this.trick.pop();
    this.hand[e.seat] |= 1 << e.card;
    this.mover = e.seat;
  }
  private winnerOf(cards: readonly number[]): number {
    let best = 0;
    for (let i = 1; i < cards.length; i++) {
      const a = cards[best];
      const b = cards[i];
      const ta = this.suitOf(a) === this.r.trump;
      const tb = this.suitOf(b) === this.r.trump;
      if (tb && !ta) best = i;
      else if (tb === ta && this.suitOf(b) === this.suitOf(a) && b > a) best = i;
    }
    return best;
  }
  depth(): number {
    return this.log.length;
  }
  side(seat: number): number {
    return this.r.sides[seat];
  }
  sides(): number {
    return Math.max(...this.r.sides) + 1;
  }
  sidePoints(side: number): number {
    return this.sidePts[side];
  }
  sideTricks(side: number): number {
    return this.sideTrk[side];
  }
  /** The declaring side's step payout (see the class comment). */
  payout(): number {
    const p = this.sidePts[0];
    const t = this.totalPoints;
    let others = 0;
    for (let s = 1; s < 4; s++) others += this.sideTrk[s];
    if (others === 0) return 3;
    if (this.sideTrk[0] === 0) return -3;
    if (4 * p > 3 * t) return 2;
    if (2 * p > t) return 1;
    if (4 * p < t) return -2;
    return -1;
  }
  score(seat: number): number {
    if (!this.isOver()) throw new Error('the deal is not over');
    const v = this.payout();
    return this.r.sides[seat] === 0 ? v : -v;
  }
  hash(): number {
    let h1 = MIX1[0];
    let h2 = MIX1[1];
    for (let s = 0; s < this.seats; s++) {
      h1 = mix(h1, this.hand[s]);
      h2 = mix(h2, this.hand[s] ^ MIX1[s + 1]);
    }
    for (const c of this.trick) {
      h1 = mix(h1, c + 100);
      h2 = mix(h2, c + 200);
    }
    const tail = this.mover + 8 * (this.trick.length + 8 * (this.sidePts[0] + 512 * (this.sideTrk[0] + 64 * this.sideTrk[1])));
    h1 = mix(h1, tail);
    h2 = mix(h2, tail ^ 0x5bd1e995);
    return (h1 >>> 0) * 2097152 + (h2 >>> 11);
  }
  clone(): TinyState {
    const c = Object.create(TinyState.prototype) as TinyState;
    Object.assign(c, this, {
      hand: this.hand.slice(),
      trick: this.trick.slice(),
      sidePts: this.sidePts.slice(),
      sideTrk: this.sideTrk.slice(),
      log: this.log.slice(),
    });
    return c;
  }
}

/** A random deal of the tiny game: `tricks` cards per seat from a pack of 4 × `ranks`. */
export function randomTinyDeal(rng: Rng, o: { seats?: number; ranks?: number; tricks?: number; trump?: number; sides?: number[] } = {}): TinyDeal {
  const seats = o.seats ?? 2 + rng.int(3);
  const ranks = o.ranks ?? 4 + rng.int(5);
  const tricks = o.tricks ?? Math.min(Math.floor((4 * ranks) / seats), 1 + rng.int(4));
  const trump = o.trump ?? rng.int(5) - 1;
  const table = [0, 0, 0, 2, 3, 4, 10, 11];
  const points = Array.from({ length: ranks }, (_, r) => table[8 - ranks + r]);
  const sides = o.sides ?? (seats === 2 ? [0, 1] : seats === 3 ? [0, 1, 1] : rng.int(2) === 0 ? [0, 1, 0, 1] : [0, 1, 1, 1]);
  const cards = Array.from({ length: 4 * ranks }, (_, i) => i);
  for (let i = cards.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    [cards[i], cards[j]] = [cards[j], cards[i]];
  }
  const hands = Array.from({ length: seats }, (_, s) => cards.slice(s * tricks, (s + 1) * tricks).sort((a, b) => a - b));
  return { rules: { seats, ranks, trump, points, sides }, hands, leader: rng.int(seats) };
}
