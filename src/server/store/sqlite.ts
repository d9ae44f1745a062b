import Database from 'better-sqlite3';
import { nameKey, nameSkeleton } from '../names.js';
import { migrations, pending, type AppliedMigration } from './migrations.js';
import { SqlModerationStore, sqliteStatement, type ModerationStore } from './moderation.js';
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

/** SQLite's constraint errors as the store's typed errors; anything else is passed on. */
function translate(e: unknown): unknown {
  const code = (e as { code?: string }).code;
  const message = (e as Error).message ?? '';
  if (code === 'SQLITE_CONSTRAINT_UNIQUE' && message.includes('users.name_key')) return new StoreError('nameTaken', 'a registered user has this name already');
  if (code === 'SQLITE_CONSTRAINT_PRIMARYKEY' && message.includes('table_log')) return new StoreError('logConflict', `another writer wrote this log index first (${message})`);
  if (code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === 'SQLITE_CONSTRAINT_UNIQUE') return new StoreError('duplicate', `exists already (${message})`);
  if (code === 'SQLITE_CONSTRAINT_FOREIGNKEY') return new StoreError('missing', 'the user or table named does not exist');
  return e;
}

function run<R>(fn: () => R): R {
  try {
    return fn();
  } catch (e) {
    throw translate(e);
  }
}

/** The embedded store: one SQLite file in WAL mode; every commit is one transaction. */
export class SqliteStore implements Store, SchemaState {
  private readonly db: Database.Database;
  private readonly stmts;
  readonly moderation: ModerationStore;
  /** One table's commit, inside the group's transaction: a savepoint that is rolled back alone if it fails. */
  private readonly commitOne: (c: TableCommit, json: ReturnType<typeof prepareCommit>) => void;
  /** The commits waiting for this turn's transaction. */
  private batch: { c: TableCommit; json: ReturnType<typeof prepareCommit>; resolve(): void; reject(e: unknown): void }[] = [];

