import type { Suit } from '../../cards/pack.js';
import type { Seat } from '../game.js';
import type { SearchState } from '../search.js';
import { CARD_COUNT, CARD_POINTS, NORMAL, type Order } from './cards.js';
import { gameDef, schnapserTricks } from './contracts.js';
import { onDeclarerSide, playTrump, tricksPerDeal } from './draft.js';
import { DECLARER_WINS, UNDECIDED, judgeAllTricks, judgeBauernNormal, judgeNoTrick, judgeSchnapser, judgeTalonNormal, normalGamePoints, sidePoints, talonReachable } from './judge.js';
import { meldGame, meldPoints, schnapserTogether } from './play.js';
import { herzrunde } from './scoring.js';
import type { SchnapsenAction, SchnapsenState } from './state.js';
import { MELD_MOVE, beats, playMoveMask } from './tricks.js';

/**
 * The card play of Bauernschnapsen and Talonschnapsen as a mutable search
 * state (issue 8 §3): hands as 20-bit masks, tricks and tallies in typed
 * arrays, moves as small integers — a card id (0..19), or MELD_MOVE + suit
 * (20..23) for a 20 or 40 announced before a lead. It runs every game that
 * is played out (the normal game with 20/40, Schnapser, Kontraschnapser,
 * Bettler games with the partner sitting out, Gang, Bauernschnapser, Dokta,
 * the regional games, Talonschnapsen with the cards laid away counting for
 * nobody); games won by showing never reach the card play.
 *
 * Legality and judgement are the engine's own: `playMoveMask` (Farb- und
 * Stichzwang against the card led, "already trumped" included, 20/40),
 * `beats` (which card wins the trick), and the verdict functions of
 * judge.ts, so the search state ends a deal exactly where the public engine
 * does. Random playouts over it: playout.ts.
 *
 * Sides: 0 is the declarer's side (in Bauernschnapsen with his partner, who
 * scores with him even when he sits out), 1 the others.
 */

/** How the deal is judged. */
const GOAL_BAUERN_NORMAL = 0;
const GOAL_TALON_NORMAL = 1;
const GOAL_SCHNAPSER = 2;
const GOAL_ALL = 3;
const GOAL_SIDE_ALL = 4;
const GOAL_NONE = 5;

const FULL = (1 << CARD_COUNT) - 1;
/** Undo record, one integer: move (bits 0-4), seat (5-7). */
/** Moves of a deal at most: 24 cards and a 20/40 before each of 6 leads. */
const MAX_MOVES = 32;

export class SchnapsenSearch implements SearchState {
  readonly seats: number;
  // What the deal is (fixed once loaded).
  private goal = GOAL_BAUERN_NORMAL;
  private trump = -1;
  private calledTrump = -1;
  private order: Order = NORMAL;
  private melds = false;
  private declarer = 0;
  private active = 4;
  /** The seat after each seat in play (3 bits per seat), skipping a partner who sits out. */
  private nextPacked = 0;
  private allTricks = 5;
  private schnapserLimit = 3;
  /** Points of the game (the normal game: by the losers' points), and Spritzen times Herzrunde. */
  private value = 1;
  private multiplier = 1;
  /** Bit per seat: on the declarer's side (side 0). */
  private declMask = 0;
  /** Bit per seat: whose tricks count for the announcer in a Schnapser (he alone, or with his partner). */
  private groupMask = 0;
  // The position. Hands by seat; everything else in plain fields, the cheapest to reach.
  private readonly hands: Int32Array;
  private turn = 0;
  private pending = -1;
  /** The 20/40 pending when the state was loaded (before the first move of the undo stack). */
  private loadPending = -1;
  private result = UNDECIDED;
  /** See `SearchState.margin`. */
  margin = false;
  /** The current trick: its cards packed 5 bits each (the last played lowest), its leader, its first card, the card and seat winning so far. */
  private trickLen = 0;
  private trickCards = 0;
  private trickLeader = 0;
  private led = -1;
  private bestCard = -1;
  private bestSeat = -1;
  private trickPoints = 0;
  /** Completed tricks: cards packed as in trickCards, leader << 20, winner << 23. */
  private readonly history = new Int32Array(6);
  private tricksDone = 0;
  private meldedSuits = 0;
  private declCards = 0;
  private declTricks = 0;
  private declMelds = 0;
  private oppCards = 0;
  private oppTricks = 0;
  private oppMelds = 0;
  private groupCards = 0;
  private groupTricks = 0;
  private groupMelds = 0;
  private readonly stack = new Int32Array(MAX_MOVES);
  private sp = 0;

