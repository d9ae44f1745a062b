import { karnoeffelStakes } from './stakes.js';
import { nthBit32, popcount32 } from '../../cards/bits.js';
import { KARNOEFFEL_DISAGREE_WEIGHT, karnoeffelDisagreements, karnoeffelLogLikelihood } from './model.js';
import type { SeededRng } from '../../core/rng.js';
import type { SearchState, SearchSupport } from '../search.js';
import type { KarnoeffelTypes } from './game.js';
import { sampleWorld } from './sample.js';
import { CARDS } from './cards.js';
import { handPosition, HAND_SIZE, nextSeat, stepOf } from './deal.js';
import { BASE_VALUE } from './engine.js';
import type { KarnoeffelRules } from './rules.js';
import type { KarnoeffelState } from './state.js';
import { bannedCard, DEVIL_NO_LEAD, DEVIL_NO_PLAY, POWER, TRICKS_TO_WIN } from './tables.js';

const TWO_32 = 4294967296;

/**
 * The card play of a Karnöffel deal as a mutable search state (issue 8 §3):
 * every player count (2, 4, 6, 8), both directions of play, both Devil rules
 * of the first trick, the deal over as soon as a side has three tricks.
 * Moves are card ids (0..47); Karnöffel's play has no other decision (advice
 * is talk, not a move). Legality and tricks come from the engine's own rule
 * functions and tables: `bannedCard` (the Devil in the first trick), the
 * trick `POWER` table and `TRICKS_TO_WIN`, so the two cannot disagree.
 *
 * Layout: each hand is two 32-bit words (cards 0..31 in `lo`, 32..47 in
 * `hi`); the cards played since the load are a stack (`cards`), each
 * trick's leader is kept (`leaders`, by trick number: who played a card
 * follows from it), and the trick in progress keeps its best power and seat
 * so far. `undo`
 * restores a finished trick, its winner and the best card so far from the
 * stack alone (at most eight cards to look at), so that `play`, the hot
 * path, writes as little as possible. The stack above its top is not
 * part of the position (nothing reads it, and it is not cleared): after
 * `play(m); undo()` every field, every hand and the stack up to its top are
 * exactly as before (`snapshot` lists them all).
 *
 * Sides are the teams, by seat parity (state.ts); there is no declarer, so
 * side 0 is simply the even seats. Karnöffel counts tricks, not card points:
 * `sidePoints` is the number of tricks, like `sideTricks`.
 */
export class KarnoeffelSearch implements SearchState {
  readonly seats: number;
  private readonly step: number;
  private readonly devilRule: number;
  /** next[seat]: the seat after it in the direction of play. */
  private readonly next: Int8Array;
  /** pos[i * 5 + j]: the deck position of the j-th card of the i-th player in dealing order (`handPosition`). */
  private readonly pos: Int8Array;
  private readonly lo: Int32Array;
  private readonly hi: Int32Array;
  /** The stack of cards played: the cards of the trick in progress at the load first (`base` of them), then every move. */
  private readonly cards: Int8Array;
  /** leaders[t]: the seat that led trick t (from the trick in progress at the load on). */
  private readonly leaders: Int8Array;
  private readonly won: Int32Array;
  /** The trick in progress: POWER's row of its led card, its best power and seat so far (all 0 between tricks). */
  private ledRow = 0;
  private bestPower = 0;
  private bestSeat = 0;
  private trump = 0;
  private value = BASE_VALUE;
  private base = 0;
  /** Tricks completed at the load. */
  private baseTricks = 0;
  private count = 0;
  /** Stack index of the first card of the trick in progress. */
  private trickStart = 0;
  /** Tricks completed. */
  private tricks = 0;
  /** The seat to play, or -1 once a side has three tricks. */
  private turn = -1;
  /** The winning team once over, else -1. */
  private winner = -1;
  /** See `SearchState.margin`. */
  margin = false;
  /** For each card: 2^i when it was the i-th card in the hands at the load (or the deal), else 0: the hash's bits (made by the first `hash`, from `loadLo`/`loadHi`). */
  private keyBit: Float64Array;
  private keyReady = false;
  /** The hands at the load (or the deal), as `lo` and `hi`. */
  private readonly loadLo: Int32Array;
  private readonly loadHi: Int32Array;

