import type { SeededRng } from '../../core/rng.js';
import { CARDS, lowestIndex, suitOfCard } from './cards.js';
import { HAND_SIZE, trumpOfFirstRound } from './deal.js';
import { BASE_VALUE } from './engine.js';
import type { KarnoeffelRules } from './rules.js';
import { KarnoeffelSearch } from './search.js';

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
 * The random playout for simulation (bots, benchmarks): a whole deal with
 * uniformly random legal cards and no raising (every pause passes), on the
 * search state (search.ts), with no allocation per deal. The deal comes from
 * the same rule functions as the immutable game: the deck positions
 * (`handPosition`, inside `KarnoeffelSearch.deal`), the trump of the face-up
 * round or of the draw (`lowestIndex`); the card play is the search state's.
 */
export class KarnoeffelPlayout {
  readonly n: number;
  private readonly drawn: boolean;
  private readonly deck = new Int8Array(CARDS);
  private readonly lots = new Int8Array(CARDS);
  readonly search: KarnoeffelSearch;
  /** Results of the last playout. */
  trump = -1;
  winner = -1;
  readonly won = new Int32Array(2);
  tricksPlayed = 0;

  constructor(rules: KarnoeffelRules) {
    this.n = rules.players;
    this.drawn = rules.trump === 'drawn';
    this.search = new KarnoeffelSearch(rules);
    for (let i = 0; i < CARDS; i++) {
      this.deck[i] = i;
      this.lots[i] = i;
    }
  }

  /** Plays one complete deal; returns the winning team (which scores BASE_VALUE). */
  run(rng: SeededRng, dealer: number): number {
    const n = this.n;
    if (this.drawn) {
      shuffleFront(this.lots, n, rng);
      this.trump = suitOfCard(this.lots[lowestIndex(this.lots, 0, n)]);
    }
    shuffleFront(this.deck, n * HAND_SIZE, rng);
    if (!this.drawn) this.trump = trumpOfFirstRound(this.deck, n);
    const search = this.search;
    search.deal(this.deck, dealer, this.trump);
    const team = search.playRandom(rng);
    this.winner = team;
    this.tricksPlayed = search.tricksPlayed();
    this.won[0] = search.sideTricks(0);
    this.won[1] = search.sideTricks(1);
    return team;
  }

  /** The points of the last playout: the round's base value for the winners. */
  get value(): number {
    return BASE_VALUE;
  }
}
