import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { findGame, gameById, GAMES } from '../games/registry.js';
import { resolveRules } from '../games/ruleBook.js';
import { ClusterNode, infoOf, type ClusterOptions } from './cluster.js';
import { clientFileOptions } from './clientFiles.js';
import { dispatch, isTableMessage } from './dispatch.js';
import { Identity, randomId, SESSION_COOKIE, type IdentityResult } from './identity.js';
import { DEFAULT_LIMITS, TokenBucket, type Limits } from './limits.js';
import { Lobby } from './lobby.js';
import { ClientMessage, CreateTable, Credentials, GuestRequest, PlayerParams, PlayerQuery, type PlayerPage, type LobbyTable, type ServerErrorCode, type ServerMessage } from './protocol.js';
import { ordinalOf } from './ratings.js';
import { openStore } from './store/open.js';
import type { Store, TableRow, UserRow } from './store/store.js';
import { analysisRoutes } from './analysisRoutes.js';
import { BotPool } from './botPool.js';
import { ServerMetrics } from './metrics.js';
import { registerOperations } from './operations.js';
import { decisionMs, serverBots } from './thinking.js';
import { DEFAULT_GRACE_MS, initialSeats, Table, type LogEntry, type Subscriber, type TableSettings } from './table.js';

export interface ServerOptions {
  /** The SQLite file (the default store). */
  readonly db?: string;
  /** A PostgreSQL URL: the store is there instead of in an SQLite file. */
  readonly pg?: string;
  /** A Redis URL: this process is one of a cluster (docs/cluster.md), its store shared with the others (PostgreSQL). */
  readonly redis?: string;
  /** The cluster's key prefix in Redis, and its lease timing. */
  readonly cluster?: Omit<ClusterOptions, 'redis'>;
  readonly port?: number;
  readonly host?: string;
  readonly limits?: Partial<Limits>;
  /** pino's level, or false for no logs. */
  readonly logLevel?: string | false;
  /** Overrides of every new table's settings (tests: clocks, bot delays, contributions); graceMs is only the default for tables that name none. */
  readonly tableDefaults?: Partial<Pick<TableSettings, 'clockMs' | 'botDelayMs' | 'contributionMs' | 'graceMs'>>;
  /** Worker threads for the thinking bots (default: the cores less one, at least one). */
  readonly botWorkers?: number;
  /** Milliseconds per decision of the thinking bots instead of their levels' own budgets (as the CLI's --think). */
  readonly botThinkMs?: number;
  /** The built browser client to serve (default: dist/client beside the compiled server; nothing is served when it is missing). */
  readonly clientDir?: string;
  /** Proxies whose X-Forwarded-For names the client's address (Fastify's trustProxy: addresses, CIDR ranges, loopback). */
  readonly trustProxy?: readonly string[];
}

export interface RunningServer {
  readonly app: FastifyInstance;
  readonly url: string;
  readonly port: number;
  readonly hall: Hall;
  readonly cluster?: ClusterNode;
  close(): Promise<void>;
}

/** Every table in memory, created here or rebuilt from the store on start (in a cluster: the tables this process owns). */
export class Hall {
  readonly tables = new Map<string, Table>();
  readonly lobby: Lobby;
  readonly bots: BotPool;

  constructor(
    readonly store: Store,
    readonly limits: Limits,
    private readonly log: FastifyInstance['log'],
    readonly cluster?: ClusterNode,
    private readonly thinking: { workers?: number; thinkMs?: number } = {},
  ) {
    this.lobby = cluster ? new Lobby(() => cluster.lobby().tables, 200, () => cluster.lobby().online) : new Lobby(() => this.lobbyTables());
    this.bots = new BotPool(thinking.workers);
  }

  lobbyChanged(): void {
    this.lobby.changed();
  }

  lobbyWatched(): boolean {
    return this.lobby.watching();
  }

  lobbyTables(): LobbyTable[] {
    const out: LobbyTable[] = [];
    for (const t of this.tables.values()) {
      if (!t.settings.public || t.phase === 'finished') continue;
      out.push({ id: t.id, game: t.settings.game, rules: t.rules, seats: t.publicSeats(), phase: t.phase, rated: t.settings.rated });
    }
    return out;
  }