  constructor(file: string) {
    this.db = new Database(file);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = NORMAL');
    this.db.pragma('foreign_keys = ON');
    this.db.pragma('busy_timeout = 5000');
    this.migrate();
    const db = this.db;
    const exec = (text: string, values: readonly unknown[]) => {
      const s = sqliteStatement(text, values);
      const stmt = db.prepare(s.text);
      if (stmt.reader) return stmt.all(...s.values) as Record<string, unknown>[];
      stmt.run(...s.values);
      return [];
    };
    this.moderation = new SqlModerationStore({
      query: async (text, values = []) => run(() => exec(text, values)),
      batch: async (statements) => run(() => db.transaction(() => statements.map((st) => exec(st.text, st.values))).immediate()),
    });
    this.stmts = {
      createUser: db.prepare('INSERT INTO users (id, name, guest, hash, salt, created, name_key, name_skeleton) VALUES (?, ?, ?, ?, ?, ?, ?, ?)'),
      userByName: db.prepare('SELECT id, name, guest, hash, salt FROM users WHERE name_key = ? AND guest = 0'),
      lookAlike: db.prepare('SELECT id, name, guest FROM users WHERE (name_key = ? OR name_skeleton = ?) AND guest = 0 ORDER BY created, rowid LIMIT 1'),
      userById: db.prepare('SELECT id, name, guest FROM users WHERE id = ?'),
      createSession: db.prepare('INSERT INTO sessions (token_hash, user_id, created, last_seen) VALUES (?, ?, ?, ?)'),
      sessionUser: db.prepare('SELECT u.id, u.name, u.guest, s.last_seen FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.token_hash = ? AND s.last_seen > ?'),
      touchSession: db.prepare('UPDATE sessions SET last_seen = ? WHERE token_hash = ?'),
      endSession: db.prepare('DELETE FROM sessions WHERE token_hash = ?'),
      endTicketsOfSession: db.prepare('DELETE FROM tickets WHERE session_hash = ?'),
      endTicketsButSession: db.prepare('DELETE FROM tickets WHERE user_id = ? AND (session_hash IS NULL OR session_hash <> ?)'),
      endSessionsOf: db.prepare('DELETE FROM sessions WHERE user_id = ?'),
      endTicketsOf: db.prepare('DELETE FROM tickets WHERE user_id = ?'),
      setPassword: db.prepare('UPDATE users SET hash = ?, salt = ? WHERE id = ? AND guest = 0'),
      endOtherSessions: db.prepare('DELETE FROM sessions WHERE user_id = ? AND token_hash <> ?'),
      endIdle: db.prepare('DELETE FROM sessions WHERE last_seen <= ?'),
      endTickets: db.prepare('DELETE FROM tickets WHERE expires <= ?'),
      createTicket: db.prepare('INSERT INTO tickets (ticket_hash, user_id, expires, session_hash) VALUES (?, ?, ?, ?)'),
      takeTicket: db.prepare('DELETE FROM tickets WHERE ticket_hash = ? RETURNING user_id, expires, session_hash'),
      unkeyed: db.prepare('SELECT id, name, guest FROM users WHERE name_key IS NULL ORDER BY created, rowid'),
      setKey: db.prepare('UPDATE users SET name_key = ?, name_skeleton = ? WHERE id = ?'),
      createTable: db.prepare('INSERT INTO tables (id, game, settings, finished, created) VALUES (?, ?, ?, ?, ?)'),
      tableEpoch: db.prepare('SELECT epoch FROM tables WHERE id = ?'),
      claim: db.prepare('UPDATE tables SET epoch = epoch + 1 WHERE id = ? RETURNING epoch'),
      unfinished: db.prepare('SELECT id, game, settings, finished, created FROM tables WHERE finished = 0 ORDER BY created, id'),
      table: db.prepare('SELECT id, game, settings, finished, created FROM tables WHERE id = ?'),
      log: db.prepare('SELECT idx, entry FROM table_log WHERE table_id = ? ORDER BY idx'),
      next: db.prepare('SELECT coalesce(max(idx) + 1, 0) AS n FROM table_log WHERE table_id = ?'),
      append: db.prepare('INSERT INTO table_log (table_id, idx, entry) VALUES (?, ?, ?)'),
      finish: db.prepare('UPDATE tables SET finished = ? WHERE id = ?'),
      addRecord: db.prepare('INSERT INTO records (id, table_id, game, record, created) VALUES (?, ?, ?, ?, ?)'),
      analysis: db.prepare('SELECT analysis FROM analyses WHERE record_id = ? AND version = ?'),
      saveAnalysis: db.prepare(
        'INSERT INTO analyses (record_id, version, analysis, created) VALUES (?, ?, ?, ?) ON CONFLICT(record_id) DO UPDATE SET version = excluded.version, analysis = excluded.analysis, created = excluded.created',
      ),
      record: db.prepare('SELECT id, table_id, game, record, created FROM records WHERE id = ?'),
      recordsOfTable: db.prepare('SELECT id FROM records WHERE table_id = ? ORDER BY created, id'),
      rating: db.prepare('SELECT r.user_id, u.name, r.mu, r.sigma, r.sittings FROM ratings r JOIN users u ON u.id = r.user_id WHERE r.game = ? AND r.user_id = ?'),
      upsertRating: db.prepare(
        'INSERT INTO ratings (game, user_id, mu, sigma, sittings) VALUES (?, ?, ?, ?, 1) ON CONFLICT(game, user_id) DO UPDATE SET mu = excluded.mu, sigma = excluded.sigma, sittings = sittings + 1',
      ),
      addParticipant: db.prepare('INSERT INTO participants (record_id, user_id, seat, total, place) VALUES (?, ?, ?, ?, ?)'),
      registeredByName: db.prepare('SELECT id, name, guest FROM users WHERE name_key = ? AND guest = 0'),
      latestGuestByName: db.prepare('SELECT id, name, guest FROM users WHERE name_key = ? AND guest = 1 ORDER BY created DESC, rowid DESC LIMIT 1'),
      playerRatings: db.prepare('SELECT r.game, r.user_id, u.name, r.mu, r.sigma, r.sittings FROM ratings r JOIN users u ON u.id = r.user_id WHERE r.user_id = ? ORDER BY r.game'),
      playerSittings: db.prepare(
        "SELECT p.record_id, p.user_id, p.seat, p.total, p.place, r.table_id, r.game, r.created, r.record, json_extract(t.settings, '$.public') AS public FROM participants p JOIN records r ON r.id = p.record_id JOIN tables t ON t.id = r.table_id WHERE p.user_id = ? ORDER BY r.created DESC, r.rowid DESC LIMIT ?",
      ),
      leaderboard: db.prepare(
        'SELECT r.user_id, u.name, r.mu, r.sigma, r.sittings FROM ratings r JOIN users u ON u.id = r.user_id WHERE r.game = ? AND u.guest = 0 ORDER BY (r.mu - 3 * r.sigma) DESC, r.user_id LIMIT ?',
      ),
    };
    this.keyNames();
    this.commitOne = this.makeCommitOne();
  }

