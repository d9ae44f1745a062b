import { Redis } from 'ioredis';
import { z } from 'zod';
import { ClusterFront, type FrontConn } from './clusterFront.js';
import { Broadcast, MARGIN_MS, RELEASE, RENEW, Wire, type ClusterLink, type LeaseChain, type LeaseRedis } from './clusterWire.js';
import { RemoteFollowers } from './clusterOwner.js';
import type { TableMessage } from './dispatch.js';
import type { TableRouter } from './router.js';
import { ClusterLobby, type TableInfo } from './clusterLobby.js';
import { FencedStore } from './clusterStore.js';
import { randomId } from './identity.js';
import type { LobbyTable, ServerMessage } from './protocol.js';

export { infoOf, type TableInfo } from './clusterLobby.js';
export type { FrontConn } from './clusterFront.js';
import type { Store, TableRow, UserRow } from './store/store.js';
import type { Table } from './table.js';

/**
 * One process of a cluster (docs/cluster.md): the same table shells as a
 * single process, with Redis for what the processes share in real time and
 * PostgreSQL (the `Store`) for everything else. This file holds ownership
 * (leases `P:lease:TABLE`, renewal, takeover of orphaned tables from `P:live`)
 * and the owner's side of routing; clusterFront.ts is the socket's side,
 * clusterLobby.ts the shared lobby and presence, clusterWire.ts the messages.
 */

export interface ClusterOptions {
  /** redis://host:port/db */
  readonly redis: string;
  /** The prefix of every key and channel (tests use a random one). */
  readonly prefix?: string;
  /** A lease's time to live. */
  readonly leaseMs?: number;
  /** How often leases are renewed and orphaned tables looked for. */
  readonly tickMs?: number;
}

/** What the cluster needs of the server's hall of tables. */
export interface ClusterHall {
  readonly tables: Map<string, Table>;
  /** Rebuilds a table from its log (this process now holds its lease). */
  adopt(row: TableRow): Promise<Table>;
  /** The lobby has news (tables or people). */
  lobbyChanged(): void;
  lobbyWatched(): boolean;
}

interface Logger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** A table this process owns (`table` is unset while it is being rebuilt). */
interface Owned {
  readonly lease: string;
  until: number;
  table?: Table;
}

export class ClusterNode implements TableRouter<FrontConn>, ClusterLink {
  readonly id = randomId(9);
  readonly prefix: string;
  readonly leaseMs: number;
  readonly tickMs: number;
  readonly cmd: LeaseRedis;
  private readonly sub: Redis;
  private readonly owned = new Map<string, Owned>();
  private readonly front = new ClusterFront(this);
  /** Sockets of this or other processes following tables this process owns, by NODE/CONN/TABLE. */
  private readonly followers = new RemoteFollowers({ id: this.id, publish: (node, w) => this.publish(node, w), receive: (conn, table, lease, m) => this.front.receive(conn, table, lease, m), table: (id) => this.hall.tables.get(id), log: (d, m) => this.log.error(d, m) });
  private tickTimer: NodeJS.Timeout | undefined;
  private ticking = false;
  /** Tables this process is taking over now. */
  private readonly adopting = new Set<string>();
  private closed = false;
  private readonly lobbyInfo: ClusterLobby;

  hall!: ClusterHall;

