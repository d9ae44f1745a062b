import { nameKey, nameSkeleton } from '../names.js';

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
  /** The writer's epoch of the table (from `claimTable`): the commit fails with `fenced`, writing nothing, when the table's epoch is another. */
  readonly epoch?: number;
}

/** A ticket taken: its user, and the session it was bought with (null for a ticket kept before tickets named one). */
export interface TicketRow {
  readonly user: UserRow;
  readonly session: string | null;
}

export interface NewUser {
  readonly id: string;
  readonly name: string;
  readonly guest: boolean;
  readonly hash?: string;
  readonly salt?: string;
}

export interface Store {
  /**
   * Fails with `nameTaken` when a registered user has the name's key already (`nameKey` of names.ts: NFC and Unicode
   * case folding, computed here, not by the database), `duplicate` for a known id. The store keeps the key and the
   * name's look-alike skeleton (`nameSkeleton`) beside the name.
   */
  createUser(user: NewUser): Promise<void>;
  /** The registered user of this name (by its key: case-insensitive); guests are not found by name. */
  userByName(name: string): Promise<PasswordRow | undefined>;
  /** A registered user whose name has this name's key or look-alike skeleton, if any (the oldest). */
  registeredLookAlike(name: string): Promise<UserRow | undefined>;
  userById(id: string): Promise<UserRow | undefined>;
  /** Fails with `missing` for an unknown user. The session counts as used now. */
  createSession(tokenHash: string, userId: string): Promise<void>;
  /**
   * The user of a session. With `idleMs`: only if the session was used within the last `idleMs` milliseconds, and
   * then it counts as used now (the time is written at most once a minute, `SESSION_TOUCH_MS`, or a quarter of
   * `idleMs` if that is shorter).
   */
  sessionUser(tokenHash: string, idleMs?: number): Promise<UserRow | undefined>;
  /** Ends one session and the tickets bought with it (nothing happens for an unknown one); the user's other sessions and their tickets stay. Resolves with whether there was such a session. */
  endSession(tokenHash: string): Promise<boolean>;
  /** Ends every session of a user; resolves with how many there were. */
  endSessionsOf(userId: string): Promise<number>;
  /**
   * Sets a registered user's password (hash and salt, hex) and ends every session of theirs but `keepSession` (a
   * token hash) and every ticket but those bought with it, in one step; resolves with how many sessions ended. Fails
   * with `missing` for an unknown user or a guest.
   */
  setPassword(userId: string, hash: string, salt: string, keepSession: string): Promise<number>;
  /** Deletes the sessions not used for `idleMs` and the expired tickets; resolves with how many sessions went. */
  endIdleSessions(idleMs: number): Promise<number>;
  /**
   * Keeps a single-use ticket (by its hash) of a user until `expires` (ms since 1970), bought with the session
   * `session` (its token's hash), which ends it (null: a ticket of no known session, ended only with all of the user's
   * sessions). Fails with `missing` for an unknown user.
   */
  createTicket(ticketHash: string, userId: string, expires: number, session: string | null): Promise<void>;
  /** The user and session of a ticket that has not expired, once: the ticket is gone afterwards, whether it was valid or not. */
  takeTicket(ticketHash: string): Promise<TicketRow | undefined>;

  createTable(table: TableRow): Promise<void>;
  /** One table's row, finished or not. */
  table(id: string): Promise<TableRow | undefined>;
  /** Every table whose sitting has not finished, oldest first. */
  unfinishedTables(): Promise<TableRow[]>;
  tableLog(tableId: string): Promise<LogRow[]>;
  /** Appends log entries (and a finished sitting's record and ratings) in one transaction; see the file's comment. */
  commit(commit: TableCommit): Promise<void>;
  /**
   * Makes the caller the table's only writer (a cluster's new owner, before it reads the log): raises the table's
   * epoch and returns it. From then on a commit naming an older epoch fails with `fenced`. Fails with `missing` for
   * an unknown table.
   */
  claimTable?(tableId: string): Promise<number>;

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
  /** A commit's epoch is not the table's: another process claimed the table since (`claimTable`). */
  | 'fenced'
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

/** A session's last use is written at most this often (a busy session does not write on every request). */
export const SESSION_TOUCH_MS = 60_000;

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

/** Checks a new user and adds its name's key and skeleton (names.ts). */
export function checkUser(user: NewUser): NewUser & { key: string; skeleton: string } {
  checkText(user.id, 'user id');
  checkText(user.name, 'user name');
  if (typeof user.guest !== 'boolean') throw new StoreError('badInput', 'user.guest must be true or false');
  checkText(user.hash, 'password hash', { optional: true });
  checkText(user.salt, 'password salt', { optional: true });
  if (!user.guest && (user.hash === undefined || user.salt === undefined)) throw new StoreError('badInput', 'a registered user needs a password hash and salt');
  return { ...user, key: nameKey(user.name), skeleton: nameSkeleton(user.name) };
}

/**
 * The keys of users made before migration 4, oldest first. Two registered names that the old `lower()` kept apart
 * may share a key now (SQLite folded ASCII only; neither folded ß to ss): the older keeps the key, the younger gets
 * `legacyKey`: its key with U+0001 and its exact name appended, which no new name can have. It keeps its account
 * and logs in by its exact name (`userByName` looks for that key first), and nobody else can register its key.
 */
/** The key of a registered name that shared its key with an older one when keys were introduced (`legacyKeys`). */
export function legacyKey(name: string): string {
  return `${nameKey(name)}\u0001${name}`;
}

export function legacyKeys(rows: readonly { id: string; name: string; guest: boolean }[], registeredKeys: Set<string>): { id: string; key: string; skeleton: string }[] {
  return rows.map((r) => {
    let key = nameKey(r.name);
    if (!r.guest) {
      if (registeredKeys.has(key)) key = legacyKey(r.name);
      registeredKeys.add(key);
    }
    return { id: r.id, key, skeleton: nameSkeleton(r.name) };
  });
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
  if (c.epoch !== undefined) checkIndex(c.epoch, 'commit.epoch');
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

export function fenced(tableId: string, epoch: number, mine: number): StoreError {
  return new StoreError('fenced', `table ${tableId}: claimed by another writer (epoch ${epoch}; this writer's is ${mine}); nothing written`);
}

export function conflict(tableId: string, next: number, from: number): StoreError {
  return new StoreError('logConflict', `table ${tableId}: the log's next index is ${next}, the commit starts at ${from}`);
}

/** The player names a record keeps, whatever else it holds. */
export function recordPlayers(recordJson: string): string[] {
  const players = (JSON.parse(recordJson) as { players?: unknown }).players;
  return Array.isArray(players) ? players.map(String) : [];
}
