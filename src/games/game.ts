import type { Card, Pack } from '../cards/pack.js';
import type { Result } from '../core/result.js';
import type { ResolvedRules, RuleBook } from './ruleBook.js';

/** Seats are numbered 0 .. n-1 in the order of the table. */
export type Seat = number;

/** The seat number of a spectator: views and events for it hold only what is public. */
export const SPECTATOR: Seat = -1;

/**
 * The types one game is made of, as one bundle, so that generic code names
 * a game's types by a single parameter (`Game<T>`, `GameModule<T>`).
 * Every game's bundle is assignable to `GameTypes` itself: the registry and
 * the generic layers hold games as `GameModule<GameTypes>` without `any`
 * (the interfaces below declare methods, which TypeScript compares
 * bivariantly in their parameters).
 */
export interface GameTypes {
  readonly rules: ResolvedRules;
  readonly state: unknown;
  readonly action: unknown;
  readonly view: unknown;
  /** One entry of the numbered event stream (see `Game.events`). */
  readonly event: unknown;
  readonly outcome: ScoredOutcome;
  /** What a deal inherits from the sitting (Stock and Bock, the Bummerl, the match score). */
  readonly carry: unknown;
  /** The score sheet of a sitting. */
  readonly sheet: unknown;
  /** What is decided once before the first deal (the lots drawn), kept in the record. */
  readonly start: unknown;
}

/**
 * What a deal starts from: who deals, the shuffled pack (the order in which
 * the dealer hands the cards out) and what the sitting carries into this deal
 * (Schafkopf's Stock and Bock, the Bummerl score in Schnapsen, the match score
 * in Karnöffel).
 */
export interface DealInput<Carry> {
  readonly dealer: Seat;
  readonly deck: readonly Card[];
  readonly carry: Carry;
}

/** Every deal outcome names each seat's score for the deal (money, points). */
export interface ScoredOutcome {
  readonly score: readonly number[];
}

/**
 * One entry of a seat's event stream. Events are numbered from 0 in the
 * order they happen; every seat receives every number, and an event whose
 * content the seat may not know arrives redacted by the game (say, the cards
 * laid away from a talon as `cards: null`), so that the sequence has no gaps
 * and leaks nothing.
 */
export interface NumberedEvent<Event> {
  readonly n: number;
  readonly event: Event;
}

/**
 * The one interface every game exposes (docs/architecture.md). Rules,
 * states, actions, views, events and outcomes are plain data that survive
 * JSON. Nothing here does I/O, reads the clock or draws randomness. A state
 * handed out is never changed afterwards; views and events are fresh values
 * that share nothing with the state.
 */
export interface Game<T extends GameTypes> {
  readonly id: string;
  readonly title: string;
  readonly ruleBook: RuleBook<T['rules']>;

  pack(rules: T['rules']): Pack;
  seatCount(rules: T['rules']): number;
  /** The carry of a deal played on its own, outside a sitting. */
  initialCarry(rules: T['rules']): T['carry'];

  /** A fresh deal, or an error if the rules or the deck are unusable. */
  setup(rules: T['rules'], deal: DealInput<T['carry']>): Result<T['state']>;
  /** The seats the deal waits for: they must decide before it goes on. Empty once the deal is over. */
  toAct(state: T['state']): readonly Seat[];
  /**
   * Every seat that has a legal action now: the seats in `toAct` and those
   * that may act outside the turn order (Karnöffel's advice and match
   * announcement). Generic loops offer these seats their actions without
   * knowing why they have them.
   */
  mayAct(state: T['state']): readonly Seat[];
  /** Every legal action of this seat now (empty if it may not act). */
  legal(state: T['state'], seat: Seat): T['action'][];
  /** The next state, or a rule error; the given state is never changed. */
  apply(state: T['state'], seat: Seat, action: T['action']): Result<T['state']>;
  /** Exactly what this seat may know under the rules; `SPECTATOR` sees what is public. */
  view(state: T['state'], seat: Seat): T['view'];
  /** The events from number `since` on, as this seat (or `SPECTATOR`) may see them. */
  events(state: T['state'], seat: Seat, since: number): NumberedEvent<T['event']>[];
  /** The result once the deal is over, else undefined. */
  outcome(state: T['state']): T['outcome'] | undefined;

  /** The action in the game's text notation, as records and the terminal use it. */
  formatAction(rules: T['rules'], action: T['action']): string;
  /** Reads the text notation; an unknown word or card is an error. */
  parseAction(rules: T['rules'], text: string): Result<T['action']>;
}
