import { nthBit32, popcount32 } from '../../cards/bits.js';
import type { Card } from '../../cards/pack.js';
import type { Rng } from '../../core/rng.js';
import type { Seat } from '../game.js';
import type { Contract } from './contract.js';
import { followMask, legalMask } from './legal.js';
import type { SchafkopfRules } from './rules.js';
import { countLaufende, payouts, scoreDeal, settlePointGame, type DoneTrick } from './scoring.js';
import { dealTables, type SearchDeal } from './searchTables.js';
import type { PlayTables } from './tables.js';

function notInHand(move: number, seat: Seat): never {
  throw new Error(`card ${move} is not in the hand of seat ${seat}`);
}

/** The most tricks a Schafkopf deal has (8 with the lange Karte, 6 with the kurze). */
export const MAX_TRICKS = 8;
/** Scratch space of `hashExtra`: the highest trump each seat has taken (no state of its own, so that equal positions stay equal in every field). */
const TOP_TRUMPS = new Int8Array(4);
/** No trick has led the called suit yet. */
export const NONE = 99;

/**
 * The card play of a Schafkopf deal, mutable (the state of `SchafkopfSearch`,
 * which adds the solver's keys, questions and move order): the hands, `play`
 * and `undo`, legality, the tricks, and the payouts at the end.
 */
export class SchafkopfPlay {
  readonly seats = 4;
  protected readonly rules: SchafkopfRules;
  protected readonly contract: Contract;
  protected readonly t: PlayTables;
  protected readonly follow: Int32Array;
  protected readonly power: Int16Array;
  protected readonly cardPoints: Uint8Array;
  protected readonly trumps: number;
  /** The number of cards in the deal: the deal is over when `pos` gets there. */
  protected readonly end: number;
  protected readonly sau: Card;
  protected readonly sauBit: number;
  /** The cards that lead the called suit (its plain cards), 0 outside a Rufspiel. */
  protected readonly sauSuit: number;
  protected readonly stichzwang: boolean;
  /** Hands with one of these cards need the full legality (the called Sau, or every hand under Stichzwang); others just follow. */
  protected readonly special: number;
  /** For each card: the cards that count in a trick it leads (its class, and trumps). */
  protected readonly followsOf: Int32Array;
  protected readonly ramsch: boolean;
  protected readonly doublings: number;
  protected readonly multiplier: number;
  protected readonly stock: number;
  /** For each card: the cards of its class (the trumps, or its plain suit) that are stronger, the nearest first. */
  protected readonly above: Int8Array[];
  /** The trumps, the highest first. */
  protected readonly trumpOrder: Int8Array;
  /** For each card: its place in the trump order (0 the highest), 15 for a card that is no trump. */
  protected readonly trumpRank: Int8Array;
  /** For each card: the cards of greater power (of any class). */
  protected readonly stronger: Int32Array;
  /**
   * Runs of cards that differ only in which of them is still out: in each
   * class (the trumps, each plain suit) the cards next to each other in
   * strength that count the same (where points count), each run of two or
   * more strongest first, one after another; `runEnd[i]` is where the run
   * of place i ends. `runHolder` holds who was dealt each (set by `deal`).
   */
  protected readonly runCards: Int8Array;
  protected readonly runEnd: Int8Array;
  protected readonly runHolder = new Int8Array(32);
  /** For each card: its twin (see `DealTables.twins`), as a mask. */
  protected readonly twins: Int32Array;
  /** The cards in a run of one (kept as they are by `canonical`). */
  protected readonly alone: number;
  /** The cards `distinctMoves` may take as equivalent to a neighbour: all but the trumps in a Ramsch (its loser is found by the trumps taken). */
  protected readonly mergeable: number;
  /** Whether card points decide the value (not in a Bettel or a tout, which tricks alone decide). */
  protected readonly pointsMatter: boolean;

  /** All card points of the pack. */
  protected readonly totalPoints: number;
  /**
   * The payouts of a finished game with a declarer, by the party's card
   * points (0..totalPoints) and its tricks (none, some, all), four seats
   * each; made when the hands are dealt (the party and its Laufende depend
   * on them).
   */
  protected payoutTable: Float64Array | null = null;
  /** A Ramsch's scores by the result they follow from (`hashExtra` at the end of the deal; the first leader and the rules are the state's own). */
  protected readonly ramschScores = new Map<number, Float64Array>();
  /** The payout tables made so far, by party (seat mask) and Laufende. */
  protected readonly payoutTables = new Map<number, Float64Array>();

