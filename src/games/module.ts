import type { BotKind } from './agent.js';
import type { GameBench } from './bench.js';
import type { Game, GameTypes } from './game.js';
import type { RuleValue } from './ruleBook.js';
import type { SearchSupport } from './search.js';
import type { SittingRules } from './sitting.js';
import type { PlayOption, TerminalText } from './text.js';

/**
 * Everything one game is, behind one interface: its rules engine, how a
 * sitting keeps score, its bots, its terminal text, its search support and
 * its benchmark. Generic layers (the sitting loop, records, search, the
 * CLI, the server) know games only through this and the registry.
 */
export interface GameModule<T extends GameTypes> {
  readonly game: Game<T>;
  readonly sitting: SittingRules<T>;
  /** The game's bots by name; a plain "bot" seat gets `defaultBot`. */
  readonly bots: Readonly<Record<string, BotKind<T>>>;
  readonly defaultBot: string;
  readonly text: TerminalText<T>;
  /** Search support (search state, sampled worlds); every game has one once its search state is built. */
  readonly search?: SearchSupport<T>;
  readonly bench: GameBench;
  /** Options of `stich play` that set one of this game's house rules. */
  readonly playOptions?: readonly PlayOption[];
  /**
   * House-rule values that records of an older format version were played
   * with, for the rules such a record does not name (a rule added later):
   * by record version, the values to read them with, so that old records keep
   * replaying exactly.
   */
  readonly legacyRuleValues?: Readonly<Record<number, Readonly<Record<string, RuleValue>>>>;
  /** A conformance format the game can check files of (`stich conformance`). */
  readonly conformance?: ConformanceFormat;
  /**
   * Optional: which game was played and by whom, read from an outcome, for
   * reports across games (the arena's per-contract results). `contract`
   * names the game played ("rufspiel", "solo", "schnapser"); `declarers` are
   * the seats of the declaring side; `won` whether that side won. Fields
   * are left out where the game has no such notion (a Ramsch has no
   * declarer, a deal thrown in no winner).
   */
  describeOutcome?(outcome: T['outcome']): OutcomeSummary;
}

/** What generic reports read from a deal's outcome (see `GameModule.describeOutcome`). */
export interface OutcomeSummary {
  readonly contract?: string;
  readonly declarers?: readonly number[];
  readonly won?: boolean;
}

/** A file format of complete games with expected results, checked line by line. */
export interface ConformanceFormat {
  readonly description: string;
  check(text: string): ConformanceReport;
}

export interface ConformanceReport {
  /** Lines that could not be read (malformed), each naming its line. */
  readonly errors: readonly string[];
  readonly verdicts: readonly ConformanceVerdict[];
}

export interface ConformanceVerdict {
  readonly id: string;
  readonly passed: boolean;
  /** What differs or why the game could not be replayed; undefined when it passed. */
  readonly problem?: string;
}

/** Any game's module, as the registry and the generic layers hold it. */
export type AnyGameModule = GameModule<GameTypes>;
