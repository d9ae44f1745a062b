import { nthBit32, popcount32 } from '../../cards/bits.js';
import { cardOf, type Card } from '../../cards/pack.js';
import type { Rng } from '../../core/rng.js';
import type { Seat } from '../game.js';
import type { SearchState } from '../search.js';
import { schafkopfPack } from './cards.js';
import { isPointGame, type Contract } from './contract.js';
import { followMask, legalMask } from './legal.js';
import type { SchafkopfRules } from './rules.js';
import { countLaufende, payouts, scoreDeal, settlePointGame, type DoneTrick } from './scoring.js';
import type { SchafkopfState } from './state.js';
import { playTables, type PlayTables } from './tables.js';

function notInHand(move: number, seat: Seat): never {
  throw new Error(`card ${move} is not in the hand of seat ${seat}`);
}

/** The most tricks a Schafkopf deal has (8 with the lange Karte, 6 with the kurze). */
const MAX_TRICKS = 8;
/** Scratch space of `hashExtra`: the highest trump each seat has taken (no state of its own, so that equal positions stay equal in every field). */
const TOP_TRUMPS = new Int8Array(4);
/** No trick has led the called suit yet. */
const NONE = 99;

/** What a deal's card play starts from, besides the hands: the game, who plays it, and what doubles it. */
export interface SearchDeal {
  readonly rules: SchafkopfRules;
  readonly contract: Contract;
  /** Klopfer, Stöße and Bock: the game counts 2^doublings. */
  readonly doublings: number;
  /** The Stock the deal found on the table (a Rufspiel wins it or doubles it). */
  readonly stock: number;
}

/**
 * A Schafkopf deal in its card play, mutable, for search (issue 8 §3): the
 * hands as 32-bit card masks in typed arrays, moves are card ids, `play` and
 * `undo` are exact inverses. Legality is the engine's own (`legal.ts`: the
 * suit to follow, the called Sau, Davonlaufen, Bettel with Stichzwang), as
 * are the trick tables, Laufende, settlement and payouts, so the score at
 * the end is the public outcome's `score`.
 *
 * Sides: in a game with a declarer, side 0 is the declaring party (the
 * declarer and, in a Rufspiel, the holder of the called Sau), side 1 the
 * others: `sides()` = 2. In a Ramsch everyone plays for himself: `sides()`
 * = 4 and `side(seat)` = seat. A tout or Bettel is decided by the first
 * trick that goes the wrong way; like the public engine, the search state
 * plays on to the last card, and the score is already fixed by then.
 *
 * The cards played are one array, four to a trick; `pos` is the next free
 * place, so the trick on the table is at `pos & ~3` and holds `pos & 3`
 * cards, and `pos >> 2` tricks are finished.
 */
export class SchafkopfSearch implements SearchState {
  readonly seats = 4;
  private readonly rules: SchafkopfRules;
  private readonly contract: Contract;
  private readonly t: PlayTables;
  private readonly follow: Int32Array;
  private readonly power: Int16Array;
  private readonly cardPoints: Uint8Array;
  private readonly trumps: number;
  /** The number of cards in the deal: the deal is over when `pos` gets there. */
  private readonly end: number;
  private readonly sau: Card;
  private readonly sauBit: number;
  /** The cards that lead the called suit (its plain cards), 0 outside a Rufspiel. */
  private readonly sauSuit: number;
  private readonly stichzwang: boolean;
  /** Hands with one of these cards need the full legality (the called Sau, or every hand under Stichzwang); others just follow. */
  private readonly special: number;
  /** For each card: the cards that count in a trick it leads (its class, and trumps). */
  private readonly followsOf: Int32Array;
  private readonly ramsch: boolean;
  private readonly doublings: number;
  private readonly multiplier: number;
  private readonly stock: number;
  /** For each card: the cards of its class (the trumps, or its plain suit) that are stronger, the nearest first. */
  private readonly above: Int8Array[];
  /** The trumps, the highest first. */
  private readonly trumpOrder: Int8Array;
  /** For each card: its place in the trump order (0 the highest), 15 for a card that is no trump. */
  private readonly trumpRank: Int8Array;
  /** For each card: the cards of greater power (of any class). */
  private readonly stronger: Int32Array;
  /**
   * Runs of cards that differ only in which of them is still out: in each
   * class (the trumps, each plain suit) the cards next to each other in
   * strength that count the same (where points count), each run of two or
   * more strongest first, one after another; `runEnd[i]` is where the run
   * of place i ends. `runHolder` holds who was dealt each (set by `deal`).
   */
  private readonly runCards: Int8Array;
  private readonly runEnd: Int8Array;
  private readonly runHolder = new Int8Array(32);
  /** The cards in a run of one (kept as they are by `canonical`). */
  private readonly alone: number;
  /** The cards `distinctMoves` may take as equivalent to a neighbour: all but the trumps in a Ramsch (its loser is found by the trumps taken). */
  private readonly mergeable: number;
  /** Whether card points decide the value (not in a Bettel or a tout, which tricks alone decide). */
  private readonly pointsMatter: boolean;