  constructor(
    options: ClusterOptions,
    private readonly store: Store,
    private readonly log: Logger,
  ) {
    this.prefix = options.prefix ?? 'stich';
    this.leaseMs = options.leaseMs ?? 3000;
    this.tickMs = options.tickMs ?? 500;
    const common = { lazyConnect: true, maxRetriesPerRequest: 1, retryStrategy: (n: number) => Math.min(n * 100, 1000) };
    // Without an offline queue a command fails at once while Redis is out of reach: leases are not renewed late.
    this.cmd = new Redis(options.redis, { ...common, enableOfflineQueue: false }) as LeaseRedis;
    this.cmd.defineCommand('renewLease', { numberOfKeys: 1, lua: RENEW });
    this.cmd.defineCommand('releaseLease', { numberOfKeys: 1, lua: RELEASE });
    this.lobbyInfo = new ClusterLobby({
      cmd: this.cmd,
      k: (...parts) => this.k(...parts),
      owned: (id) => this.owned.get(id)?.table,
      news: () => this.publishAll({ t: 'lobby' }),
      lobbyChanged: () => this.hall.lobbyChanged(),
      lobbyWatched: () => this.hall.lobbyWatched(),
    });
    this.sub = new Redis(options.redis, common);
    // One warning per outage, not one per retry.
    for (const r of [this.cmd, this.sub]) {
      let quiet = false;
      r.on('error', (e: Error) => {
        if (!quiet) this.log.warn({ node: this.id, err: e.message }, 'redis out of reach');
        quiet = true;
      });
      r.on('ready', () => {
        if (quiet) this.log.warn({ node: this.id }, 'redis back');
        quiet = false;
      });
    }
  }

  k(...parts: string[]): string {
    return [this.prefix, ...parts].join(':');
  }

  /** Connects, announces this process, registers the store's unfinished tables, and starts ticking. */
  async start(hall: ClusterHall): Promise<void> {
    this.hall = hall;
    // Redis out of reach at the start is an error (later it is an outage the cluster rides out).
    const first = (r: Redis) =>
      new Promise<void>((resolve, reject) => {
        r.once('ready', () => resolve());
        r.once('error', reject);
        r.connect().catch(reject);
      });
    try {
      await Promise.all([first(this.cmd), first(this.sub)]);
    } catch (e) {
      this.cmd.disconnect();
      this.sub.disconnect();
      throw new Error(`Redis is out of reach: ${(e as Error).message}`);
    }
    this.sub.on('message', (channel: string, text: string) => this.heard(channel, text));
    await this.sub.subscribe(this.k('to', this.id), this.k('all'));
    await this.bootstrap();
    // After Redis comes back (perhaps empty), this process tells it again what it knows.
    this.cmd.on('ready', () => void this.bootstrap().catch((e: unknown) => this.log.warn({ err: String(e) }, 'bootstrap after reconnect failed')));
    this.tickTimer = setInterval(() => void this.tick(), this.tickMs);
    void this.tick();
  }

  private async bootstrap(): Promise<void> {
    await this.heartbeat();
    await this.lobbyInfo.announce(this.id, this.leaseMs);
    const rows = await this.store.unfinishedTables();
    if (rows.length > 0) {
      const p = this.cmd.pipeline();
      for (const r of rows) p.hsetnx(this.k('live'), r.id, JSON.stringify(r));
      await p.exec();
    }
    void this.publishAll({ t: 'lobby' });
  }

  private async heartbeat(): Promise<void> {
    await this.cmd.multi().set(this.k('node', this.id), String(Date.now()), 'PX', this.leaseMs).sadd(this.k('nodes'), this.id).pexpire(this.k('presence', this.id), this.leaseMs * 4).exec();
  }

  // ─── ownership ─────────────────────────────────────────────────────────
  /** Both connections to Redis are up (the readiness probe asks). */
  get redisReady(): boolean {
    return this.cmd.status === 'ready' && this.sub.status === 'ready';
  }

  /** Whether this process may write the table's log now. */
  holds(tableId: string): boolean {
    const o = this.owned.get(tableId);
    return o !== undefined && Date.now() < o.until;
  }

  ownedCount(): number {
    return this.owned.size;
  }

  /** The store a table of this process writes through: refused without the lease, given up when another writer got in first. */
  storeFor(tableId: string): Store {
    return new FencedStore(this.store, () => this.holds(tableId), (e) => this.conflict(tableId, e));
  }

