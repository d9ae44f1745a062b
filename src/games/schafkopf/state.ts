import { isCompleteDeck } from '../../cards/deck.js';
import type { Card } from '../../cards/pack.js';
import { fail, ok, type Result } from '../../core/result.js';
import type { DealInput, Seat } from '../game.js';
import type { SchafkopfEvent } from './events.js';
import { schafkopfPack } from './cards.js';
import type { Contract, GameChoice } from './contract.js';
import type { SchafkopfRules } from './rules.js';
import type { DoneTrick, SchafkopfOutcome } from './scoring.js';

/**
 * The steps of a deal: Klopfen after the first half of the cards (house
 * rule), the bidding from Vorhand, the Mussspiel of the Eichel-Ober when all
 * passed (house rule), the Stoß exchange before the first card, the play,
 * and the end.
 */
export type Phase = 'klopfen' | 'bidding' | 'mussspiel' | 'stoss' | 'play' | 'done';

/** What a Schafkopf deal inherits from the sitting: the Stock (cents) and pending Bock doublings. */
export interface SchafkopfCarry {
  readonly stock: number;
  readonly bock: number;
}

export interface Bid {
  readonly seat: Seat;
  /** Null for "weiter". */
  readonly game: GameChoice | null;
}

export interface Trick {
  readonly leader: Seat;
  readonly cards: readonly Card[];
}

/**
 * A deal of Schafkopf, as plain data. Seats are absolute (0..3); the dealer's
 * left neighbour is Vorhand, who speaks and leads first. Card sets are 32-bit
 * masks over the pack's card ids.
 */
export interface SchafkopfState {
  readonly rules: SchafkopfRules;
  readonly dealer: Seat;
  readonly carry: SchafkopfCarry;
  /** The hands as dealt. */
  readonly dealt: readonly number[];
  /** The first half of each hand, all a seat holds during the Klopfen round. */
  readonly firstHalf: readonly number[];
  /** The cards each seat still holds. */
  readonly hands: readonly number[];
  readonly phase: Phase;
  /** The seat to act; -1 when the deal is over. */
  readonly turn: Seat;
  /** What happened so far, in order (all of it public in Schafkopf). */
  readonly events: readonly SchafkopfEvent[];
  readonly klopfer: readonly Seat[];
  readonly bids: readonly Bid[];
  readonly contract: Contract | null;
  /** Stoß, Re and further answers, by seat, in order. */
  readonly stoss: readonly Seat[];
  /** Seats still to be asked at the current level of the Stoß exchange. */
  readonly stossAsk: readonly Seat[];
  /** The trick on the table (null between tricks and outside the play). */
  readonly trick: Trick | null;
  readonly tricks: readonly DoneTrick[];
  /** Whether a finished trick was led with the called suit ("d'Sau is gsuacht", 002 5.3.1.2). */
  readonly searched: boolean;
  readonly outcome: SchafkopfOutcome | null;
}

export function vorhandOf(dealer: Seat): Seat {
  return (dealer + 1) % 4;
}

/** The four seats in speaking order, Vorhand first, the dealer last. */
export function speakingOrder(dealer: Seat): Seat[] {
  return [1, 2, 3, 4].map((i) => (dealer + i) % 4);
}

/**
 * The deck that deals these hands (by seat) when `dealer` deals: the
 * inverse of the dealing in `setupDeal`, for hands that are given (tests,
 * conformance games).
 */
export function deckForHands(hands: readonly (readonly Card[])[], dealer: Seat): Card[] {
  const half = hands[0].length / 2;
  const deck: Card[] = [];
  for (let part = 0; part < 2; part++) {
    for (const seat of speakingOrder(dealer)) deck.push(...hands[seat].slice(part * half, (part + 1) * half));
  }
  return deck;
}

/**
 * Deals the cards (002 3.4): 2 x 4 to each seat clockwise from Vorhand (2 x 3
 * with the kurze Karte): the first packet to Vorhand, Mittelhand,
 * Hinterhand, the dealer, then the second packet likewise.
 */
export function setupDeal(rules: SchafkopfRules, deal: DealInput<SchafkopfCarry>): Result<SchafkopfState> {
  const pack = schafkopfPack(rules.kurzeKarte);
  if (!Number.isInteger(deal.dealer) || deal.dealer < 0 || deal.dealer > 3) return fail('badDeal', `dealer ${deal.dealer} is not a seat (0..3)`);
  if (!isCompleteDeck(pack, deal.deck)) return fail('badDeal', `the deck must hold each of the ${pack.size} cards of the ${pack.name} pack exactly once`);
  const { stock, bock } = deal.carry ?? { stock: 0, bock: 0 };
  if (!Number.isInteger(stock) || stock < 0 || !Number.isInteger(bock) || bock < 0) {
    return fail('badDeal', 'the carry needs a Stock and a Bock count that are whole numbers, not negative');
  }
  const half = pack.size / 8;
  const order = speakingOrder(deal.dealer);
  const dealt = [0, 0, 0, 0];
  const firstHalf = [0, 0, 0, 0];
  let i = 0;
  for (let round = 0; round < 2; round++) {
    for (const seat of order) {
      for (let k = 0; k < half; k++) {
        dealt[seat] |= 1 << deal.deck[i++];
      }
      if (round === 0) firstHalf[seat] = dealt[seat];
    }
  }
  const vorhand = order[0];
  return ok({
    rules,
    dealer: deal.dealer,
    carry: { stock, bock },
    dealt: dealt.map((m) => m >>> 0),
    firstHalf: firstHalf.map((m) => m >>> 0),
    hands: dealt.map((m) => m >>> 0),
    phase: rules.klopfen ? 'klopfen' : 'bidding',
    turn: vorhand,
    events: [],
    klopfer: [],
    bids: [],
    contract: null,
    stoss: [],
    stossAsk: [],
    trick: null,
    tricks: [],
    searched: false,
    outcome: null,
  });
}
