import type { ScoredOutcome } from '../game.js';
import type { KarnoeffelRules } from './rules.js';

/**
 * Plain-data types of the Karnöffel engine. Cards are card ids (0..47),
 * card sets are masks below 2^48 (src/cards/cardSet.ts), seats are 0..n-1 in
 * the order of the table (seat + 1 sits to the left of seat). Teams alternate
 * round the table (000: "so, daß jeweils Mitglieder der eigenen und der
 * gegnerischen Mannschaft miteinander abwechseln"), so a seat's team is its
 * parity: team 0 = even seats, team 1 = odd seats. With two players each is
 * his own team.
 */
export type Team = 0 | 1;

/** What a deal inherits from the sitting: the match score so far, by team. */
export interface KarnoeffelCarry {
  readonly points: readonly number[];
}

/**
 * A pause for raising after a pair was dealt (000 "Kartengeben und
 * Steigern"). `a` is the first of the pair (nearer the dealer's left), `b`
 * the second; they always sit on different sides.
 * - `first`: a may raise or pass;
 * - `second`: a passed, b may raise or pass;
 * - `answer`: `raiser` (a or b) raised to `bid`; the other of the pair answers
 *   for his side: accept, refuse or raise again.
 *
 * Who answers: always the other player of the pair, the one who just
 * received cards with the raiser, also with six or eight players (000: "so
 * hat der Spieler, der außer ihm als einziger auch noch eine Karte bekommen
 * hat, drei Möglichkeiten … Er kann für sich und seine Partei die
 * Steigerungsansage akzeptieren"; "muß der jeweils andere … annehmen oder
 * ablehnen"). His partner or team leader may advise him aloud (an `advise`
 * action) but does not decide. An accepted raise ends the pause: the one
 * who accepted had his chance to raise instead ("nicht nur die Steigerung
 * zu akzeptieren, sondern seinerseits eine weitere Steigerung"); a raise
 * answered by passing is not possible.
 */
export interface Pause {
  readonly a: number;
  readonly b: number;
  readonly stage: 'first' | 'second' | 'answer';
  readonly raiser: number;
  readonly bid: number;
}

export interface CompletedTrick {
  readonly leader: number;
  /** Cards in play order, the first by `leader`. */
  readonly cards: readonly number[];
  readonly winner: number;
}

/** Public events, numbered by their index: every seat sees the same events (hidden cards are never in them). */
export type KarnoeffelEvent =
  | { readonly type: 'draw'; readonly cards: readonly number[] }
  | { readonly type: 'up'; readonly seat: number; readonly card: number }
  | { readonly type: 'down'; readonly seats: readonly number[]; readonly count: number }
  | { readonly type: 'trump'; readonly suit: number; readonly card: number }
  | { readonly type: 'raise'; readonly seat: number; readonly value: number }
  | { readonly type: 'pass'; readonly seat: number }
  | { readonly type: 'accept'; readonly seat: number; readonly value: number }
  | { readonly type: 'refuse'; readonly seat: number; readonly value: number }
  | { readonly type: 'announce'; readonly seat: number; readonly team: Team }
  | { readonly type: 'advise'; readonly seat: number; readonly message: string; readonly card?: number; readonly to?: number }
  | { readonly type: 'play'; readonly seat: number; readonly card: number }
  | { readonly type: 'trick'; readonly winner: number; readonly cards: readonly number[] }
  | { readonly type: 'end'; readonly team: Team; readonly value: number; readonly by: 'tricks' | 'refusal' };

export type KarnoeffelAction =
  | { readonly type: 'raise' }
  | { readonly type: 'pass' }
  | { readonly type: 'accept' }
  | { readonly type: 'refuse' }
  /** "We would win the match with the current value": stops all raising (000). */
  | { readonly type: 'announce' }
  | { readonly type: 'play'; readonly card: number }
  /** Public table talk: a short message, optionally a suggested card and the teammate it is meant for. */
  | { readonly type: 'advise'; readonly message: string; readonly card?: number; readonly to?: number };

