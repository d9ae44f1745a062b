import { popcount32 } from '../../cards/bits.js';
import type { Seat } from '../game.js';
import { CARD_COUNT, CARD_SUIT, HIGHER, PAIR_MASK, SUIT_MASK, type Order } from './cards.js';
import { gameDef } from './contracts.js';
import type { Variant } from './rules.js';
import type { SchnapsenAction } from './state.js';
import type { SchnapsenView } from './view.js';

// What a seat knows of a deal, read from its view: the plan the sampler (sample.ts) draws worlds by.

/** A step of the public history: an action, or one whose content the sampler fills in. */
export type Step = { readonly seat: Seat; readonly action: SchnapsenAction } | { readonly seat: Seat; readonly fill: 'lay' | 'turn' };

export interface Plan {
  readonly variant: Variant;
  readonly view: SchnapsenView;
  readonly n: number;
  readonly rufer: Seat;
  readonly viewer: Seat;
  readonly knocked: boolean;
  /** 0: nothing dealt; 1: the first packets (and a cut talon) only; 2: all dealt. */
  readonly stage: 0 | 1 | 2;
  readonly steps: readonly Step[];
  /** Cards each seat played. */
  readonly played: readonly number[];
  /** Cards known to be in each seat's hand now. */
  readonly inHand: readonly number[];
  readonly handSize: readonly number[];
  /** Cards each seat's hand cannot hold now (Farb- und Stichzwang). */
  readonly excluded: readonly number[];
  /** The seat that took up the talon, or -1. */
  readonly taker: Seat;
  /** The talon and the cards laid away, where the viewer knows them (else -1). */
  readonly talonKnown: number;
  readonly laidKnown: number;
  /** An untaken talon lies on the table (dealt, not taken up). */
  readonly talonOut: boolean;
  readonly turned: number;
  /** The suit the Rufer named from his first three cards, or -1. */
  readonly trumpCall: number;
  readonly blinder: boolean;
  /** The Rufer's first three as shown for a new deal (three Unter), in dealing order; else empty. */
  readonly shownFirst: readonly number[];
  /** Seats that announced a Farbenringerl (five cards of a suit that is not trump), with the trump then. */
  readonly farben: readonly Seat[];
  readonly calledTrump: number;
  /** Locations of the hidden cards: a hand (seat), the untaken talon (-2), the cards laid away (-3), not yet dealt (-4). */
  readonly locs: readonly number[];
  readonly caps: readonly number[];
  /** Cards whose place the viewer does not know. */
  readonly hidden: number;
}

export const TALON = -2;
export const LAID = -3;
export const UNDEALT = -4;

export function maskOf(cards: readonly number[] | null | undefined): number {
  let m = 0;
  for (const c of cards ?? []) m |= 1 << c;
  return m;
}