  constructor(rules: Pick<KarnoeffelRules, 'players' | 'direction' | 'devilFirstTrick'>, from?: KarnoeffelSearch) {
    const n = rules.players;
    this.seats = n;
    this.step = stepOf(rules);
    this.devilRule = rules.devilFirstTrick === 'no-play' ? DEVIL_NO_PLAY : DEVIL_NO_LEAD;
    this.next = new Int8Array(n);
    for (let seat = 0; seat < n; seat++) this.next[seat] = nextSeat(seat, this.step, n);
    this.pos = new Int8Array(n * HAND_SIZE);
    for (let i = 0; i < n; i++) for (let j = 0; j < HAND_SIZE; j++) this.pos[i * HAND_SIZE + j] = handPosition(n, i, j);
    if (from) {
      this.lo = from.lo.slice();
      this.hi = from.hi.slice();
      this.cards = from.cards.slice();
      this.leaders = from.leaders.slice();
      this.baseTricks = from.baseTricks;
      this.won = from.won.slice();
      this.ledRow = from.ledRow;
      this.bestPower = from.bestPower;
      this.bestSeat = from.bestSeat;
      this.trump = from.trump;
      this.value = from.value;
      this.base = from.base;
      this.count = from.count;
      this.trickStart = from.trickStart;
      this.tricks = from.tricks;
      this.turn = from.turn;
      this.winner = from.winner;
      this.margin = from.margin;
      this.keyBit = from.keyBit;
      this.keyReady = from.keyReady;
      this.loadLo = from.loadLo.slice();
      this.loadHi = from.loadHi.slice();
    } else {
      this.keyBit = new Float64Array(CARDS);
      this.loadLo = new Int32Array(n);
      this.loadHi = new Int32Array(n);
      this.lo = new Int32Array(n);
      this.hi = new Int32Array(n);
      this.cards = new Int8Array(CARDS);
      this.leaders = new Int8Array(HAND_SIZE + 1);
      this.won = new Int32Array(2);
    }
  }

  /**
   * A search state in the position of a public state in its card play (mid
   * trick too), or undefined if the deal is not in its card play.
   */
  static load(state: KarnoeffelState): KarnoeffelSearch | undefined {
    if (state.phase !== 'play') return undefined;
    const rules = state.rules;
    const s = new KarnoeffelSearch(rules);
    const n = rules.players;
    s.trump = state.trump;
    s.value = state.value;
    for (let seat = 0; seat < n; seat++) {
      const mask = state.hands[seat];
      s.lo[seat] = mask % TWO_32 | 0;
      s.hi[seat] = Math.floor(mask / TWO_32) | 0;
    }
    s.loaded();
    s.tricks = state.tricks.length;
    s.baseTricks = s.tricks;
    s.won[0] = state.won[0];
    s.won[1] = state.won[1];
    let seat = state.trickLeader;
    for (const card of state.trick) {
      s.push(card, seat);
      seat = s.next[seat];
    }
    s.base = s.count;
    s.turn = state.turn;
    return s;
  }

  /**
   * A fresh deal straight from a deck (positions as `handPosition` deals
   * them), with the given trump and the round at `value`, Vorhand to lead:
   * the playouts' fast start, without the public state.
   */
  deal(deck: ArrayLike<number>, dealer: number, trump: number, value = BASE_VALUE): void {
    const n = this.seats;
    const pos = this.pos;
    let seat = dealer;
    for (let i = 0; i < n; i++) {
      seat = this.next[seat];
      let l = 0;
      let h = 0;
      for (let j = 0; j < HAND_SIZE; j++) {
        const c = deck[pos[i * HAND_SIZE + j]];
        if (c < 32) l |= 1 << c;
        else h |= 1 << (c - 32);
      }
      this.lo[seat] = l;
      this.hi[seat] = h;
    }
    this.loaded();
    this.trump = trump;
    this.value = value;
    this.base = 0;
    this.baseTricks = 0;
    this.count = 0;
    this.trickStart = 0;
    this.tricks = 0;
    this.won[0] = 0;
    this.won[1] = 0;
    this.turn = this.next[dealer];
    this.winner = -1;
    this.ledRow = 0;
    this.bestPower = 0;
    this.bestSeat = 0;
  }