  /** All card points of the pack. */
  private readonly totalPoints: number;
  /**
   * The payouts of a finished game with a declarer, by the party's card
   * points (0..totalPoints) and its tricks (none, some, all), four seats
   * each; made when the hands are dealt (the party and its Laufende depend
   * on them).
   */
  private payoutTable: Float64Array | null = null;
  /** A Ramsch's scores by the result they follow from (`hashExtra` at the end of the deal; the first leader and the rules are the state's own). */
  private readonly ramschScores = new Map<number, Float64Array>();
  /** The payout tables made so far, by party (seat mask) and Laufende. */
  private readonly payoutTables = new Map<number, Float64Array>();

  /** The hands as dealt (for Laufende, the party and the Ramsch score). */
  private readonly dealt = new Int32Array(4);
  private readonly hands = new Int32Array(4);
  private readonly sideOf = new Int8Array(4);
  private nSides = 2;
  /** The seats of the declaring party, as a mask (bit s for seat s). */
  private partySeats = 0;
  private laufende = 0;
  /** How far down the trump order Laufende count (002 6.3, house rule laufende); 0 when the game has none. */
  private readonly laufendeEnd: number;

  /** The history of the play, as 32-bit words (to clear it fast): the cards, then the trick winners. */
  private readonly history = new Int32Array(MAX_TRICKS + MAX_TRICKS / 4);
  /** Every card played, trick by trick, four to a trick. */
  private readonly cards = new Int8Array(this.history.buffer, 0, MAX_TRICKS * 4);
  /** Who took each finished trick (the leader of the next). */
  private readonly trickWinner = new Int8Array(this.history.buffer, MAX_TRICKS * 4, MAX_TRICKS);
  /** For each place in `cards`: where the best card of its trick lay once that card was down (for `undo`). */
  private readonly bestAt = new Int8Array(MAX_TRICKS * 4);
  /** Who led the first trick. */
  private firstLeader = 0;
  /** The next place in `cards`. */
  private pos = 0;
  /** `pos` when the state was loaded: `undo` goes no further back. */
  private start = 0;
  /** The seat to play (once the deal is over: the winner of the last trick, who holds nothing). */
  private turn = 0;
  /** The card led to the trick on the table. */
  private led = 0;
  /** Where in `cards` the card lies that wins the trick on the table so far, and its strength. */
  private best = 0;
  private bestPower = 0;
  /** The cards that count in the trick on the table: those of the led card's class, and trumps. */
  private follows = 0;
  /** The trick that first led the called suit (002 5.3.1.2: "searched" once it is over); NONE before. */
  private searchedIn = NONE;
  private readonly seatPoints = new Int32Array(4);
  /** Card points and tricks taken so far by each side, and points by everyone (kept with `seatPoints` and `seatTricks`). */
  private readonly sidePts = new Int32Array(4);
  private readonly sideTr = new Int32Array(4);
  private taken = 0;
  private readonly seatTricks = new Int32Array(4);
  private readonly scores = new Float64Array(4);
  private scored = false;

