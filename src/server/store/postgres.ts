import pg from 'pg';
import { nameKey, nameSkeleton } from '../names.js';
import { migrations, pending, type AppliedMigration } from './migrations.js';
import { SqlModerationStore, type ModerationStore } from './moderation.js';
import {
  checkIndex,
  checkTable,
  checkText,
  checkUser,
  conflict,
  legacyKey,
  legacyKeys,
  fenced,
  prepareCommit,
  recordPlayers,
  SESSION_TOUCH_MS,
  StoreError,
  toJson,
  type LogRow,
  type NewUser,
  type PasswordRow,
  type PlayerSitting,
  type RatingRow,
  type RecordRow,
  type SchemaState,
  type Store,
  type TableCommit,
  type TableRow,
  type TicketRow,
  type UserRow,
} from './store.js';

/** The key of the advisory lock that lets one process at a time migrate the schema ("stich" in ASCII). */
const MIGRATION_LOCK = 0x7374696368;

/** PostgreSQL's constraint errors (SQLSTATE class 23) as the store's typed errors; anything else is passed on. */
function translate(e: unknown): unknown {
  const err = e as { code?: string; constraint?: string; detail?: string; message?: string };
  if (err.code === '23505') {
    if (err.constraint === 'users_registered_key') return new StoreError('nameTaken', 'a registered user has this name already');
    if (err.constraint === 'table_log_pkey') return new StoreError('logConflict', `another writer wrote this log index first (${err.detail ?? err.message})`);
    return new StoreError('duplicate', `exists already (${err.detail ?? err.message})`);
  }
  if (err.code === '23503') return new StoreError('missing', `the user or table named does not exist (${err.detail ?? err.message})`);
  return e;
}

export interface PgStoreOptions {
  /** At most this many connections (default 10). */
  readonly max?: number;
  /**
   * This many connections are opened at once and kept open when idle (default 0: opened when needed, closed after
   * 10 s idle). A new connection costs PostgreSQL a backend process and the client several round trips: a server
   * process that many clients reconnect to at once (a rolling restart) should not wait for them then.
   */
  readonly min?: number;
  /** Called with errors of idle connections (the server restarted, the connection was cut); the pool replaces them. */
  readonly onIdleError?: (e: Error) => void;
}

type Row = Record<string, unknown>;

const user = (r: Row): UserRow => ({ id: r.id as string, name: r.name as string, guest: r.guest as boolean });
const rating = (r: Row): RatingRow => ({ userId: r.user_id as string, name: r.name as string, mu: r.mu as number, sigma: r.sigma as number, sittings: r.sittings as number });

/**
 * The PostgreSQL store, for several server processes on one database. Every
 * commit is one transaction (for log entries alone: one statement) that locks
 * the table's row, checks the log's next index and inserts under the primary
 * key (table_id, idx): a second writer, in this process or another, fails with
 * `logConflict` and writes nothing.
 */
export class PgStore implements Store, SchemaState {
  readonly moderation: ModerationStore;

  private constructor(private readonly pool: pg.Pool) {
    this.moderation = new SqlModerationStore({
      query: (text, values = []) => this.query(text, [...values]),
      batch: (statements) =>
        this.transaction(async (q) => {
          const out: Row[][] = [];
          for (const st of statements) out.push(await q(st.text, [...st.values]));
          return out;
        }),
    });
  }

  /** Connects, applies the pending migrations, and returns the store. */
  static async open(url: string, options: PgStoreOptions = {}): Promise<PgStore> {
    const max = options.max ?? 10;
    const min = Math.min(options.min ?? 0, max);
    const pool = new pg.Pool({ connectionString: url, max, min });
    pool.on('error', options.onIdleError ?? (() => undefined));
    const store = new PgStore(pool);
    try {
      await store.migrate();
      await store.keyNames();
      const clients = await Promise.all(Array.from({ length: min }, () => pool.connect()));
      for (const c of clients) c.release();
    } catch (e) {
      await pool.end();
      throw e;
    }
    return store;
  }

  private async query(text: string, values: unknown[] = []): Promise<Row[]> {
    try {
      return (await this.pool.query(text, values)).rows as Row[];
    } catch (e) {
      throw translate(e);
    }
  }