  /** A new table: registered as live, and owned by this process from the start. */
  async created(row: TableRow): Promise<string> {
    const lease = `${this.id}/${randomId(6)}`;
    const started = Date.now();
    await this.cmd.multi().hset(this.k('live'), row.id, JSON.stringify(row)).set(this.k('lease', row.id), lease, 'PX', this.leaseMs).exec();
    this.owned.set(row.id, { lease, until: started + this.leaseMs - MARGIN_MS });
    return lease;
  }

  /** The table of a created() lease is ready. */
  ready(table: Table): void {
    const o = this.owned.get(table.id);
    if (o) o.table = table;
    this.changed(table);
  }

  private async tryAdopt(row: TableRow): Promise<void> {
    const lease = `${this.id}/${randomId(6)}`;
    const started = Date.now();
    const got = await this.cmd.set(this.k('lease', row.id), lease, 'PX', this.leaseMs, 'NX');
    if (got !== 'OK' || this.closed) return;
    const o: Owned = { lease, until: started + this.leaseMs - MARGIN_MS };
    this.owned.set(row.id, o);
    try {
      o.table = await this.hall.adopt(row);
    } catch (e) {
      this.log.error({ table: row.id, err: String(e) }, 'cannot rebuild a table: left to another process');
      this.owned.delete(row.id);
      await this.cmd.releaseLease(this.k('lease', row.id), lease).catch(() => undefined);
      return;
    }
    if (this.owned.get(row.id) !== o) return;
    this.log.info({ table: row.id, node: this.id, last: o.table.lastEvent }, 'took over a table');
    this.changed(o.table);
    void this.publishAll({ t: 'owner', table: row.id, lease });
    this.front.onLease(row.id, lease);
  }

  /** This process no longer owns the table: it stops it and forgets its followers (they rejoin the next owner). */
  private lose(tableId: string, why: string): void {
    const o = this.owned.get(tableId);
    if (!o) return;
    this.owned.delete(tableId);
    o.table?.close();
    if (o.table && this.hall.tables.get(tableId) === o.table) this.hall.tables.delete(tableId);
    this.followers.forget(tableId);
    this.log.warn({ table: tableId, node: this.id, why }, 'gave up a table');
  }

  /** The hall let a table of this process go (expired, or over): no longer live, owned or listed. */
  async retire(tableId: string): Promise<void> {
    const o = this.owned.get(tableId);
    this.owned.delete(tableId);
    this.followers.forget(tableId);
    await this.lobbyInfo.retire(tableId, o && (() => this.cmd.releaseLease(this.k('lease', tableId), o.lease))).catch((e: unknown) => this.log.warn({ table: tableId, err: String(e) }, 'cannot retire a table in Redis'));
  }

  /** A commit failed: another writer, or the database out of reach. The table is rebuilt from the log by whoever takes it next. */
  private conflict(tableId: string, e: unknown): void {
    const o = this.owned.get(tableId);
    if (!o) return;
    this.lose(tableId, `commit failed: ${String(e)}`);
    void this.cmd.releaseLease(this.k('lease', tableId), o.lease).catch(() => undefined);
  }

  private async tick(): Promise<void> {
    if (this.ticking || this.closed) return;
    this.ticking = true;
    try {
      await this.renew();
      for (const [id, o] of this.owned) if (Date.now() >= o.until) this.lose(id, 'lease not renewed in time');
      await this.heartbeat();
      await this.scan();
      await this.pruneNodes();
      if (this.hall.lobbyWatched()) await this.refreshLobby();
    } catch (e) {
      // Redis out of reach: leases run out above, the rest waits for the next tick.
      for (const [id, o] of this.owned) if (Date.now() >= o.until) this.lose(id, 'lease not renewed in time');
      if (this.cmd.status === 'ready') this.log.warn({ node: this.id, err: String(e) }, 'tick failed');
    } finally {
      this.ticking = false;
    }
  }

