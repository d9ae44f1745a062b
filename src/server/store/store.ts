/**
 * The server's storage, as an interface with async methods and two
 * implementations: the embedded SQLite store (`sqlite.ts`, one process on one
 * machine) and the PostgreSQL store (`postgres.ts`, several processes).
 * `contract.test.ts` runs the same tests against both.
 *
 * A table is rebuilt from its log alone: the log holds its settings (in the
 * table row), every seat change, every sitting's start, each deal's deck
 * (server-side only, never sent to clients) and every action.
 *
 * A table's log has one writer: `commit` names the index its first entry must
 * get, and fails with a `StoreError` of code `logConflict` (writing nothing)
 * when that is not the log's next index, even when the other writer is another
 * process. Faults of the caller (unknown user or table, a taken name, values
 * that are not JSON) are `StoreError`s too; anything else is the database's own
 * error, passed on.
 */

import type { ModerationStore } from './moderation.js';

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
  /** Whether the table was public (a private table's sittings are shown to its players only). */
  readonly public: boolean;
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

export interface NewUser {
  readonly id: string;
  readonly name: string;
  readonly guest: boolean;
  readonly hash?: string;
  readonly salt?: string;
}

export interface Store {
  /** Fails with `nameTaken` when a registered user has the name already (case-insensitive), `duplicate` for a known id. */
  createUser(user: NewUser): Promise<void>;
  /** The registered user of this name (case-insensitive); guests are not found by name. */
  userByName(name: string): Promise<PasswordRow | undefined>;
  userById(id: string): Promise<UserRow | undefined>;
  /** Fails with `missing` for an unknown user. */
  createSession(tokenHash: string, userId: string): Promise<void>;
  sessionUser(tokenHash: string): Promise<UserRow | undefined>;

  createTable(table: TableRow): Promise<void>;
  /** One table's row, finished or not. */
  table(id: string): Promise<TableRow | undefined>;
  /** Every table whose sitting has not finished, oldest first. */
  unfinishedTables(): Promise<TableRow[]>;
  tableLog(tableId: string): Promise<LogRow[]>;
  /** Appends log entries (and a finished sitting's record and ratings) in one transaction; see the file's comment. */
  commit(commit: TableCommit): Promise<void>;

  record(id: string): Promise<RecordRow | undefined>;
  /** The ids of a table's records, oldest first. */
  recordsOfTable(tableId: string): Promise<string[]>;
  /** The stored analysis of a record (JSON text) in this format version, if any (optional: a store without it keeps none). */
  analysis?(recordId: string, version: number): Promise<string | undefined>;
  /** Keeps a record's analysis (JSON text); a second one for the same record replaces the first. Fails with `missing` for an unknown record. */
  saveAnalysis?(recordId: string, version: number, analysis: string): Promise<void>;
  /** The ratings of those users in that game that exist, in the order asked. */
  ratings(game: string, userIds: readonly string[]): Promise<RatingRow[]>;
  /** The best `limit` players of a game by conservative rating (mu − 3 sigma). */
  leaderboard(game: string, limit: number): Promise<RatingRow[]>;

  /** The player page's person: with `id`, that user if the name matches (case-insensitive); else the registered user of that name, else the latest guest of it. */
  findPlayer(name: string, id?: string): Promise<UserRow | undefined>;
  /** A person's rating in every game they have one in, by game. */
  playerRatings(userId: string): Promise<(RatingRow & { game: string })[]>;
  /** A person's most recent finished sittings, newest first. */
  playerSittings(userId: string, limit: number): Promise<PlayerSitting[]>;
  /** Roles, mutes and bans, reports, the audit log (store/moderation.ts; both stores have them, a table's fenced store does not). */
  readonly moderation?: ModerationStore;
  close(): Promise<void>;
}

/** Whether the database has this version's schema (the readiness probe asks; both stores implement it). */
export interface SchemaState {
  /** How many of this version's migrations the database lacks (0: up to date); fails when the database is out of reach or was migrated by a newer version. */
  pendingMigrations(): Promise<number>;
}

export type StoreErrorCode =
  /** A commit's `from` is not the log's next index: another writer came first. */
  | 'logConflict'
  /** A registered user has this name already. */
  | 'nameTaken'
  /** A row with this id exists already (user, table, record, session). */
  | 'duplicate'
  /** The user or table named does not exist. */
  | 'missing'
  /** A value the store cannot keep: not JSON, a negative index, a NUL character in a name, … */
  | 'badInput';

