import { Redis } from 'ioredis';
import { z } from 'zod';
import { ClusterFront, type FrontConn, type SocketBusy } from './clusterFront.js';
import { Broadcast, connectFirst, warnOncePerOutage, LEASE_MS, MARGIN_MS, TICK_MS, RELEASE, RENEW, Wire, type ClusterLink, type LeaseChain, type LeaseRedis } from './clusterWire.js';
import { RemoteFollowers } from './clusterOwner.js';
import { takeHandedOver } from './clusterHandoff.js';
import { LeaseScan } from './clusterScan.js';
import type { TableMessage } from './dispatch.js';
import type { TableRouter } from './router.js';
import { ClusterLobby, type TableInfo } from './clusterLobby.js';
import { claim, FencedStore } from './clusterStore.js';
import { ClusterBus } from './clusterBus.js';
import { Liveness } from './clusterLiveness.js';
import { randomId } from './identity.js';
import type { LobbyTable, ServerMessage } from './protocol.js';

export { infoOf, type TableInfo } from './clusterLobby.js';
import type { Store, TableRow, UserRow } from './store/store.js';
import type { Table } from './table.js';

/**
 * One process of a cluster (docs/cluster.md): the same table shells as a
 * single process, with Redis for what the processes share in real time and
 * PostgreSQL (the `Store`) for everything else. This file holds ownership
 * (leases `P:lease:TABLE`, renewal, takeover of orphaned tables from `P:live`,
 * found by clusterScan.ts) and the owner's side of routing; clusterFront.ts is the socket's side,
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
  /** The keys every message between the processes is sealed with (clusterSeal.ts): the first seals, each opens. */
  readonly keys: readonly Buffer[];
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

type LogFn = (obj: object, msg: string) => void;
type Logger = Record<'info' | 'warn' | 'error', LogFn>;

/** A table this process owns (`table` is unset while it is being rebuilt). */
export interface Owned {
  readonly lease: string;
  /** The table's epoch this process claimed in the store (every commit carries it). */
  epoch: number;
  until: number;
  table?: Table;
  /** While this process rebuilds the table it has just leased: settled when `table` is set (or the rebuild failed). */
  rebuilt?: Promise<void>;
}

export class ClusterNode implements TableRouter<FrontConn>, ClusterLink {
  readonly id = randomId(9);
  readonly prefix: string;
  readonly leaseMs: number;
  readonly tickMs: number;
  readonly cmd: LeaseRedis;
  private readonly sub: Redis;
  readonly owned = new Map<string, Owned>();
  readonly front = new ClusterFront(this);
  /** Sockets of this or other processes following tables this process owns, by NODE/CONN/TABLE. */
  private readonly followers = new RemoteFollowers({ id: this.id, publish: (node, w) => this.publish(node, w), receive: (conn, table, lease, m) => this.front.receive(conn, table, lease, m), table: (id) => this.hall.tables.get(id), runs: (id, lease) => this.owned.get(id)?.lease === lease, moved: (node, conn, lease, m) => void this.movedTo(node, conn, lease, m), log: (d, m) => this.log.error(d, m) });
  private tickTimer: NodeJS.Timeout | undefined;
  private ticking = false;
  private beating = false;
  /** Tables this process is taking over now. */
  readonly adopting = new Set<string>();
  /** The look at every live table's lease each tick: orphans taken, sockets moved (clusterScan.ts). */
  private readonly leaseScan = new LeaseScan(this);
  private closed = false;
  /** Handing its tables over before it exits (clusterHandoff.ts): it takes none and serves none. */
  draining = false;
  private readonly lobbyInfo: ClusterLobby;
  private readonly bus: ClusterBus;
  /** The heartbeat, and the rejoins after messages may have been missed (clusterLiveness.ts). */
  private readonly liveness: Liveness;

  hall!: ClusterHall;

