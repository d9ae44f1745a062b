import { nthBit32, popcount32 } from '../../cards/bits.js';
import type { SeededRng } from '../../core/rng.js';
import { CARD_POINTS, CARD_SUIT, NORMAL, PAIR_MASK, UNTER_MASK } from './cards.js';
import { dealLayout } from './deal.js';
import { DECLARER_WINS, UNDECIDED, judgeBauernNormal, normalGamePoints, sidePoints } from './judge.js';
import { beats, legalPlayMask } from './tricks.js';

/**
 * The fast path of Bauernschnapsen: a mutable, allocation-free engine on raw
 * 20-bit masks and typed arrays for complete random deals of the normal game
 * (benchmarks now, search bots later). It shares its rules with the public
 * engine — the deal layout, legal-card masks, trick winner, card points, the
 * judgement of the normal game — and differs only in holding everything in
 * preallocated arrays.
 *
 * Decisions are uniform over the legal actions: cut or knock; three Unter:
 * new deal or keep; the trump call (a suit among the first three cards, or
 * turning up one of the two cards still to come); everybody passes the
 * announcements and the Spritzen (the normal game); in play a card, or at a
 * lead a 20/40 (then König or Ober of that suit).
 */

// OWNER[knocked][deck position] = seat counted from the Rufer (0 .. 3).
const OWNER = [new Int8Array(20), new Int8Array(20)];
for (let k = 0; k < 2; k++) {
  const layout = dealLayout('bauern', k === 1);
  for (let i = 0; i < 4; i++) for (const pos of [...layout.first[i], ...layout.rest[i]]) OWNER[k][pos] = i;
}
const REST_POS = [dealLayout('bauern', false).rest[0], dealLayout('bauern', true).rest[0]];
const HERZ = 2;

/** Action codes of a trace: 0/1 cut/knock; 2/3 redeal/keep; 10+suit trump; 20+i turn up; 30+card play; 60+suit meld. */
export const TRACE_CUT = 0;
export const TRACE_KNOCK = 1;
export const TRACE_REDEAL = 2;
export const TRACE_KEEP = 3;
export const TRACE_TRUMP = 10;
export const TRACE_TURN = 20;
export const TRACE_PLAY = 30;
export const TRACE_MELD = 60;

export class BauernPlayout {
  private readonly deck = new Int8Array(20);
  private readonly hands = new Int32Array(4);
  private readonly options = new Int8Array(8);
  readonly teamCards = new Int32Array(2);
  readonly teamMelds = new Int32Array(2);
  readonly teamTricks = new Int32Array(2);
  /** Points each team writes for the last deal. */
  readonly teamScore = new Int32Array(2);
  /** Set to an array to record the actions of the next deals. */
  trace: number[] | null = null;

  /** @param herzrunde 003 Herzrunde (house rule, on by default): Herz trump doubles. */
  constructor(
    private readonly rng: SeededRng,
    private readonly herzrunde = true,
  ) {
    for (let i = 0; i < 20; i++) this.deck[i] = i;
  }

  /** With `trace`, the number of legal choices at each traced decision. */
  choices: number[] | null = null;
  private word = 0;
  private spare = false;

  /**
   * A random index below n (n <= 20) from 16 random bits, two draws per
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

  /**
   * Shuffles and plays one deal with random legal choices; returns the team
   * that won (0: seats 0 & 2, 1: seats 1 & 3) or -1 for a three-Unter new deal.
   */
  run(dealer: number): number {
    const deck = this.deck;
    for (let i = 19; i > 0; i--) {
      const j = this.draw(i + 1);
      const t = deck[i];
      deck[i] = deck[j];
      deck[j] = t;
    }
    return this.play(dealer);
  }

  /** Plays the current deck (set by `run`, or by `useDeck` for tests). */
  useDeck(cards: readonly number[]): void {
    for (let i = 0; i < 20; i++) this.deck[i] = cards[i];
  }

