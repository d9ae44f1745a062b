import { nthBit32, popcount32 } from '../../cards/bits.js';
import type { SeededRng } from '../../core/rng.js';
import { CARDS, lowestIndex, suitOfCard } from './cards.js';
import { handPosition, HAND_SIZE, nextSeat, stepOf, trumpOfFirstRound } from './deal.js';
import { BASE_VALUE } from './engine.js';
import type { KarnoeffelRules } from './rules.js';
import { bannedCard, DEVIL_NO_LEAD, DEVIL_NO_PLAY, POWER, TRICKS_TO_WIN } from './tables.js';

/**
 * A uniform integer in [0, n) for n < 2^16, the same number `rng.int(n)`
 * gives (Lemire's multiply-and-reject on the same 32-bit draw), in integer
 * arithmetic only, which is faster on the hot path.
 */
export function randomBelow(rng: SeededRng, n: number): number {
  let x = rng.nextUint32();
  let low = Math.imul(x, n) >>> 0;
  if (low < n) {
    const threshold = (4294967296 - n) % n;
    while (low < threshold) {
      x = rng.nextUint32();
      low = Math.imul(x, n) >>> 0;
    }
  }
  return ((x >>> 16) * n + (((x & 0xffff) * n) >>> 16)) >>> 16;
}

/**
 * Shuffles the first `need` positions of `deck` (a permutation of the 48
 * cards) by a partial Fisher–Yates: positions 0 .. need-1 become a uniform
 * random sample in random order, whatever order the deck was in before. The
 * rest of the deck stays as it was (those cards are not dealt).
 */
export function shuffleFront(deck: Int8Array | number[], need: number, rng: SeededRng): void {
  for (let i = 0; i < need; i++) {
    const j = i + randomBelow(rng, CARDS - i);
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
  private readonly order = new Int8Array(8);
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
  }

  /** Plays one complete deal; returns the winning team (which scores BASE_VALUE). */
  run(rng: SeededRng, dealer: number): number {
    const n = this.n;
    const { deck, lo, hi, order } = this;
    if (this.drawn) {
      shuffleFront(this.lots, n, rng);
      this.trump = suitOfCard(this.lots[lowestIndex(this.lots, 0, n)]);
    }
    shuffleFront(deck, n * HAND_SIZE, rng);
    if (!this.drawn) this.trump = trumpOfFirstRound(deck, n);
    const trump = this.trump;
    let s = dealer;
    for (let i = 0; i < n; i++) {
      s = nextSeat(s, this.step, n);
      order[i] = s;
      let l = 0;
      let h = 0;
      for (let j = 0; j < HAND_SIZE; j++) {
        const c = deck[handPosition(n, i, j)];
        if (c < 32) l |= 1 << c;
        else h |= 1 << (c - 32);
      }
      lo[s] = l;
      hi[s] = h;
    }
    this.won[0] = 0;
    this.won[1] = 0;
    let leader = order[0];
    let trick = 0;
    const step = this.step;
    for (;;) {
      let seat = leader;
      let base = 0;
      let best = -1;
      let bestSeat = leader;
      for (let k = 0; k < n; k++) {
        let l = lo[seat];
        let h = hi[seat];
        const banned = bannedCard(trump, trick, k === 0, this.devilRule);
        if (banned >= 0) {
          if (banned < 32) l &= ~(1 << banned);
          else h &= ~(1 << (banned - 32));
        }
        const pl = popcount32(l);
        const count = pl + popcount32(h);
        const r = count === 1 ? 0 : randomBelow(rng, count);
        const card = r < pl ? nthBit32(l, r) : 32 + nthBit32(h, r - pl);
        if (card < 32) lo[seat] &= ~(1 << card);
        else hi[seat] &= ~(1 << (card - 32));
        if (k === 0) base = (trump * CARDS + card) * CARDS;
        const p = POWER[base + card];
        if (p > best) {
          best = p;
          bestSeat = seat;
        }
        seat += step;
        if (seat === n) seat = 0;
        else if (seat < 0) seat = n - 1;
      }
      trick++;
      const team = bestSeat & 1;
      if (++this.won[team] >= TRICKS_TO_WIN) {
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
