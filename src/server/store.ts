/**
 * The server's storage, as an interface with async methods so that a
 * PostgreSQL store can replace the embedded SQLite one (`sqliteStore.ts`).
 *
 * A table is rebuilt from its log alone: the log holds its settings (in the
 * table row), every seat change, every sitting's start, each deal's deck
 * (server-side only, never sent to clients) and every action.
 */

export interface UserRow {
  readonly id: string;
  readonly name: string;
  readonly guest: boolean;
}

export interface PasswordRow extends UserRow {
  readonly hash: string;
  readonly salt: string;
}

export interface TableRow {
  readonly id: string;
  readonly game: string;
  /** The table's settings as JSON (rules, seats, length, clocks, …). */
  readonly settings: unknown;
  readonly finished: boolean;
  readonly created: number;
}

/** One entry of a table's log, in order from 0. */
export interface LogRow {
  readonly index: number;
  readonly entry: unknown;
}

export interface RatingRow {
  readonly userId: string;
  readonly name: string;
  readonly mu: number;
  readonly sigma: number;
  readonly sittings: number;
}

export interface RecordRow {
  readonly id: string;
  readonly tableId: string;
  readonly game: string;
  readonly record: unknown;
  readonly created: number;
}

/** Everything one step of a table writes, in one transaction. */
export interface TableCommit {
  readonly tableId: string;
  /** The index the first entry must get: a mismatch means someone else wrote, and nothing is written. */
  readonly from: number;
  readonly entries: readonly unknown[];
  readonly finished?: boolean;
  readonly record?: RecordRow;
  readonly ratings?: readonly { game: string; userId: string; mu: number; sigma: number }[];
}

export interface Store {
  createUser(user: { id: string; name: string; guest: boolean; hash?: string; salt?: string }): Promise<void>;
  userByName(name: string): Promise<PasswordRow | undefined>;
  userById(id: string): Promise<UserRow | undefined>;
  createSession(tokenHash: string, userId: string): Promise<void>;
  sessionUser(tokenHash: string): Promise<UserRow | undefined>;

  createTable(table: TableRow): Promise<void>;
  unfinishedTables(): Promise<TableRow[]>;
  tableLog(tableId: string): Promise<LogRow[]>;
  /** Appends log entries (and a finished sitting's record and ratings) in one transaction. */
  commit(commit: TableCommit): Promise<void>;

  record(id: string): Promise<RecordRow | undefined>;
  recordsOfTable(tableId: string): Promise<string[]>;
  ratings(game: string, userIds: readonly string[]): Promise<RatingRow[]>;
  leaderboard(game: string, limit: number): Promise<RatingRow[]>;
  close(): Promise<void>;
}