  constructor(
    options: ClusterOptions,
    private readonly store: Store,
    readonly log: Logger,
  ) {
    this.prefix = options.prefix ?? 'stich';
    // Why these figures: docs/cluster.md "Lease timing".
    this.leaseMs = options.leaseMs ?? LEASE_MS;
    this.tickMs = options.tickMs ?? Math.round((this.leaseMs * TICK_MS) / LEASE_MS);
    if (!options.keys || options.keys.length === 0) throw new Error('a cluster needs a key the processes share: STICH_CLUSTER_KEY or --cluster-key (docs/cluster.md)');
    const common = { lazyConnect: true, maxRetriesPerRequest: 1, retryStrategy: (n: number) => Math.min(n * 100, 1000) };
    // Without an offline queue a command fails at once while Redis is out of reach: leases are not renewed late.
    this.cmd = new Redis(options.redis, { ...common, enableOfflineQueue: false }) as LeaseRedis;
    this.cmd.defineCommand('renewLease', { numberOfKeys: 1, lua: RENEW });
    this.cmd.defineCommand('releaseLease', { numberOfKeys: 1, lua: RELEASE });
    this.bus = new ClusterBus({ id: this.id, cmd: this.cmd, k: (...p) => this.k(...p), log, broadcast: (b) => this.heardAll(b), wire: (w) => this.handleWire(w) }, options.keys);
    this.lobbyInfo = new ClusterLobby({
      cmd: this.cmd,
      k: (...parts) => this.k(...parts),
      owned: (id) => this.owned.get(id)?.table,
      news: () => this.bus.publishAll({ t: 'lobby' }),
      lobbyChanged: () => this.hall.lobbyChanged(),
      lobbyWatched: () => this.hall.lobbyWatched(),
    });
    this.sub = new Redis(options.redis, common);
    const front = this.front;
    this.liveness = new Liveness({ id: this.id, leaseMs: this.leaseMs, cmd: this.cmd, sub: this.sub, k: (...p) => this.k(...p), channels: () => this.bus.channels(), followed: () => front.followed(), resync: (l) => front.resync(l), log });
    for (const r of [this.cmd, this.sub]) warnOncePerOutage(r, (data, msg) => this.log.warn({ node: this.id, ...data }, msg));
  }

  k(...parts: string[]): string {
    return [this.prefix, ...parts].join(':');
  }

  /** Connects, announces this process, registers the store's unfinished tables, and starts ticking. */
  async start(hall: ClusterHall): Promise<void> {
    this.hall = hall;
    // Redis out of reach at the start is an error (later it is an outage the cluster rides out).
    try {
      await Promise.all([connectFirst(this.cmd), connectFirst(this.sub)]);
    } catch (e) {
      this.cmd.disconnect();
      this.sub.disconnect();
      throw new Error(`Redis is out of reach: ${(e as Error).message}`);
    }
    this.sub.on('message', (channel: string, text: string) => this.bus.heard(channel, text));
    await this.sub.subscribe(...this.bus.channels());
    // Messages published while the subscription was cut are lost: the sockets rejoin their tables.
    this.sub.on('ready', () => (this.liveness.due = true));
    await this.bootstrap();
    // After Redis comes back (perhaps empty), this process tells it again what it knows.
    this.cmd.on('ready', () => void this.bootstrap().catch((e: unknown) => this.log.warn({ err: String(e) }, 'bootstrap after reconnect failed')));
    this.tickTimer = setInterval(() => void this.tick(), this.tickMs);
    void this.tick();
  }

