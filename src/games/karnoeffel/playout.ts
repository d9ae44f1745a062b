import { nthBit32, popcount32 } from '../../cards/bits.js';
import type { SeededRng } from '../../core/rng.js';
import { CARDS, lowestIndex, suitOfCard } from './cards.js';
import { handPosition, HAND_SIZE, nextSeat, stepOf, trumpOfFirstRound } from './deal.js';
import { BASE_VALUE } from './engine.js';
import type { KarnoeffelRules } from './rules.js';
import { bannedCard, DEVIL_NO_LEAD, DEVIL_NO_PLAY, POWER, TRICKS_TO_WIN } from './tables.js';

/** For Lemire's method on 16 bits: products whose low half falls below (2^16 - n) mod n are redrawn. */
const REJECT_BELOW = Int32Array.from({ length: CARDS + 1 }, (_, n) => (n === 0 ? 0 : (65536 - n) % n));

/**
 * Shuffles the first `need` positions of `deck` (a permutation of the 48
 * cards) by a partial Fisher–Yates: positions 0 .. need-1 become a uniform
 * random sample in random order, whatever order the deck was in before. The
 * rest of the deck stays as it was (those cards are not dealt). Each 32-bit
 * draw gives two 16-bit numbers, each turned into an index by Lemire's
 * multiply-and-reject (exactly uniform); a half left over is dropped, so
 * every call consumes whole draws.
 */
export function shuffleFront(deck: Int8Array | number[], need: number, rng: SeededRng): void {
  let spare = -1;
  for (let i = 0; i < need; i++) {
    const n = CARDS - i;
    const threshold = REJECT_BELOW[n];
    let j: number;
    for (;;) {
      let x: number;
      if (spare >= 0) {
        x = spare;
        spare = -1;
      } else {
        const w = rng.nextUint32();
        x = w & 0xffff;
        spare = w >>> 16;
      }
      const m = x * n;
      if ((m & 0xffff) >= threshold) {
        j = i + (m >>> 16);
        break;
      }
    }
    const t = deck[i];
    deck[i] = deck[j];
    deck[j] = t;
  }
}

/**
 * The fast path for simulation (bots, benchmarks): a mutable engine on two
 * 32-bit words per hand and the shared POWER table, with no allocation per
 * deal. It plays a whole deal with uniformly random legal cards and no
 * raising (every pause passes), by the same rule functions as the immutable
 * game: the deal positions (`handPosition`), the trump of the face-up round
 * or the draw (`lowestIndex`), the Devil's first-trick ban (`bannedCard`),
 * trick powers (`POWER`) and the three tricks that win (`TRICKS_TO_WIN`).
 */
export class KarnoeffelPlayout {
  readonly n: number;
  private readonly step: number;
  private readonly devilRule: number;
  private readonly drawn: boolean;
  private readonly deck = new Int8Array(CARDS);
  private readonly lots = new Int8Array(CARDS);
  private readonly lo = new Int32Array(8);
  private readonly hi = new Int32Array(8);
  /** pos[i * 5 + j]: the deck position of the j-th card of the i-th player in dealing order. */
  private readonly pos: Int8Array;
  /** next[seat]: the next seat in the direction of play. */
  private readonly next: Int8Array;
  /** Results of the last playout. */
  trump = -1;
  winner = -1;
  readonly won = new Int32Array(2);
  tricksPlayed = 0;

  constructor(rules: KarnoeffelRules) {
    this.n = rules.players;
    this.step = stepOf(rules);
    this.devilRule = rules.devilFirstTrick === 'no-play' ? DEVIL_NO_PLAY : DEVIL_NO_LEAD;
    this.drawn = rules.trump === 'drawn';
    for (let i = 0; i < CARDS; i++) {
      this.deck[i] = i;
      this.lots[i] = i;
    }
    this.pos = new Int8Array(this.n * HAND_SIZE);
    for (let i = 0; i < this.n; i++) for (let j = 0; j < HAND_SIZE; j++) this.pos[i * HAND_SIZE + j] = handPosition(this.n, i, j);
    this.next = new Int8Array(this.n);
    for (let seat = 0; seat < this.n; seat++) this.next[seat] = nextSeat(seat, this.step, this.n);
  }

  /** Plays one complete deal; returns the winning team (which scores BASE_VALUE). */
  run(rng: SeededRng, dealer: number): number {
    const n = this.n;
    const { deck, lo, hi, pos, next } = this;
    if (this.drawn) {
      shuffleFront(this.lots, n, rng);
      this.trump = suitOfCard(this.lots[lowestIndex(this.lots, 0, n)]);
    }
    shuffleFront(deck, n * HAND_SIZE, rng);
    if (!this.drawn) this.trump = trumpOfFirstRound(deck, n);
    const trump = this.trump;
    let s = dealer;
    for (let i = 0; i < n; i++) {
      s = next[s];
      let l = 0;
      let h = 0;
      for (let j = 0; j < HAND_SIZE; j++) {
        const c = deck[pos[i * HAND_SIZE + j]];
        if (c < 32) l |= 1 << c;
        else h |= 1 << (c - 32);
      }
      lo[s] = l;
      hi[s] = h;
    }
    const won = this.won;
    won[0] = 0;
    won[1] = 0;
    let leader = next[dealer];
    let trick = 0;
    for (;;) {
      let seat = leader;
      let base = 0;
      let best = -1;
      let bestSeat = leader;
      const held = HAND_SIZE - trick;
      for (let k = 0; k < n; k++) {
        let l = lo[seat];
        let h = hi[seat];
        let count = held;
        const banned = bannedCard(trump, trick, k === 0, this.devilRule);
        if (banned >= 0) {
          if (banned < 32) {
            if ((l & (1 << banned)) !== 0) {
              l &= ~(1 << banned);
              count--;
            }
          } else if ((h & (1 << (banned - 32))) !== 0) {
            h &= ~(1 << (banned - 32));
            count--;
          }
        }
        const r = count === 1 ? 0 : rng.int(count);
        const pl = popcount32(l);
        let card: number;
        if (r < pl) {
          card = nthBit32(l, r);
          lo[seat] &= ~(1 << card);
        } else {
          const b = nthBit32(h, r - pl);
          hi[seat] &= ~(1 << b);
          card = 32 + b;
        }
        if (k === 0) base = (trump * CARDS + card) * CARDS;
        const p = POWER[base + card];
        if (p > best) {
          best = p;
          bestSeat = seat;
        }
        seat = next[seat];
      }
      trick++;
      const team = bestSeat & 1;
      if (++won[team] >= TRICKS_TO_WIN) {
        this.winner = team;
        this.tricksPlayed = trick;
        return team;
      }
      leader = bestSeat;
    }
  }

  /** The points of the last playout: the round's base value for the winners. */
  get value(): number {
    return BASE_VALUE;
  }
}
