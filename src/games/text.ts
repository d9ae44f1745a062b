import type { BotFactory } from './botFactory.js';
import type { GameEntry } from './entry.js';


/** A `stich play` option that sets a house rule, e.g. `--players 6` sets `players`. */
export interface PlayOption {
  /** The option as commander reads it, e.g. "--players <n>". */
  readonly flag: string;
  /** The camelCase key commander gives it, e.g. "players". */
  readonly key: string;
  /** The house rule it sets. */
  readonly rule: string;
  readonly description: string;
}

/**
 * What the terminal needs of a game beyond its rules: bots, how a seat's view
 * looks to a human, narration of public events, and deal summaries.
 */
export interface CliGame<Rules = any, State = any, Action = any, View = any, Outcome = any> {
  readonly entry: GameEntry<Rules, State, Action, View, Outcome>;
  /** Bots by name; `random` and a rule-based one at least. */
  readonly bots: Readonly<Record<string, BotFactory<Rules, View, Action>>>;
  /** The bot a plain "bot" seat gets. */
  readonly defaultBot: string;
  readonly playOptions?: readonly PlayOption[];
  /** The table as this seat sees it: hand (sorted, the legal cards marked when `legal` is given), what lies on the table, scores so far. */
  renderView(rules: Rules, view: View, legal?: readonly Action[]): string;
  /** The legal actions in the order the menu shows them (e.g. cards as the hand is held); default: as given. */
  orderActions?(rules: Rules, view: View, legal: readonly Action[]): Action[];
  /** How a legal action reads in the menu, e.g. "play GA" or "Rufspiel auf die Gras-Sau". */
  describeAction(rules: Rules, view: View, action: Action): string;
  /**
   * Lines telling what happened since event number `since` in this view
   * (bids, cards played, who took a trick), and the number to continue from.
   */
  narrate(rules: Rules, view: View, since: number): { lines: string[]; next: number };
  /** One or a few lines about a finished deal, for sittings without a human. */
  summarizeDeal(rules: Rules, state: State, outcome: Outcome, players: readonly string[]): string;
}
