import type { GameTypes, NumberedEvent } from './game.js';
import type { Result } from '../core/result.js';

/**
 * What the terminal needs of a game beyond its rules: how a seat's view
 * looks to a person, the menu of legal actions, narration of the seat's
 * events, and deal summaries. Players are named by `names[seat]`
 * everywhere ("You" for the person at the terminal).
 */
export interface TerminalText<T extends GameTypes> {
  /** The table as this seat sees it: hand (sorted, the legal cards marked when `legal` is given), what lies on the table, scores so far. */
  renderView(rules: T['rules'], view: T['view'], names: readonly string[], legal?: readonly T['action'][]): string;
  /** The legal actions in the order the menu shows them (e.g. cards as the hand is held); default: as given. */
  orderActions?(rules: T['rules'], view: T['view'], legal: readonly T['action'][]): T['action'][];
  /** How a legal action reads in the menu, e.g. "play GA" or "Rufspiel auf die Gras-Sau". */
  describeAction(rules: T['rules'], view: T['view'], action: T['action']): string;
  /**
   * What a decision outside the card play was, in a few words, for `stich analyze`: "bid weiter", "no Stoß", "no
   * Spritzen" (a "weiter" answers several questions); undefined where the notation says it alone.
   */
  decisionName?(rules: T['rules'], view: T['view'], action: T['action']): string | undefined;
  /** Lines telling what these events (of the seat `seat`) mean: bids, cards played, who took a trick. */
  narrate(rules: T['rules'], view: T['view'], events: readonly NumberedEvent<T['event']>[], names: readonly string[]): string[];
  /** One or a few lines about a finished deal. */
  summarizeDeal(rules: T['rules'], state: T['state'], outcome: T['outcome'], names: readonly string[]): string;
  /** `help` at a prompt: what can be done now and what the game being played is worth. */
  help?(rules: T['rules'], view: T['view'], legal: readonly T['action'][]): string;
  /** `last` at a prompt and the pause after a deal: the last finished trick and who took it, or undefined before the first. */
  lastTrick?(rules: T['rules'], view: T['view'], names: readonly string[]): string | undefined;
  /** The unit of a sitting in the words of the terminal, where they differ from the sitting's ("Partie" for "match"). */
  readonly unitName?: string;
  /** Announces the unit that the deal turning `before` into `after` completed (a Bummerl, a match): who won, by how much. */
  unitEnd?(rules: T['rules'], before: T['sheet'], after: T['sheet'], names: readonly string[]): string;
  /**
   * How an action is typed at the terminal where the faces chosen (house rule `faces`) name the cards otherwise than
   * the notation of records does; default: the game's own notation.
   */
  typed?: {
    format(rules: T['rules'], action: T['action']): string;
    parse(rules: T['rules'], text: string): Result<T['action']>;
    /** A message of the rules (a refusal) with its card codes as the faces chosen write them. */
    words(rules: T['rules'], message: string): string;
  };
}

/** A `stich play` option that sets a house rule of one game, e.g. `--players 6` sets `players`. */
export interface PlayOption {
  /** The option as commander reads it, e.g. "--players <n>". */
  readonly flag: string;
  /** The camelCase key commander gives it, e.g. "players". */
  readonly key: string;
  /** The house rule it sets. */
  readonly rule: string;
  readonly description: string;
  /** The description in German (`stich rules GAME --lang de`). */
  readonly descriptionDe: string;
}