  private make(id: string, settings: TableSettings): Table {
    const module = gameById(settings.game);
    if (!module) throw new Error(`table ${id}: unknown game ${settings.game}`);
    const cluster = this.cluster;
    const store = cluster ? cluster.storeFor(id) : this.store;
    const changed = cluster ? (t: Table) => cluster.changed(t) : () => this.lobby.changed();
    const table = new Table(id, settings, module, store, this.limits, {
      changed,
      log: this.log,
      think: async (request) => {
        const t0 = Date.now();
        const reply = await this.bots.think(this.thinking.thinkMs === undefined ? request : { ...request, thinkMs: this.thinking.thinkMs });
        // Every decision of a level takes the same time, whatever the hand (see decisionMs).
        const wait = t0 + decisionMs(request.level, this.thinking.thinkMs) - Date.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        return reply;
      },
    });
    this.tables.set(id, table);
    return table;
  }

  /** Rebuilds one table from its log. */
  async adopt(row: TableRow): Promise<Table> {
    const table = this.make(row.id, row.settings as TableSettings);
    try {
      const log = await this.store.tableLog(row.id);
      await table.rebuild(log.map((l) => l.entry as LogEntry));
      return table;
    } catch (e) {
      table.close();
      if (this.tables.get(row.id) === table) this.tables.delete(row.id);
      throw e;
    }
  }

  /** Rebuilds every unfinished table from its log. */
  async load(): Promise<number> {
    const rows = await this.store.unfinishedTables();
    for (const row of rows) {
      try {
        await this.adopt(row);
      } catch (e) {
        this.log.error({ table: row.id, err: String(e) }, 'cannot rebuild a table');
      }
    }
    return this.tables.size;
  }

  /** Opens a table; `creator` (a user id) may change its bots while it waits. */
  async create(body: CreateTable, defaults: ServerOptions['tableDefaults'], creator?: string): Promise<{ ok: true; table: Table } | { ok: false; code: ServerErrorCode; message: string }> {
    const module = findGame(body.game);
    if (!module) return { ok: false, code: 'badMessage', message: `unknown game ${JSON.stringify(body.game.slice(0, 40))}; games: ${GAMES.map((m) => m.game.id).join(', ')}` };
    const overrides: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(body.rules ?? {})) Object.defineProperty(overrides, k, { value: v, enumerable: true, writable: true, configurable: true });
    const rules = resolveRules(module.game.ruleBook, body.preset, overrides);
    if (!rules.ok) return { ok: false, code: rules.error.code, message: rules.error.message };
    const count = module.game.seatCount(rules.value);
    const seats = initialSeats(module, body.seats, count);
    if (!seats.ok) return { ok: false, code: 'badSeats', message: seats.message };
    const settings: TableSettings = {
      game: module.game.id,
      rules: rules.value,
      seats: count,
      public: body.public,
      rated: body.rated,
      clockMs: defaults?.clockMs ?? body.clockMs,
      botDelayMs: defaults?.botDelayMs ?? body.botDelayMs,
      // The grace period is the table's own setting when it names one; the server's default otherwise.
      graceMs: body.graceMs ?? defaults?.graceMs ?? DEFAULT_GRACE_MS,
      contributionMs: defaults?.contributionMs ?? body.contributionMs,
      length: body.length,
      ...(creator !== undefined ? { creator } : {}),
    };
    const id = randomId();
    const row: TableRow = { id, game: settings.game, settings, finished: false, created: Date.now() };
    await this.store.createTable(row);
    await this.cluster?.created(row);
    const table = this.make(id, settings);
    await table.rebuild([]);
    const bots: LogEntry[] = seats.seats.flatMap((occ, seat) => (occ.kind === 'bot' ? [{ k: 'seat', seat, occ } as LogEntry] : []));
    await table.init(bots);
    if (this.cluster) this.cluster.ready(table);
    else this.lobby.changed();
    return { ok: true, table };
  }

  async close(): Promise<void> {
    for (const t of this.tables.values()) t.close();
    this.lobby.close();
    await this.bots.close();
  }
}

/** The table and sequence number a message names, if it can be read at all (for refusals before it is checked). */
function refersTo(data: unknown): { table?: string; cseq?: number } {
  try {
    const m = JSON.parse(String(data)) as { table?: unknown; cseq?: unknown };
    return { table: typeof m.table === 'string' ? m.table.slice(0, 64) : undefined, cseq: typeof m.cseq === 'number' ? m.cseq : undefined };
  } catch {
    return {};
  }
}

