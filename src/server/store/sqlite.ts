import Database from 'better-sqlite3';
import { migrations, pending, type AppliedMigration } from './migrations.js';
import { SqlModerationStore, sqliteStatement, type ModerationStore } from './moderation.js';
import {
  checkIndex,
  checkTable,
  checkText,
  checkUser,
  conflict,
  prepareCommit,
  recordPlayers,
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
  type UserRow,
} from './store.js';

/** SQLite's constraint errors as the store's typed errors; anything else is passed on. */
function translate(e: unknown): unknown {
  const code = (e as { code?: string }).code;
  const message = (e as Error).message ?? '';
  if (code === 'SQLITE_CONSTRAINT_UNIQUE' && message.includes('users_registered_name')) return new StoreError('nameTaken', 'a registered user has this name already');
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
      createUser: db.prepare('INSERT INTO users (id, name, guest, hash, salt, created) VALUES (?, ?, ?, ?, ?, ?)'),
      userByName: db.prepare('SELECT id, name, guest, hash, salt FROM users WHERE lower(name) = lower(?) AND guest = 0'),
      userById: db.prepare('SELECT id, name, guest FROM users WHERE id = ?'),
      createSession: db.prepare('INSERT INTO sessions (token_hash, user_id, created) VALUES (?, ?, ?)'),
      sessionUser: db.prepare('SELECT u.id, u.name, u.guest FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.token_hash = ?'),
      createTable: db.prepare('INSERT INTO tables (id, game, settings, finished, created) VALUES (?, ?, ?, ?, ?)'),
      tableExists: db.prepare('SELECT 1 FROM tables WHERE id = ?'),
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
      registeredByName: db.prepare('SELECT id, name, guest FROM users WHERE lower(name) = lower(?) AND guest = 0'),
      latestGuestByName: db.prepare('SELECT id, name, guest FROM users WHERE lower(name) = lower(?) AND guest = 1 ORDER BY created DESC, rowid DESC LIMIT 1'),
      playerRatings: db.prepare('SELECT r.game, r.user_id, u.name, r.mu, r.sigma, r.sittings FROM ratings r JOIN users u ON u.id = r.user_id WHERE r.user_id = ? ORDER BY r.game'),
      playerSittings: db.prepare(
        "SELECT p.record_id, p.user_id, p.seat, p.total, p.place, r.table_id, r.game, r.created, r.record, json_extract(t.settings, '$.public') AS public FROM participants p JOIN records r ON r.id = p.record_id JOIN tables t ON t.id = r.table_id WHERE p.user_id = ? ORDER BY r.created DESC, r.rowid DESC LIMIT ?",
      ),
      leaderboard: db.prepare(
        'SELECT r.user_id, u.name, r.mu, r.sigma, r.sittings FROM ratings r JOIN users u ON u.id = r.user_id WHERE r.game = ? ORDER BY (r.mu - 3 * r.sigma) DESC, r.user_id LIMIT ?',
      ),
    };
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

  async createUser(user: NewUser): Promise<void> {
    checkUser(user);
    run(() => this.stmts.createUser.run(user.id, user.name, user.guest ? 1 : 0, user.hash ?? null, user.salt ?? null, Date.now()));
  }

  async userByName(name: string): Promise<PasswordRow | undefined> {
    checkText(name, 'name');
    const row = this.stmts.userByName.get(name) as { id: string; name: string; guest: number; hash: string; salt: string } | undefined;
    return row && { id: row.id, name: row.name, guest: row.guest === 1, hash: row.hash, salt: row.salt };
  }

  async userById(id: string): Promise<UserRow | undefined> {
    checkText(id, 'user id');
    const row = this.stmts.userById.get(id) as { id: string; name: string; guest: number } | undefined;
    return row && { id: row.id, name: row.name, guest: row.guest === 1 };
  }

  async createSession(tokenHash: string, userId: string): Promise<void> {
    checkText(tokenHash, 'token hash');
    checkText(userId, 'user id');
    run(() => this.stmts.createSession.run(tokenHash, userId, Date.now()));
  }

  async sessionUser(tokenHash: string): Promise<UserRow | undefined> {
    checkText(tokenHash, 'token hash');
    const row = this.stmts.sessionUser.get(tokenHash) as { id: string; name: string; guest: number } | undefined;
    return row && { id: row.id, name: row.name, guest: row.guest === 1 };
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

  async commit(c: TableCommit): Promise<void> {
    const json = prepareCommit(c);
    run(() =>
      this.db
        .transaction(() => {
          if (!this.stmts.tableExists.get(c.tableId)) throw new StoreError('missing', `no table ${c.tableId}`);
          const { n } = this.stmts.next.get(c.tableId) as { n: number };
          if (n !== c.from) throw conflict(c.tableId, n, c.from);
          json.entries.forEach((e, i) => this.stmts.append.run(c.tableId, c.from + i, e));
          if (c.finished !== undefined) this.stmts.finish.run(c.finished ? 1 : 0, c.tableId);
          if (c.record) this.stmts.addRecord.run(c.record.id, c.record.tableId, c.record.game, json.record!, c.record.created);
          if (c.record) for (const p of c.participants ?? []) this.stmts.addParticipant.run(c.record.id, p.userId, p.seat, p.total, p.place);
          for (const r of c.ratings ?? []) this.stmts.upsertRating.run(r.game, r.userId, r.mu, r.sigma);
        })
        // IMMEDIATE takes the write lock before reading the log's length, so another process cannot write in between.
        .immediate(),
    );
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
      id !== undefined ? this.stmts.userById.get(id) : (this.stmts.registeredByName.get(name) ?? this.stmts.latestGuestByName.get(name))
    ) as Row | undefined;
    if (!row || row.name.toLowerCase() !== name.toLowerCase()) return undefined;
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