  constructor(deal: SearchDeal) {
    const { rules, contract } = deal;
    if (contract.kind === 'sie') throw new Error('a Sie is not played');
    const pack = schafkopfPack(rules.kurzeKarte);
    this.rules = rules;
    this.contract = contract;
    this.t = playTables(pack, contract.kind, contract.kind === 'rufspiel' ? undefined : contract.suit);
    this.follow = this.t.follow;
    this.power = this.t.power;
    this.cardPoints = this.t.points;
    this.trumps = this.t.trumps;
    this.end = pack.size;
    this.sau = contract.kind === 'rufspiel' ? cardOf(pack, contract.suit!, 'A')! : -1;
    this.sauBit = this.sau >= 0 ? 1 << this.sau : 0;
    this.sauSuit = this.sau >= 0 ? this.follow[this.sau] : 0;
    this.stichzwang = contract.kind === 'bettel' && rules.bettelStichzwang;
    this.special = this.stichzwang ? -1 : this.sauBit;
    this.followsOf = this.follow.map((f) => f | this.trumps);
    this.ramsch = contract.kind === 'ramsch';
    this.laufendeEnd = !isPointGame(contract.kind) ? 0 : rules.laufende === 'herren' ? this.t.herren : this.t.trumpOrder.length;
    this.doublings = deal.doublings;
    this.multiplier = 2 ** deal.doublings;
    this.stock = deal.stock;
    const power = this.power;
    this.above = pack.cards.map((c) =>
      Int8Array.from(
        pack.cards.filter((d) => (this.follow[c] & (1 << d)) !== 0 && power[d] > power[c]).sort((a, b) => power[a] - power[b]),
      ),
    );
    this.pointsMatter = contract.kind !== 'bettel' && contract.tout !== true;
    this.trumpOrder = Int8Array.from(this.t.trumpOrder);
    this.trumpRank = Int8Array.from(pack.cards.map((c) => (this.t.trumpOrder.indexOf(c) >= 0 ? this.t.trumpOrder.indexOf(c) : 15)));
    this.stronger = Int32Array.from(pack.cards.map((c) => pack.cards.reduce((m, d) => (power[d] > power[c] ? m | (1 << d) : m), 0)));
    const runs: number[][] = [];
    const classes = [...new Set(pack.cards.map((c) => this.follow[c]))];
    for (const cls of classes) {
      const members = pack.cards.filter((c) => (cls & (1 << c)) !== 0).sort((a, b) => power[b] - power[a]);
      for (const c of members) {
        const run = runs[runs.length - 1];
        const last = run?.[run.length - 1];
        if (last !== undefined && (cls & (1 << last)) !== 0 && c !== this.sau && last !== this.sau && (!this.ramsch || (this.trumps & (1 << c)) === 0) && (!this.pointsMatter || this.cardPoints[last] === this.cardPoints[c])) run.push(c);
        else runs.push([c]);
      }
    }
    const long = runs.filter((r) => r.length > 1);
    this.runCards = Int8Array.from(long.flat());
    this.runEnd = new Int8Array(this.runCards.length);
    let at = 0;
    for (const r of long) {
      at += r.length;
      this.runEnd.fill(at, at - r.length, at);
    }
    this.alone = runs.filter((r) => r.length === 1).reduce((m, r) => m | (1 << r[0]), 0);
    this.mergeable = this.ramsch ? ~this.trumps : -1;
    this.totalPoints = pack.cards.reduce((sum, c) => sum + this.cardPoints[c], 0);
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
  private begin(leader: Seat): void {
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

  private setSides(): void {
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

  /** A search state in the position of a public state in its card play (mid-trick too), or undefined outside the play. */
  static fromState(state: SchafkopfState): SchafkopfSearch | undefined {
    if (state.phase !== 'play' || state.contract === null) return undefined;
    const s = new SchafkopfSearch({
      rules: state.rules,
      contract: state.contract,
      doublings: state.klopfer.length + state.stoss.length + state.carry.bock,
      stock: state.carry.stock,
    });
    // Deal the hands as dealt and play the cards played so far; they are not moves that `undo` takes back.
    const first = state.tricks.length > 0 ? state.tricks[0].leader : state.trick ? state.trick.leader : state.turn;
    s.deal(Int32Array.from(state.dealt), first);
    for (const tr of state.tricks) {
      for (const c of tr.cards) s.play(c);
      if (s.trickWinner[(s.pos >> 2) - 1] !== tr.winner) throw new Error('the state and the search state disagree on a trick');
    }
    if (state.trick) for (const c of state.trick.cards) s.play(c);
    for (let seat = 0; seat < 4; seat++) if (s.hands[seat] !== (state.hands[seat] | 0)) throw new Error('the state and its tricks disagree on the hands');
    if (state.searched !== s.searchedIn < s.pos >> 2) throw new Error('the state and its tricks disagree on the called suit');
    s.start = s.pos;
    return s;
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

  private refinedMask(hand: number, led: Card): number {
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
  private take(base: number, leader: Seat): void {
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
  private leaderOf(n: number): Seat {
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

  /** A search state of the same hands and the same cards played so far, under another game (with the same trumps, for a Ramsch's points). */
  replayAs(deal: SearchDeal): SchafkopfSearch {
    const copy = new SchafkopfSearch(deal);
    copy.deal(this.dealt, this.firstLeader);
    for (let i = 0; i < this.pos; i++) copy.play(this.cards[i]);
    copy.start = copy.pos;
    return copy;
  }

  /** For a game's own searches (the Ramsch solve): a seat's cards, its tricks, the card points not yet in a finished trick, whether it is a Ramsch, its rules. */
  handOf(seat: Seat): number {
    return this.hands[seat];
  }

  seatTricksOf(seat: Seat): number {
    return this.seatTricks[seat];
  }

  pointsLeft(): number {
    return this.totalPoints - this.taken;
  }

  get isRamsch(): boolean {
    return this.ramsch;
  }

  get dealRules(): SchafkopfRules {
    return this.rules;
  }

  get dealDoublings(): number {
    return this.doublings;
  }

  /** The seat whose card takes the trick on the table so far; -1 between tricks. */
  bestSeat(): Seat {
    const len = this.pos & 3;
    return len === 0 ? -1 : (this.turn - len + this.best - (this.pos - len)) & 3;
  }

  /** Whether this card, played now, would take the trick on the table so far (true for a lead). */
  beatsBest(card: Card): boolean {
    return (this.pos & 3) === 0 || ((this.follows & (1 << card)) !== 0 && this.power[card] > this.bestPower);
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
  private unscore(): void {
    if (!this.scored) return;
    this.scored = false;
    for (let s = 0; s < 4; s++) this.scores[s] = 0;
  }

  /** The payouts of the finished deal, by the engine's settlement. */
  private settle(): void {
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
  private payouts(): Float64Array {
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

  private payoutIndex(points: number, tricks: number): number {
    return (points * 3 + (tricks === 0 ? 0 : tricks === this.end >> 2 ? 2 : 1)) * 4;
  }

  /**
   * The least and the most the seat can score at the end from here, whatever
   * happens to the cards still out (`out[0]`, `out[1]`): the payout is
   * monotone in the party's points and in its tricks, so the corners (the
   * party takes none or all of what is left, points and tricks) bound it.
   * A Ramsch is not bounded (-Infinity, Infinity).
   */
  scoreRange(seat: Seat, out: Float64Array): void {
    if (this.ramsch) {
      out[0] = -Infinity;
      out[1] = Infinity;
      return;
    }
    const table = this.payouts();
    const so = this.sideOf;
    const sp = this.seatPoints;
    const st = this.seatTricks;
    let p0 = 0;
    let taken = 0;
    let t0 = 0;
    for (let s = 0; s < 4; s++) {
      taken += sp[s];
      if (so[s] === 0) {
        p0 += sp[s];
        t0 += st[s];
      }
    }
    const p1 = p0 + this.totalPoints - taken;
    const t1 = t0 + (this.end >> 2) - (this.pos >> 2);
    const a = table[this.payoutIndex(p0, t0) + seat];
    const b = table[this.payoutIndex(p1, t1) + seat];
    const c = table[this.payoutIndex(p0, t1) + seat];
    const d = table[this.payoutIndex(p1, t0) + seat];
    out[0] = Math.min(a, b, c, d);
    out[1] = Math.max(a, b, c, d);
  }

  /**
   * The key of the position for the solver's table (exact, 53 bits): the
   * cards still in the hands (32 bits; who holds each follows from the
   * deal), then the cards on the table (each as its place in its player's
   * dealt hand, 3 bits), the seat to move, the declaring party's card points
   * (up to 91: beyond, no step of the payout changes; 0 in a Bettel or tout,
   * which tricks alone decide), whether each side has taken a trick (Schwarz,
   * Bettel, tout), and whether the called suit has been searched while its
   * Sau is still out. The points and tricks of the finished tricks are all
   * of the past that the payout depends on, so equal keys have equal values.
   * A Ramsch, whose loser depends on every seat's points, tricks and trumps
   * taken, is keyed by the position without its past and the second word
   * `hashExtra`. The last trick has no key (faster searched than looked up).
   */
  hash(): number {
    if (this.ramsch) return this.key(0, false);
    const points = this.pointsMatter ? Math.min(this.seatPointsOfSide0(), 91) : 0;
    return this.key(points);
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

  /** The hash or question key with this number (7 bits) for the party's points; without `flags`, no trick flags and no points. */
  private key(points: number, flags = true): number {
    // Keys only between tricks (within a trick a lookup costs more than it saves), and not before the last trick (played out faster than looked up).
    if ((this.pos & 3) !== 0 || this.end - this.pos <= 4) return -1;
    const h = this.hands;
    const rest = this.canonical(h[0] | h[1] | h[2] | h[3]) >>> 0;
    const pos = this.pos;
    const len = pos & 3;
    let high = 0;
    if (len > 0) {
      const base = pos - len;
      const leader = (this.turn - len) & 3;
      for (let i = 0; i < len; i++) {
        const card = this.cards[base + i];
        high = (high << 3) | popcount32(this.dealt[(leader + i) & 3] & ((1 << card) - 1));
      }
    }
    const tricks0 = this.sideTr[0];
    const tricks1 = this.sideTr[1];
    const searched = this.sauBit !== 0 && ((h[0] | h[1] | h[2] | h[3]) & this.sauBit) !== 0 && this.searchedIn < pos >> 2 ? 1 : 0;
    high = (high << 2) | this.turn;
    if (!flags) return ((high << 1) | searched) * 4294967296 + rest;
    high = (high << 7) | points;
    high = (high << 3) | (tricks0 > 0 ? 4 : 0) | (tricks1 > 0 ? 2 : 0) | searched;
    return high * 4294967296 + rest;
  }

  /**
   * The final scores a seat can end with, ascending (from the payout
   * table); undefined in a Ramsch.
   */
  outcomes(seat: Seat): readonly number[] | undefined {
    if (this.ramsch) return undefined;
    const table = this.payouts();
    const out = new Set<number>();
    for (let i = seat; i < table.length; i += 4) out.add(table[i]);
    return [...out].sort((a, b) => a - b);
  }

  /**
   * How promising a legal card looks for the seat to move (higher: try
   * first), for the solver's move order; it never changes a value. Leading:
   * a card nothing live can beat, then low cards. Following: a partner's
   * trick gets points, an opponent's trick is taken with the cheapest card
   * that wins it, and a trick that cannot be won gets the least.
   */
  moveOrder(move: number): number {
    const pts = this.cardPoints[move];
    const power = this.power[move];
    const pos = this.pos;
    const len = pos & 3;
    if (len === 0) {
      // Leading: first a card no one of the other side can beat (then it takes the trick), the most points first; then one a partner takes.
      const side = this.sideOf[this.turn];
      if (!this.beatenAfter(move, side, this.turn, 0, move)) return 1000 + pts * 4 + (power & 127);
      if (this.partnerTakes(0, move, move)) return 500 + pts * 4 - (power & 127);
      return -pts * 4 - (power & 127);
    }
    const base = pos - len;
    const bestSeat = (this.turn - len + this.best - base) & 3;
    const beats = (this.follows & (1 << move)) !== 0 && power > this.bestPower;
    const ours = this.sideOf[bestSeat] === this.sideOf[this.turn] && this.nSides === 2;
    // Whether the side keeps the trick if this seat does not take it (the same for every card: kept for the position).
    const h = this.hands;
    const live = h[0] | h[1] | h[2] | h[3];
    if (live !== this.keepLive || pos !== this.keepPos || this.cards[this.best] * 32 + this.led !== this.keepBest) {
      this.keepLive = live;
      this.keepPos = pos;
      this.keepBest = this.cards[this.best] * 32 + this.led;
      this.keeps = ours ? !this.beatenAfter(this.cards[this.best], this.sideOf[this.turn], this.turn, len, this.led) : this.partnerTakes(len, this.led, this.cards[this.best]);
    }
    if (beats) {
      // Taking the trick: best with a card no one after can beat, and with points; over a partner only when the partner would lose it.
      const holds = !this.beatenAfter(move, this.sideOf[this.turn], this.turn, len, this.led);
      if (ours) return holds && !this.keeps ? 650 + pts * 4 - (power & 127) : holds ? pts * 2 - 200 : -300 + pts;
      return (holds ? 700 : 300) + pts * 4 - (power & 127);
    }
    // Not taking it: points onto a trick the side keeps, else the least.
    return this.keeps ? 600 + pts * 4 - (power & 127) : -pts * 4 - (power & 127);
  }

  /** Whether the side to move keeps the trick on the table when it does not take it itself, for the position `keepLive`, `keepPos`, `keepBest` (the hands follow from the cards still out, the trick from its place and best card). */
  private keeps = false;
  private keepLive = -1;
  private keepPos = -1;
  private keepBest = -1;

  /** Whether a partner after the seat to move (at trick place `len`) can take the trick (`led` led, `best` best) with a card no one after can beat. */
  private partnerTakes(len: number, led: Card, best: Card): boolean {
    if (this.nSides !== 2) return false;
    const side = this.sideOf[this.turn];
    const ledClass = this.follow[led];
    const follows = this.followsOf[led];
    const h = this.hands;
    for (let i = len + 1; i < 4; i++) {
      const q = (this.turn + i - len) & 3;
      if (this.sideOf[q] !== side) continue;
      const hand = h[q];
      let winners = ((hand & ledClass) !== 0 ? hand & ledClass : hand) & follows & this.stronger[best];
      while (winners !== 0) {
        const c = 31 - Math.clz32(winners & -winners);
        winners &= winners - 1;
        if (!this.beatenAfter(c, side, q, i, led)) return true;
      }
    }
    return false;
  }

  /** Whether a seat after trick place `at` (held by `seat`), of another side than `side`, can legally beat `card` if it lies best in a trick where `led` was led. */
  private beatenAfter(card: Card, side: number, seat: Seat, at: number, led: Card): boolean {
    const ledClass = this.follow[led];
    const over = this.followsOf[led] & this.stronger[card];
    const h = this.hands;
    for (let i = at + 1; i < 4; i++) {
      const q = (seat + i - at) & 3;
      if (this.sideOf[q] === side && this.nSides === 2) continue;
      const hand = h[q];
      if ((((hand & ledClass) !== 0 ? hand & ledClass : hand) & over) !== 0) return true;
    }
    return false;
  }

  /** The question the `need` fields answer: the seat, the threshold. */
  private qSeat = -1;
  private qThreshold = NaN;
  /** Whether the seat's payout rises with the party's points (1), falls (-1) or does not depend on them (0), when the party takes some tricks but not all. */
  private qDirection = 0;
  /** The party's points from which (rising) or up to which (falling) the seat reaches the threshold. */
  private qPoints = 0;
  /** Whether the answer is the same with and without Schwarz: at 0 points (`qLowSafe`), at all (`qHighSafe`), both. */
  private qLowSafe = true;
  private qHighSafe = true;
  private qSchwarzSafe = true;

  /**
   * The key of the position for the question whether `seat` ends with at
   * least `threshold` (exact, 53 bits): as `hash`, but instead of the
   * party's points, how many points it still needs to make the seat reach
   * the threshold (or may still take without it falling below), 0 or beyond
   * what is left when that is decided. The payout depends on the party's
   * points and on whether it took no trick or every trick, and then the
   * points are fixed by the tricks; so equal keys answer alike.
   */
  questionKey(seat: Seat, threshold: number): number {
    if (this.ramsch) return -1;
    if (seat !== this.qSeat || threshold !== this.qThreshold) this.setQuestion(seat, threshold);
    if (this.qDirection === 0) return this.key(0);
    const sp = this.seatPoints;
    let taken = 0;
    for (let s = 0; s < 4; s++) taken += sp[s];
    const left = this.totalPoints - taken;
    const p0 = this.seatPointsOfSide0();
    const code =
      this.qDirection > 0 ? Math.max(0, Math.min(this.qPoints - p0, left + 1)) : Math.max(-1, Math.min(this.qPoints - p0, left)) + 1;
    return this.key(code);
  }

  /**
   * The question whether `seat` ends with at least `threshold`, as one of
   * the party's points from here on: when the seat's payout, some tricks
   * taken by each side, rises (falls) with the party's points, it reaches
   * the threshold when the party takes at least (at most) the points still
   * missing (to spare). Not so in a Bettel, tout or Ramsch, and not where
   * Schwarz could still tip the answer (no trick yet on a side, and the
   * answer at 0 or all points differs with and without a trick).
   */
  pointsQuestion(seat: Seat, threshold: number, out: Float64Array): boolean {
    if (this.ramsch) return false;
    if (seat !== this.qSeat || threshold !== this.qThreshold) this.setQuestion(seat, threshold);
    if (this.qDirection === 0) return false;
    if (!this.qSchwarzSafe) {
      const t0 = this.sideTr[0];
      const t1 = this.sideTr[1];
      if ((t0 === 0 && !this.qLowSafe) || (t1 === 0 && !this.qHighSafe)) return false;
    }
    out[0] = this.qDirection;
    out[1] = this.qPoints - this.seatPointsOfSide0();
    return true;
  }

  /**
   * The position without its past, for the points the party can still
   * take: the cards held, the cards on the table, the seat to move, and
   * whether the called suit was searched while its Sau is out (44 bits).
   */
  futureKey(): number {
    if (this.ramsch) return -1;
    return this.key(0, false);
  }

  /**
   * The cards still out, with the cards of each run replaced by the first
   * cards of the run dealt to the same seats in the same order: positions
   * that differ only in which cards of equal worth and neighbouring
   * strength were played (the first or the second of two Ober of one seat,
   * say) then have the same key. Which cards are out, who holds them and
   * how they rank against each other and count is all the rest of the deal
   * depends on, so equal results mean equal futures.
   */
  private canonical(live: number): number {
    let out = live & this.alone;
    const cards = this.runCards;
    const holder = this.runHolder;
    const end = this.runEnd;
    for (let i = 0; i < cards.length; ) {
      const stop = end[i];
      let j = i;
      for (let k = i; k < stop; k++) {
        if ((live & (1 << cards[k])) === 0) continue;
        const h = holder[k];
        while (holder[j] !== h) j++;
        out |= 1 << cards[j];
        j++;
      }
      i = stop;
    }
    return out;
  }

  /**
   * The least and the most card points the party can still take: between
   * none and all that are not yet in a finished trick; between tricks,
   * the run of trumps from the highest still out that one side holds is
   * sure to win its tricks, so its points are that side's.
   */
  futureBounds(out: Float64Array): void {
    const left = this.totalPoints - this.taken;
    out[0] = 0;
    out[1] = left;
    if ((this.pos & 3) !== 0) return;
    const h = this.hands;
    const so = this.sideOf;
    const live = h[0] | h[1] | h[2] | h[3];
    const party = (so[0] === 0 ? h[0] : 0) | (so[1] === 0 ? h[1] : 0) | (so[2] === 0 ? h[2] : 0) | (so[3] === 0 ? h[3] : 0);
    const order = this.trumpOrder;
    const pts = this.cardPoints;
    let side = -1;
    let sure = 0;
    for (let i = 0; i < order.length; i++) {
      const bit = 1 << order[i];
      if ((live & bit) === 0) continue;
      const s = (party & bit) !== 0 ? 0 : 1;
      if (side < 0) side = s;
      else if (s !== side) break;
      sure += pts[order[i]];
    }
    if (side === 0) out[0] = sure;
    else if (side === 1) out[1] = left - sure;
  }

  private setQuestion(seat: Seat, threshold: number): void {
    const table = this.payouts();
    const at = (p: number) => table[this.payoutIndex(p, 1) + seat];
    const total = this.totalPoints;
    const end = this.end >> 2;
    this.qSeat = seat;
    this.qThreshold = threshold;
    // No trick for the party (it has 0 points then) and every trick (all points): does Schwarz change the answer?
    this.qLowSafe = table[this.payoutIndex(0, 0) + seat] >= threshold === at(0) >= threshold;
    this.qHighSafe = table[this.payoutIndex(total, end) + seat] >= threshold === at(total) >= threshold;
    this.qSchwarzSafe = this.qLowSafe && this.qHighSafe;
    if (!this.pointsMatter || at(0) === at(total)) {
      this.qDirection = 0;
      this.qPoints = 0;
    } else if (at(0) < at(total)) {
      this.qDirection = 1;
      let k = 0;
      while (k <= total && at(k) < threshold) k++;
      this.qPoints = k;
    } else {
      this.qDirection = -1;
      let k = total;
      while (k >= 0 && at(k) < threshold) k--;
      this.qPoints = k;
    }
  }

  private seatPointsOfSide0(): number {
    return this.sidePts[0];
  }

  /**
   * The legal cards with one card per class of equivalent cards: a card is
   * left out when the next stronger card of its class (trumps, or its plain
   * suit) that is not in a finished trick is also legal for the same seat
   * and counts the same (where points count): the two then stand in the same
   * relation to every other card, and the value cannot tell them apart. (In
   * a Ramsch trumps are never merged: its loser is found by the trumps taken.)
   */
  distinctMoves(): number {
    const legal = this.legalMask();
    if ((legal & (legal - 1)) === 0) return legal;
    const h = this.hands;
    let live = h[0] | h[1] | h[2] | h[3];
    for (let i = this.pos & ~3; i < this.pos; i++) live |= 1 << this.cards[i];
    const pts = this.cardPoints;
    const above = this.above;
    let out = 0;
    let m = legal & this.mergeable;
    out = legal & ~this.mergeable;
    while (m !== 0) {
      const c = 31 - Math.clz32(m & -m);
      m &= m - 1;
      const up = above[c];
      let keep = true;
      for (let i = 0; i < up.length; i++) {
        const d = up[i];
        if ((live & (1 << d)) === 0) continue;
        if ((legal & (1 << d)) !== 0 && (!this.pointsMatter || pts[d] === pts[c])) keep = false;
        break;
      }
      if (keep) out |= 1 << c;
    }
    return out >>> 0;
  }

  clone(): SchafkopfSearch {
    const copy = Object.create(SchafkopfSearch.prototype) as SchafkopfSearch;
    const fields = copy as unknown as Record<string, unknown>;
    for (const [key, value] of Object.entries(this)) fields[key] = ArrayBuffer.isView(value) ? (value as Int32Array).slice() : value;
    // The cards and the winners are views of the history: so they are in the copy.
    const history = fields.history as Int32Array;
    fields.cards = new Int8Array(history.buffer, 0, MAX_TRICKS * 4);
    fields.trickWinner = new Int8Array(history.buffer, MAX_TRICKS * 4, MAX_TRICKS);
    return copy;
  }

}