  /** Fills in the name keys and skeletons of users made before migration 4 (see `legacyKeys`). */
  private keyNames(): void {
    const rows = this.stmts.unkeyed.all() as { id: string; name: string; guest: number }[];
    if (rows.length === 0) return;
    const registered = new Set((this.db.prepare('SELECT name_key FROM users WHERE guest = 0 AND name_key IS NOT NULL').all() as { name_key: string }[]).map((r) => r.name_key));
    this.db.transaction(() => {
      for (const k of legacyKeys(rows.map((r) => ({ ...r, guest: r.guest === 1 })), registered)) this.stmts.setKey.run(k.key, k.skeleton, k.id);
    }).immediate();
  }

  private makeCommitOne(): (c: TableCommit, json: ReturnType<typeof prepareCommit>) => void {
    return this.db.transaction((c: TableCommit, json: ReturnType<typeof prepareCommit>) => {
      const t = this.stmts.tableEpoch.get(c.tableId) as { epoch: number } | undefined;
      if (!t) throw new StoreError('missing', `no table ${c.tableId}`);
      if (c.epoch !== undefined && t.epoch !== c.epoch) throw fenced(c.tableId, t.epoch, c.epoch);
      const { n } = this.stmts.next.get(c.tableId) as { n: number };
      if (n !== c.from) throw conflict(c.tableId, n, c.from);
      json.entries.forEach((e, i) => this.stmts.append.run(c.tableId, c.from + i, e));
      if (c.finished !== undefined) this.stmts.finish.run(c.finished ? 1 : 0, c.tableId);
      if (c.record) this.stmts.addRecord.run(c.record.id, c.record.tableId, c.record.game, json.record!, c.record.created);
      if (c.record) for (const p of c.participants ?? []) this.stmts.addParticipant.run(c.record.id, p.userId, p.seat, p.total, p.place);
      for (const r of c.ratings ?? []) this.stmts.upsertRating.run(r.game, r.userId, r.mu, r.sigma);
    });
  }

  /** Applies the migrations not yet applied (see `migrations.ts`), each in an immediate transaction. */
  private migrate(): void {
    const db = this.db;
    const all = migrations('sqlite');
    db.transaction(() => {
      const known = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'").get();
      if (known) return;
      db.exec('CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, checksum TEXT NOT NULL, applied INTEGER NOT NULL)');
      // Databases of the first release counted their one migration in user_version: it is migration 1.
      if ((db.pragma('user_version', { simple: true }) as number) >= 1) {
        db.prepare('INSERT INTO schema_migrations (version, name, checksum, applied) VALUES (?, ?, ?, ?)').run(all[0].version, all[0].name, all[0].checksum, Date.now());
      }
    }).immediate();
    const applied = db.prepare('SELECT version, checksum FROM schema_migrations ORDER BY version').all() as AppliedMigration[];
    for (const m of pending(all, applied, 'sqlite')) {
      db.transaction(() => {
        if (db.prepare('SELECT 1 FROM schema_migrations WHERE version = ?').get(m.version)) return; // another process was first
        db.exec(m.sql);
        db.prepare('INSERT INTO schema_migrations (version, name, checksum, applied) VALUES (?, ?, ?, ?)').run(m.version, m.name, m.checksum, Date.now());
      }).immediate();
    }
  }

