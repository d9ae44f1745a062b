import { nthBit32, popcount32 } from '../../cards/bits.js';
import type { SeededRng } from '../../core/rng.js';
import { CARD_SUIT, UNTER_MASK } from './cards.js';
import { dealLayout } from './deal.js';
import type { Variant } from './rules.js';
import { SchnapsenSearch } from './search.js';
import { MELD_MOVE } from './tricks.js';

/**
 * Complete random deals of the normal game, from the shuffle to the last
 * card (benchmarks, tests): a thin loop that deals and calls trump as the
 * public engine does, then plays the card play through the search state
 * (search.ts), which holds every rule of the play.
 *
 * Decisions are uniform over the legal actions: cut or knock; three Unter:
 * new deal or keep; the trump call (a suit among the first three cards, or
 * turning up one of the cards still to come); everybody passes the
 * announcements and the Spritzen (the normal game); in Talonschnapsen the
 * Rufer lays away two of his cards and the talon; in play a card, or at a
 * lead a 20/40 (then König or Ober of that suit).
 */

/** Action codes of a trace: 0/1 cut/knock; 2/3 redeal/keep; 10+suit trump; 20+i turn up; 30+card play; 60+suit meld; 100+20x+y lay away x and y. */
export const TRACE_CUT = 0;
export const TRACE_KNOCK = 1;
export const TRACE_REDEAL = 2;
export const TRACE_KEEP = 3;
export const TRACE_TRUMP = 10;
export const TRACE_TURN = 20;
export const TRACE_PLAY = 30;
export const TRACE_MELD = 60;
export const TRACE_LAY = 100;

export class NormalPlayout {
  private readonly seats: number;
  private readonly deck = new Int8Array(20);
  /** The hands being dealt: the search state's own, written in place. */
  private readonly hands: Int32Array;
  private readonly options = new Int8Array(8);
  /** owner[(knocked * seats + rufer) * 20 + deck position] = the seat the card goes to, or -1 for the talon. */
  private readonly owner: Int8Array;
  private readonly restPos: (readonly number[])[];
  private readonly search: SchnapsenSearch;
  /** Points each team (Bauernschnapsen) or player (Talonschnapsen) writes for the last deal. */
  readonly teamScore: Int32Array;
  /** Set to an array to record the actions of the next deals. */
  trace: number[] | null = null;
  /** With `trace`, the number of legal choices at each traced decision. */
  choices: number[] | null = null;
  private word = 0;
  private spare = false;

  /** @param herzrunde 003 Herzrunde (house rule, on by default): Herz trump doubles. */
  constructor(
    variant: Variant,
    private readonly rng: SeededRng,
    private readonly herzrunde = true,
  ) {
    this.seats = variant === 'bauern' ? 4 : 3;
    this.teamScore = new Int32Array(this.seats === 4 ? 2 : 3);
    this.search = SchnapsenSearch.normalGame(this.seats);
    this.hands = this.search.dealHands();
    this.owner = new Int8Array(2 * this.seats * 20).fill(-1);
    for (let k = 0; k < 2; k++) {
      const layout = dealLayout(variant, k === 1);
      for (let rufer = 0; rufer < this.seats; rufer++) {
        for (let i = 0; i < this.seats; i++) for (const pos of [...layout.first[i], ...layout.rest[i]]) this.owner[(k * this.seats + rufer) * 20 + pos] = (rufer + i) % this.seats;
      }
    }
    this.restPos = [dealLayout(variant, false).rest[0], dealLayout(variant, true).rest[0]];
    for (let i = 0; i < 20; i++) this.deck[i] = i;
  }

  /**
   * A random index below n (n <= 28) from 16 random bits, two draws per
   * 32-bit word of the generator (the bias, n / 65536 at most, does not
   * matter for playouts).
   */
  private draw(n: number): number {
    let r: number;
    if (this.spare) {
      r = this.word >>> 16;
      this.spare = false;
    } else {
      this.word = this.rng.nextUint32();
      r = this.word & 0xffff;
      this.spare = true;
    }
    return (r * n) >>> 16;
  }

  private pick(n: number): number {
    if (this.choices) this.choices.push(n);
    return n === 1 ? 0 : this.draw(n);
  }

  /** The deck of the last deal, in dealing order. */
  lastDeck(): number[] {
    return Array.from(this.deck);
  }

  /** Plays this deck next (tests); `run` shuffles its own. */
  useDeck(cards: readonly number[]): void {
    for (let i = 0; i < 20; i++) this.deck[i] = cards[i];
  }

  /**
   * Shuffles and plays one deal with random legal choices; returns the team
   * (Bauernschnapsen: 0 = seats 0 & 2) or player (Talonschnapsen) who won,
   * the Rufer in Talonschnapsen when he wins, else the first other player;
   * -1 for a three-Unter new deal.
   */
  run(dealer: number): number {
    // Fisher–Yates from the last position down, two steps from each 32-bit word (16 bits each, as draw()).
    const deck = this.deck;
    for (let i = 19; i > 0; i -= 2) {
      const word = this.rng.nextUint32();
      let j = ((word & 0xffff) * (i + 1)) >>> 16;
      let t = deck[i];
      deck[i] = deck[j];
      deck[j] = t;
      j = ((word >>> 16) * i) >>> 16;
      t = deck[i - 1];
      deck[i - 1] = deck[j];
      deck[j] = t;
    }
    return this.play(dealer);
  }

