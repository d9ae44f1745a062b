import type { Game } from './game.js';
import type { SittingRules } from '../sitting/sitting.js';

/** A game together with how a sitting of it keeps score: what records, replay and the CLI need. */
export interface GameEntry<Rules = any, State = any, Action = any, View = any, Outcome = any, Carry = any, Sheet = any, Start = any> {
  readonly game: Game<Rules, State, Action, View, Outcome, Carry>;
  readonly sitting: SittingRules<Rules, Outcome, Carry, Sheet, Start>;
  /** Checks the `start` of a record (the lots drawn) before replaying it; undefined if fine. */
  readonly checkStart?: (rules: Rules, start: unknown) => string | undefined;
}
