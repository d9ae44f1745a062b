import { Redis } from 'ioredis';
import { z } from 'zod';
import { dispatch, type TableMessage } from './dispatch.js';
import { DEFAULT_CONTRIBUTION_MS } from './fairDeal.js';
import { randomId } from './identity.js';
import { ClientMessage, type LobbyTable, type PublicSettings, type ServerMessage } from './protocol.js';
import type { LogRow, PasswordRow, PlayerSitting, RatingRow, RecordRow, Store, TableCommit, TableRow, UserRow } from './store/store.js';
import type { Subscriber, Table } from './table.js';

/**
 * One process of a cluster (docs/cluster.md). Redis holds what the processes
 * share in real time; PostgreSQL (the `Store`) holds everything else.
 *
 * - Ownership: each table is run by one process, the holder of the lease
 *   `P:lease:TABLE` (value `NODE/EPOCH`, with a time to live, renewed every
 *   tick). A process that cannot renew stops writing before the lease can
 *   expire; the log's sequence numbers make a second writer fail anyway.
 * - Routing: a socket's table messages go to the owner over the owner's
 *   channel `P:to:NODE`; the owner runs them at the table and sends every
 *   message for that socket (snapshot, events rendered for its seat, ok,
 *   error, status) back over the socket's process channel.
 * - Takeover: every tick each process looks for live tables without a lease
 *   (`P:live`), takes some, rebuilds them from the log, and announces the new
 *   lease on `P:all`. Each process then rejoins its sockets of that table
 *   from the last event it passed on, and resends unanswered actions (the
 *   table answers an action it has already applied with its first answer).
 * - Lobby and presence: `P:info` (every table's public description),
 *   `P:presence:NODE` (who is online through that process), `P:nodes`.
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

/** A table followed (or asked about) by one socket of this process. */
interface Followed {
  /** The lease of the owner this socket's messages go to. */
  lease?: string;
  /** The last event number passed on to the socket. */
  last?: number;
  /** The `since` of the socket's own last join. */
  joinSince?: number;
  following: boolean;
  /** Actions not yet answered, and the lease each was last sent to. */
  readonly acts: Map<number, { m: TableMessage; sentTo?: string }>;
  /** Other requests (sit, stand, chat, again) not yet answered. */
  others: number;
}

export interface FrontConn {
  readonly id: string;
  readonly user: UserRow;
  send(m: ServerMessage): void;
  readonly tables: Map<string, Followed>;
}

/** The public description of a table, shared through Redis. */
export interface TableInfo extends LobbyTable {
  readonly public: boolean;
  readonly settings: PublicSettings;
}

const UserWire = z.object({ id: z.string(), name: z.string(), guest: z.boolean() });
const Wire = z.discriminatedUnion('t', [
  z.object({ t: z.literal('req'), from: z.string(), conn: z.string(), lease: z.string(), user: UserWire, m: ClientMessage, attempt: z.number().int() }),
  z.object({ t: z.literal('gone'), from: z.string(), conn: z.string(), table: z.string().optional() }),
  z.object({ t: z.literal('msg'), conn: z.string(), table: z.string(), lease: z.string(), m: z.object({ type: z.string() }).passthrough() }),
  z.object({ t: z.literal('moved'), conn: z.string(), lease: z.string(), m: ClientMessage, attempt: z.number().int() }),
]);
type Wire = z.infer<typeof Wire>;
const Broadcast = z.discriminatedUnion('t', [z.object({ t: z.literal('owner'), table: z.string(), lease: z.string() }), z.object({ t: z.literal('lobby') })]);

