import Database from 'better-sqlite3';
import type { LogRow, PasswordRow, PlayerSitting, RatingRow, RecordRow, Store, TableCommit, TableRow, UserRow } from './store.js';

/** Schema migrations, applied in order on start; `user_version` counts the ones applied. */
const MIGRATIONS: readonly string[] = [
  `CREATE TABLE users (id TEXT PRIMARY KEY, name TEXT NOT NULL, guest INTEGER NOT NULL, hash TEXT, salt TEXT, created INTEGER NOT NULL);
   CREATE UNIQUE INDEX users_registered_name ON users(lower(name)) WHERE guest = 0;
   CREATE TABLE sessions (token_hash TEXT PRIMARY KEY, user_id TEXT NOT NULL REFERENCES users(id), created INTEGER NOT NULL);
   CREATE TABLE tables (id TEXT PRIMARY KEY, game TEXT NOT NULL, settings TEXT NOT NULL, finished INTEGER NOT NULL DEFAULT 0, created INTEGER NOT NULL);
   CREATE TABLE table_log (table_id TEXT NOT NULL REFERENCES tables(id), idx INTEGER NOT NULL, entry TEXT NOT NULL, PRIMARY KEY (table_id, idx)) WITHOUT ROWID;
   CREATE TABLE records (id TEXT PRIMARY KEY, table_id TEXT NOT NULL, game TEXT NOT NULL, record TEXT NOT NULL, created INTEGER NOT NULL);
   CREATE INDEX records_table ON records(table_id);
   CREATE TABLE ratings (game TEXT NOT NULL, user_id TEXT NOT NULL REFERENCES users(id), mu REAL NOT NULL, sigma REAL NOT NULL, sittings INTEGER NOT NULL, PRIMARY KEY (game, user_id));`,
  // Who sat at each finished sitting (the player page); sittings recorded before this have no rows.
  `CREATE TABLE participants (record_id TEXT NOT NULL REFERENCES records(id), user_id TEXT NOT NULL REFERENCES users(id), seat INTEGER NOT NULL, total REAL NOT NULL, place INTEGER NOT NULL, PRIMARY KEY (record_id, seat));
   CREATE INDEX participants_user ON participants(user_id);
   CREATE INDEX users_name ON users(lower(name));`,
];

/** The embedded store: one SQLite file in WAL mode; every commit is one transaction. */
export class SqliteStore implements Store {
  private readonly db: Database.Database;
  private readonly stmts;