  toMove(): number {
    return this.turn;
  }

  /** The cards a seat holds, as a mask (whoever is to move). */
  handOf(seat: number): number {
    return (this.hi[seat] >>> 0) * TWO_32 + (this.lo[seat] >>> 0);
  }

  /** Numbers the cards in the hands now (at most 40) for the hash. */
  /** The hands as they are now are the hands at the load: the hash's bits are made from them when first needed (a playout never needs them). */
  private loaded(): void {
    this.loadLo.set(this.lo);
    this.loadHi.set(this.hi);
    this.keyReady = false;
  }

  private numberCards(): void {
    const keyBit = new Float64Array(CARDS);
    let bit = 1;
    for (let seat = 0; seat < this.seats; seat++) {
      for (let c = 0; c < CARDS; c++) {
        const held = c < 32 ? (this.loadLo[seat] >>> c) & 1 : (this.loadHi[seat] >>> (c - 32)) & 1;
        if (held) {
          keyBit[c] = bit;
          bit *= 2;
        }
      }
    }
    // Shared with clones (it never changes after this), so a fresh array rather than a write into the old one.
    this.keyBit = keyBit;
    this.keyReady = true;
  }

  /**
   * The key of the position between tricks (-1 within a trick, where the
   * solver does without): which of the cards held at the load are still
   * held (who holds each follows from the load; up to 40 bits), the seat to
   * lead and the tricks of each team (0 to 2: at 3 the deal is over). The
   * value of the round and the trump never change within a search; the
   * Devil's first-trick rule applies only before the first trick, when
   * every card is still held. Exact: equal keys, equal positions.
   */
  hash(): number {
    if (this.count !== this.trickStart || this.turn < 0) return -1;
    if (!this.keyReady) this.numberCards();
    const keyBit = this.keyBit;
    let key = 0;
    for (let seat = 0; seat < this.seats; seat++) {
      let l = this.lo[seat];
      while (l !== 0) {
        key += keyBit[31 - Math.clz32(l & -l)];
        l &= l - 1;
      }
      let h = this.hi[seat];
      while (h !== 0) {
        key += keyBit[63 - Math.clz32(h & -h)];
        h &= h - 1;
      }
    }
    return key + 1099511627776 * (this.turn + 8 * (this.won[0] + 3 * this.won[1]));
  }

  /** A seat ends with 0 or the value of the round (with `margin`, minus or plus the value). */
  outcomes(): readonly number[] {
    return [this.margin ? -this.value : 0, this.value];
  }

  /** The one question (does the seat's team win the round?) is the position's own: its hash. */
  questionKey(): number {
    return this.hash();
  }

  /**
   * How promising a legal card looks (for the solver's move order only):
   * taking an opponent's trick with the weakest card that does, then the
   * weakest card when the trick is the partner's or cannot be taken.
   */
  moveOrder(move: number): number {
    if (this.count === this.trickStart) return POWER[(this.trump * CARDS + move) * CARDS + move];
    const p = POWER[this.ledRow + move];
    if ((this.bestSeat & 1) !== (this.turn & 1) && p > this.bestPower) return 100 - p;
    return -p;
  }

  legalMask(): number {
    const seat = this.turn;
    if (seat < 0) return 0;
    let l = this.lo[seat];
    let h = this.hi[seat];
    const banned = bannedCard(this.trump, this.tricks, this.count === this.trickStart, this.devilRule);
    if (banned >= 0) {
      if (banned < 32) l &= ~(1 << banned);
      else h &= ~(1 << (banned - 32));
    }
    return (h >>> 0) * TWO_32 + (l >>> 0);
  }

  /** Plays card `move` for the seat to move (a legal move: search code never offers others). */
  play(move: number): void {
    const seat = this.turn;
    if (move < 32) this.lo[seat] &= ~(1 << move);
    else this.hi[seat] &= ~(1 << (move - 32));
    this.push(move, seat);
  }