  /** The hands as dealt (for Laufende, the party and the Ramsch score). */
  protected readonly dealt = new Int32Array(4);
  protected readonly hands = new Int32Array(4);
  protected readonly sideOf = new Int8Array(4);
  protected nSides = 2;
  /** The seats of the declaring party, as a mask (bit s for seat s). */
  protected partySeats = 0;
  protected laufende = 0;
  /** How far down the trump order Laufende count (002 6.3, house rule laufende); 0 when the game has none. */
  protected readonly laufendeEnd: number;

  /** The history of the play, as 32-bit words (to clear it fast): the cards, then the trick winners. */
  protected readonly history = new Int32Array(MAX_TRICKS + MAX_TRICKS / 4);
  /** Every card played, trick by trick, four to a trick. */
  protected readonly cards = new Int8Array(this.history.buffer, 0, MAX_TRICKS * 4);
  /** Who took each finished trick (the leader of the next). */
  protected readonly trickWinner = new Int8Array(this.history.buffer, MAX_TRICKS * 4, MAX_TRICKS);
  /** For each place in `cards`: where the best card of its trick lay once that card was down (for `undo`). */
  protected readonly bestAt = new Int8Array(MAX_TRICKS * 4);
  /** Who led the first trick. */
  protected firstLeader = 0;
  /** The next place in `cards`. */
  protected pos = 0;
  /** `pos` when the state was loaded: `undo` goes no further back. */
  protected start = 0;
  /** The seat to play (once the deal is over: the winner of the last trick, who holds nothing). */
  protected turn = 0;
  /** The card led to the trick on the table. */
  protected led = 0;
  /** Where in `cards` the card lies that wins the trick on the table so far, and its strength. */
  protected best = 0;
  protected bestPower = 0;
  /** The cards that count in the trick on the table: those of the led card's class, and trumps. */
  protected follows = 0;
  /** The trick that first led the called suit (002 5.3.1.2: "searched" once it is over); NONE before. */
  protected searchedIn = NONE;
  protected readonly seatPoints = new Int32Array(4);
  /** Card points and tricks taken so far by each side, and points by everyone (kept with `seatPoints` and `seatTricks`). */
  protected readonly sidePts = new Int32Array(4);
  protected readonly sideTr = new Int32Array(4);
  protected taken = 0;
  protected readonly seatTricks = new Int32Array(4);
  protected readonly scores = new Float64Array(4);
  protected scored = false;
  constructor(deal: SearchDeal) {
    const d = dealTables(deal);
    this.rules = deal.rules;
    this.contract = deal.contract;
    this.t = d.t;
    this.follow = d.t.follow;
    this.power = d.t.power;
    this.cardPoints = d.t.points;
    this.trumps = d.t.trumps;
    this.end = d.end;
    this.sau = d.sau;
    this.sauBit = d.sauBit;
    this.sauSuit = d.sauSuit;
    this.stichzwang = d.stichzwang;
    this.special = d.special;
    this.followsOf = d.followsOf;
    this.ramsch = d.ramsch;
    this.laufendeEnd = d.laufendeEnd;
    this.doublings = deal.doublings;
    this.multiplier = 2 ** deal.doublings;
    this.stock = deal.stock;
    this.above = d.above;
    this.pointsMatter = d.pointsMatter;
    this.trumpOrder = d.trumpOrder;
    this.trumpRank = d.trumpRank;
    this.stronger = d.stronger;
    this.runCards = d.runCards;
    this.runEnd = d.runEnd;
    this.twins = d.twins;
    this.alone = d.alone;
    this.mergeable = d.mergeable;
    this.totalPoints = d.totalPoints;
  }

  /**
   * Starts the card play of a fresh deal from these hands (by seat), with
   * `leader` (Vorhand) to lead. The party follows from the hands: the
   * declarer and whoever holds the called Sau.
   */
  deal(hands: ArrayLike<number>, leader: Seat): void {
    for (let s = 0; s < 4; s++) {
      this.dealt[s] = hands[s];
      this.hands[s] = hands[s];
    }
    for (let i = 0; i < this.runCards.length; i++) {
      const bit = 1 << this.runCards[i];
      this.runHolder[i] = (hands[0] & bit) !== 0 ? 0 : (hands[1] & bit) !== 0 ? 1 : (hands[2] & bit) !== 0 ? 2 : 3;
    }
    this.begin(leader);
  }

