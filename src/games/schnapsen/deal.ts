import { isCompleteDeck } from '../../cards/deck.js';
import { quote } from '../../core/text.js';
import { SUIT_LETTERS, type Suit } from '../../cards/pack.js';
import { fail, ok, type Result } from '../../core/result.js';
import type { DealInput, Seat } from '../game.js';
import { startAnnouncements, fixContract } from './auction.js';
import { CARD_SUIT, PACK, UNTER_MASK } from './cards.js';
import { draft, problem, type Draft, type Problem } from './draft.js';
import type { SchnapsenRules, Variant } from './rules.js';
import { finishRedeal } from './scoring.js';
import type { SchnapsenAction, SchnapsenCarry, SchnapsenState } from './state.js';

/**
 * Dealing (003 "Beginn und Ende", NOTES). The deck is the shuffled pack in
 * the order the dealer hands it out, clockwise from the Rufer (left of the
 * dealer):
 *
 * Bauernschnapsen, cut: 3 to each (deck 0..11), then 2 to each (12..19).
 * Bauernschnapsen, knocked: all five at once to each (Rufer 0..4, ...); the
 *   Rufer still sees his first three (0..2) before he calls trump, and the
 *   others get their cards after the call.
 * Talonschnapsen, cut (003 Talonschnapsen): 3 to each (0..8), 2 face down as
 *   talon (9, 10), 3 to each (11..19).
 * Talonschnapsen, knocked: six to each at once (Rufer 0..5, ...), then the
 *   talon (18, 19).
 */
export interface DealLayout {
  readonly first: readonly (readonly number[])[];
  readonly rest: readonly (readonly number[])[];
  readonly talon: readonly number[];
}

const LAYOUTS = new Map<string, DealLayout>();

export function dealLayout(variant: Variant, knocked: boolean): DealLayout {
  const key = `${variant}${knocked}`;
  let layout = LAYOUTS.get(key);
  if (!layout) {
    layout = makeLayout(variant, knocked);
    LAYOUTS.set(key, layout);
  }
  return layout;
}

function makeLayout(variant: Variant, knocked: boolean): DealLayout {
  const n = variant === 'bauern' ? 4 : 3;
  const per = variant === 'bauern' ? 5 : 6;
  const first: number[][] = [];
  const rest: number[][] = [];
  for (let i = 0; i < n; i++) {
    if (knocked) {
      first.push(i === 0 ? [0, 1, 2] : []);
      rest.push(i === 0 ? range(3, per) : range(i * per, (i + 1) * per));
    } else {
      first.push(range(i * 3, i * 3 + 3));
      const base = variant === 'bauern' ? 12 : 11;
      const more = per - 3;
      rest.push(range(base + i * more, base + (i + 1) * more));
    }
  }
  const talon = variant === 'bauern' ? [] : knocked ? [18, 19] : [9, 10];
  return { first, rest, talon };
}

/** The cards at these deck positions, as a mask. */
function cardsAt(deck: readonly number[], positions: readonly number[]): number {
  let m = 0;
  for (const k of positions) m |= 1 << deck[k];
  return m;
}

function range(a: number, b: number): number[] {
  return Array.from({ length: b - a }, (_, i) => a + i);
}

/** The cards the Rufer has still to receive when he calls trump: he may turn one of them up. */
export function ruferRest(s: Pick<SchnapsenState, 'variant' | 'knocked' | 'deck'>): number[] {
  return dealLayout(s.variant, s.knocked).rest[0].map((i) => s.deck[i]);
}

export function ruferFirstThree(s: Pick<SchnapsenState, 'deck'>): number[] {
  return [s.deck[0], s.deck[1], s.deck[2]];
}