  async pendingMigrations(): Promise<number> {
    const applied = this.db.prepare('SELECT version, checksum FROM schema_migrations ORDER BY version').all() as AppliedMigration[];
    return pending(migrations('sqlite'), applied, 'sqlite').length;
  }

  async createUser(newUser: NewUser): Promise<void> {
    const user = checkUser(newUser);
    run(() => this.stmts.createUser.run(user.id, user.name, user.guest ? 1 : 0, user.hash ?? null, user.salt ?? null, Date.now(), user.key, user.skeleton));
  }

  async userByName(name: string): Promise<PasswordRow | undefined> {
    checkText(name, 'name');
    const row = (this.stmts.userByName.get(legacyKey(name)) ?? this.stmts.userByName.get(nameKey(name))) as { id: string; name: string; guest: number; hash: string; salt: string } | undefined;
    return row && { id: row.id, name: row.name, guest: row.guest === 1, hash: row.hash, salt: row.salt };
  }

  async registeredLookAlike(name: string): Promise<UserRow | undefined> {
    checkText(name, 'name');
    const row = this.stmts.lookAlike.get(nameKey(name), nameSkeleton(name)) as { id: string; name: string; guest: number } | undefined;
    return row && { id: row.id, name: row.name, guest: row.guest === 1 };
  }

  async userById(id: string): Promise<UserRow | undefined> {
    checkText(id, 'user id');
    const row = this.stmts.userById.get(id) as { id: string; name: string; guest: number } | undefined;
    return row && { id: row.id, name: row.name, guest: row.guest === 1 };
  }

  async createSession(tokenHash: string, userId: string): Promise<void> {
    checkText(tokenHash, 'token hash');
    checkText(userId, 'user id');
    const now = Date.now();
    run(() => this.stmts.createSession.run(tokenHash, userId, now, now));
  }

  async sessionUser(tokenHash: string, idleMs?: number): Promise<UserRow | undefined> {
    checkText(tokenHash, 'token hash');
    const now = Date.now();
    const row = this.stmts.sessionUser.get(tokenHash, idleMs === undefined ? -1 : now - idleMs) as { id: string; name: string; guest: number; last_seen: number } | undefined;
    if (!row) return undefined;
    if (idleMs !== undefined && row.last_seen < now - Math.min(SESSION_TOUCH_MS, idleMs / 4)) this.stmts.touchSession.run(now, tokenHash);
    return { id: row.id, name: row.name, guest: row.guest === 1 };
  }

  async endSession(tokenHash: string): Promise<boolean> {
    checkText(tokenHash, 'token hash');
    // A ticket bought with the session would open a socket after it ended: it ends with it, the user's other sessions' stay.
    return this.db.transaction(() => {
      this.stmts.endTicketsOfSession.run(tokenHash);
      return this.stmts.endSession.run(tokenHash).changes > 0;
    }).immediate();
  }

  async endSessionsOf(userId: string): Promise<number> {
    checkText(userId, 'user id');
    // A ticket bought with one of the sessions would open a socket after they ended (and one kept before tickets named their session).
    return this.db.transaction(() => {
      this.stmts.endTicketsOf.run(userId);
      return this.stmts.endSessionsOf.run(userId).changes;
    }).immediate();
  }

  async setPassword(userId: string, hash: string, salt: string, keepSession: string): Promise<number> {
    for (const [value, what] of [[userId, 'user id'], [hash, 'password hash'], [salt, 'password salt'], [keepSession, 'token hash']] as const) checkText(value, what);
    return this.db.transaction(() => {
      if (this.stmts.setPassword.run(hash, salt, userId).changes === 0) throw new StoreError('missing', `no registered user ${userId}`);
      this.stmts.endTicketsButSession.run(userId, keepSession);
      return this.stmts.endOtherSessions.run(userId, keepSession).changes;
    }).immediate();
  }