  /** The hands are dealt: everything else starts afresh. */
  protected begin(leader: Seat): void {
    for (let s = 0; s < 4; s++) {
      this.seatPoints[s] = 0;
      this.sidePts[s] = 0;
      this.sideTr[s] = 0;
      this.seatTricks[s] = 0;
    }
    this.taken = 0;
    this.setSides();
    // What earlier deals left behind goes, so that equal positions are equal in every field.
    // (A word at a time: four cards, or four tricks' winners.)
    if (this.pos !== 0) {
      const words = this.history;
      for (let i = 0; i < words.length; i++) words[i] = 0;
      this.bestAt.fill(0);
    }
    this.pos = 0;
    this.start = 0;
    this.firstLeader = leader;
    this.turn = leader;
    this.led = 0;
    this.best = 0;
    this.bestPower = 0;
    this.follows = 0;
    this.searchedIn = NONE;
    this.unscore();
  }

  protected setSides(): void {
    const c = this.contract;
    if (this.ramsch) {
      this.nSides = 4;
      for (let s = 0; s < 4; s++) this.sideOf[s] = s;
      this.laufende = 0;
      return;
    }
    this.nSides = 2;
    let party = 0;
    let seats = 0;
    for (let s = 0; s < 4; s++) {
      const inParty = s === c.declarer || (this.dealt[s] & this.sauBit) !== 0;
      this.sideOf[s] = inParty ? 0 : 1;
      if (inParty) {
        party |= this.dealt[s];
        seats |= 1 << s;
      }
    }
    this.partySeats = seats;
    this.laufende = this.laufendeEnd === 0 ? 0 : countLaufende(this.t, party, this.rules);
    this.payoutTable = null;
    this.payoutTable = this.payouts();
  }

  toMove(): Seat {
    return this.pos === this.end ? -1 : this.turn;
  }

  legalMask(): number {
    // Once the deal is over the seat "to move" holds nothing, and the mask is empty.
    const hand = this.hands[this.turn];
    const led = (this.pos & 3) === 0 ? -1 : this.led;
    // The engine's rules: the plain duty to follow, or, with the called Sau in this hand or with Stichzwang, all of them.
    if ((hand & this.special) === 0) return followMask(this.t, hand, led) >>> 0;
    return this.refinedMask(hand, led);
  }

  protected refinedMask(hand: number, led: Card): number {
    const ownSau = (hand & this.sauBit) !== 0 && this.searchedIn >= this.pos >> 2 ? this.sau : -1;
    return legalMask(this.t, hand, led, led < 0 ? -1 : this.cards[this.best], ownSau, this.stichzwang) >>> 0;
  }

  /**
   * A rollout: plays uniformly random legal cards to the end of the deal.
   * It draws the same random numbers and plays the same cards as a loop of
   * `legalMask`, `rng.int(popcount)` over the legal cards and `play` would,
   * and leaves the same state (every card undoable); only faster, with each
   * trick kept in local variables.
   */
  playRandom(rng: Rng): void {
    // Finish the trick on the table one card at a time.
    while ((this.pos & 3) !== 0) {
      const m = this.legalMask();
      this.play(nthBit32(m, rng.int(popcount32(m))));
    }
    const { bestAt, hands, cards, power, followsOf, cardPoints, t, special, sauBit, sau, sauSuit, stichzwang, trickWinner, seatPoints, seatTricks } = this;
    const end = this.end;
    let pos = this.pos;
    let leader = this.turn;
    let searchedIn = this.searchedIn;
    let led = this.led;
    let best = this.best;
    let bestPower = this.bestPower;
    let follows = this.follows;
    while (pos !== end) {
      let pts = 0;
      for (let i = 0; i < 4; i++) {
        const seat = (leader + i) & 3;
        const hand = hands[seat];
        const l = i === 0 ? -1 : led;
        const mask =
          (hand & special) === 0
            ? followMask(t, hand, l)
            : legalMask(t, hand, l, i === 0 ? -1 : cards[best], (hand & sauBit) !== 0 && searchedIn >= pos >> 2 ? sau : -1, stichzwang);
        const card = nthBit32(mask, rng.int(popcount32(mask)));
        const bit = 1 << card;
        hands[seat] = hand & ~bit;
        cards[pos + i] = card;
        pts += cardPoints[card];
        if (i === 0) {
          led = card;
          best = pos;
          bestPower = power[card];
          follows = followsOf[card];
        } else if ((follows & bit) !== 0 && power[card] > bestPower) {
          best = pos + i;
          bestPower = power[card];
        }
        bestAt[pos + i] = best;
      }
      const winner = (leader + best - pos) & 3;
      trickWinner[pos >> 2] = winner;
      seatPoints[winner] += pts;
      this.sidePts[this.sideOf[winner]] += pts;
      this.sideTr[this.sideOf[winner]]++;
      this.taken += pts;
      seatTricks[winner]++;
      if (searchedIn === NONE && (sauSuit & (1 << led)) !== 0) searchedIn = pos >> 2;
      leader = winner;
      pos += 4;
    }
    this.pos = pos;
    this.turn = leader;
    this.searchedIn = searchedIn;
    this.led = led;
    this.best = best;
    this.bestPower = bestPower;
    this.follows = follows;
    this.unscore();
  }

