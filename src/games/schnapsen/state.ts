import type { Card, Suit } from '../../cards/pack.js';
import type { Seat } from '../game.js';
import type { GameId } from './contracts.js';
import type { SchnapsenRules, Variant } from './rules.js';

/**
 * The deal is a sequence of decisions (003 "Beginn und Ende"):
 * - cut: the player right of the dealer cuts ("abheben") or knocks ("klopfen");
 * - blindTrump: under blindRufen, the first Rufer of a Bummerl calls trump unseen;
 * - threeUnter: the Rufer's first three cards are Unter: new deal, keep, or a Blinder Bettler;
 * - trump: the Rufer names trump from his first three cards or turns up one of the rest;
 * - announce: announcements in order from the Rufer;
 * - raise: Talonschnapsen, the outbid first announcer may raise once more (house rule);
 * - talon: Talonschnapsen, the declarer takes up the talon and lays away two;
 * - raiseAfter: Talonschnapsen, the declarer may raise after seeing the talon (house rule);
 * - spritzen: the side against the declarer may spritz, then Retour, then Re;
 * - play: tricks, with 20 and 40 announced by the player about to lead;
 * - done.
 */
export type Phase = 'cut' | 'blindTrump' | 'threeUnter' | 'trump' | 'announce' | 'raise' | 'talon' | 'raiseAfter' | 'spritzen' | 'play' | 'done';

export type SchnapsenAction =
  | { readonly type: 'cut' }
  | { readonly type: 'knock' }
  | { readonly type: 'redeal' }
  | { readonly type: 'keep' }
  | { readonly type: 'trump'; readonly suit: Suit }
  /** Turn up the n-th (1-based) of the cards the Rufer has still to receive. */
  | { readonly type: 'turn'; readonly index: number }
  /** "weiter": no announcement, no raise, no Spritzen. */
  | { readonly type: 'pass' }
  | { readonly type: 'announce'; readonly game: GameId; readonly ohne?: boolean }
  /** Lay away two cards after taking up the talon. */
  | { readonly type: 'lay'; readonly cards: readonly [Card, Card] }
  | { readonly type: 'spritzen' }
  | { readonly type: 'retour' }
  | { readonly type: 're' }
  /** 20 or 40 (40 in trump): announced by the player about to lead. */
  | { readonly type: 'meld'; readonly suit: Suit; readonly points: 20 | 40 }
  | { readonly type: 'play'; readonly card: Card };

export interface Bid {
  readonly seat: Seat;
  /** null: "weiter". */
  readonly game: GameId | null;
  readonly ohne?: boolean;
}

export interface Contract {
  readonly game: GameId;
  /** The announcer; the Rufer in the normal game. */
  readonly declarer: Seat;
  /** Talonschnapsen: announced without the talon. */
  readonly ohne: boolean;
}

export interface PlayedCard {
  readonly seat: Seat;
  readonly card: Card;
}

export interface Trick {
  readonly cards: readonly PlayedCard[];
  readonly winner: Seat;
}

export interface Meld {
  readonly seat: Seat;
  readonly suit: Suit;
  readonly points: number;
}

/**
 * What ended a deal, for narration (the outcome's `reason` says it in one
 * sentence): a new deal for three Unter; a game shown; a side reaching 66
 * (`points`, within `tricks` tricks in a Schnapser); the last trick of the
 * normal game; the Rufer of Talonschnapsen unable to reach 66 on what is
 * public; a trick taken that loses the game (`by`); a Schnapser short of 66
 * after its tricks; every trick taken; no trick taken.
 */
export type EndWhy = 'redeal' | 'shown' | 'points' | 'lastTrick' | 'cannotReach' | 'tookTrick' | 'short' | 'allTricks' | 'noTrick';

export interface EndInfo {
  readonly why: EndWhy;
  /** The seat whose trick decided the game (tookTrick), or who won the last trick (lastTrick). */
  readonly by: Seat | null;
  /** The deciding side's points (20/40 included) where points decided. */
  readonly points: number | null;
  /** Tricks the deciding side took, where it matters (a Schnapser). */
  readonly tricks: number | null;
}

/**
 * The events of a deal, numbered by their index. The state keeps them as
 * they happened; `events()` and the views give each seat its redacted copy
 * (view.ts): in open announcements another seat's bid arrives as
 * `{ game: null, hidden: true }` and is shown to all by a `reveal` event once
 * everybody has spoken; the talon and the cards laid away reach only the
 * player who took the talon (`talon: null, cards: null` for the others).
 */