  play(dealer: number): number {
    const deck = this.deck;
    const hands = this.hands;
    const trace = this.trace;
    const rufer = (dealer + 1) & 3;
    const knocked = this.pick(2);
    if (trace) trace.push(knocked ? TRACE_KNOCK : TRACE_CUT);
    hands[0] = hands[1] = hands[2] = hands[3] = 0;
    const owner = OWNER[knocked];
    for (let i = 0; i < 20; i++) hands[(rufer + owner[i]) & 3] |= 1 << deck[i];
    this.teamScore[0] = this.teamScore[1] = 0;
    const three = (1 << deck[0]) | (1 << deck[1]) | (1 << deck[2]);
    if ((three & UNTER_MASK) === three) {
      const redeal = this.pick(2) === 0;
      if (trace) trace.push(redeal ? TRACE_REDEAL : TRACE_KEEP);
      if (redeal) return -1;
    }
    // Trump: one of the suits among the first three cards, or turn up card 1 or 2 still to come.
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
    opts[n++] = 4;
    opts[n++] = 5;
    const choice = opts[this.pick(n)];
    let trump: number;
    if (choice < 4) {
      trump = choice;
      if (trace) trace.push(TRACE_TRUMP + trump);
    } else {
      trump = CARD_SUIT[deck[REST_POS[knocked][choice - 4]]];
      if (trace) trace.push(TRACE_TURN + choice - 3);
    }
    // Nobody announces, nobody spritzes: the normal game, the Rufer leads.
    const cards = this.teamCards;
    const melds = this.teamMelds;
    const tricks = this.teamTricks;
    cards[0] = cards[1] = melds[0] = melds[1] = tricks[0] = tricks[1] = 0;
    const declTeam = rufer & 1;
    let leader = rufer;
    let winnerTeam = -1;
    for (let t = 0; t < 5 && winnerTeam < 0; t++) {
      // The lead: a card, or a 20/40 and then König or Ober of its suit.
      let hand = hands[leader];
      let meldable = 0;
      for (let s = 0; s < 4; s++) if ((hand & PAIR_MASK[s]) === PAIR_MASK[s]) meldable |= 1 << s;
      const cardCount = popcount32(hand);
      const r = this.pick(cardCount + popcount32(meldable));
      let lead: number;
      if (r < cardCount) {
        lead = nthBit32(hand, r);
      } else {
        const suit = nthBit32(meldable, r - cardCount);
        const team = leader & 1;
        melds[team] += suit === trump ? 40 : 20;
        if (trace) trace.push(TRACE_MELD + suit);
        if (tricks[team] > 0) {
          const verdict = judgeBauernNormal(sidePoints(cards[declTeam], melds[declTeam], tricks[declTeam]), sidePoints(cards[declTeam ^ 1], melds[declTeam ^ 1], tricks[declTeam ^ 1]), t, false);
          if (verdict !== UNDECIDED) {
            winnerTeam = verdict === DECLARER_WINS ? declTeam : declTeam ^ 1;
            break;
          }
        }
        lead = nthBit32(PAIR_MASK[suit], this.pick(2));
      }
      if (trace) trace.push(TRACE_PLAY + lead);
      hands[leader] = hand & ~(1 << lead);
      let best = lead;
      let bestSeat = leader;
      let points = CARD_POINTS[lead];
      for (let k = 1; k < 4; k++) {
        const seat = (leader + k) & 3;
        hand = hands[seat];
        const legal = legalPlayMask(hand, lead, trump, NORMAL);
        const card = nthBit32(legal, this.pick(popcount32(legal)));
        if (trace) trace.push(TRACE_PLAY + card);
        hands[seat] = hand & ~(1 << card);
        points += CARD_POINTS[card];
        if (beats(card, best, trump, NORMAL)) {
          best = card;
          bestSeat = seat;
        }
      }
      const team = bestSeat & 1;
      cards[team] += points;
      tricks[team]++;
      leader = bestSeat;
      const verdict = judgeBauernNormal(sidePoints(cards[declTeam], melds[declTeam], tricks[declTeam]), sidePoints(cards[declTeam ^ 1], melds[declTeam ^ 1], tricks[declTeam ^ 1]), t + 1, team === declTeam);
      if (verdict !== UNDECIDED) winnerTeam = verdict === DECLARER_WINS ? declTeam : declTeam ^ 1;
    }
    const loser = winnerTeam ^ 1;
    const base = normalGamePoints(sidePoints(cards[loser], melds[loser], tricks[loser]), tricks[loser]);
    this.teamScore[winnerTeam] = this.herzrunde && trump === HERZ ? base * 2 : base;
    return winnerTeam;
  }
}