  /** Puts a card on the stack and moves the play on: the next seat, or the trick's winner, or the end. */
  private push(card: number, seat: number): void {
    const i = this.count++;
    this.cards[i] = card;
    const start = this.trickStart;
    if (i === start) {
      this.leaders[this.tricks] = seat;
      this.ledRow = (this.trump * CARDS + card) * CARDS;
      this.bestPower = POWER[this.ledRow + card];
      this.bestSeat = seat;
    } else {
      const p = POWER[this.ledRow + card];
      if (p > this.bestPower) {
        this.bestPower = p;
        this.bestSeat = seat;
      }
    }
    if (i - start + 1 < this.seats) {
      this.turn = this.next[seat];
      return;
    }
    const w = this.bestSeat;
    const team = w & 1;
    this.tricks++;
    this.trickStart = i + 1;
    this.ledRow = 0;
    this.bestPower = 0;
    this.bestSeat = 0;
    if (++this.won[team] >= TRICKS_TO_WIN) {
      this.turn = -1;
      this.winner = team;
    } else this.turn = w;
  }

  undo(): void {
    if (this.count <= this.base) throw new Error('nothing to undo: no move was played since the load');
    const i = --this.count;
    const card = this.cards[i];
    if (this.trickStart > i) {
      // this card completed a trick: take the trick back from its winner
      this.trickStart = i - (this.seats - 1);
      this.tricks--;
      this.best(i + 1);
      this.won[this.bestSeat & 1]--;
      this.winner = -1;
    }
    let seat = this.leaders[this.tricks];
    for (let k = this.trickStart; k < i; k++) seat = this.next[seat];
    this.turn = seat;
    if (card < 32) this.lo[seat] |= 1 << card;
    else this.hi[seat] |= 1 << (card - 32);
    this.best(i);
  }

  /** Sets the best power and seat of the trick in progress from its cards on the stack below `end` (zero if none). */
  private best(end: number): void {
    const start = this.trickStart;
    if (end <= start) {
      this.ledRow = 0;
      this.bestPower = 0;
      this.bestSeat = 0;
      return;
    }
    const row = (this.trump * CARDS + this.cards[start]) * CARDS;
    let seat = this.leaders[this.tricks];
    let bp = POWER[row + this.cards[start]];
    let bs = seat;
    for (let k = start + 1; k < end; k++) {
      seat = this.next[seat];
      const p = POWER[row + this.cards[k]];
      if (p > bp) {
        bp = p;
        bs = seat;
      }
    }
    this.ledRow = row;
    this.bestPower = bp;
    this.bestSeat = bs;
  }

  depth(): number {
    return this.count - this.base;
  }

  isOver(): boolean {
    return this.turn < 0;
  }

  side(seat: number): number {
    return seat & 1;
  }

  sides(): number {
    return 2;
  }

  sidePoints(side: number): number {
    return this.won[side];
  }

  sideTricks(side: number): number {
    return this.won[side];
  }

  score(seat: number): number {
    if (this.winner < 0) return 0;
    return (seat & 1) === this.winner ? this.value : this.margin ? -this.value : 0;
  }

  clone(): KarnoeffelSearch {
    return new KarnoeffelSearch({ players: this.seats, direction: this.step < 0 ? 'right' : 'left', devilFirstTrick: this.devilRule === DEVIL_NO_PLAY ? 'no-play' : 'no-lead' }, this);
  }

  /** The winning team once over, else -1. */
  winningSide(): number {
    return this.winner;
  }

  /** Tricks completed so far. */
  tricksPlayed(): number {
    return this.tricks;
  }