  private async bootstrap(): Promise<void> {
    await this.liveness.heartbeat();
    await this.lobbyInfo.announce(this.id, this.leaseMs);
    const rows = await this.store.unfinishedTables();
    if (rows.length > 0) {
      const p = this.cmd.pipeline();
      for (const r of rows) p.hsetnx(this.k('live'), r.id, JSON.stringify(r));
      await p.exec();
    }
    void this.bus.publishAll({ t: 'lobby' });
    // After an outage (this runs again when Redis is back): messages to other processes' sockets were lost meanwhile.
    void this.bus.publishAll({ t: 'reached', node: this.id });
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

  /** How many tables each process ran at the last scan. */
  ownerCounts(): Map<string, number> {
    return this.leaseScan.ownerCounts();
  }

  /** The store a table of this process writes through: refused without the lease, given up when another writer got in first. */
  storeFor(tableId: string): Store {
    const o = this.owned.get(tableId);
    if (!o) throw new Error(`table ${tableId}: this process does not own it`);
    return new FencedStore(this.store, o.epoch, () => this.owned.get(tableId) === o && this.holds(tableId), (e) => this.conflict(tableId, e));
  }

  /** A new table: registered as live, and owned by this process from the start. */
  async created(row: TableRow): Promise<string> {
    const lease = `${this.id}/${randomId(6)}`;
    const started = Date.now();
    await this.cmd.multi().hset(this.k('live'), row.id, JSON.stringify(row)).set(this.k('lease', row.id), lease, 'PX', this.leaseMs).exec();
    const epoch = await claim(this.store, row.id);
    this.owned.set(row.id, { lease, epoch, until: started + this.leaseMs - MARGIN_MS });
    return lease;
  }

  /** The table of a created() lease is ready. */
  ready(table: Table): void {
    const o = this.owned.get(table.id);
    if (o) o.table = table;
    this.changed(table);
  }

  async tryAdopt(row: TableRow): Promise<void> {
    const lease = `${this.id}/${randomId(6)}`;
    const started = Date.now();
    const got = await this.cmd.set(this.k('lease', row.id), lease, 'PX', this.leaseMs, 'NX');
    if (got !== 'OK') return;
    if (this.closed || this.draining) return void (await this.cmd.releaseLease(this.k('lease', row.id), lease).catch(() => undefined));
    const o: Owned = { lease, epoch: 0, until: started + this.leaseMs - MARGIN_MS };
    this.owned.set(row.id, o);
    // Claimed before the log is read: whatever the last owner wrote is in it, and it can write no more.
    o.rebuilt = (async () => {
      o.epoch = await claim(this.store, row.id);
      o.table = await this.hall.adopt(row);
    })();
    try {
      await o.rebuilt;
    } catch (e) {
      this.log.error({ table: row.id, err: String(e) }, 'cannot rebuild a table: left to another process');
      this.owned.delete(row.id);
      await this.cmd.releaseLease(this.k('lease', row.id), lease).catch(() => undefined);
      return;
    }
    if (this.owned.get(row.id) !== o || !o.table) return;
    this.log.info({ table: row.id, node: this.id, last: o.table.lastEvent }, 'took over a table');
    this.changed(o.table);
    void this.bus.publishAll({ t: 'owner', table: row.id, lease });
    this.front.onLease(row.id, lease);
  }

  /** This process no longer owns the table: it stops it and forgets its followers (they rejoin the next owner). */
  lose(tableId: string, why: string): void {
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
    if (this.closed) return;
    // The leases and the heartbeat every tick, even while the rest of the last tick still waits for Redis.
    void this.beat();
    if (this.ticking) return;
    this.ticking = true;
    try {
      if (this.liveness.due) await this.liveness.resync();
      this.front.checkHeld();
      await this.leaseScan.scan();
      await this.pruneNodes();
      if (this.hall.lobbyWatched()) await this.refreshLobby();
    } catch (e) {
      if (this.cmd.status === 'ready') this.log.warn({ node: this.id, err: String(e) }, 'tick failed');
    } finally {
      this.ticking = false;
    }
  }

  private async beat(): Promise<void> {
    if (this.beating) return;
    this.beating = true;
    try {
      await this.renew();
      await this.liveness.heartbeat();
    } catch {
      // Redis out of reach: the leases run out below; the rest waits for the next tick.
    } finally {
      this.beating = false;
      for (const [id, o] of this.owned) if (Date.now() >= o.until) this.lose(id, 'lease not renewed in time');
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
      // A lease renewed after this process stopped writing by its own clock: the table may have refused a write (a bot's
      // turn, an action) meanwhile and would wait for it for good, so it is handed on to be rebuilt from its log.
      if (value === 1 && sent < o.until) o.until = Math.max(o.until, sent + this.leaseMs - MARGIN_MS);
      else if (value === 1) {
        this.lose(id, 'the lease was renewed only after it had lapsed here');
        void this.cmd.releaseLease(this.k('lease', id), o.lease).catch(() => undefined);
      }
      else this.lose(id, 'the lease is gone or held by another process');
    });
  }

  /** Forgets processes whose heartbeat stopped: their presence, and their sockets' subscriptions here. */
  private async pruneNodes(): Promise<void> {
    // Sockets that (re)joined after this point were sent by a process that lives again: they stay.
    const mark = this.followers.mark();
    const nodes = await this.cmd.smembers(this.k('nodes'));
    const others = new Set([...nodes, ...this.followers.nodes()]);
    others.delete(this.id);
    if (others.size === 0) return;
    const list = [...others];
    const alive = await this.cmd.mget(list.map((n) => this.k('node', n)));
    const dead = list.filter((_, i) => alive[i] === null);
    if (dead.length === 0) return;
    await this.cmd.multi().srem(this.k('nodes'), ...dead).del(...dead.map((n) => this.k('presence', n))).exec();
    this.followers.gone((r) => dead.includes(r.node) && r.joined <= mark);
    void this.bus.publishAll({ t: 'lobby' });
  }