export function setupDeal(variant: Variant, rules: SchnapsenRules, deal: DealInput<SchnapsenCarry>): Result<SchnapsenState> {
  const seats = variant === 'bauern' ? 4 : 3;
  if (!Number.isInteger(deal.dealer) || deal.dealer < 0 || deal.dealer >= seats) {
    return fail('badDealer', `the dealer must be a seat from 0 to ${seats - 1}, not ${quote(deal.dealer)}`);
  }
  if (!isCompleteDeck(PACK, deal.deck)) return fail('badDeck', 'the deck must hold each of the 20 Schnapsen cards exactly once');
  const carry = deal.carry;
  if (!carry || !Array.isArray(carry.points) || carry.points.length !== (variant === 'bauern' ? 2 : 3) || !carry.points.every((p) => Number.isInteger(p) && p >= 0 && p < 24)) {
    return fail('badCarry', `the carry must give the Bummerl points of each ${variant === 'bauern' ? 'team (2 numbers)' : 'player (3 numbers)'}, each from 0 to 23`);
  }
  if (carry.trump !== null && !(Number.isInteger(carry.trump) && carry.trump >= 0 && carry.trump < 4)) return fail('badCarry', 'the carried trump must be a suit 0..3 or null');
  const rufer = (deal.dealer + 1) % seats;
  const state: SchnapsenState = {
    variant,
    rules,
    seats,
    dealer: deal.dealer,
    rufer,
    deck: deal.deck.slice(),
    carry: { points: carry.points.slice(), trump: carry.trump },
    phase: 'cut',
    // 003: "der Spieler rechts vom Geber hebt ... ab oder klopft".
    turn: (deal.dealer + seats - 1) % seats,
    knocked: false,
    hands: new Array(seats).fill(0),
    talon: 0,
    talonTaken: false,
    laidAway: 0,
    trump: -1,
    trumpBlind: false,
    turned: -1,
    bids: [],
    speakers: [],
    contract: null,
    leader: rufer,
    sittingOut: -1,
    spritzLevel: 0,
    asked: [],
    trick: [],
    tricks: [],
    taken: new Array(seats).fill(0),
    melds: [],
    pendingMeld: -1,
    events: [],
    outcome: null,
  };
  return ok(state);
}

// ---- cut or knock -------------------------------------------------------

export function cutCandidates(): SchnapsenAction[] {
  return [{ type: 'cut' }, { type: 'knock' }];
}

export function checkCut(_s: SchnapsenState, _seat: Seat, a: SchnapsenAction): Problem {
  if (a.type !== 'cut' && a.type !== 'knock') return problem('wrongAction', 'the player right of the dealer must cut ("abheben") or knock ("klopfen") first');
  return undefined;
}

export function stepCut(d: Draft, seat: Seat, a: SchnapsenAction): void {
  d.knocked = a.type === 'knock';
  d.events.push({ type: a.type === 'knock' ? 'knock' : 'cut', seat });
  if (d.rules.blindRufen && d.carry.trump === null) {
    // 003 Kontra-Herrenbauer: "Blind-Rufen": trump is called before the cards are seen.
    d.phase = 'blindTrump';
    d.turn = d.rufer;
    return;
  }
  if (d.rules.blindRufen) d.trump = d.carry.trump as number;
  dealFirst(d);
}

// ---- blind trump (blindRufen) ------------------------------------------

export function blindCandidates(): SchnapsenAction[] {
  return [0, 1, 2, 3].map((suit) => ({ type: 'trump', suit: suit as Suit }));
}

export function checkBlind(_s: SchnapsenState, _seat: Seat, a: SchnapsenAction): Problem {
  if (a.type !== 'trump') return problem('wrongAction', 'the Rufer must call trump blind ("trumpf E|G|H|S") before the cards are dealt (blindRufen)');
  if (!isSuit(a.suit)) return problem('badSuit', `${quote(a.suit)} is not a suit`);
  return undefined;
}

export function stepBlind(d: Draft, seat: Seat, a: SchnapsenAction): void {
  if (a.type !== 'trump') return;
  d.trump = a.suit;
  d.trumpBlind = true;
  d.events.push({ type: 'trump', seat, suit: a.suit, blind: true });
  dealFirst(d);
}

function isSuit(x: unknown): x is Suit {
  return x === 0 || x === 1 || x === 2 || x === 3;
}

/** Deals the first packet; stops for three Unter or the trump call. */
function dealFirst(d: Draft): void {
  const layout = dealLayout(d.variant, d.knocked);
  for (let i = 0; i < d.seats; i++) {
    const seat = (d.rufer + i) % d.seats;
    d.hands[seat] |= cardsAt(d.deck, layout.first[i]);
  }
  if (!d.knocked) d.talon = cardsAt(d.deck, layout.talon);
  const three = (1 << d.deck[0]) | (1 << d.deck[1]) | (1 << d.deck[2]);
  if ((three & UNTER_MASK) === three) {
    // 003: "Wenn die ersten drei Karten, die der Rufer bekommt, drei Unter sind, darf er verlangen, dass neu gemischt und gegeben wird."
    d.phase = 'threeUnter';
    d.turn = d.rufer;
    return;
  }
  afterThreeUnter(d);
}

function afterThreeUnter(d: Draft): void {
  if (d.trump >= 0) {
    dealRest(d);
    startAnnouncements(d);
  } else {
    d.phase = 'trump';
    d.turn = d.rufer;
  }
}

function dealRest(d: Draft): void {
  const layout = dealLayout(d.variant, d.knocked);
  for (let i = 0; i < d.seats; i++) {
    const seat = (d.rufer + i) % d.seats;
    d.hands[seat] |= cardsAt(d.deck, layout.rest[i]);
  }
  d.talon = cardsAt(d.deck, layout.talon);
}

