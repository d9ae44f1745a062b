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

/** A person's part in a finished sitting (the player page lists them). */
export interface Participant {
  readonly userId: string;
  readonly seat: number;
  /** The seat's total score over the sitting. */
  readonly total: number;
  /** 1 for the best total (ties share a place). */
  readonly place: number;
}

/** One finished sitting as a player page shows it. */
export interface PlayerSitting extends Participant {
  readonly recordId: string;
  readonly tableId: string;
  readonly game: string;
  readonly created: number;
  /** Every seat's name, as the record keeps them. */
  readonly players: readonly string[];
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
  /** With a record: the people who sat at it. */
  readonly participants?: readonly Participant[];
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

  /** The player page's person: with `id`, that user if the name matches; else the registered user of that name, else the latest guest of it. */
  findPlayer(name: string, id?: string): Promise<UserRow | undefined>;
  /** A person's rating in every game they have one in. */
  playerRatings(userId: string): Promise<(RatingRow & { game: string })[]>;
  /** A person's most recent finished sittings, newest first. */
  playerSittings(userId: string, limit: number): Promise<PlayerSitting[]>;
  close(): Promise<void>;
}