  // ─── messages between processes (clusterBus.ts) ────────────────────────
  publish(node: string, w: Wire): Promise<void> {
    return this.bus.publish(node, w);
  }

  knownLease(table: string): string | undefined {
    return this.leaseScan.knownLease(table);
  }

  /** Sessions of a user ended on some process: called with the user and the session whose sockets stay (server.ts closes the others here). */
  onLoggedOut?: (user: string, except?: string) => void;

  /** Tells every process that the user's sessions ended (but `except`, a token's hash), so that each closes their sockets. */
  loggedOut(user: string, except?: string): Promise<void> {
    return this.bus.publishAll({ t: 'loggedOut', user, ...(except === undefined ? {} : { except }) });
  }

  /** A session (a token's hash) ended on some process: server.ts closes its sockets here. */
  onSessionEnded?: (session: string) => void;

  /** Tells every process that one session (a token's hash) ended, so that each closes the sockets opened with it. */
  sessionEnded(session: string): Promise<void> {
    return this.bus.publishAll({ t: 'sessionEnded', session });
  }

  private heardAll(b: z.infer<typeof Broadcast>): void {
    if (b.t === 'owner') {
      this.leaseScan.announced(b.table, b.lease);
      this.front.onLease(b.table, b.lease);
    }
    else if (b.t === 'reached') this.front.reached(b.node);
    else if (b.t === 'loggedOut') this.onLoggedOut?.(b.user, b.except);
    else if (b.t === 'sessionEnded') this.onSessionEnded?.(b.session);
    else this.lobbyInfo.heard();
  }

  private handleWire(w: Wire): void {
    switch (w.t) {
      case 'req':
        return void this.serve(w.from, w.conn, w.lease, w.user, w.m as TableMessage, w.attempt, w.fresh);
      case 'gone':
        return this.gone(w.from, w.conn, w.table);
      case 'msg':
        return this.front.receive(w.conn, w.table, w.lease, w.m as unknown as ServerMessage);
      case 'moved':
        return this.front.moved(w.conn, w.lease, w.m as TableMessage, w.attempt);
      case 'take':
        return void takeHandedOver(this, w.tables);
    }
  }

  // ─── the owner's side (clusterOwner.ts) ────────────────────────────────
  /** Called for each message answered `moved` (the metrics count them). */
  onMoved?: () => void;

  /** A socket's message for a table this process owns (or owned: then the socket's process is told to look again). */
  serve(node: string, conn: string, lease: string, user: UserRow, m: TableMessage, attempt: number, fresh = false): Promise<void> {
    const o = this.owned.get(m.table);
    // A table being rebuilt here under this lease: its messages wait for it (sockets learn the lease from Redis before
    // the rebuild ends; answered `moved`, each would come back every 100 ms until it does, hundreds after a hand-over).
    if (o && o.lease === lease && !o.table && o.rebuilt && !this.draining) {
      return o.rebuilt.then(
        () => this.serve(node, conn, lease, user, m, attempt, fresh),
        () => this.movedTo(node, conn, lease, m, attempt),
      );
    }
    if (!o || o.lease !== lease || !o.table || !this.holds(m.table) || this.draining) return this.movedTo(node, conn, lease, m, attempt);
    return this.followers.serve(o.table, node, conn, lease, user, m, fresh);
  }

  /** The socket's process is told to look for the table's owner again (not at once: the socket's side may be in the middle of sending to this lease). */
  private async movedTo(node: string, conn: string, lease: string, m: TableMessage, attempt = 0): Promise<void> {
    this.onMoved?.();
    if (node === this.id) await Promise.resolve().then(() => this.front.moved(conn, lease, m, attempt));
    else await this.publish(node, { t: 'moved', conn, lease, m, attempt });
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

  busy(c: FrontConn): SocketBusy {
    return this.front.busy(c);
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
      await this.bus.publishAll({ t: 'lobby' });
    } catch {
      // Out of reach: the leases run out by themselves.
    }
    this.sub.disconnect();
    this.cmd.disconnect();
  }
}
