import type { ErrorCode, ErrorParams, StichError } from '../../core/result.js';
import type { Seat } from '../game.js';
import { gameDef, type GameDef } from './contracts.js';
import type { Bid, Meld, PlayedCard, SchnapsenEvent, SchnapsenState, Trick } from './state.js';

/**
 * A mutable working copy of a state: `apply` copies the state once, changes
 * the copy and returns it, so the caller's state is never touched.
 */
export type Draft = Writable<Omit<SchnapsenState, DraftArrays>> & DraftLists;

type DraftArrays = 'hands' | 'events' | 'bids' | 'speakers' | 'asked' | 'trick' | 'tricks' | 'taken' | 'melds';

interface DraftLists {
  hands: number[];
  events: SchnapsenEvent[];
  bids: Bid[];
  speakers: Seat[];
  asked: Seat[];
  trick: PlayedCard[];
  tricks: Trick[];
  taken: number[];
  melds: Meld[];
}

export type Writable<T> = { -readonly [K in keyof T]: T[K] };

export function draft(s: SchnapsenState): Draft {
  // Every field listed (no spread): one object shape for all states, which keeps `apply` fast.
  return {
    variant: s.variant,
    rules: s.rules,
    seats: s.seats,
    dealer: s.dealer,
    rufer: s.rufer,
    deck: s.deck,
    carry: s.carry,
    phase: s.phase,
    turn: s.turn,
    knocked: s.knocked,
    talon: s.talon,
    talonTaken: s.talonTaken,
    laidAway: s.laidAway,
    trump: s.trump,
    trumpBlind: s.trumpBlind,
    turned: s.turned,
    contract: s.contract,
    leader: s.leader,
    sittingOut: s.sittingOut,
    spritzLevel: s.spritzLevel,
    pendingMeld: s.pendingMeld,
    outcome: s.outcome,
    hands: s.hands.slice(),
    events: s.events.slice(),
    bids: s.bids.slice(),
    speakers: s.speakers.slice(),
    asked: s.asked.slice(),
    trick: s.trick.slice(),
    tricks: s.tricks.slice(),
    taken: s.taken.slice(),
    melds: s.melds.slice(),
  };
}

export type Problem = StichError | undefined;

export const problem = (code: ErrorCode, message: string, params?: ErrorParams): StichError => (params ? { code, message, params } : { code, message });

export function nextSeat(s: Pick<SchnapsenState, 'seats'>, seat: Seat): Seat {
  return (seat + 1) % s.seats;
}

/** Bauernschnapsen: teams 0 (seats 0 & 2) and 1 (seats 1 & 3); Talonschnapsen: each player is his own. */
export function teamOf(s: Pick<SchnapsenState, 'variant'>, seat: Seat): number {
  return s.variant === 'bauern' ? seat % 2 : seat;
}

/** The partner in Bauernschnapsen (sitting opposite), -1 in Talonschnapsen. */
export function partnerOf(s: Pick<SchnapsenState, 'variant'>, seat: Seat): Seat {
  return s.variant === 'bauern' ? (seat + 2) % 4 : -1;
}

/** Opponent of the Rufer ("Gegenpartei des Rufers"): the other team, or in Talonschnapsen anyone else. */
export function isRuferOpponent(s: Pick<SchnapsenState, 'variant' | 'rufer'>, seat: Seat): boolean {
  return s.variant === 'bauern' ? seat % 2 !== s.rufer % 2 : seat !== s.rufer;
}

export function contractDef(s: Pick<SchnapsenState, 'contract' | 'variant'>): GameDef | undefined {
  return s.contract ? gameDef(s.contract.game, s.variant) : undefined;
}

/** Is the seat on the declarer's side (the declarer, and in Bauernschnapsen his partner)? */
export function onDeclarerSide(s: Pick<SchnapsenState, 'variant' | 'contract'>, seat: Seat): boolean {
  const d = s.contract?.declarer ?? -1;
  return s.variant === 'bauern' ? seat % 2 === d % 2 : seat === d;
}

/** The trump that counts in play: none in the games without Atout. */
export function playTrump(s: Pick<SchnapsenState, 'contract' | 'variant' | 'trump'>): number {
  const d = contractDef(s);
  return d && d.trump ? s.trump : -1;
}

/** Seats that play cards (all but a Bettler partner sitting out). */
export function activeCount(s: Pick<SchnapsenState, 'seats' | 'sittingOut'>): number {
  return s.sittingOut >= 0 ? s.seats - 1 : s.seats;
}

export function tricksPerDeal(s: Pick<SchnapsenState, 'variant'>): number {
  return s.variant === 'bauern' ? 5 : 6;
}