  async endIdleSessions(idleMs: number): Promise<number> {
    checkIndex(idleMs, 'idleMs');
    const now = Date.now();
    this.stmts.endTickets.run(now);
    return this.stmts.endIdle.run(now - idleMs).changes;
  }

  async createTicket(ticketHash: string, userId: string, expires: number, session: string | null): Promise<void> {
    checkText(ticketHash, 'ticket hash');
    checkText(userId, 'user id');
    checkIndex(expires, 'expires');
    if (session !== null) checkText(session, 'token hash');
    run(() => this.stmts.createTicket.run(ticketHash, userId, expires, session));
  }

  async takeTicket(ticketHash: string): Promise<TicketRow | undefined> {
    checkText(ticketHash, 'ticket hash');
    const t = this.stmts.takeTicket.get(ticketHash) as { user_id: string; expires: number; session_hash: string | null } | undefined;
    if (!t || t.expires <= Date.now()) return undefined;
    const user = await this.userById(t.user_id);
    return user && { user, session: t.session_hash };
  }

  async createTable(table: TableRow): Promise<void> {
    checkTable(table);
    const settings = toJson(table.settings, 'table settings');
    run(() => this.stmts.createTable.run(table.id, table.game, settings, table.finished ? 1 : 0, table.created));
  }

  async unfinishedTables(): Promise<TableRow[]> {
    const rows = this.stmts.unfinished.all() as { id: string; game: string; settings: string; finished: number; created: number }[];
    return rows.map((r) => ({ id: r.id, game: r.game, settings: JSON.parse(r.settings), finished: r.finished === 1, created: r.created }));
  }

  async table(id: string): Promise<TableRow | undefined> {
    checkText(id, 'table id');
    const r = this.stmts.table.get(id) as { id: string; game: string; settings: string; finished: number; created: number } | undefined;
    return r && { id: r.id, game: r.game, settings: JSON.parse(r.settings), finished: r.finished === 1, created: r.created };
  }

  async tableLog(tableId: string): Promise<LogRow[]> {
    checkText(tableId, 'table id');
    const rows = this.stmts.log.all(tableId) as { idx: number; entry: string }[];
    return rows.map((r) => ({ index: r.idx, entry: JSON.parse(r.entry) }));
  }

  async claimTable(tableId: string): Promise<number> {
    checkText(tableId, 'table id');
    const r = run(() => this.stmts.claim.get(tableId)) as { epoch: number } | undefined;
    if (!r) throw new StoreError('missing', `no table ${tableId}`);
    return r.epoch;
  }

  /**
   * Group commit: the commits asked for in one turn of the event loop are
   * written in one transaction, each in its own savepoint, so that one that
   * fails (a log conflict, a duplicate record) rolls back alone and fails
   * alone. Every caller's promise settles only after the transaction is
   * committed: nothing is acknowledged before it is stored.
   */
  async commit(c: TableCommit): Promise<void> {
    const json = prepareCommit(c);
    return new Promise<void>((resolve, reject) => {
      if (this.batch.length === 0) setImmediate(() => this.flush());
      this.batch.push({ c, json, resolve, reject });
    });
  }

  /** Writes the waiting commits in one immediate transaction, then settles their promises. */
  private flush(): void {
    const batch = this.batch;
    if (batch.length === 0) return;
    this.batch = [];
    const failed = new Map<number, unknown>();
    try {
      this.db
        .transaction(() => {
          batch.forEach((b, i) => {
            try {
              this.commitOne(b.c, b.json);
            } catch (e) {
              failed.set(i, translate(e));
            }
          });
        })
        // IMMEDIATE takes the write lock before reading the logs' lengths, so another process cannot write in between.
        .immediate();
    } catch (e) {
      // The transaction itself failed (the file is busy, the disk full): nothing of it is stored.
      batch.forEach((_, i) => failed.set(i, translate(e)));
    }
    batch.forEach((b, i) => (failed.has(i) ? b.reject(failed.get(i)) : b.resolve()));
  }