  constructor(seats: number) {
    this.seats = seats;
    this.hands = new Int32Array(seats);
  }

  /** A search state in the position of a public state in its card play, else undefined. */
  static load(s: SchnapsenState): SchnapsenSearch | undefined {
    // The legacy end of play (house rule talonEndHidden) is replayed by the engine only; search plays today's rule.
    if (s.rules.talonEndHidden) return undefined;
    if (s.phase !== 'play' || s.contract === null) return undefined;
    const def = gameDef(s.contract.game, s.variant);
    if (def.goal === 'shown') return undefined;
    const x = new SchnapsenSearch(s.seats);
    const c = s.contract;
    x.goal =
      def.goal === 'normal' ? (s.variant === 'bauern' ? GOAL_BAUERN_NORMAL : GOAL_TALON_NORMAL) : def.goal === 'schnapser' ? GOAL_SCHNAPSER : def.goal === 'all' ? GOAL_ALL : def.goal === 'sideAll' ? GOAL_SIDE_ALL : GOAL_NONE;
    x.trump = playTrump(s);
    x.calledTrump = s.trump;
    x.order = def.order;
    x.melds = meldGame(s);
    x.declarer = c.declarer;
    x.setSeats(s.seats, s.sittingOut);
    x.allTricks = tricksPerDeal(s);
    x.schnapserLimit = schnapserTricks(s.variant);
    x.value = def.value;
    x.multiplier = (1 << s.spritzLevel) * (herzrunde(s) ? 2 : 1);
    const together = schnapserTogether(s);
    for (let seat = 0; seat < s.seats; seat++) {
      if (onDeclarerSide(s, seat)) x.declMask |= 1 << seat;
      if (def.goal === 'schnapser' && (together ? onDeclarerSide(s, seat) : seat === c.declarer)) x.groupMask |= 1 << seat;
      x.hands[seat] = s.hands[seat];
    }
    for (const t of s.tricks) {
      x.trickCards = packCards(t.cards.map((p) => p.card));
      x.trickLeader = t.cards[0].seat;
      x.trickLen = t.cards.length;
      x.rescanTrick();
      x.history[x.tricksDone++] = x.trickCards | (x.trickLeader << 20) | (t.winner << 23);
      x.addTrick(t.winner, packedPoints(x.trickCards, x.trickLen), 1);
    }
    x.trickCards = packCards(s.trick.map((p) => p.card));
    x.trickLeader = s.trick.length > 0 ? s.trick[0].seat : s.turn;
    x.trickLen = s.trick.length;
    x.turn = s.turn;
    x.rescanTrick();
    for (const m of s.melds) {
      x.addMeld(m.seat, m.points);
      x.meldedSuits |= 1 << m.suit;
    }
    x.pending = x.loadPending = s.pendingMeld;
    return x;
  }

  /**
   * A search state for normal games set straight from the hands (the fast
   * path of random playouts and benchmarks, see `startNormal`): Bauern- or
   * Talonschnapsen by the number of seats, no Spritzen.
   */
  static normalGame(seats: number): SchnapsenSearch {
    const x = new SchnapsenSearch(seats);
    x.goal = seats === 4 ? GOAL_BAUERN_NORMAL : GOAL_TALON_NORMAL;
    x.melds = true;
    x.allTricks = seats === 4 ? 5 : 6;
    x.setSeats(seats, -1);
    return x;
  }