function tokenOf(req: FastifyRequest): string | undefined {
  const fromCookie = req.cookies?.[SESSION_COOKIE];
  if (fromCookie) return fromCookie;
  const auth = req.headers.authorization;
  if (auth?.startsWith('Bearer ')) return auth.slice(7);
  const q = (req.query as Record<string, unknown> | undefined)?.token;
  return typeof q === 'string' ? q : undefined;
}

/** Starts the server: HTTP API and WebSocket on one port. */
export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const limits: Limits = { ...DEFAULT_LIMITS, ...options.limits };
  const app = Fastify({
    logger: options.logLevel === false ? false : { level: options.logLevel ?? 'info', redact: ['req.headers.cookie', 'req.headers.authorization', 'body.password'] },
    bodyLimit: 64 * 1024,
    ...(options.trustProxy ? { trustProxy: [...options.trustProxy] } : {}),
  });
  const metrics = new ServerMetrics();
  const store = metrics.store(await openStore(options));
  const identity = new Identity(store);
  const cluster = options.redis ? new ClusterNode({ redis: options.redis, ...options.cluster }, store, app.log) : undefined;
  const hall = new Hall(store, limits, app.log, cluster, { workers: options.botWorkers, thinkMs: options.botThinkMs });
  if (cluster) {
    // The tables are shared out by the cluster: this process takes those nobody holds.
    await cluster.start(metrics.takeovers(hall)).catch(async (e: unknown) => {
      await store.close();
      throw e;
    });
    app.log.info({ node: cluster.id }, 'joined the cluster');
  } else {
    const rebuilt = await hall.load();
    app.log.info({ tables: rebuilt }, 'tables rebuilt from the log');
  }

  await app.register(cookie);
  await registerOperations(app, { limits, store, cluster, hall, metrics });
  await app.register(websocket, { options: { maxPayload: limits.maxFrame } });

  const authed = async (req: FastifyRequest): Promise<UserRow | undefined> => identity.userOfToken(tokenOf(req));
  const secure = false;
  const session = (result: IdentityResult, reply: import('fastify').FastifyReply) => {
    if (!result.ok) return reply.code(result.status).send({ error: { code: result.code, message: result.message } });
    reply.setCookie(SESSION_COOKIE, result.token, { path: '/', httpOnly: true, sameSite: 'lax', secure, maxAge: 60 * 60 * 24 * 365 });
    return reply.send({ user: result.user, token: result.token });
  };
  const badRequest = (reply: import('fastify').FastifyReply, message: string, code: ServerErrorCode = 'badMessage') => reply.code(400).send({ error: { code, message } });

  app.post('/api/guest', async (req, reply) => {
    const body = GuestRequest.safeParse(req.body);
    if (!body.success) return badRequest(reply, 'send {"name": "…"} (1 to 40 characters)');
    return session(await identity.guest(body.data.name), reply);
  });
  app.post('/api/register', async (req, reply) => {
    const body = Credentials.safeParse(req.body);
    if (!body.success) return badRequest(reply, 'send {"name": "…", "password": "…"}: a name of 1 to 40 characters, a password of at least 8');
    return session(await identity.register(body.data.name, body.data.password), reply);
  });
  app.post('/api/login', async (req, reply) => {
    const body = Credentials.safeParse(req.body);
    if (!body.success) return reply.code(401).send({ error: { code: 'unauthorized', message: 'unknown name or wrong password' } });
    return session(await identity.login(body.data.name, body.data.password), reply);
  });
  app.get('/api/me', async (req) => {
    const user = await authed(req);
    // No session is an answer, not an error: a first visit asks this before anything else.
    return { user: user ?? null };
  });
  app.get('/api/games', async () => ({
    games: GAMES.map((m) => ({
      id: m.game.id,
      title: m.game.title,
      presets: m.game.ruleBook.presets.map((p) => p.name),
      defaultPreset: m.game.ruleBook.defaultPreset,
      houseRules: m.game.ruleBook.houseRules.map((r) => ({ name: r.name, type: r.type, default: r.default, choices: r.choices, min: r.min, max: r.max })),
      bots: serverBots(m),
      /** The seats with each preset's rules (a house rule such as Karnöffel's players may change it). */
      presetSeats: Object.fromEntries(
        m.game.ruleBook.presets.map((p) => {
          const r = resolveRules(m.game.ruleBook, p.name);
          return [p.name, r.ok ? m.game.seatCount(r.value) : null];
        }),
      ),
      seats: (() => {
        const r = resolveRules(m.game.ruleBook);
        return r.ok ? m.game.seatCount(r.value) : null;
      })(),
      unit: m.sitting.unit,
    })),
  }));
  app.post('/api/tables', async (req, reply) => {
    const user = await authed(req);
    if (!user) return reply.code(401).send({ error: { code: 'unauthorized', message: 'log in or play as a guest first' } });
    const body = CreateTable.safeParse(req.body);
    if (!body.success) return badRequest(reply, body.error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; '));
    const made = await hall.create(body.data, options.tableDefaults, user.id);
    if (!made.ok) return badRequest(reply, made.message, made.code);
    const t = made.table;
    return { id: t.id, invite: `/table/${t.id}`, game: t.settings.game, rules: t.rules, seats: t.publicSeats(), public: t.settings.public };
  });
  app.get('/api/tables', async () => ({ tables: cluster ? await cluster.lobbyTables() : hall.lobbyTables() }));
  app.get('/api/stats', async () => {
    const mem = process.memoryUsage();
    return { tables: hall.tables.size, rss: mem.rss, heapUsed: mem.heapUsed, uptime: process.uptime(), ...(cluster ? { node: cluster.id } : {}) };
  });
  app.get('/api/tables/:id', async (req, reply) => {
    const id = (req.params as { id: string }).id;
    const local = hall.tables.get(id);
    const t = local ? infoOf(local) : await cluster?.info(id);
    if (!t) {
      // A table whose sittings are over is no longer kept: its records say it was there.
      const records = await store.recordsOfTable(id);
      if (records.length > 0) return reply.code(410).send({ error: { code: 'tableFinished', message: 'the table is over' }, records });
      return reply.code(404).send({ error: { code: 'unknownTable', message: 'no such table' } });
    }
    return { id: t.id, game: t.game, rules: t.rules, seats: t.seats, phase: t.phase, settings: t.settings, records: await store.recordsOfTable(t.id) };
  });
  app.get('/api/records/:id', async (req, reply) => {
    const r = await store.record((req.params as { id: string }).id);
    if (!r) return reply.code(404).send({ error: { code: 'unknownRecord', message: 'no such record' } });
    return reply.header('content-disposition', `attachment; filename="stich-${r.game}-${r.id}.json"`).send(r.record);
  });
  await app.register(analysisRoutes, { store, bots: hall.bots });
  app.get('/api/leaderboard/:game', async (req, reply) => {
    const module = findGame((req.params as { game: string }).game);
    if (!module) return reply.code(404).send({ error: { code: 'unknownGame', message: 'no such game' } });
    const rows = await store.leaderboard(module.game.id, 100);
    return { game: module.game.id, players: rows.map((r) => ({ name: r.name, id: r.userId, rating: ordinalOf(r), mu: r.mu, sigma: r.sigma, sittings: r.sittings })) };
  });

  app.get('/api/players/:name', async (req, reply) => {
    const params = PlayerParams.safeParse(req.params);
    const query = PlayerQuery.safeParse(req.query ?? {});
    if (!params.success || !query.success) return badRequest(reply, 'a player is /api/players/NAME (1 to 40 characters), with ?id=… (a user id) and ?limit=1…100 optional');
    const user = await store.findPlayer(params.data.name, query.data.id);
    if (!user) return reply.code(404).send({ error: { code: 'unknownPlayer', message: 'no such player' } });
    const title = (game: string) => gameById(game)?.game.title ?? game;
    const ratings = await store.playerRatings(user.id);
    const sittings = await store.playerSittings(user.id, query.data.limit);
    const page: PlayerPage = {
      id: user.id,
      name: user.name,
      guest: user.guest,
      ratings: ratings.map((r) => ({ game: r.game, title: title(r.game), rating: ordinalOf(r), mu: r.mu, sigma: r.sigma, sittings: r.sittings })),
      sittings: sittings.map((s) => ({ record: s.recordId, table: s.tableId, game: s.game, title: title(s.game), created: s.created, seat: s.seat, total: s.total, place: s.place, players: s.players })),
    };
    return page;
  });

  app.register(async (scope) => {
    scope.get(
      '/ws',
      {
        websocket: true,
        preValidation: async (req, reply) => {
          const user = await authed(req);
          if (!user) return reply.code(401).send({ error: { code: 'unauthorized', message: 'a session token is needed (cookie or ?token=)' } });
          (req as FastifyRequest & { user?: UserRow }).user = user;
        },
      },
      (socket, req) => connection(socket, (req as FastifyRequest & { user: UserRow }).user),
    );
  });

  const connection = (ws: WebSocket, user: UserRow) => {
    const acks = metrics.acknowledgements();
    const send = (m: ServerMessage) => {
      acks.answered(m);
      if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(m));
    };
    const sub: Subscriber = { userId: user.id, send };
    const bucket = new TokenBucket(limits.messageRate, limits.messageBurst);
    let strikes = 0;
    const error = (code: ServerErrorCode, message: string, extra: { table?: string; cseq?: number } = {}) => send({ type: 'error', code, message, ...extra });
    if (hall.lobby.connections(user.id) >= limits.connectionsPerUser) {
      error('tooManyConnections', `at most ${limits.connectionsPerUser} connections per player`);
      ws.close(1008, 'too many connections');
      return;
    }
    hall.lobby.connected(user.id, user.name);
    const front = cluster?.connect(user, send);
    const following = new Set<Table>();
    send({ type: 'hello', user: { id: user.id, name: user.name, guest: user.guest } });

    ws.on('error', (e) => app.log.warn({ user: user.id, err: String(e) }, 'socket error'));
    ws.on('close', () => {
      for (const t of following) t.leave(sub);
      following.clear();
      if (front) cluster!.disconnect(front);
      hall.lobby.unwatch(sub);
      hall.lobby.disconnected(user.id);
    });
    ws.on('message', (data, isBinary) => {
      if (!bucket.take()) {
        error('rateLimited', `at most ${limits.messageRate} messages a second`, refersTo(data));
        if (++strikes >= limits.strikes) ws.close(1008, 'flood');
        return;
      }
      strikes = 0;
      if (isBinary) return error('badMessage', 'messages are JSON text');
      let json: unknown;
      try {
        json = JSON.parse(data.toString());
      } catch {
        return error('badJson', 'the message is not valid JSON');
      }
      const parsed = ClientMessage.safeParse(json);
      if (!parsed.success) {
        const type = typeof json === 'object' && json !== null ? (json as { type?: unknown }).type : undefined;
        const issue = parsed.error.issues[0];
        return error('badMessage', `${typeof type === 'string' ? `"${type.slice(0, 20)}": ` : ''}${issue ? `${issue.path.join('.') || 'message'}: ${issue.message}` : 'malformed'}`);
      }
      acks.asked(parsed.data);
      void handle(parsed.data).catch((e: unknown) => {
        app.log.error({ user: user.id, err: String(e) }, 'message failed');
        error('internal', 'the server could not handle that message');
      });
    });

    const handle = async (m: ClientMessage): Promise<void> => {
      if (m.type === 'ping') return send({ type: 'pong' });
      if (m.type === 'lobby') {
        if (cluster && !hall.lobby.watching()) await cluster.refreshLobby();
        return hall.lobby.watch(sub);
      }
      if (!isTableMessage(m)) return;
      // In a cluster the table's owner runs the message, in whichever process.
      if (front) return cluster!.request(front, m);
      const table = hall.tables.get(m.table);
      if (!table) return error('unknownTable', 'no such table', { table: m.table });
      if (m.type === 'join') following.add(table);
      if (m.type === 'unjoin') following.delete(table);
      return dispatch(table, sub, user, m, send);
    };
  };

  // The browser client (src/web/client, built by Vite): its files, and index.html for the app's own paths.
  const clientDir = options.clientDir ?? fileURLToPath(new URL('../client/', import.meta.url));
  if (existsSync(`${clientDir}/index.html`)) {
    await app.register(fastifyStatic, clientFileOptions(clientDir));
    const index = (_req: FastifyRequest, reply: import('fastify').FastifyReply) => reply.header('cache-control', 'no-cache').sendFile('index.html');
    app.get('/table/:id', index);
    app.get('/record/:id', index);
    app.get('/player/:name', index);
    app.get('/rules/:game', index);
  }

  await app.listen({ port: options.port ?? 8080, host: options.host ?? '127.0.0.1' });
  const port = (app.server.address() as { port: number }).port;
  return {
    app,
    url: `http://${!options.host || ['127.0.0.1', '0.0.0.0', '::'].includes(options.host) ? 'localhost' : options.host}:${port}`,
    port,
    hall,
    cluster,
    close: async () => {
      await cluster?.close();
      await hall.close();
      await app.close();
      await store.close();
    },
  };
}