  /** Runs `fn` in a transaction on one connection; any failure rolls back everything. */
  private async transaction<R>(fn: (q: (text: string, values?: unknown[]) => Promise<Row[]>) => Promise<R>): Promise<R> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      const result = await fn(async (text, values = []) => (await client.query(text, values)).rows as Row[]);
      await client.query('COMMIT');
      return result;
    } catch (e) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw translate(e);
    } finally {
      client.release();
    }
  }

  /** Applies the migrations not yet applied (see `migrations.ts`) in one transaction, under an advisory lock so that processes starting together take turns. */
  private async migrate(): Promise<void> {
    const all = migrations('postgres');
    await this.transaction(async (q) => {
      await q('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
      await q('CREATE TABLE IF NOT EXISTS schema_migrations (version integer PRIMARY KEY, name text NOT NULL, checksum text NOT NULL, applied timestamptz NOT NULL DEFAULT now())');
      const applied = (await q('SELECT version, checksum FROM schema_migrations ORDER BY version')) as unknown as AppliedMigration[];
      for (const m of pending(all, applied, 'postgres')) {
        await q(m.sql);
        await q('INSERT INTO schema_migrations (version, name, checksum) VALUES ($1, $2, $3)', [m.version, m.name, m.checksum]);
      }
    });
  }

  /** Fills in the name keys and skeletons of users made before migration 4 (see `legacyKeys`), under the migration lock. */
  private async keyNames(): Promise<void> {
    await this.transaction(async (q) => {
      const rows = await q('SELECT id, name, guest FROM users WHERE name_key IS NULL ORDER BY created, id COLLATE "C"');
      if (rows.length === 0) return;
      await q('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
      const registered = new Set((await q('SELECT name_key FROM users WHERE NOT guest AND name_key IS NOT NULL')).map((r) => r.name_key as string));
      for (const k of legacyKeys(rows.map(user), registered)) await q('UPDATE users SET name_key = $1, name_skeleton = $2 WHERE id = $3 AND name_key IS NULL', [k.key, k.skeleton, k.id]);
    });
  }

  async pendingMigrations(): Promise<number> {
    const applied = (await this.query('SELECT version, checksum FROM schema_migrations ORDER BY version')) as unknown as AppliedMigration[];
    return pending(migrations('postgres'), applied, 'postgres').length;
  }

  async createUser(newUser: NewUser): Promise<void> {
    const u = checkUser(newUser);
    await this.query('INSERT INTO users (id, name, guest, hash, salt, created, name_key, name_skeleton) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)', [
      u.id,
      u.name,
      u.guest,
      u.hash ?? null,
      u.salt ?? null,
      Date.now(),
      u.key,
      u.skeleton,
    ]);
  }

  async userByName(name: string): Promise<PasswordRow | undefined> {
    checkText(name, 'name');
    // A legacy key (the exact name) first, then the name's key: see `legacyKeys`.
    const [r] = await this.query('SELECT id, name, guest, hash, salt FROM users WHERE name_key IN ($1, $2) AND NOT guest ORDER BY name_key = $1 DESC LIMIT 1', [legacyKey(name), nameKey(name)]);
    return r && { ...user(r), hash: r.hash as string, salt: r.salt as string };
  }

  async registeredLookAlike(name: string): Promise<UserRow | undefined> {
    checkText(name, 'name');
    const [r] = await this.query('SELECT id, name, guest FROM users WHERE (name_key = $1 OR name_skeleton = $2) AND NOT guest ORDER BY created, id COLLATE "C" LIMIT 1', [nameKey(name), nameSkeleton(name)]);
    return r && user(r);
  }

  async userById(id: string): Promise<UserRow | undefined> {
    checkText(id, 'user id');
    const [r] = await this.query('SELECT id, name, guest FROM users WHERE id = $1', [id]);
    return r && user(r);
  }

  async createSession(tokenHash: string, userId: string): Promise<void> {
    checkText(tokenHash, 'token hash');
    checkText(userId, 'user id');
    const now = Date.now();
    await this.query('INSERT INTO sessions (token_hash, user_id, created, last_seen) VALUES ($1, $2, $3, $4)', [tokenHash, userId, now, now]);
  }

  async sessionUser(tokenHash: string, idleMs?: number): Promise<UserRow | undefined> {
    checkText(tokenHash, 'token hash');
    const now = Date.now();
    const [r] = await this.query('SELECT u.id, u.name, u.guest, s.last_seen FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.token_hash = $1 AND s.last_seen > $2', [
      tokenHash,
      idleMs === undefined ? -1 : now - idleMs,
    ]);
    if (!r) return undefined;
    if (idleMs !== undefined && Number(r.last_seen) < now - Math.min(SESSION_TOUCH_MS, idleMs / 4)) await this.query('UPDATE sessions SET last_seen = $1 WHERE token_hash = $2', [now, tokenHash]);
    return user(r);
  }

  async endSession(tokenHash: string): Promise<boolean> {
    checkText(tokenHash, 'token hash');
    // A ticket bought with the session would open a socket after it ended: it ends with it, the user's other sessions' stay.
    return this.transaction(async (q) => {
      await q('DELETE FROM tickets WHERE session_hash = $1', [tokenHash]);
      return (await q('DELETE FROM sessions WHERE token_hash = $1 RETURNING token_hash', [tokenHash])).length > 0;
    });
  }

  async endSessionsOf(userId: string): Promise<number> {
    checkText(userId, 'user id');
    // A ticket bought with one of the sessions would open a socket after they ended (and one kept before tickets named their session).
    return this.transaction(async (q) => {
      await q('DELETE FROM tickets WHERE user_id = $1', [userId]);
      return (await q('DELETE FROM sessions WHERE user_id = $1 RETURNING token_hash', [userId])).length;
    });
  }

  async setPassword(userId: string, hash: string, salt: string, keepSession: string): Promise<number> {
    for (const [value, what] of [[userId, 'user id'], [hash, 'password hash'], [salt, 'password salt'], [keepSession, 'token hash']] as const) checkText(value, what);
    return this.transaction(async (q) => {
      const set = await q('UPDATE users SET hash = $1, salt = $2 WHERE id = $3 AND NOT guest RETURNING id', [hash, salt, userId]);
      if (set.length === 0) throw new StoreError('missing', `no registered user ${userId}`);
      await q('DELETE FROM tickets WHERE user_id = $1 AND (session_hash IS NULL OR session_hash <> $2)', [userId, keepSession]);
      return (await q('DELETE FROM sessions WHERE user_id = $1 AND token_hash <> $2 RETURNING token_hash', [userId, keepSession])).length;
    });
  }

  async endIdleSessions(idleMs: number): Promise<number> {
    checkIndex(idleMs, 'idleMs');
    const now = Date.now();
    await this.query('DELETE FROM tickets WHERE expires <= $1', [now]);
    return (await this.pool.query('DELETE FROM sessions WHERE last_seen <= $1', [now - idleMs])).rowCount ?? 0;
  }

  async createTicket(ticketHash: string, userId: string, expires: number, session: string | null): Promise<void> {
    checkText(ticketHash, 'ticket hash');
    checkText(userId, 'user id');
    checkIndex(expires, 'expires');
    if (session !== null) checkText(session, 'token hash');
    await this.query('INSERT INTO tickets (ticket_hash, user_id, expires, session_hash) VALUES ($1, $2, $3, $4)', [ticketHash, userId, expires, session]);
  }

  async takeTicket(ticketHash: string): Promise<TicketRow | undefined> {
    checkText(ticketHash, 'ticket hash');
    const [t] = await this.query('DELETE FROM tickets WHERE ticket_hash = $1 RETURNING user_id, expires, session_hash', [ticketHash]);
    if (!t || Number(t.expires) <= Date.now()) return undefined;
    const user = await this.userById(t.user_id as string);
    return user && { user, session: (t.session_hash as string | null) ?? null };
  }

  async createTable(table: TableRow): Promise<void> {
    checkTable(table);
    const settings = toJson(table.settings, 'table settings');
    await this.query('INSERT INTO tables (id, game, settings, finished, created) VALUES ($1, $2, $3, $4, $5)', [table.id, table.game, settings, table.finished, table.created]);
  }

  async table(id: string): Promise<TableRow | undefined> {
    checkText(id, 'table id');
    const [r] = await this.query('SELECT id, game, settings, finished, created FROM tables WHERE id = $1', [id]);
    return r && { id: r.id as string, game: r.game as string, settings: JSON.parse(r.settings as string), finished: r.finished as boolean, created: Number(r.created) };
  }

  async unfinishedTables(): Promise<TableRow[]> {
    const rows = await this.query('SELECT id, game, settings, finished, created FROM tables WHERE NOT finished ORDER BY created, id COLLATE "C"');
    return rows.map((r) => ({ id: r.id as string, game: r.game as string, settings: JSON.parse(r.settings as string), finished: r.finished as boolean, created: Number(r.created) }));
  }

  async tableLog(tableId: string): Promise<LogRow[]> {
    checkText(tableId, 'table id');
    const rows = await this.query('SELECT idx, entry FROM table_log WHERE table_id = $1 ORDER BY idx', [tableId]);
    return rows.map((r) => ({ index: r.idx as number, entry: JSON.parse(r.entry as string) }));
  }

  async commit(c: TableCommit): Promise<void> {
    const json = prepareCommit(c);
    if (c.finished === undefined && !c.record && (c.ratings ?? []).length === 0) return this.append(c.tableId, c.from, json.entries, c.epoch);
    await this.transaction(async (q) => {
      // The row lock makes commits of one table take turns (and waits for a claim); the primary key stops any writer that skips it.
      const table = await q('SELECT epoch FROM tables WHERE id = $1 FOR UPDATE', [c.tableId]);
      if (table.length === 0) throw new StoreError('missing', `no table ${c.tableId}`);
      if (c.epoch !== undefined && table[0].epoch !== c.epoch) throw fenced(c.tableId, table[0].epoch as number, c.epoch);
      const [{ n }] = await q('SELECT coalesce(max(idx) + 1, 0) AS n FROM table_log WHERE table_id = $1', [c.tableId]);
      if (n !== c.from) throw conflict(c.tableId, n as number, c.from);
      if (json.entries.length > 0) {
        await q('INSERT INTO table_log (table_id, idx, entry) SELECT $1, $2 + i - 1, e FROM unnest($3::text[]) WITH ORDINALITY AS t(e, i)', [c.tableId, c.from, json.entries]);
      }
      if (c.finished !== undefined) await q('UPDATE tables SET finished = $1 WHERE id = $2', [c.finished, c.tableId]);
      if (c.record) await q('INSERT INTO records (id, table_id, game, record, created) VALUES ($1, $2, $3, $4, $5)', [c.record.id, c.record.tableId, c.record.game, json.record, c.record.created]);
      if (c.record) {
        for (const p of c.participants ?? []) {
          await q('INSERT INTO participants (record_id, user_id, seat, total, place) VALUES ($1, $2, $3, $4, $5)', [c.record.id, p.userId, p.seat, p.total, p.place]);
        }
      }
      for (const r of c.ratings ?? []) {
        await q(
          'INSERT INTO ratings (game, user_id, mu, sigma, sittings) VALUES ($1, $2, $3, $4, 1) ON CONFLICT (game, user_id) DO UPDATE SET mu = excluded.mu, sigma = excluded.sigma, sittings = ratings.sittings + 1',
          [r.game, r.userId, r.mu, r.sigma],
        );
      }
    });
  }

  /**
   * The common commit, log entries only, in one statement (one round trip instead of five). It takes the
   * same row lock; the next index is read in the statement's snapshot, and should another writer have
   * written since, the insert fails on the primary key: a logConflict either way.
   */
  private async append(tableId: string, from: number, entries: readonly string[], epoch: number | undefined): Promise<void> {
    // The epoch is read under the row lock: a claim that committed while this statement waited for the lock is seen.
    const [r] = await this.query(
      `WITH t AS (SELECT id, epoch FROM tables WHERE id = $1 FOR UPDATE),
            n AS (SELECT coalesce(max(idx) + 1, 0) AS next FROM table_log WHERE table_id = $1),
            ins AS (
              INSERT INTO table_log (table_id, idx, entry)
              SELECT $1, $2 + i - 1, e FROM unnest($3::text[]) WITH ORDINALITY AS u(e, i)
              WHERE EXISTS (SELECT 1 FROM t) AND (SELECT next FROM n) = $2 AND ($4::integer IS NULL OR (SELECT epoch FROM t) = $4)
              RETURNING idx)
       SELECT EXISTS (SELECT 1 FROM t) AS known, (SELECT epoch FROM t) AS epoch, (SELECT next FROM n) AS next, (SELECT count(*)::int FROM ins) AS written`,
      [tableId, from, entries, epoch ?? null],
    );
    if (!r.known) throw new StoreError('missing', `no table ${tableId}`);
    if (epoch !== undefined && r.epoch !== epoch) throw fenced(tableId, r.epoch as number, epoch);
    if (r.next !== from) throw conflict(tableId, r.next as number, from);
    if (r.written !== entries.length) throw new Error(`table ${tableId}: ${String(r.written)} of ${entries.length} log entries written`);
  }

  async claimTable(tableId: string): Promise<number> {
    checkText(tableId, 'table id');
    const [r] = await this.query('UPDATE tables SET epoch = epoch + 1 WHERE id = $1 RETURNING epoch', [tableId]);
    if (!r) throw new StoreError('missing', `no table ${tableId}`);
    return r.epoch as number;
  }

  async record(id: string): Promise<RecordRow | undefined> {
    checkText(id, 'record id');
    const [r] = await this.query('SELECT id, table_id, game, record, created FROM records WHERE id = $1', [id]);
    return r && { id: r.id as string, tableId: r.table_id as string, game: r.game as string, record: JSON.parse(r.record as string), created: Number(r.created) };
  }

  async recordsOfTable(tableId: string): Promise<string[]> {
    checkText(tableId, 'table id');
    return (await this.query('SELECT id FROM records WHERE table_id = $1 ORDER BY created, id COLLATE "C"', [tableId])).map((r) => r.id as string);
  }

  async analysis(recordId: string, version: number): Promise<string | undefined> {
    checkText(recordId, 'record id');
    const [r] = await this.query('SELECT analysis FROM analyses WHERE record_id = $1 AND version = $2', [recordId, version]);
    return r?.analysis as string | undefined;
  }

  async saveAnalysis(recordId: string, version: number, analysis: string): Promise<void> {
    checkText(recordId, 'record id');
    if (!isJson(analysis)) throw new StoreError('badInput', `the analysis of record ${recordId} is not JSON`);
    const [r] = await this.query('SELECT 1 FROM records WHERE id = $1', [recordId]);
    if (!r) throw new StoreError('missing', `no record ${recordId}`);
    await this.query(
      'INSERT INTO analyses (record_id, version, analysis, created) VALUES ($1, $2, $3, $4) ON CONFLICT (record_id) DO UPDATE SET version = excluded.version, analysis = excluded.analysis, created = excluded.created',
      [recordId, version, analysis, Date.now()],
    );
  }

  async ratings(game: string, userIds: readonly string[]): Promise<RatingRow[]> {
    checkText(game, 'game');
    userIds.forEach((id) => checkText(id, 'user id'));
    if (userIds.length === 0) return [];
    const rows = await this.query('SELECT r.user_id, u.name, r.mu, r.sigma, r.sittings FROM ratings r JOIN users u ON u.id = r.user_id WHERE r.game = $1 AND r.user_id = ANY($2::text[])', [game, [...userIds]]);
    const byId = new Map(rows.map((r) => [r.user_id as string, rating(r)]));
    return userIds.flatMap((id) => byId.get(id) ?? []);
  }

  async leaderboard(game: string, limit: number): Promise<RatingRow[]> {
    checkText(game, 'game');
    checkIndex(limit, 'limit');
    const rows = await this.query('SELECT r.user_id, u.name, r.mu, r.sigma, r.sittings FROM ratings r JOIN users u ON u.id = r.user_id WHERE r.game = $1 AND NOT u.guest ORDER BY (r.mu - 3 * r.sigma) DESC, r.user_id COLLATE "C" LIMIT $2', [game, limit]);
    return rows.map(rating);
  }

  async findPlayer(name: string, id?: string): Promise<UserRow | undefined> {
    checkText(name, 'name');
    checkText(id, 'user id', { optional: true });
    const [r] =
      id !== undefined
        ? await this.query('SELECT id, name, guest FROM users WHERE id = $1', [id])
        : await this.query('SELECT id, name, guest FROM users WHERE name_key = $1 ORDER BY guest, created DESC, id COLLATE "C" DESC LIMIT 1', [nameKey(name)]);
    return r && nameKey(r.name as string) === nameKey(name) ? user(r) : undefined;
  }

  async playerRatings(userId: string): Promise<(RatingRow & { game: string })[]> {
    checkText(userId, 'user id');
    const rows = await this.query('SELECT r.game, r.user_id, u.name, r.mu, r.sigma, r.sittings FROM ratings r JOIN users u ON u.id = r.user_id WHERE r.user_id = $1 ORDER BY r.game COLLATE "C"', [userId]);
    return rows.map((r) => ({ game: r.game as string, ...rating(r) }));
  }

  async playerSittings(userId: string, limit: number): Promise<PlayerSitting[]> {
    checkText(userId, 'user id');
    checkIndex(limit, 'limit');
    const rows = await this.query(
      'SELECT p.record_id, p.user_id, p.seat, p.total, p.place, r.table_id, r.game, r.created, r.record, t.settings FROM participants p JOIN records r ON r.id = p.record_id JOIN tables t ON t.id = r.table_id WHERE p.user_id = $1 ORDER BY r.created DESC, r.id COLLATE "C" DESC LIMIT $2',
      [userId, limit],
    );
    return rows.map((r) => ({
      public: (JSON.parse(r.settings as string) as { public?: unknown }).public !== false,
      recordId: r.record_id as string,
      userId: r.user_id as string,
      seat: r.seat as number,
      total: r.total as number,
      place: r.place as number,
      tableId: r.table_id as string,
      game: r.game as string,
      created: Number(r.created),
      players: recordPlayers(r.record as string),
    }));
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}