  constructor(file: string) {
    this.db = new Database(file);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = NORMAL');
    this.db.pragma('foreign_keys = ON');
    this.migrate();
    const db = this.db;
    this.stmts = {
      createUser: db.prepare('INSERT INTO users (id, name, guest, hash, salt, created) VALUES (?, ?, ?, ?, ?, ?)'),
      userByName: db.prepare('SELECT id, name, guest, hash, salt FROM users WHERE lower(name) = lower(?) AND guest = 0'),
      userById: db.prepare('SELECT id, name, guest FROM users WHERE id = ?'),
      createSession: db.prepare('INSERT INTO sessions (token_hash, user_id, created) VALUES (?, ?, ?)'),
      sessionUser: db.prepare('SELECT u.id, u.name, u.guest FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.token_hash = ?'),
      createTable: db.prepare('INSERT INTO tables (id, game, settings, finished, created) VALUES (?, ?, ?, ?, ?)'),
      unfinished: db.prepare('SELECT id, game, settings, finished, created FROM tables WHERE finished = 0 ORDER BY created'),
      log: db.prepare('SELECT idx, entry FROM table_log WHERE table_id = ? ORDER BY idx'),
      logCount: db.prepare('SELECT count(*) AS n FROM table_log WHERE table_id = ?'),
      append: db.prepare('INSERT INTO table_log (table_id, idx, entry) VALUES (?, ?, ?)'),
      finish: db.prepare('UPDATE tables SET finished = ? WHERE id = ?'),
      addRecord: db.prepare('INSERT INTO records (id, table_id, game, record, created) VALUES (?, ?, ?, ?, ?)'),
      record: db.prepare('SELECT id, table_id, game, record, created FROM records WHERE id = ?'),
      recordsOfTable: db.prepare('SELECT id FROM records WHERE table_id = ? ORDER BY created'),
      rating: db.prepare('SELECT r.user_id, u.name, r.mu, r.sigma, r.sittings FROM ratings r JOIN users u ON u.id = r.user_id WHERE r.game = ? AND r.user_id = ?'),
      upsertRating: db.prepare(
        'INSERT INTO ratings (game, user_id, mu, sigma, sittings) VALUES (?, ?, ?, ?, 1) ON CONFLICT(game, user_id) DO UPDATE SET mu = excluded.mu, sigma = excluded.sigma, sittings = sittings + 1',
      ),
      addParticipant: db.prepare('INSERT INTO participants (record_id, user_id, seat, total, place) VALUES (?, ?, ?, ?, ?)'),
      registeredByName: db.prepare('SELECT id, name, guest FROM users WHERE lower(name) = lower(?) AND guest = 0'),
      latestGuestByName: db.prepare('SELECT id, name, guest FROM users WHERE lower(name) = lower(?) AND guest = 1 ORDER BY created DESC, rowid DESC LIMIT 1'),
      playerRatings: db.prepare('SELECT r.game, r.user_id, u.name, r.mu, r.sigma, r.sittings FROM ratings r JOIN users u ON u.id = r.user_id WHERE r.user_id = ? ORDER BY r.game'),
      playerSittings: db.prepare(
        'SELECT p.record_id, p.user_id, p.seat, p.total, p.place, r.table_id, r.game, r.created, r.record FROM participants p JOIN records r ON r.id = p.record_id WHERE p.user_id = ? ORDER BY r.created DESC, r.rowid DESC LIMIT ?',
      ),
      leaderboard: db.prepare(
        'SELECT r.user_id, u.name, r.mu, r.sigma, r.sittings FROM ratings r JOIN users u ON u.id = r.user_id WHERE r.game = ? ORDER BY (r.mu - 3 * r.sigma) DESC LIMIT ?',
      ),
    };
  }

  private migrate(): void {
    const version = this.db.pragma('user_version', { simple: true }) as number;
    for (let v = version; v < MIGRATIONS.length; v++) {
      this.db.transaction(() => {
        this.db.exec(MIGRATIONS[v]);
        this.db.pragma(`user_version = ${v + 1}`);
      })();
    }
  }

  async createUser(user: { id: string; name: string; guest: boolean; hash?: string; salt?: string }): Promise<void> {
    this.stmts.createUser.run(user.id, user.name, user.guest ? 1 : 0, user.hash ?? null, user.salt ?? null, Date.now());
  }

  async userByName(name: string): Promise<PasswordRow | undefined> {
    const row = this.stmts.userByName.get(name) as { id: string; name: string; guest: number; hash: string; salt: string } | undefined;
    return row && { id: row.id, name: row.name, guest: row.guest === 1, hash: row.hash, salt: row.salt };
  }

  async userById(id: string): Promise<UserRow | undefined> {
    const row = this.stmts.userById.get(id) as { id: string; name: string; guest: number } | undefined;
    return row && { id: row.id, name: row.name, guest: row.guest === 1 };
  }

  async createSession(tokenHash: string, userId: string): Promise<void> {
    this.stmts.createSession.run(tokenHash, userId, Date.now());
  }

  async sessionUser(tokenHash: string): Promise<UserRow | undefined> {
    const row = this.stmts.sessionUser.get(tokenHash) as { id: string; name: string; guest: number } | undefined;
    return row && { id: row.id, name: row.name, guest: row.guest === 1 };
  }

  async createTable(table: TableRow): Promise<void> {
    this.stmts.createTable.run(table.id, table.game, JSON.stringify(table.settings), table.finished ? 1 : 0, table.created);
  }

  async unfinishedTables(): Promise<TableRow[]> {
    const rows = this.stmts.unfinished.all() as { id: string; game: string; settings: string; finished: number; created: number }[];
    return rows.map((r) => ({ id: r.id, game: r.game, settings: JSON.parse(r.settings), finished: r.finished === 1, created: r.created }));
  }

