import type { LogRow, PasswordRow, PlayerSitting, RatingRow, RecordRow, Store, TableCommit, TableRow, UserRow } from './store/store.js';

/** The store as one table of this process writes it: no commit without the lease; a failed commit gives the table up. */
export class FencedStore implements Store {
  constructor(
    private readonly inner: Store,
    private readonly holds: () => boolean,
    private readonly failed: (e: unknown) => void,
  ) {}

  async commit(c: TableCommit): Promise<void> {
    if (!this.holds()) throw new Error(`table ${c.tableId}: this process no longer holds its lease`);
    try {
      await this.inner.commit(c);
    } catch (e) {
      this.failed(e);
      throw e;
    }
  }

  createUser(user: { id: string; name: string; guest: boolean; hash?: string; salt?: string }): Promise<void> {
    return this.inner.createUser(user);
  }
  userByName(name: string): Promise<PasswordRow | undefined> {
    return this.inner.userByName(name);
  }
  userById(id: string): Promise<UserRow | undefined> {
    return this.inner.userById(id);
  }
  createSession(tokenHash: string, userId: string): Promise<void> {
    return this.inner.createSession(tokenHash, userId);
  }
  sessionUser(tokenHash: string): Promise<UserRow | undefined> {
    return this.inner.sessionUser(tokenHash);
  }
  createTable(table: TableRow): Promise<void> {
    return this.inner.createTable(table);
  }
  table(id: string): Promise<TableRow | undefined> {
    return this.inner.table(id);
  }
  unfinishedTables(): Promise<TableRow[]> {
    return this.inner.unfinishedTables();
  }
  tableLog(tableId: string): Promise<LogRow[]> {
    return this.inner.tableLog(tableId);
  }
  record(id: string): Promise<RecordRow | undefined> {
    return this.inner.record(id);
  }
  recordsOfTable(tableId: string): Promise<string[]> {
    return this.inner.recordsOfTable(tableId);
  }
  ratings(game: string, userIds: readonly string[]): Promise<RatingRow[]> {
    return this.inner.ratings(game, userIds);
  }
  leaderboard(game: string, limit: number): Promise<RatingRow[]> {
    return this.inner.leaderboard(game, limit);
  }

  findPlayer(name: string, id?: string): Promise<UserRow | undefined> {
    return this.inner.findPlayer(name, id);
  }

  playerRatings(userId: string): Promise<(RatingRow & { game: string })[]> {
    return this.inner.playerRatings(userId);
  }

  playerSittings(userId: string, limit: number): Promise<PlayerSitting[]> {
    return this.inner.playerSittings(userId, limit);
  }
  close(): Promise<void> {
    return this.inner.close();
  }
}