  /**
   * The random playout: plays uniformly random legal cards to the end and
   * returns the winning team. The k-th legal card in ascending card order is
   * chosen with k = rng.int(legal count) (no draw when only one card is
   * legal), as `apiPlayout` in bench.ts does through the public API.
   *
   * The hot loop of every simulation, so it keeps the position in local
   * variables and writes it back at the end; it does exactly what
   * `legalMask` and `play` do, move by move (search.test.ts compares the
   * two, field by field), and leaves a state that `undo` takes back.
   */
  playRandom(rng: SeededRng): number {
    const n = this.seats;
    const { next, lo, hi, cards, leaders, won } = this;
    const trump = this.trump;
    const devilRule = this.devilRule;
    let turn = this.turn;
    let count = this.count;
    let start = this.trickStart;
    let tricks = this.tricks;
    let row = this.ledRow;
    let bestPower = this.bestPower;
    let bestSeat = this.bestSeat;
    let winner = this.winner;
    while (turn >= 0) {
      const seat = turn;
      let l = lo[seat];
      let h = hi[seat];
      if (tricks === 0) {
        // only the first trick bans a card (the Devil)
        const banned = bannedCard(trump, tricks, count === start, devilRule);
        if (banned >= 0) {
          if (banned < 32) l &= ~(1 << banned);
          else h &= ~(1 << (banned - 32));
        }
      }
      const pl = popcount32(l);
      const total = pl + popcount32(h);
      const r = total === 1 ? 0 : rng.int(total);
      let card: number;
      if (r < pl) {
        card = nthBit32(l, r);
        lo[seat] &= ~(1 << card);
      } else {
        const b = nthBit32(h, r - pl);
        hi[seat] &= ~(1 << b);
        card = 32 + b;
      }
      const i = count++;
      cards[i] = card;
      if (i === start) {
        leaders[tricks] = seat;
        row = (trump * CARDS + card) * CARDS;
        bestPower = POWER[row + card];
        bestSeat = seat;
      } else {
        const p = POWER[row + card];
        if (p > bestPower) {
          bestPower = p;
          bestSeat = seat;
        }
      }
      if (i - start + 1 < n) {
        turn = next[seat];
        continue;
      }
      const team = bestSeat & 1;
      tricks++;
      start = i + 1;
      turn = bestSeat;
      row = 0;
      bestPower = 0;
      bestSeat = 0;
      if (++won[team] >= TRICKS_TO_WIN) {
        turn = -1;
        winner = team;
      }
    }
    this.turn = turn;
    this.count = count;
    this.trickStart = start;
    this.tricks = tricks;
    this.ledRow = row;
    this.bestPower = bestPower;
    this.bestSeat = bestSeat;
    this.winner = winner;
    return winner;
  }

  /** Every field, every hand and the stack up to its top: the whole position, for tests that compare two states exactly. */
  snapshot(): Record<string, unknown> {
    return {
      seats: this.seats,
      trump: this.trump,
      value: this.value,
      base: this.base,
      count: this.count,
      trickStart: this.trickStart,
      tricks: this.tricks,
      turn: this.turn,
      winner: this.winner,
      ledRow: this.ledRow,
      bestPower: this.bestPower,
      bestSeat: this.bestSeat,
      lo: [...this.lo],
      hi: [...this.hi],
      cards: [...this.cards.subarray(0, this.count)],
      leaders: [...this.leaders.subarray(this.baseTricks, this.count > this.trickStart ? this.tricks + 1 : this.tricks)],
      baseTricks: this.baseTricks,
      won: [...this.won],
    };
  }
}

/** The search support of Karnöffel: search states from public states, moves as actions, sampled worlds, the raising as evidence (model.ts). */
export const karnoeffelSearch: SearchSupport<KarnoeffelTypes> = {
  load: (state) => KarnoeffelSearch.load(state),
  actionOf: (_state, move) => ({ type: 'play', card: move }),
  moveOf: (_state, action) => (action.type === 'play' ? action.card : undefined),
  sampleWorld,
  disagreements: karnoeffelDisagreements,
  logLikelihood: karnoeffelLogLikelihood,
  disagreeWeight: KARNOEFFEL_DISAGREE_WEIGHT,
  // strong's live budget (issue 23): 64 worlds and 1.1 million solver nodes a decision; the raises, valued by easy playouts, 24 worlds (README, "strong against strong-1").
  stakes: karnoeffelStakes,
  strongBudget: { worlds: 64, nodes: 1_100_000, playoutWorlds: 24 },
};