  play(dealer: number): number {
    const seats = this.seats;
    const deck = this.deck;
    const hands = this.hands;
    const trace = this.trace;
    const rufer = dealer + 1 === seats ? 0 : dealer + 1;
    const knocked = this.pick(2);
    if (trace) trace.push(knocked ? TRACE_KNOCK : TRACE_CUT);
    for (let seat = 0; seat < seats; seat++) hands[seat] = 0;
    let talon = 0;
    const owner = this.owner;
    const base = (knocked * seats + rufer) * 20;
    for (let i = 0; i < 20; i++) {
      const o = owner[base + i];
      if (o < 0) talon |= 1 << deck[i];
      else hands[o] |= 1 << deck[i];
    }
    const teamScore = this.teamScore;
    teamScore[0] = teamScore[1] = 0;
    if (seats === 3) teamScore[2] = 0;
    const three = (1 << deck[0]) | (1 << deck[1]) | (1 << deck[2]);
    if ((three & UNTER_MASK) === three) {
      const redeal = this.pick(2) === 0;
      if (trace) trace.push(redeal ? TRACE_REDEAL : TRACE_KEEP);
      if (redeal) return -1;
    }
    // Trump: one of the suits among the first three cards, or turn up a card still to come.
    const opts = this.options;
    let n = 0;
    let seen = 0;
    for (let i = 0; i < 3; i++) {
      const s = CARD_SUIT[deck[i]];
      if (!(seen & (1 << s))) {
        seen |= 1 << s;
        opts[n++] = s;
      }
    }
    const rest = this.restPos[knocked];
    for (let i = 0; i < rest.length; i++) opts[n++] = 4 + i;
    const choice = opts[this.pick(n)];
    let trump: number;
    if (choice < 4) {
      trump = choice;
      if (trace) trace.push(TRACE_TRUMP + trump);
    } else {
      trump = CARD_SUIT[deck[rest[choice - 4]]];
      if (trace) trace.push(TRACE_TURN + choice - 3);
    }
    // Nobody announces. Talonschnapsen: the Rufer takes up the talon and lays away two cards.
    if (talon !== 0) {
      const pool = hands[rufer] | talon;
      const k = this.pick(28);
      let x = 0;
      let y = 0;
      for (let i = 0, count = 0; i < 8; i++) {
        for (let j = i + 1; j < 8; j++, count++) {
          if (count === k) {
            x = nthBit32(pool, i);
            y = nthBit32(pool, j);
          }
        }
      }
      hands[rufer] = pool & ~((1 << x) | (1 << y));
      if (trace) trace.push(TRACE_LAY + x * 20 + y);
    }
    // Nobody spritzes: the normal game, the Rufer leads.
    this.search.startNormal(null, rufer, trump, this.herzrunde);
    return this.cardPlay(rufer);
  }

  /**
   * The card play and its score: random legal moves of the search state to
   * the end (recorded in `trace` if set). Returns the winning team or player,
   * as `run`. (One method for both, on purpose: it is compiled on its own, so
   * that the compiler inlines the search state's moves into this loop.)
   */
  private cardPlay(rufer: number): number {
    const game = this.search;
    const trace = this.trace;
    // The random bits of one 32-bit word serve two choices (16 bits each, as draw()).
    let word = 0;
    let spare = false;
    for (;;) {
      const mask = game.legalMask();
      if (mask === 0) break;
      if (trace !== null) {
        const move = nthBit32(mask, this.pick(popcount32(mask)));
        trace.push(move >= MELD_MOVE ? TRACE_MELD + move - MELD_MOVE : TRACE_PLAY + move);
        game.play(move);
        continue;
      }
      if ((mask & (mask - 1)) === 0) {
        // One legal move: no choice to draw.
        game.play(31 - Math.clz32(mask));
        continue;
      }
      const n = popcount32(mask);
      let r: number;
      if (spare) {
        r = word >>> 16;
        spare = false;
      } else {
        word = this.rng.nextUint32();
        r = word & 0xffff;
        spare = true;
      }
      game.play(nthBit32(mask, (r * n) >>> 16));
    }
    // The Rufer's side won, or the others: each member of the winning side writes the points.
    const teamScore = this.teamScore;
    const ruferScore = game.score(rufer);
    if (this.seats === 4) {
      const team = ruferScore > 0 ? rufer & 1 : (rufer & 1) ^ 1;
      teamScore[team] = ruferScore > 0 ? ruferScore : game.score(rufer ^ 1);
      return team;
    }
    if (ruferScore > 0) {
      teamScore[rufer] = ruferScore;
      return rufer;
    }
    const other = rufer === 2 ? 0 : rufer + 1;
    const points = game.score(other);
    for (let seat = 0; seat < 3; seat++) if (seat !== rufer) teamScore[seat] = points;
    return other;
  }
}