  /**
   * Starts a normal game afresh at its first lead: the Rufer leads with these
   * hands (by seat; in Talonschnapsen after the talon, the cards laid away
   * counting for nobody; null: the hands already written into `dealHands()`)
   * and this trump; `herz`: the Herzrunde doubles.
   */
  startNormal(hands: ArrayLike<number> | null, rufer: Seat, trump: number, herz: boolean): void {
    if (hands !== null) for (let seat = 0; seat < this.seats; seat++) this.hands[seat] = hands[seat];
    this.declMask = this.seats === 4 ? 0b0101 << (rufer & 1) : 1 << rufer;
    this.groupMask = 0; // the announcer's group counts only in a Schnapser
    this.declCards = this.declTricks = this.declMelds = this.oppCards = this.oppTricks = this.oppMelds = 0;
    this.groupCards = this.groupTricks = this.groupMelds = 0;
    this.trump = this.calledTrump = trump;
    this.declarer = rufer;
    this.multiplier = herz && trump === 2 ? 2 : 1;
    this.trickLen = this.trickCards = this.tricksDone = this.meldedSuits = this.sp = 0;
    this.pending = this.loadPending = this.led = this.bestCard = this.bestSeat = -1;
    this.result = UNDECIDED;
    this.turn = this.trickLeader = rufer;
  }

  /** The hands by seat, to be written directly before `startNormal(null, …)` (the fast path of random playouts). */
  dealHands(): Int32Array {
    return this.hands;
  }

  toMove(): Seat {
    return this.result === UNDECIDED ? this.turn : -1;
  }

  legalMask(): number {
    if (this.result !== UNDECIDED) return 0;
    return playMoveMask(this.hands[this.turn], this.led, this.trump, this.order, this.melds, this.pending);
  }

  play(move: number): void {
    if (move >= MELD_MOVE) {
      this.playMeld(move);
      return;
    }
    const seat = this.turn;
    this.stack[this.sp++] = move | (seat << 5);
    this.hands[seat] &= ~(1 << move);
    this.pending = -1;
    const len = this.trickLen;
    if (len === 0) {
      this.led = this.bestCard = move;
      this.bestSeat = this.trickLeader = seat;
      this.trickCards = move;
      this.trickPoints = CARD_POINTS[move];
    } else {
      if (beats(move, this.bestCard, this.trump, this.order)) {
        this.bestCard = move;
        this.bestSeat = seat;
      }
      this.trickCards = (this.trickCards << 5) | move;
      this.trickPoints += CARD_POINTS[move];
    }
    if (len + 1 < this.active) {
      this.trickLen = len + 1;
      this.turn = (this.nextPacked >> (3 * seat)) & 7;
      return;
    }
    this.completeTrick();
  }

  private nextSeat(seat: Seat): Seat {
    return (this.nextPacked >> (3 * seat)) & 7;
  }

  private setSeats(seats: number, sittingOut: Seat): void {
    this.active = sittingOut >= 0 ? seats - 1 : seats;
    this.nextPacked = 0;
    for (let seat = 0; seat < seats; seat++) {
      let n = (seat + 1) % seats;
      if (n === sittingOut) n = (n + 1) % seats;
      this.nextPacked |= n << (3 * seat);
    }
  }

  private playMeld(move: number): void {
    const seat = this.turn;
    this.stack[this.sp++] = move | (seat << 5);
    const suit = move - MELD_MOVE;
    this.addMeld(seat, suit === this.calledTrump ? 40 : 20);
    this.meldedSuits |= 1 << suit;
    this.pending = suit;
    this.judge(-1);
  }

  private completeTrick(): void {
    const winner = this.bestSeat;
    this.addTrick(winner, this.trickPoints, 1);
    this.history[this.tricksDone++] = this.trickCards | (this.trickLeader << 20) | (winner << 23);
    // No trick open (its other fields are left as they are: see snapshot()), led next by the winner.
    this.trickLen = 0;
    this.led = -1;
    this.turn = this.trickLeader = winner;
    if (this.goal === GOAL_BAUERN_NORMAL) {
      // The common case, judged here at once (as judge() does).
      this.result = judgeBauernNormal(sidePoints(this.declCards, this.declMelds, this.declTricks), sidePoints(this.oppCards, this.oppMelds, this.oppTricks), this.tricksDone, ((this.declMask >> winner) & 1) === 1);
    } else this.judge(winner);
  }

