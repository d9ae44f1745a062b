import type { Redis } from 'ioredis';
import { DEFAULT_CONTRIBUTION_MS } from './fairDeal.js';
import type { LobbyTable, PublicSettings } from './protocol.js';
import type { Table } from './table.js';

/** The public description of a table, shared through Redis. */
export interface TableInfo extends LobbyTable {
  readonly rules: unknown;
  readonly public: boolean;
  readonly settings: PublicSettings;
}

export function infoOf(t: Table): TableInfo {
  const s = t.settings;
  return {
    id: t.id,
    game: s.game,
    rules: t.rules,
    seats: t.publicSeats(),
    phase: t.phase,
    rated: s.rated,
    created: t.created,
    public: s.public,
    settings: { public: s.public, rated: s.rated, clockMs: s.clockMs, botDelayMs: s.botDelayMs, contributionMs: s.contributionMs ?? DEFAULT_CONTRIBUTION_MS, length: s.length },
  };
}

/** What the cluster's lobby needs of its process. */
export interface LobbyHost {
  readonly cmd: Redis;
  k(...parts: string[]): string;
  /** The table this process owns, if it does. */
  owned(tableId: string): Table | undefined;
  /** Tells every process that the lobby changed. */
  news(): Promise<void>;
  lobbyChanged(): void;
  lobbyWatched(): boolean;
}

/**
 * The lobby of a cluster: every table's public description in `P:info`
 * (written shortly after its seats or phase change), who is online in
 * `P:presence:NODE`, and the cache this process's lobby watchers are shown.
 */
export class ClusterLobby {
  cache: { tables: LobbyTable[]; online: string[] } = { tables: [], online: [] };
  private readonly dirty = new Set<string>();
  private dirtyTimer: NodeJS.Timeout | undefined;
  private newsTimer: NodeJS.Timeout | undefined;
  private readonly people = new Map<string, { name: string; n: number }>();

  constructor(private readonly host: LobbyHost) {}

  /** A table's seats or phase changed: its public description is written soon. */
  changed(tableId: string): void {
    this.dirty.add(tableId);
    this.dirtyTimer ??= setTimeout(() => void this.flush(), 100);
  }

  private async flush(): Promise<void> {
    const { cmd } = this.host;
    this.dirtyTimer = undefined;
    const ids = [...this.dirty];
    this.dirty.clear();
    const m = cmd.multi();
    for (const id of ids) {
      const t = this.host.owned(id);
      if (!t) continue;
      m.hset(this.host.k('info'), id, JSON.stringify(infoOf(t)));
      if (t.phase === 'finished') m.hdel(this.host.k('live'), id);
    }
    try {
      await m.exec();
      await this.host.news();
    } catch {
      // Out of reach: written again on the next change, or by the next owner.
      for (const id of ids) this.dirty.add(id);
    }
  }

  /** Another process says the lobby changed: refreshed soon if anyone here watches it. */
  heard(): void {
    if (!this.host.lobbyWatched()) return;
    this.newsTimer ??= setTimeout(() => {
      this.newsTimer = undefined;
      void this.refresh().catch(() => undefined);
    }, 100);
  }

  async refresh(): Promise<void> {
    this.cache = { tables: await this.tables(), online: await this.onlineNames() };
    this.host.lobbyChanged();
  }

  async tables(): Promise<LobbyTable[]> {
    const all = await this.host.cmd.hvals(this.host.k('info'));
    return all
      .map((s) => JSON.parse(s) as TableInfo)
      .filter((t) => t.public && t.phase !== 'finished')
      .map((t) => ({ id: t.id, game: t.game, seats: t.seats, phase: t.phase, rated: t.rated, created: t.created ?? 0 }))
      .sort((a, b) => b.created - a.created || (a.id < b.id ? 1 : -1));
  }

  async onlineNames(): Promise<string[]> {
    const { cmd } = this.host;
    const nodes = await cmd.smembers(this.host.k('nodes'));
    const names = new Set<string>();
    for (const n of nodes) for (const name of await cmd.hvals(this.host.k('presence', n))) names.add(name);
    return [...names].sort();
  }

  /** A table left memory (expired, or over): its description goes, and every process hears of it. */
  async retire(tableId: string, release?: () => Promise<unknown>): Promise<void> {
    this.dirty.delete(tableId);
    this.cache = { ...this.cache, tables: this.cache.tables.filter((t) => t.id !== tableId) };
    await this.host.cmd.multi().hdel(this.host.k('info'), tableId).hdel(this.host.k('live'), tableId).exec();
    await release?.();
    await this.host.news();
  }

  /** A table's public description, wherever it runs. */
  async info(tableId: string): Promise<TableInfo | undefined> {
    const s = await this.host.cmd.hget(this.host.k('info'), tableId);
    return s ? (JSON.parse(s) as TableInfo) : undefined;
  }

  /** A user connects through this process (`node`). */
  online(node: string, user: { id: string; name: string }): void {
    const o = this.people.get(user.id) ?? { name: user.name, n: 0 };
    this.people.set(user.id, o);
    if (o.n++ > 0) return;
    void this.host.cmd
      .hset(this.host.k('presence', node), user.id, user.name)
      .then(() => this.host.news())
      .catch(() => undefined);
  }

  offline(node: string, user: { id: string }): void {
    const o = this.people.get(user.id);
    if (!o || --o.n > 0) return;
    this.people.delete(user.id);
    void this.host.cmd
      .hdel(this.host.k('presence', node), user.id)
      .then(() => this.host.news())
      .catch(() => undefined);
  }

  /** Writes again who is online through this process (at the start, and after Redis comes back). */
  async announce(node: string, leaseMs: number): Promise<void> {
    const presence = this.host.k('presence', node);
    const m = this.host.cmd.multi().del(presence);
    for (const [userId, o] of this.people) m.hset(presence, userId, o.name);
    m.pexpire(presence, leaseMs * 4);
    await m.exec();
  }

  close(): void {
    for (const t of [this.dirtyTimer, this.newsTimer]) if (t) clearTimeout(t);
  }
}