export interface KarnoeffelOutcome extends ScoredOutcome {
  /** Each seat's points for the deal: the round's value for the winning side, 0 for the other. */
  readonly score: readonly number[];
  readonly winner: Team;
  readonly value: number;
  readonly by: 'tricks' | 'refusal';
  /** Tricks taken by team 0 and team 1. */
  readonly tricks: readonly number[];
  /** The trump suit, or -1 if the deal was thrown in before trump was known. */
  readonly trump: number;
  /** The match score after this deal (the carry plus the value). */
  readonly points: readonly number[];
  /** Whether this deal brought a side to the target. */
  readonly matchOver: boolean;
}

export interface KarnoeffelState {
  readonly rules: KarnoeffelRules;
  readonly dealer: number;
  /** The deck in dealing order; hidden, never part of a view. */
  readonly deck: readonly number[];
  /** Cards drawn for trump before the deal (`trump=drawn`), in dealing order; else null. */
  readonly drawn: readonly number[] | null;
  /** Match score by team when the deal began (the carry). */
  readonly points: readonly number[];
  readonly phase: 'deal' | 'play' | 'done';
  /** Pairs dealt so far (0 .. 3n/2). */
  readonly pairs: number;
  /** Each seat's cards now (mask): received and not yet played. */
  readonly hands: readonly number[];
  /** The face-up card each seat received in the first round, or -1. */
  readonly faceUp: readonly number[];
  /** How many cards each seat has received. */
  readonly received: readonly number[];
  readonly trump: number;
  /** The accepted value of the round. */
  readonly value: number;
  readonly pause: Pause | null;
  /** The seat that announced the match win (no more raising), or -1. */
  readonly announcedBy: number;
  /** In play: the seat to play, else -1. */
  readonly turn: number;
  readonly trickLeader: number;
  readonly trick: readonly number[];
  readonly tricks: readonly CompletedTrick[];
  readonly won: readonly number[];
  /** Number of decisions (every action but advice) so far. */
  readonly decisions: number;
  /**
   * The decision number at which each seat last gave advice, or -1. One
   * piece of advice per seat between two decisions: the documents allow
   * open talk (000, 001) but a table takes turns, and a deal must end.
   */
  readonly talked: readonly number[];
  readonly events: readonly KarnoeffelEvent[];
  readonly outcome: KarnoeffelOutcome | null;
}

/** Another seat's hand that this seat may see (partner with four players, teammates for a leader). */
export interface SeenHand {
  readonly seat: number;
  readonly cards: readonly number[];
}

export interface KarnoeffelView {
  /** The seat this view is for, or -1 (`SPECTATOR`): a spectator sees no hand. */
  readonly seat: number;
  /** The rules of the deal (a copy). */
  readonly rules: KarnoeffelRules;
  readonly players: number;
  readonly dealer: number;
  readonly direction: 'left' | 'right';
  /** Seats in dealing order, Vorhand first. */
  readonly order: readonly number[];
  /** Team leaders (six or eight players), else null. */
  readonly leaders: readonly number[] | null;
  readonly target: number;
  readonly points: readonly number[];
  readonly phase: 'deal' | 'play' | 'done';
  readonly trump: number;
  readonly drawn: readonly number[] | null;
  readonly value: number;
  readonly pause: Pause | null;
  readonly announcedBy: number;
  readonly hand: readonly number[];
  readonly seen: readonly SeenHand[];
  readonly faceUp: readonly number[];
  readonly received: readonly number[];
  readonly handSizes: readonly number[];
  readonly turn: number;
  readonly trickLeader: number;
  readonly trick: readonly number[];
  readonly tricks: readonly CompletedTrick[];
  readonly won: readonly number[];
  readonly toAct: readonly number[];
  readonly decisions: number;
  readonly events: readonly KarnoeffelEvent[];
  readonly outcome: KarnoeffelOutcome | null;
}