const RENEW = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end`;
const RELEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;

/** A pipeline or transaction with the lease scripts. */
type LeaseChain = { renewLease(key: string, lease: string, ms: number): unknown; releaseLease(key: string, lease: string): unknown };

type LeaseRedis = Redis & {
  renewLease(key: string, lease: string, ms: number): Promise<number>;
  releaseLease(key: string, lease: string): Promise<number>;
};

/** The time a process leaves between the last renewal it knows of and the lease's end, for clock drift and delays. */
const MARGIN_MS = 500;
/** How long a socket's message waits for its table to get an owner again. */
const ROUTE_ATTEMPTS = 40;
const ROUTE_RETRY_MS = 250;

const nodeOf = (lease: string) => lease.slice(0, lease.indexOf('/'));

export class ClusterNode {
  readonly id = randomId(9);
  readonly prefix: string;
  readonly leaseMs: number;
  readonly tickMs: number;
  private readonly cmd: LeaseRedis;
  private readonly sub: Redis;
  private readonly owned = new Map<string, Owned>();
  private readonly conns = new Map<string, FrontConn>();
  /** Sockets of this or other processes following tables this process owns, by NODE/CONN/TABLE. */
  private readonly remote = new Map<string, { node: string; conn: string; table: string; sub: Subscriber }>();
  private readonly online = new Map<string, { name: string; n: number }>();
  private readonly dirty = new Set<string>();
  private dirtyTimer: NodeJS.Timeout | undefined;
  private lobbyTimer: NodeJS.Timeout | undefined;
  private tickTimer: NodeJS.Timeout | undefined;
  private ticking = false;
  /** Tables this process is taking over now. */
  private readonly adopting = new Set<string>();
  private closed = false;
  private lobbyCache: { tables: LobbyTable[]; online: string[] } = { tables: [], online: [] };
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

  private k(...parts: string[]): string {
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
    const presence = this.k('presence', this.id);
    const m = this.cmd.multi().del(presence);
    for (const [userId, o] of this.online) m.hset(presence, userId, o.name);
    m.pexpire(presence, this.leaseMs * 4);
    await m.exec();
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
    this.onLease(row.id, lease);
  }

  /** This process no longer owns the table: it stops it and forgets its followers (they rejoin the next owner). */
  private lose(tableId: string, why: string): void {
    const o = this.owned.get(tableId);
    if (!o) return;
    this.owned.delete(tableId);
    o.table?.close();
    if (o.table && this.hall.tables.get(tableId) === o.table) this.hall.tables.delete(tableId);
    for (const [key, r] of this.remote) if (r.table === tableId) this.remote.delete(key);
    this.log.warn({ table: tableId, node: this.id, why }, 'gave up a table');
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
    const followed = new Set<string>();
    for (const c of this.conns.values()) for (const [t, f] of c.tables) if (f.following || f.acts.size > 0) followed.add(t);
    const ids = [...new Set([...Object.keys(live), ...followed])];
    if (ids.length === 0) return;
    const leases = await this.cmd.mget(ids.map((id) => this.k('lease', id)));
    const orphans: TableRow[] = [];
    ids.forEach((id, i) => {
      const lease = leases[i];
      if (lease) {
        if (followed.has(id)) this.onLease(id, lease);
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
    const others = new Set([...nodes, ...[...this.remote.values()].map((r) => r.node)]);
    others.delete(this.id);
    if (others.size === 0) return;
    const list = [...others];
    const alive = await this.cmd.mget(list.map((n) => this.k('node', n)));
    const dead = list.filter((_, i) => alive[i] === null);
    if (dead.length === 0) return;
    await this.cmd.multi().srem(this.k('nodes'), ...dead).del(...dead.map((n) => this.k('presence', n))).exec();
    for (const [key, r] of this.remote) {
      if (!dead.includes(r.node)) continue;
      this.remote.delete(key);
      this.hall.tables.get(r.table)?.leave(r.sub);
    }
    void this.publishAll({ t: 'lobby' });
  }

  // ─── messages between processes ────────────────────────────────────────

  private async publish(node: string, w: Wire): Promise<void> {
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
      if (b.data.t === 'owner') this.onLease(b.data.table, b.data.lease);
      else this.lobbyNews();
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
        return this.receive(w.conn, w.table, w.lease, w.m as unknown as ServerMessage);
      case 'moved':
        return this.moved(w.conn, w.lease, w.m as TableMessage, w.attempt);
    }
  }

  /** Sends a message to a socket of some process (this one directly). */
  private deliver(node: string, conn: string, table: string, lease: string, m: ServerMessage): void {
    if (node === this.id) this.receive(conn, table, lease, m);
    else void this.publish(node, { t: 'msg', conn, table, lease, m: m as unknown as { type: string } });
  }

  // ─── the owner's side ──────────────────────────────────────────────────

  /** A socket's message for a table this process owns (or owned: then the socket's process is told to look again). */
  private async serve(node: string, conn: string, lease: string, user: UserRow, m: TableMessage, attempt: number): Promise<void> {
    const o = this.owned.get(m.table);
    if (!o || o.lease !== lease || !o.table || !this.holds(m.table)) {
      if (node === this.id) return this.moved(conn, lease, m, attempt);
      return this.publish(node, { t: 'moved', conn, lease, m, attempt });
    }
    const table = o.table;
    const key = `${node}/${conn}/${table.id}`;
    let r = this.remote.get(key);
    if (!r) {
      const sub: Subscriber = { userId: user.id, send: (msg) => this.deliver(node, conn, table.id, lease, msg) };
      r = { node, conn, table: table.id, sub };
      if (m.type !== 'unjoin') this.remote.set(key, r);
    }
    if (m.type === 'unjoin') this.remote.delete(key);
    try {
      await dispatch(table, r.sub, user, m, r.sub.send);
    } catch (e) {
      this.log.error({ table: table.id, err: String(e) }, 'message failed');
      r.sub.send({ type: 'error', code: 'internal', message: 'the server could not handle that message', table: table.id, cseq: m.type === 'act' ? m.cseq : 0 });
    }
  }

  /** A socket closed (or the process holding it did): it follows nothing here any more. */
  private gone(node: string, conn: string, table?: string): void {
    for (const [key, r] of this.remote) {
      if (r.node !== node || r.conn !== conn || (table !== undefined && r.table !== table)) continue;
      this.remote.delete(key);
      this.hall.tables.get(r.table)?.leave(r.sub);
    }
  }

  // ─── the socket's side ─────────────────────────────────────────────────

  /** A socket of this process. */
  connect(user: UserRow, send: (m: ServerMessage) => void): FrontConn {
    const c: FrontConn = { id: randomId(9), user, send, tables: new Map() };
    this.conns.set(c.id, c);
    const o = this.online.get(user.id) ?? { name: user.name, n: 0 };
    this.online.set(user.id, o);
    if (o.n++ === 0) {
      void this.cmd
        .hset(this.k('presence', this.id), user.id, user.name)
        .then(() => this.publishAll({ t: 'lobby' }))
        .catch(() => undefined);
    }
    return c;
  }

  disconnect(c: FrontConn): void {
    this.conns.delete(c.id);
    const owners = new Set<string>();
    for (const f of c.tables.values()) if (f.lease) owners.add(nodeOf(f.lease));
    for (const node of owners) {
      if (node === this.id) this.gone(this.id, c.id);
      else void this.publish(node, { t: 'gone', from: this.id, conn: c.id });
    }
    const o = this.online.get(c.user.id);
    if (o && --o.n <= 0) {
      this.online.delete(c.user.id);
      void this.cmd
        .hdel(this.k('presence', this.id), c.user.id)
        .then(() => this.publishAll({ t: 'lobby' }))
        .catch(() => undefined);
    }
  }

  /** A socket's table message: to the table's owner, wherever it runs. */
  request(c: FrontConn, m: TableMessage): Promise<void> {
    let f = c.tables.get(m.table);
    if (!f) c.tables.set(m.table, (f = { following: false, acts: new Map(), others: 0 }));
    if (m.type === 'join') {
      f.following = true;
      f.last = undefined;
      f.joinSince = m.since;
    } else if (m.type === 'unjoin') f.following = false;
    else if (m.type === 'act') f.acts.set(m.cseq, { m });
    else f.others++;
    return this.route(c, f, m, 0);
  }

  private async route(c: FrontConn, f: Followed, m: TableMessage, attempt: number): Promise<void> {
    if (!this.conns.has(c.id)) return;
    if (!f.lease) {
      let lease: string | null = null;
      try {
        lease = await this.cmd.get(this.k('lease', m.table));
        if (!lease && attempt === 0 && !(await this.cmd.hexists(this.k('live'), m.table))) {
          // Not live and without an owner: unknown, or finished and closed with the process that ran it.
          this.settle(f, m);
          const known = await this.cmd.hexists(this.k('info'), m.table);
          return c.send({
            type: 'error',
            code: 'unknownTable',
            message: known ? 'the table is finished and closed; its records stay' : 'no such table',
            table: m.table,
            ...(m.type === 'act' ? { cseq: m.cseq } : {}),
          });
        }
      } catch {
        lease = null;
      }
      if (!lease) {
        if (m.type === 'act' && !f.acts.has(m.cseq)) return;
        if (attempt >= ROUTE_ATTEMPTS && m.type !== 'act') {
          this.settle(f, m);
          return c.send({ type: 'error', code: 'internal', message: 'the table has no server process at the moment; try again', table: m.table, cseq: 0 });
        }
        setTimeout(() => void this.route(c, f, m, attempt + 1), ROUTE_RETRY_MS);
        return;
      }
      if (f.lease !== lease) this.switchTo(c, m.table, f, lease, m);
    }
    if (m.type === 'act') return this.flush(c, f);
    this.send(c, f.lease!, m, attempt);
  }

  /** Forgets a request that is answered here (not by the owner). */
  private settle(f: Followed, m: TableMessage): void {
    if (m.type === 'act') f.acts.delete(m.cseq);
    else if (m.type !== 'join' && m.type !== 'unjoin') f.others = Math.max(0, f.others - 1);
  }

  private send(c: FrontConn, lease: string, m: TableMessage, attempt: number): void {
    const node = nodeOf(lease);
    if (node === this.id) void this.serve(this.id, c.id, lease, c.user, m, attempt);
    else void this.publish(node, { t: 'req', from: this.id, conn: c.id, lease, user: { id: c.user.id, name: c.user.name, guest: c.user.guest }, m, attempt });
  }

  /** Sends the actions not yet sent to the current owner, in order. */
  private flush(c: FrontConn, f: Followed): void {
    if (!f.lease) return;
    for (const cseq of [...f.acts.keys()].sort((a, b) => a - b)) {
      const a = f.acts.get(cseq)!;
      if (a.sentTo === f.lease) continue;
      a.sentTo = f.lease;
      this.send(c, f.lease, a.m, 0);
    }
  }

  /**
   * The socket's table has a new owner (or the same process rebuilt it):
   * follow it there from the last event passed on, and resend what is not
   * answered. An action the old owner applied is answered as applied.
   */
  private switchTo(c: FrontConn, table: string, f: Followed, lease: string, except?: TableMessage): void {
    const had = f.lease !== undefined;
    f.lease = lease;
    if (f.following && except?.type !== 'join') {
      const since = f.last ?? f.joinSince;
      this.send(c, lease, since === undefined ? { type: 'join', table } : { type: 'join', table, since }, 0);
    }
    if (had) {
      // Requests other than actions are not resent (a chat line could come twice): they are answered, and the client may send them again.
      const current = except && except.type !== 'act' && except.type !== 'join' && except.type !== 'unjoin' ? 1 : 0;
      for (let n = f.others - current; n > 0; n--) c.send({ type: 'error', code: 'internal', message: 'the table moved to another server process; send it again', table, cseq: 0 });
      f.others = current;
    }
    this.flush(c, f);
  }

  /** Every socket here that follows the table learns of its lease. */
  private onLease(table: string, lease: string): void {
    for (const c of this.conns.values()) {
      const f = c.tables.get(table);
      if (f && f.lease !== lease && (f.following || f.acts.size > 0 || f.others > 0)) this.switchTo(c, table, f, lease);
    }
  }

  /** The owner this socket's message went to does not run the table (any more): look it up again. */
  private moved(conn: string, lease: string, m: TableMessage, attempt: number): void {
    const c = this.conns.get(conn);
    const f = c?.tables.get(m.table);
    if (!c || !f) return;
    if (f.lease === lease) f.lease = undefined;
    if (m.type === 'act') {
      const a = f.acts.get(m.cseq);
      if (!a) return;
      a.sentTo = undefined;
    }
    // An action waits for its table's next owner as long as the socket is open; other requests give up.
    if (attempt >= ROUTE_ATTEMPTS && m.type !== 'act') {
      this.settle(f, m);
      return c.send({ type: 'error', code: 'internal', message: 'the table has no server process at the moment; try again', table: m.table, cseq: 0 });
    }
    setTimeout(() => void this.route(c, f, m, attempt + 1), ROUTE_RETRY_MS);
  }

  /** A message of a table's owner for a socket here: passed on once, in order, without events the socket has. */
  private receive(conn: string, table: string, lease: string, m: ServerMessage): void {
    const c = this.conns.get(conn);
    if (!c) {
      // The socket closed: its owner forgets it.
      const node = nodeOf(lease);
      if (node === this.id) this.gone(this.id, conn, table);
      else void this.publish(node, { t: 'gone', from: this.id, conn, table });
      return;
    }
    const f = c.tables.get(table);
    if (!f || f.lease !== lease) return;
    switch (m.type) {
      case 'snapshot':
        if (f.last === undefined) f.last = f.joinSince ?? m.last;
        break;
      case 'events': {
        const after = f.last ?? -1;
        const events = m.events.filter((e) => e.e > after);
        if (m.events.length > 0 && events.length === 0) return;
        if (events.length > 0) f.last = events[events.length - 1].e;
        if (events.length !== m.events.length) m = { ...m, events };
        break;
      }
      case 'ok':
      case 'error':
        if (m.cseq !== undefined && m.cseq > 0) f.acts.delete(m.cseq);
        else f.others = Math.max(0, f.others - 1);
        break;
      case 'contributed':
        f.others = Math.max(0, f.others - 1);
        break;
    }
    c.send(m);
  }

  // ─── the lobby ─────────────────────────────────────────────────────────

  /** A table's seats or phase changed: its public description is written soon. */
  changed(table: Table): void {
    this.dirty.add(table.id);
    this.dirtyTimer ??= setTimeout(() => void this.flushInfo(), 100);
  }

  private async flushInfo(): Promise<void> {
    this.dirtyTimer = undefined;
    const ids = [...this.dirty];
    this.dirty.clear();
    const m = this.cmd.multi();
    for (const id of ids) {
      const t = this.owned.get(id)?.table;
      if (!t) continue;
      m.hset(this.k('info'), id, JSON.stringify(infoOf(t)));
      if (t.phase === 'finished') m.hdel(this.k('live'), id);
    }
    try {
      await m.exec();
      await this.publishAll({ t: 'lobby' });
    } catch {
      // Out of reach: written again on the next change, or by the next owner.
      for (const id of ids) this.dirty.add(id);
    }
  }

  private lobbyNews(): void {
    if (!this.hall.lobbyWatched()) return;
    this.lobbyTimer ??= setTimeout(() => {
      this.lobbyTimer = undefined;
      void this.refreshLobby().catch(() => undefined);
    }, 100);
  }

  async refreshLobby(): Promise<void> {
    this.lobbyCache = { tables: await this.lobbyTables(), online: await this.onlineNames() };
    this.hall.lobbyChanged();
  }

  /** The lobby as the cluster knows it now (the same from every process). */
  lobby(): { tables: LobbyTable[]; online: string[] } {
    return this.lobbyCache;
  }

  async lobbyTables(): Promise<LobbyTable[]> {
    const all = await this.cmd.hvals(this.k('info'));
    return all
      .map((s) => JSON.parse(s) as TableInfo)
      .filter((t) => t.public && t.phase !== 'finished')
      .map((t) => ({ id: t.id, game: t.game, rules: t.rules, seats: t.seats, phase: t.phase, rated: t.rated }));
  }

  async onlineNames(): Promise<string[]> {
    const nodes = await this.cmd.smembers(this.k('nodes'));
    const names = new Set<string>();
    for (const n of nodes) for (const name of await this.cmd.hvals(this.k('presence', n))) names.add(name);
    return [...names].sort();
  }

  /** A table's public description, wherever it runs. */
  async info(tableId: string): Promise<TableInfo | undefined> {
    const s = await this.cmd.hget(this.k('info'), tableId);
    return s ? (JSON.parse(s) as TableInfo) : undefined;
  }

  /** Hands every table back (their leases end at once, so others take them), and leaves. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.tickTimer) clearInterval(this.tickTimer);
    for (const t of [this.dirtyTimer, this.lobbyTimer]) if (t) clearTimeout(t);
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

export function infoOf(t: Table): TableInfo {
  const s = t.settings;
  return {
    id: t.id,
    game: s.game,
    rules: t.rules,
    seats: t.publicSeats(),
    phase: t.phase,
    rated: s.rated,
    public: s.public,
    settings: { public: s.public, rated: s.rated, clockMs: s.clockMs, botDelayMs: s.botDelayMs, contributionMs: s.contributionMs ?? DEFAULT_CONTRIBUTION_MS, length: s.length },
  };
}

/** The store as one table of this process writes it: no commit without the lease; a failed commit gives the table up. */
class FencedStore implements Store {
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