  play(move: number): void {
    const pos = this.pos;
    const len = pos & 3;
    const seat = this.turn;
    const bit = 1 << move;
    const hand = this.hands[seat];
    if ((hand & bit) === 0) notInHand(move, seat);
    this.hands[seat] = hand & ~bit;
    this.cards[pos] = move;
    this.pos = pos + 1;
    if (len === 0) {
      this.led = move;
      this.best = pos;
      this.bestPower = this.power[move];
      this.follows = this.followsOf[move];
      this.bestAt[pos] = pos;
    } else {
      const power = this.power[move];
      if ((this.follows & bit) !== 0 && power > this.bestPower) {
        this.best = pos;
        this.bestPower = power;
      }
      this.bestAt[pos] = this.best;
      if (len === 3) {
        this.take(pos - 3, (seat + 1) & 3);
        return;
      }
    }
    this.turn = (seat + 1) & 3;
  }

  /**
   * The fourth card is down: the trick at `base` goes to the best card.
   * The trick's `led`, `best`, `bestPower` and `follows` stay as they are
   * until the next lead (`undo` restores them from the cards).
   */
  protected take(base: number, leader: Seat): void {
    const p = this.cardPoints;
    const cards = this.cards;
    const winner = (leader + this.best - base) & 3;
    this.trickWinner[base >> 2] = winner;
    const pts = p[cards[base]] + p[cards[base + 1]] + p[cards[base + 2]] + p[cards[base + 3]];
    this.seatPoints[winner] += pts;
    this.sidePts[this.sideOf[winner]] += pts;
    this.sideTr[this.sideOf[winner]]++;
    this.taken += pts;
    this.seatTricks[winner]++;
    // The called suit counts as searched once the trick that first led it is over (002 5.3.1.2).
    if (this.searchedIn === NONE && (this.sauSuit & (1 << cards[base])) !== 0) this.searchedIn = base >> 2;
    this.turn = winner;
  }

  /** Who led trick n: the first leader, then whoever took the trick before. */
  protected leaderOf(n: number): Seat {
    return n === 0 ? this.firstLeader : this.trickWinner[n - 1];
  }

  undo(): void {
    const pos = this.pos - 1;
    if (pos < this.start) throw new Error('nothing to undo');
    this.unscore();
    const len = pos & 3;
    const base = pos - len;
    const n = base >> 2;
    const move = this.cards[pos];
    if (len === 3) {
      // The move finished a trick: take the trick back onto the table.
      const winner = this.trickWinner[n];
      const p = this.cardPoints;
      const pts = p[this.cards[base]] + p[this.cards[base + 1]] + p[this.cards[base + 2]] + p[move];
      this.seatPoints[winner] -= pts;
      this.sidePts[this.sideOf[winner]] -= pts;
      this.sideTr[this.sideOf[winner]]--;
      this.taken -= pts;
      this.seatTricks[winner]--;
      if (this.searchedIn === n) this.searchedIn = NONE;
      this.trickWinner[n] = 0;
      this.turn = (this.leaderOf(n) + 3) & 3;
    } else {
      this.turn = (this.turn + 3) & 3;
    }
    this.cards[pos] = 0;
    this.pos = pos;
    this.hands[this.turn] |= 1 << move;
    // The trick on the table as it was before the move: after a lead, the trick before it as it was left.
    this.bestAt[pos] = 0;
    if (pos > 0) {
      const best = this.bestAt[pos - 1];
      const led = this.cards[len > 0 ? base : base - 4];
      this.led = led;
      this.best = best;
      this.bestPower = this.power[this.cards[best]];
      this.follows = this.followsOf[led];
    } else {
      this.led = 0;
      this.best = 0;
      this.bestPower = 0;
      this.follows = 0;
    }
  }

  depth(): number {
    return this.pos - this.start;
  }

  isOver(): boolean {
    return this.pos === this.end;
  }

  side(seat: Seat): number {
    return this.sideOf[seat];
  }

  sides(): number {
    return this.nSides;
  }

  sidePoints(side: number): number {
    return side >= 0 && side < 4 ? this.sidePts[side] : 0;
  }

  sideTricks(side: number): number {
    return side >= 0 && side < 4 ? this.sideTr[side] : 0;
  }