export function makePlan(view: SchnapsenView, seat: Seat): Plan {
  const variant: Variant = view.game === 'bauernschnapsen' ? 'bauern' : 'talon';
  const n = view.seats;
  const viewer = seat >= 0 && seat < n && view.seat === seat ? seat : -1;
  const rufer = view.rufer;
  const played = new Array<number>(n).fill(0);
  const inHand = new Array<number>(n).fill(0);
  const excluded = new Array<number>(n).fill(0);
  const handSize = view.handSizes.slice();
  const steps: Step[] = [];
  let knocked = false;
  let turned = -1;
  let trumpCall = -1;
  let blinder = false;
  let talonKnown = -1;
  let laidKnown = -1;
  let taker = -1;
  let redeal = false;
  let shownFirst: number[] = [];
  const farben: Seat[] = [];
  const revealed = view.events.find((e) => e.type === 'reveal');
  const revealedBids = revealed && revealed.type === 'reveal' ? revealed.bids.slice() : [];
  const def = view.contract ? gameDef(view.contract.game, variant) : undefined;
  const playTrump = def && def.trump ? (view.trump ?? -1) : -1;
  const order: Order = def ? def.order : 0;
  let led = -1;
  const noteBid = (bidder: Seat, game: string | null) => {
    if (game === 'farbenringerl' && !farben.includes(bidder)) farben.push(bidder);
  };
  for (const e of view.events) {
    switch (e.type) {
      case 'cut':
        steps.push({ seat: e.seat, action: { type: 'cut' } });
        break;
      case 'knock':
        knocked = true;
        steps.push({ seat: e.seat, action: { type: 'knock' } });
        break;
      case 'trump':
        if (e.turned !== undefined) {
          turned = e.turned;
          steps.push({ seat: e.seat, fill: 'turn' });
        } else {
          if (!e.blind) trumpCall = e.suit;
          steps.push({ seat: e.seat, action: { type: 'trump', suit: e.suit } });
        }
        break;
      case 'threeUnter':
        redeal = true;
        shownFirst = e.cards.slice();
        steps.push({ seat: e.seat, action: { type: 'redeal' } });
        for (const c of e.cards) inHand[e.seat] |= 1 << c;
        break;
      case 'bid': {
        let game = e.game;
        let ohne = e.ohne;
        if (e.hidden) {
          // Shown later by the reveal, or not yet known: "weiter".
          const shown = revealedBids.find((b) => b.seat === e.seat);
          game = shown ? shown.game : null;
          ohne = shown?.ohne;
          if (shown) revealedBids.splice(revealedBids.indexOf(shown), 1);
        } else if (revealed && !e.raise && e.game !== 'blinderbettler') {
          const own = revealedBids.find((b) => b.seat === e.seat);
          if (own) revealedBids.splice(revealedBids.indexOf(own), 1);
        }
        if (game === 'blinderbettler') blinder = true;
        noteBid(e.seat, game);
        steps.push({ seat: e.seat, action: game === null ? { type: 'pass' } : { type: 'announce', game, ...(ohne ? { ohne: true } : {}) } });
        break;
      }
      case 'talon':
        taker = e.seat;
        if (e.talon) talonKnown = maskOf(e.talon);
        if (e.cards) laidKnown = maskOf(e.cards);
        steps.push(e.cards ? { seat: e.seat, action: { type: 'lay', cards: [e.cards[0], e.cards[1]] } } : { seat: e.seat, fill: 'lay' });
        break;
      case 'double':
        steps.push({ seat: e.seat, action: { type: (['spritzen', 'retour', 're'] as const)[e.level - 1] } });
        break;
      case 'noDouble':
        steps.push({ seat: e.seat, action: { type: 'pass' } });
        break;
      case 'meld': {
        steps.push({ seat: e.seat, action: { type: 'meld', suit: e.suit, points: e.points as 20 | 40 } });
        // He held König and Ober: the one he does not lead now stays in his hand until played.
        inHand[e.seat] |= PAIR_MASK[e.suit];
        break;
      }
      case 'play': {
        steps.push({ seat: e.seat, action: { type: 'play', card: e.card } });
        played[e.seat] |= 1 << e.card;
        inHand[e.seat] &= ~(1 << e.card);
        if (led < 0) led = e.card;
        else excluded[e.seat] |= followExclusion(e.card, led, playTrump, order);
        break;
      }
      case 'trick':
        led = -1;
        break;
      default:
        break;
    }
  }
  if (view.talon) talonKnown = maskOf(view.talon);
  if (view.laidAway) laidKnown = maskOf(view.laidAway);
  if (viewer >= 0) inHand[viewer] = maskOf(view.hand);
  view.openHands.forEach((h, x) => {
    if (h) inHand[x] = maskOf(h);
  });
  // The stage of the dealing.
  const phase = view.phase;
  let stage: 0 | 1 | 2;
  if (phase === 'cut' || phase === 'blindTrump') stage = 0;
  else if (redeal || phase === 'trump' || phase === 'threeUnter') stage = 1;
  else stage = 2;
  // Locations of the hidden cards.
  const locs: number[] = [];
  const caps: number[] = [];
  let known = 0;
  for (let x = 0; x < n; x++) known |= played[x] | inHand[x];
  if (talonKnown >= 0) known |= talonKnown;
  if (laidKnown >= 0) known |= laidKnown;
  for (let x = 0; x < n; x++) {
    const room = handSize[x] - popcount32(inHand[x]);
    if (room > 0) {
      locs.push(x);
      caps.push(room);
    }
  }
  const talonOut = variant === 'talon' && taker < 0 && (stage === 2 || (stage === 1 && !knocked));
  if (talonOut && talonKnown < 0) {
    locs.push(TALON);
    caps.push(2);
  }
  if (taker >= 0 && laidKnown < 0) {
    locs.push(LAID);
    caps.push(2);
  }
  // Hidden: every card whose place is unknown (the turned card too, when it may be in the Rufer's hand or laid away).
  const hidden = ((1 << CARD_COUNT) - 1) & ~known;
  let dealtHidden = 0;
  for (const c of caps) dealtHidden += c;
  const undealt = popcount32(hidden) - dealtHidden;
  if (undealt > 0) {
    if (stage === 2) throw new Error('sampleWorld: the view does not account for every card');
    locs.push(UNDEALT);
    caps.push(undealt);
  }
  return {
    variant,
    view,
    n,
    rufer,
    viewer,
    knocked,
    stage,
    steps,
    played,
    inHand,
    handSize,
    excluded,
    taker,
    talonKnown,
    laidKnown,
    talonOut,
    turned,
    trumpCall,
    blinder,
    shownFirst,
    farben,
    calledTrump: view.trump ?? -1,
    locs,
    caps,
    hidden,
  };
}

/**
 * The cards a seat cannot hold after playing `card` to a trick led with
 * `led` (003 Farb- und Stichzwang, as legalPlayMask orders the duties): it
 * played a lower card of the led suit — none that beats the led card; it
 * did not follow — none of the led suit; it did not follow and did not trump
 * — no trump either.
 */
export function followExclusion(card: number, led: number, trump: number, order: Order): number {
  const higher = HIGHER[order * CARD_COUNT + led];
  if (higher & (1 << card)) return 0;
  const ledSuit = SUIT_MASK[CARD_SUIT[led]];
  if (ledSuit & (1 << card)) return higher;
  if (trump >= 0 && CARD_SUIT[card] === trump) return ledSuit;
  return trump >= 0 ? ledSuit | SUIT_MASK[trump] : ledSuit;
}