  private async renew(): Promise<void> {
    const ids = [...this.owned.keys()];
    if (ids.length === 0) return;
    const sent = Date.now();
    const p = this.cmd.pipeline();
    for (const id of ids) (p as unknown as LeaseChain).renewLease(this.k('lease', id), this.owned.get(id)!.lease, this.leaseMs);
    const results = (await p.exec()) ?? [];
    ids.forEach((id, i) => {
      const [err, value] = results[i] ?? [new Error('no reply'), null];
      const o = this.owned.get(id);
      if (!o || err) return;
      if (value === 1) o.until = Math.max(o.until, sent + this.leaseMs - MARGIN_MS);
      else this.lose(id, 'the lease is gone or held by another process');
    });
  }

  /** Takes a share of the live tables nobody holds, and moves this process's sockets to new owners. */
  private async scan(): Promise<void> {
    const live = await this.cmd.hgetall(this.k('live'));
    const followed = this.front.followed();
    const ids = [...new Set([...Object.keys(live), ...followed])];
    if (ids.length === 0) return;
    const leases = await this.cmd.mget(ids.map((id) => this.k('lease', id)));
    const orphans: TableRow[] = [];
    ids.forEach((id, i) => {
      const lease = leases[i];
      if (lease) {
        if (followed.has(id)) this.front.onLease(id, lease);
      } else if (live[id] && !this.owned.has(id) && !this.adopting.has(id)) {
        orphans.push(JSON.parse(live[id]) as TableRow);
      }
    });
    if (orphans.length === 0) return;
    // Each process takes about its share, so that the tables of a dead process spread over the others.
    const nodes = Math.max(1, await this.cmd.scard(this.k('nodes')));
    const share = Math.max(1, Math.ceil(orphans.length / Math.max(1, nodes - 1)));
    for (let i = orphans.length - 1; i > 0; i--) {
      const j = Math.floor(Math.random() * (i + 1));
      [orphans[i], orphans[j]] = [orphans[j], orphans[i]];
    }
    // Rebuilding runs beside the ticks: the renewal of this process's other leases must not wait for it.
    for (const row of orphans.slice(0, share)) {
      this.adopting.add(row.id);
      void this.tryAdopt(row)
        .catch((e: unknown) => this.log.warn({ table: row.id, err: String(e) }, 'cannot take a table'))
        .finally(() => this.adopting.delete(row.id));
    }
  }

  /** Forgets processes whose heartbeat stopped: their presence, and their sockets' subscriptions here. */
  private async pruneNodes(): Promise<void> {
    const nodes = await this.cmd.smembers(this.k('nodes'));
    const others = new Set([...nodes, ...this.followers.nodes()]);
    others.delete(this.id);
    if (others.size === 0) return;
    const list = [...others];
    const alive = await this.cmd.mget(list.map((n) => this.k('node', n)));
    const dead = list.filter((_, i) => alive[i] === null);
    if (dead.length === 0) return;
    await this.cmd.multi().srem(this.k('nodes'), ...dead).del(...dead.map((n) => this.k('presence', n))).exec();
    this.followers.gone((r) => dead.includes(r.node));
    void this.publishAll({ t: 'lobby' });
  }

  // ─── messages between processes ────────────────────────────────────────
  async publish(node: string, w: Wire): Promise<void> {
    try {
      await this.cmd.publish(this.k('to', node), JSON.stringify(w));
    } catch (e) {
      // While Redis is out of reach the socket's process catches up when it rejoins the table.
      if (this.cmd.status === 'ready') this.log.warn({ node, err: String(e) }, 'cannot reach another process');
    }
  }

  private async publishAll(b: z.infer<typeof Broadcast>): Promise<void> {
    try {
      await this.cmd.publish(this.k('all'), JSON.stringify(b));
    } catch {
      // Out of reach: the others learn it from the next tick's scan.
    }
  }