  /** Card points taken so far by one seat. */
  seatPointsOf(seat: Seat): number {
    return this.seatPoints[seat];
  }

  /** The trick with this number (from 0) once it is finished: who led, the cards, who took it. */
  trick(n: number): DoneTrick | undefined {
    if (n < 0 || n >= this.pos >> 2) return undefined;
    return { leader: this.leaderOf(n), cards: Array.from(this.cards.subarray(n * 4, n * 4 + 4)), winner: this.trickWinner[n] };
  }

  score(seat: Seat): number {
    if (this.pos !== this.end) throw new Error('the deal is not over');
    if (!this.scored) this.settle();
    return this.scores[seat];
  }

  /** Forgets the payouts once the deal is no longer over (so that equal positions are equal in every field). */
  protected unscore(): void {
    if (!this.scored) return;
    this.scored = false;
    for (let s = 0; s < 4; s++) this.scores[s] = 0;
  }

  /** The payouts of the finished deal, by the engine's settlement. */
  protected settle(): void {
    const c = this.contract;
    if (this.ramsch) {
      // Ramsch: the engine's own scoring over the tricks (it breaks ties by the tricks' trumps), once for each result that can differ (see `hashExtra`).
      const result = this.hashExtra();
      const known = this.ramschScores.get(result);
      if (known) {
        this.scores.set(known);
        this.scored = true;
        return;
      }
      const tricks: DoneTrick[] = [];
      for (let n = 0; n < this.end >> 2; n++) tricks.push(this.trick(n)!);
      const o = scoreDeal(
        { rules: this.rules, tables: this.t, contract: c, dealt: Array.from(this.dealt, (m) => m >>> 0), tricks, doublings: this.doublings, stock: this.stock },
        [],
      );
      for (let s = 0; s < 4; s++) this.scores[s] = o.score[s];
      if (this.ramschScores.size >= 1 << 18) this.ramschScores.clear();
      this.ramschScores.set(result, this.scores.slice());
    } else {
      const table = this.payouts();
      const at = this.payoutIndex(this.sidePoints(0), this.sideTricks(0));
      for (let s = 0; s < 4; s++) this.scores[s] = table[at + s];
    }
    this.scored = true;
  }

  /** The payouts by the party's points and tricks (see `payoutTable`), by the engine's settlement. */
  protected payouts(): Float64Array {
    if (this.payoutTable) return this.payoutTable;
    // The table depends on the deal only through the party and its Laufende: made once for each (a playout deals thousands of times).
    const kept = this.payoutTables.get(this.partySeats * 64 + this.laufende);
    if (kept) return kept;
    const all = this.end >> 2;
    const table = new Float64Array((this.totalPoints + 1) * 12);
    const scores = new Float64Array(4);
    for (let p = 0; p <= this.totalPoints; p++) {
      for (const tricks of [0, 1, all]) {
        const settled = settlePointGame(this.rules, this.contract, p, tricks, all, this.laufende);
        payouts(this.contract, this.partySeats, settled.won, settled.amount * this.multiplier, this.stock, scores);
        table.set(scores, this.payoutIndex(p, tricks));
      }
    }
    this.payoutTables.set(this.partySeats * 64 + this.laufende, table);
    return table;
  }

  protected payoutIndex(points: number, tricks: number): number {
    return (points * 3 + (tricks === 0 ? 0 : tricks === this.end >> 2 ? 2 : 1)) * 4;
  }

  /**
   * In a Ramsch, the second word of the key: what of the past its loser
   * depends on (002 5.3.6.3: the most points; on a tie, the highest trump
   * taken, then the most tricks; a Jungfrau has none; a Durchmarsch has all
   * or enough points): the card points and tricks of seats 0 to 2 (seat 3's
   * follow from the cards still out), and the highest trump each seat has
   * taken (49 bits). 0 in other games, where the first word says it all.
   */
  hashExtra(): number {
    if (!this.ramsch) return 0;
    const top = TOP_TRUMPS;
    top.fill(15);
    const rank = this.trumpRank;
    const cards = this.cards;
    for (let n = 0, done = this.pos >> 2; n < done; n++) {
      const w = this.trickWinner[n];
      for (let i = n * 4; i < n * 4 + 4; i++) if (rank[cards[i]] < top[w]) top[w] = rank[cards[i]];
    }
    const p = this.seatPoints;
    const t = this.seatTricks;
    const low = (((p[0] * 128 + p[1]) * 128 + p[2]) * 16 + t[0]) * 16 + t[1];
    return ((((t[2] * 16 + top[0]) * 16 + top[1]) * 16 + top[2]) * 16 + top[3]) * 536870912 + low;
  }
}