  async tableLog(tableId: string): Promise<LogRow[]> {
    const rows = this.stmts.log.all(tableId) as { idx: number; entry: string }[];
    return rows.map((r) => ({ index: r.idx, entry: JSON.parse(r.entry) }));
  }

  async commit(c: TableCommit): Promise<void> {
    this.db.transaction(() => {
      const { n } = this.stmts.logCount.get(c.tableId) as { n: number };
      if (n !== c.from) throw new Error(`table ${c.tableId}: log has ${n} entries, the commit starts at ${c.from}`);
      c.entries.forEach((e, i) => this.stmts.append.run(c.tableId, c.from + i, JSON.stringify(e)));
      if (c.finished !== undefined) this.stmts.finish.run(c.finished ? 1 : 0, c.tableId);
      if (c.record) this.stmts.addRecord.run(c.record.id, c.record.tableId, c.record.game, JSON.stringify(c.record.record), c.record.created);
      if (c.record) for (const p of c.participants ?? []) this.stmts.addParticipant.run(c.record.id, p.userId, p.seat, p.total, p.place);
      for (const r of c.ratings ?? []) this.stmts.upsertRating.run(r.game, r.userId, r.mu, r.sigma);
    })();
  }

  async record(id: string): Promise<RecordRow | undefined> {
    const row = this.stmts.record.get(id) as { id: string; table_id: string; game: string; record: string; created: number } | undefined;
    return row && { id: row.id, tableId: row.table_id, game: row.game, record: JSON.parse(row.record), created: row.created };
  }

  async recordsOfTable(tableId: string): Promise<string[]> {
    return (this.stmts.recordsOfTable.all(tableId) as { id: string }[]).map((r) => r.id);
  }

  async ratings(game: string, userIds: readonly string[]): Promise<RatingRow[]> {
    const out: RatingRow[] = [];
    for (const id of userIds) {
      const row = this.stmts.rating.get(game, id) as { user_id: string; name: string; mu: number; sigma: number; sittings: number } | undefined;
      if (row) out.push({ userId: row.user_id, name: row.name, mu: row.mu, sigma: row.sigma, sittings: row.sittings });
    }
    return out;
  }

  async leaderboard(game: string, limit: number): Promise<RatingRow[]> {
    const rows = this.stmts.leaderboard.all(game, limit) as { user_id: string; name: string; mu: number; sigma: number; sittings: number }[];
    return rows.map((r) => ({ userId: r.user_id, name: r.name, mu: r.mu, sigma: r.sigma, sittings: r.sittings }));
  }

  async findPlayer(name: string, id?: string): Promise<UserRow | undefined> {
    type Row = { id: string; name: string; guest: number };
    const row = (
      id !== undefined ? this.stmts.userById.get(id) : (this.stmts.registeredByName.get(name) ?? this.stmts.latestGuestByName.get(name))
    ) as Row | undefined;
    if (!row || row.name.toLowerCase() !== name.toLowerCase()) return undefined;
    return { id: row.id, name: row.name, guest: row.guest === 1 };
  }

  async playerRatings(userId: string): Promise<(RatingRow & { game: string })[]> {
    const rows = this.stmts.playerRatings.all(userId) as { game: string; user_id: string; name: string; mu: number; sigma: number; sittings: number }[];
    return rows.map((r) => ({ game: r.game, userId: r.user_id, name: r.name, mu: r.mu, sigma: r.sigma, sittings: r.sittings }));
  }

  async playerSittings(userId: string, limit: number): Promise<PlayerSitting[]> {
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
    }[];
    return rows.map((r) => {
      const players = (JSON.parse(r.record) as { players?: unknown }).players;
      return {
        recordId: r.record_id,
        userId: r.user_id,
        seat: r.seat,
        total: r.total,
        place: r.place,
        tableId: r.table_id,
        game: r.game,
        created: r.created,
        players: Array.isArray(players) ? players.map(String) : [],
      };
    });
  }

  async close(): Promise<void> {
    this.db.close();
  }
}