  undo(): void {
    if (this.sp === 0) throw new Error('nothing to undo');
    const record = this.stack[--this.sp];
    const move = record & 31;
    const seat = (record >> 5) & 7;
    this.result = UNDECIDED;
    this.turn = seat;
    // Before a move the 20/40 just announced was pending (a meld is always followed by a card of its pair).
    const before = this.sp > 0 ? this.stack[this.sp - 1] & 31 : -1;
    this.pending = this.sp === 0 ? this.loadPending : before >= MELD_MOVE ? before - MELD_MOVE : -1;
    if (move >= MELD_MOVE) {
      const suit = move - MELD_MOVE;
      this.addMeld(seat, suit === this.calledTrump ? -40 : -20);
      this.meldedSuits &= ~(1 << suit);
      return;
    }
    // A card taken back when no trick is open completed the last trick: reopen it.
    if (this.trickLen === 0) {
      const h = this.history[--this.tricksDone];
      const winner = (h >> 23) & 7;
      this.trickCards = h & 0xfffff;
      this.trickLeader = (h >> 20) & 7;
      this.trickLen = this.active;
      this.rescanTrick();
      this.addTrick(winner, -packedPoints(this.trickCards, this.active), -1);
    }
    this.trickLen--;
    this.trickCards >>= 5;
    this.hands[seat] |= 1 << move;
    this.rescanTrick();
  }

  /** Recomputes the running facts of the current trick from its packed cards and its leader. */
  private rescanTrick(): void {
    const len = this.trickLen;
    if (len === 0) {
      this.led = -1;
      this.trickCards = this.trickPoints = 0;
      this.trickLeader = this.turn;
      return;
    }
    let card = (this.trickCards >> (5 * (len - 1))) & 31;
    let seat = this.trickLeader;
    this.led = this.bestCard = card;
    this.bestSeat = seat;
    this.trickPoints = packedPoints(this.trickCards, len);
    for (let i = 1; i < len; i++) {
      card = (this.trickCards >> (5 * (len - 1 - i))) & 31;
      seat = this.nextSeat(seat);
      if (beats(card, this.bestCard, this.trump, this.order)) {
        this.bestCard = card;
        this.bestSeat = seat;
      }
    }
  }

  depth(): number {
    return this.sp;
  }

  isOver(): boolean {
    return this.result !== UNDECIDED;
  }

  side(seat: Seat): number {
    return (this.declMask >> seat) & 1 ? 0 : 1;
  }

  sides(): number {
    return 2;
  }

  sidePoints(side: number): number {
    return side === 0 ? this.declCards : this.oppCards;
  }

  sideTricks(side: number): number {
    return side === 0 ? this.declTricks : this.oppTricks;
  }

  score(seat: Seat): number {
    if (this.result === UNDECIDED) return 0;
    const declarerWon = this.result === DECLARER_WINS;
    const won = (((this.declMask >> seat) & 1) === 1) === declarerWon;
    if (!won && !this.margin) return 0;
    let base = this.value;
    if (this.goal === GOAL_BAUERN_NORMAL || this.goal === GOAL_TALON_NORMAL) {
      base = declarerWon ? normalGamePoints(sidePoints(this.oppCards, this.oppMelds, this.oppTricks), this.oppTricks) : normalGamePoints(sidePoints(this.declCards, this.declMelds, this.declTricks), this.declTricks);
    }
    return (won ? base : -base) * this.multiplier;
  }