// ---- three Unter ----------------------------------------------------------

export function threeUnterCandidates(s: SchnapsenState): SchnapsenAction[] {
  const out: SchnapsenAction[] = [{ type: 'redeal' }, { type: 'keep' }];
  if (s.rules.blinderBettler) out.push({ type: 'announce', game: 'blinderbettler' });
  return out;
}

export function checkThreeUnter(s: SchnapsenState, _seat: Seat, a: SchnapsenAction): Problem {
  if (a.type === 'redeal' || a.type === 'keep') return undefined;
  if (a.type === 'announce' && a.game === 'blinderbettler') {
    if (a.ohne) return problem('badAnnouncement', 'a Blinder Bettler never takes the talon: announce it without "ohne"');
    return s.rules.blinderBettler ? undefined : problem('badAnnouncement', 'the Blinder Bettler is not played at this table (house rule blinderBettler is off)');
  }
  return problem('wrongAction', 'three Unter: the Rufer asks for a new deal ("neu"), keeps the cards ("behalten")' + (s.rules.blinderBettler ? ' or plays a Blinder Bettler ("blinderbettler")' : ''));
}

export function stepThreeUnter(d: Draft, seat: Seat, a: SchnapsenAction): void {
  const cards = ruferFirstThree(d);
  if (a.type === 'redeal') {
    d.events.push({ type: 'threeUnter', seat, cards, redeal: true });
    finishRedeal(d);
    return;
  }
  // Keeping them is not announced: the others learn nothing of his cards.
  if (a.type === 'announce') {
    // 003 Blinder Bettler: announced without picking up the other cards. Decision:
    // being announced before trump is called and before the others hold their
    // cards, it closes the announcements; no trump is called (a Bettler has no
    // Atout, so there is no Herzrunde unless trump was called blind before);
    // Spritzen stays open. The talon is not taken up in Talonschnapsen.
    dealRest(d);
    d.bids.push({ seat, game: 'blinderbettler' });
    d.events.push({ type: 'bid', seat, game: 'blinderbettler' });
    fixContract(d, { game: 'blinderbettler', declarer: seat, ohne: true });
    return;
  }
  afterThreeUnter(d);
}

// ---- the trump call -------------------------------------------------------

export function trumpCandidates(s: SchnapsenState): SchnapsenAction[] {
  const out: SchnapsenAction[] = [];
  for (let suit = 0; suit < 4; suit++) out.push({ type: 'trump', suit: suit as Suit });
  const n = ruferRest(s).length;
  for (let i = 1; i <= n; i++) out.push({ type: 'turn', index: i });
  return out;
}

export function checkTrump(s: SchnapsenState, _seat: Seat, a: SchnapsenAction): Problem {
  if (a.type === 'trump') {
    if (!isSuit(a.suit)) return problem('badSuit', `${quote(a.suit)} is not a suit`);
    // 003: "Der Rufer muss aus seinen ersten drei Karten die Trumpffarbe bestimmen":
    // decision: he names the suit of one of these three cards.
    const suits = ruferFirstThree(s).map((c) => CARD_SUIT[c]);
    if (!suits.includes(a.suit)) {
      return problem('badTrump', `the Rufer names trump from his first three cards; he holds no ${SUIT_LETTERS[a.suit]} among them (he may turn up one of his other cards instead)`);
    }
    return undefined;
  }
  if (a.type === 'turn') {
    const n = ruferRest(s).length;
    if (!Number.isInteger(a.index) || a.index < 1 || a.index > n) return problem('badTurn', `turn up one of the ${n} cards still to come: 1 to ${n}`);
    return undefined;
  }
  return problem('wrongAction', 'the Rufer must call trump ("trumpf E") or turn up one of his remaining cards ("aufdecken 1")');
}

export function stepTrump(d: Draft, seat: Seat, a: SchnapsenAction): void {
  if (a.type === 'trump') {
    d.trump = a.suit;
    d.events.push({ type: 'trump', seat, suit: a.suit });
  } else if (a.type === 'turn') {
    // 003: "kann er eine der beiden verbliebenen Karten für alle sichtbar aufdecken;
    // die Farbe dieser Karte ist die Trumpffarbe." In Talonschnapsen he has three still to come.
    const card = ruferRest(d)[a.index - 1];
    d.turned = card;
    d.trump = CARD_SUIT[card];
    d.events.push({ type: 'trump', seat, suit: CARD_SUIT[card] as Suit, turned: card });
  }
  dealRest(d);
  startAnnouncements(d);
}

export { draft };
