import type { LogRow, PasswordRow, PlayerSitting, RatingRow, RecordRow, Store, TableCommit, TableRow, TicketRow, UserRow } from './store/store.js';

/** Makes this process the table's only writer in the store: the epoch its commits carry (docs/cluster.md). */
export function claim(store: Store, tableId: string): Promise<number> {
  if (!store.claimTable) throw new Error('a cluster needs a store that fences its writers (PostgreSQL)');
  return store.claimTable(tableId);
}

/**
 * The store as one table of this process writes it: no commit without the lease; each commit carries the epoch this
 * process took when it claimed the table, and the database refuses it in the same statement when another process
 * claimed the table since (a process paused between this check and its write cannot write after the takeover);
 * a failed commit gives the table up.
 */
export class FencedStore implements Store {
  constructor(
    private readonly inner: Store,
    private readonly epoch: number,
    private readonly holds: () => boolean,
    private readonly failed: (e: unknown) => void,
  ) {}

  async commit(c: TableCommit): Promise<void> {
    if (!this.holds()) throw new Error(`table ${c.tableId}: this process no longer holds its lease`);
    try {
      await this.inner.commit({ ...c, epoch: this.epoch });
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
  sessionUser(tokenHash: string, idleMs?: number): Promise<UserRow | undefined> {
    return this.inner.sessionUser(tokenHash, idleMs);
  }
  registeredLookAlike(name: string): Promise<UserRow | undefined> {
    return this.inner.registeredLookAlike(name);
  }
  endSession(tokenHash: string): Promise<boolean> {
    return this.inner.endSession(tokenHash);
  }
  endSessionsOf(userId: string): Promise<number> {
    return this.inner.endSessionsOf(userId);
  }
  setPassword(userId: string, hash: string, salt: string, keepSession: string): Promise<number> {
    return this.inner.setPassword(userId, hash, salt, keepSession);
  }
  endIdleSessions(idleMs: number): Promise<number> {
    return this.inner.endIdleSessions(idleMs);
  }
  createTicket(ticketHash: string, userId: string, expires: number, session: string | null): Promise<void> {
    return this.inner.createTicket(ticketHash, userId, expires, session);
  }
  takeTicket(ticketHash: string): Promise<TicketRow | undefined> {
    return this.inner.takeTicket(ticketHash);
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