  /**
   * The key of the position between tricks (-1 within a trick, where the
   * solver does without): the cards still held (20 bits; who holds each
   * follows from the load), the seat to lead, the 20/40 pending and the
   * suits melded, and what the verdict and the game points still depend on
   * of the past: per side (the declarer's and the others', or in a
   * Schnapser the announcer's group) whether it has a trick, and its points
   * as they count (cards and 20/40 once it has a trick, its 20/40 alone
   * before). Games of tricks alone (Gang, Bettler …) keep no points: a trick
   * gone wrong has ended them. Exact: equal keys, equal values.
   */
  hash(): number {
    if (this.trickLen !== 0 || this.result !== UNDECIDED) return -1;
    let a = 0;
    let b = 0;
    let flags = 0;
    const normal = this.goal === GOAL_BAUERN_NORMAL || this.goal === GOAL_TALON_NORMAL;
    if (normal) {
      a = this.declTricks > 0 ? this.declCards + this.declMelds : this.declMelds;
      b = this.oppTricks > 0 ? this.oppCards + this.oppMelds : this.oppMelds;
      flags = (this.declTricks > 0 ? 2 : 0) | (this.oppTricks > 0 ? 1 : 0);
    } else if (this.goal === GOAL_SCHNAPSER) {
      a = this.groupTricks > 0 ? this.groupCards + this.groupMelds : this.groupMelds;
      flags = this.groupTricks > 0 ? 2 : 0;
    }
    let held = 0;
    for (let seat = 0; seat < this.seats; seat++) held |= this.hands[seat];
    // 20 bits of cards, then 2 flags, 3 of the pending meld, 4 of melded suits, 2 of the seat, 9 and 9 of points: 49 bits.
    let high = flags;
    high = high * 8 + (this.pending + 1);
    high = high * 16 + this.meldedSuits;
    high = high * 4 + this.turn;
    high = high * 512 + a;
    high = high * 512 + b;
    return high * 1048576 + held;
  }

  /** The scores a seat can end with: 0, or the game's points (1 to 3 in a normal game) times Spritzen and Herzrunde (with `margin`, a lost game's points negated instead of 0). */
  outcomes(): readonly number[] {
    const normal = this.goal === GOAL_BAUERN_NORMAL || this.goal === GOAL_TALON_NORMAL;
    const won = normal ? [this.multiplier, 2 * this.multiplier, 3 * this.multiplier] : [this.value * this.multiplier];
    // With `margin` a lost game scores what the winners get, negated.
    return this.margin ? [...won.map((x) => -x).reverse(), ...won] : [0, ...won];
  }

  /** Each question is keyed by the position itself (`hash`). */
  questionKey(): number {
    return this.hash();
  }

  clone(): SchnapsenSearch {
    const x = new SchnapsenSearch(this.seats);
    for (const [key, value] of Object.entries(this)) {
      if (ArrayBuffer.isView(value)) (x as unknown as Record<string, Int32Array>)[key].set(value as Int32Array);
      else if (key !== 'seats') (x as unknown as Record<string, unknown>)[key] = value;
    }
    return x;
  }

  /** Tricks completed so far, and the winner of each (for tests and bots). */
  tricks(): number {
    return this.tricksDone;
  }

  trickWinner(i: number): Seat {
    return (this.history[i] >> 23) & 7;
  }

  /** The cards of the completed tricks. */
  private playedCards(): number {
    let mask = 0;
    for (let t = 0; t < this.tricksDone; t++) mask |= packedMask(this.history[t], this.active);
    return mask;
  }

  /** A seat's cards as a mask. */
  hand(seat: Seat): number {
    return this.hands[seat];
  }