  private heard(channel: string, text: string): void {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return this.log.warn({ channel }, 'a message that is not JSON');
    }
    if (channel === this.k('all')) {
      const b = Broadcast.safeParse(json);
      if (!b.success) return;
      if (b.data.t === 'owner') this.front.onLease(b.data.table, b.data.lease);
      else this.lobbyInfo.heard();
      return;
    }
    const w = Wire.safeParse(json);
    if (!w.success) return this.log.warn({ channel, issue: w.error.issues[0]?.message }, 'a malformed message from another process');
    this.handleWire(w.data);
  }

  private handleWire(w: Wire): void {
    switch (w.t) {
      case 'req':
        return void this.serve(w.from, w.conn, w.lease, w.user, w.m as TableMessage, w.attempt);
      case 'gone':
        return this.gone(w.from, w.conn, w.table);
      case 'msg':
        return this.front.receive(w.conn, w.table, w.lease, w.m as unknown as ServerMessage);
      case 'moved':
        return this.front.moved(w.conn, w.lease, w.m as TableMessage, w.attempt);
    }
  }

  // ─── the owner's side (clusterOwner.ts) ────────────────────────────────
  /** A socket's message for a table this process owns (or owned: then the socket's process is told to look again). */
  serve(node: string, conn: string, lease: string, user: UserRow, m: TableMessage, attempt: number): Promise<void> {
    const o = this.owned.get(m.table);
    if (!o || o.lease !== lease || !o.table || !this.holds(m.table)) {
      if (node === this.id) return Promise.resolve(this.front.moved(conn, lease, m, attempt));
      return this.publish(node, { t: 'moved', conn, lease, m, attempt });
    }
    return this.followers.serve(o.table, node, conn, lease, user, m);
  }

  /** A socket closed (or the process holding it did): it follows nothing here any more. */
  gone(node: string, conn: string, table?: string): void {
    this.followers.gone((r) => r.node === node && r.conn === conn && (table === undefined || r.table === table));
  }

  // ─── the socket's side (clusterFront.ts) ───────────────────────────────
  /** A socket of this process (its user is online through it). */
  connect(user: UserRow, send: (m: ServerMessage) => void): FrontConn {
    this.lobbyInfo.online(this.id, user);
    return this.front.open(user, send);
  }

  disconnect(c: FrontConn): void {
    this.front.close(c);
    this.lobbyInfo.offline(this.id, c.user);
  }

  /** A socket's table message: to the table's owner, wherever it runs. */
  request(c: FrontConn, m: TableMessage): Promise<void> {
    return this.front.request(c, m);
  }

  // ─── the lobby (clusterLobby.ts) ───────────────────────────────────────
  /** A table's seats or phase changed: its public description is written soon. */
  changed(table: Table): void {
    this.lobbyInfo.changed(table.id);
  }

  refreshLobby(): Promise<void> {
    return this.lobbyInfo.refresh();
  }

  /** The lobby as the cluster knows it now (the same from every process). */
  lobby(): { tables: LobbyTable[]; online: string[] } {
    return this.lobbyInfo.cache;
  }

  lobbyTables(): Promise<LobbyTable[]> {
    return this.lobbyInfo.tables();
  }

  /** A table's public description, wherever it runs. */
  info(tableId: string): Promise<TableInfo | undefined> {
    return this.lobbyInfo.info(tableId);
  }

  /** Hands every table back (their leases end at once, so others take them), and leaves. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.tickTimer) clearInterval(this.tickTimer);
    this.lobbyInfo.close();
    const owned = [...this.owned];
    for (const [id] of owned) this.lose(id, 'shutting down');
    try {
      const m = this.cmd.multi();
      for (const [id, o] of owned) (m as unknown as LeaseChain).releaseLease(this.k('lease', id), o.lease);
      m.del(this.k('node', this.id), this.k('presence', this.id)).srem(this.k('nodes'), this.id);
      await m.exec();
      await this.publishAll({ t: 'lobby' });
    } catch {
      // Out of reach: the leases run out by themselves.
    }
    this.sub.disconnect();
    this.cmd.disconnect();
  }
}