export type SchnapsenEvent =
  | { readonly type: 'cut'; readonly seat: Seat }
  | { readonly type: 'knock'; readonly seat: Seat }
  | { readonly type: 'trump'; readonly seat: Seat; readonly suit: Suit; readonly blind?: boolean; readonly turned?: Card }
  /** Three Unter shown: the Rufer asks for a new deal (keeping them is not announced). */
  | { readonly type: 'threeUnter'; readonly seat: Seat; readonly cards: readonly Card[]; readonly redeal: boolean }
  | { readonly type: 'bid'; readonly seat: Seat; readonly game: GameId | null; readonly ohne?: boolean; readonly hidden?: boolean; readonly raise?: boolean }
  /** Open announcements: every bid, shown to all once all have spoken. */
  | { readonly type: 'reveal'; readonly bids: readonly Bid[] }
  | { readonly type: 'contract'; readonly game: GameId; readonly declarer: Seat; readonly leader: Seat; readonly sittingOut?: Seat; readonly ohne?: boolean }
  /** Talonschnapsen: the declarer took up the talon (`talon`) and laid away two cards (`cards`); both null for the others. */
  | { readonly type: 'talon'; readonly seat: Seat; readonly talon: readonly Card[] | null; readonly cards: readonly Card[] | null }
  | { readonly type: 'double'; readonly seat: Seat; readonly level: number }
  | { readonly type: 'noDouble'; readonly seat: Seat }
  | { readonly type: 'meld'; readonly seat: Seat; readonly suit: Suit; readonly points: number }
  | { readonly type: 'play'; readonly seat: Seat; readonly card: Card }
  | { readonly type: 'trick'; readonly winner: Seat; readonly cards: readonly PlayedCard[] }
  | { readonly type: 'open'; readonly seat: Seat; readonly cards: readonly Card[] }
  /** The deal is over: the game, whether the declarer's side won, every seat's score, and why. */
  | ({ readonly type: 'end'; readonly game: GameId | 'redeal'; readonly declarer: Seat | null; readonly won: boolean; readonly score: readonly number[] } & EndInfo);

/** What a deal inherits from the sitting: the Bummerl standing and, under blindRufen, the Bummerl's trump. */
export interface SchnapsenCarry {
  /** Points of each team (Bauernschnapsen: team 0 = seats 0 & 2, team 1 = seats 1 & 3) or player (Talonschnapsen) in this Bummerl, counting up to 24. */
  readonly points: readonly number[];
  /** blindRufen: the trump called for this Bummerl, or null before it is called. */
  readonly trump: Suit | null;
}

export interface SchnapsenOutcome {
  /** Points each seat writes for the deal (Bauernschnapsen: each member of the winning team; Talonschnapsen: the winner, or each of the two others). */
  readonly score: readonly number[];
  /** Points by team (Bauernschnapsen) or player (Talonschnapsen). */
  readonly teamScore: readonly number[];
  /** 'redeal': three Unter, a new deal that scores nothing. */
  readonly game: GameId | 'redeal';
  readonly declarer: Seat | null;
  /** Did the declarer's side win? */
  readonly won: boolean;
  readonly base: number;
  /** 1, 2, 4 or 8 from Spritzen, Retour, Re. */
  readonly spritz: number;
  readonly herzrunde: boolean;
  /** Card points taken, by seat (20/40 not included). */
  readonly cardPoints: readonly number[];
  readonly tricks: readonly number[];
  /** Kontrabauernschnapser and Kontra-Herrenbauer end the Bummerl. */
  readonly endsBummerl: boolean;
  /** blindRufen: the Bummerl's trump after this deal. */
  readonly bummerlTrump: Suit | null;
  readonly reason: string;
}

export interface SchnapsenState {
  readonly variant: Variant;
  readonly rules: SchnapsenRules;
  readonly seats: number;
  readonly dealer: Seat;
  /** Vorhand, left of the dealer: calls trump, speaks first, deals next. */
  readonly rufer: Seat;
  readonly deck: readonly Card[];
  readonly carry: SchnapsenCarry;
  readonly phase: Phase;
  /** The seat to decide now (-1 when done). */
  readonly turn: Seat;
  readonly knocked: boolean;
  /** Hands as 20-bit masks. */
  readonly hands: readonly number[];
  /** Talonschnapsen: the talon (before it is taken up), then the cards laid away. */
  readonly talon: number;
  readonly talonTaken: boolean;
  /** The cards laid away after taking up the talon (0 if none). */
  readonly laidAway: number;
  /** -1 before the call, and in a Blinder Bettler without trump. */
  readonly trump: number;
  readonly trumpBlind: boolean;
  /** The turned-up card, public; -1 if trump was named. */
  readonly turned: number;
  readonly bids: readonly Bid[];
  /** Seats still to speak in this round of announcements. */
  readonly speakers: readonly Seat[];
  readonly contract: Contract | null;
  readonly leader: Seat;
  readonly sittingOut: Seat;
  /** 0 none, 1 gespritzt, 2 Retour, 3 Re. */
  readonly spritzLevel: number;
  /** Seats still to be asked at this Spritzen level. */
  readonly asked: readonly Seat[];
  readonly trick: readonly PlayedCard[];
  readonly tricks: readonly Trick[];
  /** Cards won by each seat. */
  readonly taken: readonly number[];
  readonly melds: readonly Meld[];
  /** The 20/40 just announced: the leader must lead its König or Ober. -1 if none. */
  readonly pendingMeld: number;
  readonly events: readonly SchnapsenEvent[];
  readonly outcome: SchnapsenOutcome | null;
}