  async record(id: string): Promise<RecordRow | undefined> {
    checkText(id, 'record id');
    const row = this.stmts.record.get(id) as { id: string; table_id: string; game: string; record: string; created: number } | undefined;
    return row && { id: row.id, tableId: row.table_id, game: row.game, record: JSON.parse(row.record), created: row.created };
  }

  async recordsOfTable(tableId: string): Promise<string[]> {
    checkText(tableId, 'table id');
    return (this.stmts.recordsOfTable.all(tableId) as { id: string }[]).map((r) => r.id);
  }

  async analysis(recordId: string, version: number): Promise<string | undefined> {
    checkText(recordId, 'record id');
    return (this.stmts.analysis.get(recordId, version) as { analysis: string } | undefined)?.analysis;
  }

  async saveAnalysis(recordId: string, version: number, analysis: string): Promise<void> {
    checkText(recordId, 'record id');
    if (!isJson(analysis)) throw new StoreError('badInput', `the analysis of record ${recordId} is not JSON`);
    if (this.stmts.record.get(recordId) === undefined) throw new StoreError('missing', `no record ${recordId}`);
    this.stmts.saveAnalysis.run(recordId, version, analysis, Date.now());
  }

  async ratings(game: string, userIds: readonly string[]): Promise<RatingRow[]> {
    checkText(game, 'game');
    userIds.forEach((id) => checkText(id, 'user id'));
    const out: RatingRow[] = [];
    for (const id of userIds) {
      const row = this.stmts.rating.get(game, id) as { user_id: string; name: string; mu: number; sigma: number; sittings: number } | undefined;
      if (row) out.push({ userId: row.user_id, name: row.name, mu: row.mu, sigma: row.sigma, sittings: row.sittings });
    }
    return out;
  }

  async leaderboard(game: string, limit: number): Promise<RatingRow[]> {
    checkText(game, 'game');
    checkIndex(limit, 'limit');
    const rows = this.stmts.leaderboard.all(game, limit) as { user_id: string; name: string; mu: number; sigma: number; sittings: number }[];
    return rows.map((r) => ({ userId: r.user_id, name: r.name, mu: r.mu, sigma: r.sigma, sittings: r.sittings }));
  }

  async findPlayer(name: string, id?: string): Promise<UserRow | undefined> {
    checkText(name, 'name');
    checkText(id, 'user id', { optional: true });
    type Row = { id: string; name: string; guest: number };
    const row = (
      id !== undefined ? this.stmts.userById.get(id) : (this.stmts.registeredByName.get(nameKey(name)) ?? this.stmts.latestGuestByName.get(nameKey(name)))
    ) as Row | undefined;
    if (!row || nameKey(row.name) !== nameKey(name)) return undefined;
    return { id: row.id, name: row.name, guest: row.guest === 1 };
  }

  async playerRatings(userId: string): Promise<(RatingRow & { game: string })[]> {
    checkText(userId, 'user id');
    const rows = this.stmts.playerRatings.all(userId) as { game: string; user_id: string; name: string; mu: number; sigma: number; sittings: number }[];
    return rows.map((r) => ({ game: r.game, userId: r.user_id, name: r.name, mu: r.mu, sigma: r.sigma, sittings: r.sittings }));
  }

  async playerSittings(userId: string, limit: number): Promise<PlayerSitting[]> {
    checkText(userId, 'user id');
    checkIndex(limit, 'limit');
    const rows = this.stmts.playerSittings.all(userId, limit) as {
      record_id: string;
      user_id: string;
      seat: number;
      total: number;
      place: number;
      table_id: string;
      game: string;
      created: number;
      record: string;
      public: number | null;
    }[];
    return rows.map((r) => ({
      public: r.public !== 0,
      recordId: r.record_id,
      userId: r.user_id,
      seat: r.seat,
      total: r.total,
      place: r.place,
      tableId: r.table_id,
      game: r.game,
      created: r.created,
      players: recordPlayers(r.record),
    }));
  }

  async close(): Promise<void> {
    this.flush();
    this.db.close();
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