/** A fault of the caller, detected by the store; nothing was written. */
export class StoreError extends Error {
  override readonly name = 'StoreError';
  constructor(
    readonly code: StoreErrorCode,
    message: string,
  ) {
    super(message);
  }
}

export function isStoreError(e: unknown, code?: StoreErrorCode): e is StoreError {
  return e instanceof StoreError && (code === undefined || e.code === code);
}

// ─── checks shared by both implementations ─────────────────────────────────

/** JSON text of a value, or a `badInput` error for what JSON cannot hold (undefined, functions, BigInt, cycles). */
export function toJson(value: unknown, what: string): string {
  let text: string | undefined;
  try {
    text = JSON.stringify(value);
  } catch (e) {
    throw new StoreError('badInput', `${what} is not JSON: ${(e as Error).message}`);
  }
  if (text === undefined) throw new StoreError('badInput', `${what} is not JSON (${typeof value})`);
  return text;
}

/** A text column's value: a string without NUL characters (PostgreSQL cannot keep them, so neither store takes them). */
export function checkText(value: unknown, what: string, { optional = false } = {}): void {
  if (optional && value === undefined) return;
  if (typeof value !== 'string') throw new StoreError('badInput', `${what} must be a string, not ${typeof value}`);
  if (value.includes('\u0000')) throw new StoreError('badInput', `${what} contains a NUL character`);
}

export function checkIndex(value: unknown, what: string): void {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) throw new StoreError('badInput', `${what} must be an integer ≥ 0, not ${String(value)}`);
}

export function checkNumber(value: unknown, what: string): void {
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new StoreError('badInput', `${what} must be a finite number, not ${String(value)}`);
}

export function checkUser(user: NewUser): void {
  checkText(user.id, 'user id');
  checkText(user.name, 'user name');
  if (typeof user.guest !== 'boolean') throw new StoreError('badInput', 'user.guest must be true or false');
  checkText(user.hash, 'password hash', { optional: true });
  checkText(user.salt, 'password salt', { optional: true });
  if (!user.guest && (user.hash === undefined || user.salt === undefined)) throw new StoreError('badInput', 'a registered user needs a password hash and salt');
}

export function checkTable(table: TableRow): void {
  checkText(table.id, 'table id');
  checkText(table.game, 'game');
  checkIndex(table.created, 'table.created');
}

/** Checks a commit and turns its values into JSON text before anything is written. */
export function prepareCommit(c: TableCommit): { entries: string[]; record?: string } {
  checkText(c.tableId, 'table id');
  checkIndex(c.from, 'commit.from');
  if (!Array.isArray(c.entries)) throw new StoreError('badInput', 'commit.entries must be an array');
  const entries = c.entries.map((e, i) => toJson(e, `log entry ${c.from + i}`));
  let record: string | undefined;
  if (c.record) {
    checkText(c.record.id, 'record id');
    if (c.record.tableId !== c.tableId) throw new StoreError('badInput', `the record belongs to table ${c.record.tableId}, the commit to ${c.tableId}`);
    checkText(c.record.game, 'record game');
    checkIndex(c.record.created, 'record.created');
    record = toJson(c.record.record, `record ${c.record.id}`);
  }
  if ((c.participants ?? []).length > 0 && !c.record) throw new StoreError('badInput', 'participants come with a record');
  for (const p of c.participants ?? []) {
    checkText(p.userId, 'participant');
    checkIndex(p.seat, 'participant seat');
    checkNumber(p.total, 'participant total');
    checkIndex(p.place, 'participant place');
  }
  for (const r of c.ratings ?? []) {
    checkText(r.game, 'rating game');
    checkText(r.userId, 'rating user');
    checkNumber(r.mu, 'mu');
    checkNumber(r.sigma, 'sigma');
  }
  return { entries, record };
}

export function conflict(tableId: string, next: number, from: number): StoreError {
  return new StoreError('logConflict', `table ${tableId}: the log's next index is ${next}, the commit starts at ${from}`);
}

/** The player names a record keeps, whatever else it holds. */
export function recordPlayers(recordJson: string): string[] {
  const players = (JSON.parse(recordJson) as { players?: unknown }).players;
  return Array.isArray(players) ? players.map(String) : [];
}