  /**
   * Every field, as plain data: two states in the same position (after
   * `play(m); undo()`, or a clone) give equal snapshots. Undo records above
   * the depth, tricks beyond those done and the fields of a trick not yet
   * begun are not part of the position.
   */
  snapshot(): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(this)) out[key] = ArrayBuffer.isView(value) ? Array.from(value as Int32Array) : value;
    out.stack = Array.from(this.stack.subarray(0, this.sp));
    out.history = Array.from(this.history.subarray(0, this.tricksDone));
    // With no trick open, what the last trick left in the trick's fields is not part of the position.
    if (this.trickLen === 0) out.trickCards = out.bestCard = out.bestSeat = out.trickPoints = null;
    return out;
  }

  private addTrick(winner: Seat, points: number, tricks: number): void {
    if ((this.declMask >> winner) & 1) {
      this.declCards += points;
      this.declTricks += tricks;
    } else {
      this.oppCards += points;
      this.oppTricks += tricks;
    }
    if ((this.groupMask >> winner) & 1) {
      this.groupCards += points;
      this.groupTricks += tricks;
    }
  }

  private addMeld(seat: Seat, points: number): void {
    if ((this.declMask >> seat) & 1) this.declMelds += points;
    else this.oppMelds += points;
    if ((this.groupMask >> seat) & 1) this.groupMelds += points;
  }

  /** After a trick (won by `winner`) or a 20/40 (`winner` -1): the engine's verdict (play.ts, judge.ts). */
  private judge(winner: number): void {
    const afterTrick = winner >= 0;
    const done = this.tricksDone;
    const declWon = afterTrick && ((this.declMask >> winner) & 1) === 1;
    switch (this.goal) {
      case GOAL_BAUERN_NORMAL:
        this.result = judgeBauernNormal(sidePoints(this.declCards, this.declMelds, this.declTricks), sidePoints(this.oppCards, this.oppMelds, this.oppTricks), done, declWon);
        return;
      case GOAL_TALON_NORMAL:
        this.result = judgeTalonNormal(
          sidePoints(this.declCards, this.declMelds, this.declTricks),
          this.declTricks,
          talonReachable(this.declCards + this.declMelds, FULL & ~this.playedCards(), this.meldedSuits, this.calledTrump),
          done,
        );
        return;
      case GOAL_SCHNAPSER:
        this.result = judgeSchnapser(afterTrick, afterTrick && ((this.groupMask >> winner) & 1) === 1, sidePoints(this.groupCards, this.groupMelds, this.groupTricks), done, this.schnapserLimit);
        return;
      case GOAL_ALL:
        this.result = judgeAllTricks(afterTrick, winner === this.declarer, done, this.allTricks);
        return;
      case GOAL_SIDE_ALL:
        this.result = judgeAllTricks(afterTrick, declWon, done, this.allTricks);
        return;
      default:
        this.result = judgeNoTrick(afterTrick, winner === this.declarer, done, this.allTricks);
    }
  }
}

/** The card points of n packed cards. */
function packedPoints(cards: number, n: number): number {
  let points = 0;
  for (let i = 0; i < n; i++, cards >>= 5) points += CARD_POINTS[cards & 31];
  return points;
}

/** The mask of n packed cards. */
function packedMask(cards: number, n: number): number {
  let mask = 0;
  for (let i = 0; i < n; i++, cards >>= 5) mask |= 1 << (cards & 31);
  return mask;
}

/** Cards in play order, 5 bits each, the last played in the lowest bits. */
function packCards(cards: readonly number[]): number {
  let packed = 0;
  for (const c of cards) packed = (packed << 5) | c;
  return packed;
}

/** The public action of a search move. */
export function actionOfMove(s: Pick<SchnapsenState, 'trump'>, move: number): SchnapsenAction {
  if (move >= MELD_MOVE) {
    const suit = (move - MELD_MOVE) as Suit;
    return { type: 'meld', suit, points: meldPoints(s, suit) };
  }
  return { type: 'play', card: move };
}

/** The search move of a public action, or undefined if it is none of the card play. */
export function moveOfAction(a: SchnapsenAction): number | undefined {
  if (typeof a !== 'object' || a === null) return undefined;
  if (a.type === 'play' && Number.isInteger(a.card) && a.card >= 0 && a.card < CARD_COUNT) return a.card;
  if (a.type === 'meld' && Number.isInteger(a.suit) && a.suit >= 0 && a.suit < 4) return MELD_MOVE + a.suit;
  return undefined;
}
