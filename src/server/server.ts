import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { ClusterNode, type ClusterOptions } from './cluster.js';
import { Hall, type TableDefaults } from './hall.js';
import { DEFAULT_IDENTITY, Identity, type IdentityOptions } from './identity.js';
import { DEFAULT_LOGIN_THROTTLE, LoginThrottle, type LoginThrottleLimits } from './loginThrottle.js';
import { UserSockets } from './userSockets.js';
import { DEFAULT_LIMITS, type Limits } from './limits.js';
import { LocalRouter } from './router.js';
import type { ServerContext } from './routes/context.js';
import { identityRoutes } from './routes/identity.js';
import { lobbyRoutes } from './routes/lobby.js';
import { playerRoutes } from './routes/players.js';
import { socketRoutes } from './routes/socket.js';
import { tableRoutes } from './routes/tables.js';
import { openStore } from './store/open.js';
import { analysisRoutes } from './analysisRoutes.js';
import { ClientBuild, clientFileOptions } from './clientFiles.js';
import { ServerMetrics } from './metrics.js';
import { registerOperations } from './operations.js';
import { guestLimits } from './creationLimits.js';
import { clientErrorHandler, socketErrorHandler } from './clientErrors.js';
import { Moderation } from './moderation.js';
import { adminRoutes } from './routes/admin.js';
import { reportRoutes } from './routes/reports.js';
import { closeOpenSockets, drain, DrainState, type DrainReport } from './drain.js';

export { Hall } from './hall.js';

/**
 * A request as the log shows it: its method and path, never its query string (where a client may have put a token
 * or ticket), and the client's address.
 */
function requestForLog(req: FastifyRequest): Record<string, unknown> {
  return { method: req.method, url: pathOf(req.url ?? ''), remoteAddress: req.ip };
}

/** A URL's path, its query string (if any) shown as `?…`. */
function pathOf(url: string): string {
  const q = url.indexOf('?');
  return q < 0 ? url : `${url.slice(0, q)}?…`;
}

export interface ServerOptions {
  /** The SQLite file (the default store). */
  readonly db?: string;
  /** A PostgreSQL URL: the store is there instead of in an SQLite file. */
  readonly pg?: string;
  /** A Redis URL: this process is one of a cluster (docs/cluster.md), its store shared with the others (PostgreSQL). */
  readonly redis?: string;
  /** The cluster's key prefix in Redis, its lease timing, and the keys its messages are sealed with (required with `redis`). */
  readonly cluster?: Omit<ClusterOptions, 'redis' | 'keys'> & { readonly keys?: readonly Buffer[] };
  readonly port?: number;
  readonly host?: string;
  readonly limits?: Partial<Limits>;
  /** pino's level, or false for no logs. */
  readonly logLevel?: string | false;
  /** Overrides of every new table's settings (tests: clocks, bot delays, contributions); graceMs is only the default for tables that name none. */
  readonly tableDefaults?: TableDefaults;
  /** Worker threads for the thinking bots (default: the cores less one, at least one). */
  readonly botWorkers?: number;
  /** Milliseconds per decision of the thinking bots instead of their levels' own budgets (as the CLI's --think). */
  readonly botThinkMs?: number;
  /** The built browser client to serve (default: dist/client beside the compiled server; nothing is served when it is missing). */
  readonly clientDir?: string;
  /** Proxies whose X-Forwarded-For names the client's address (Fastify's trustProxy: addresses, CIDR ranges, loopback). */
  readonly trustProxy?: readonly string[];
  /** The origins a browser may open the WebSocket from with its session cookie (default: the request's own host). */
  readonly origins?: readonly string[];
  /** Session idle time and ticket lifetime (identity.ts). */
  readonly identity?: Partial<IdentityOptions>;
  /** Failed logins per account and address (loginThrottle.ts). */
  readonly loginThrottle?: Partial<LoginThrottleLimits>;
  /** Where the log goes (default: standard output); tests read it. */
  readonly logStream?: { write(line: string): void };
}

export interface RunningServer {
  readonly app: FastifyInstance;
  readonly url: string;
  readonly port: number;
  readonly hall: Hall;
  readonly cluster?: ClusterNode;
  close(): Promise<void>;
  /** Set while the process drains (tests set it to look at a draining process). */
  readonly draining: DrainState;
  /** What SIGTERM does (drain.ts): not ready, no new sockets, the tables finished or handed over, clients told to reconnect (4001), then close(). */
  drain(): Promise<DrainReport>;
}

/** PostgreSQL connections a server keeps open (store/postgres.ts `min`). */
const WARM_CONNECTIONS = 4;

/** The route plugins, by concern: each is registered with the server's context as its options. */
export const ROUTES = [identityRoutes, tableRoutes, playerRoutes, lobbyRoutes, socketRoutes] as const;

/** Starts the server: HTTP API and WebSocket on one port. */
export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const limits: Limits = { ...DEFAULT_LIMITS, ...options.limits };
  const app = Fastify({
    logger:
      options.logLevel === false
        ? false
        : {
            level: options.logLevel ?? 'info',
            redact: ['req.headers.cookie', 'req.headers.authorization', 'body.password', 'body.newPassword'],
            serializers: { req: requestForLog },
            ...(options.logStream ? { stream: options.logStream } : {}),
          },
    bodyLimit: 64 * 1024,
    // A request's headers within 10 s, the whole of it within 30 s, checked every 2 s (docs/security.md).
    requestTimeout: limits.requestMs,
    http: { headersTimeout: limits.headersMs, requestTimeout: limits.requestMs, connectionsCheckingInterval: limits.connectionCheckMs },
    // close() is the hard stop (drain() is the gentle one, before it): every HTTP connection goes, idle or not.
    forceCloseConnections: true,
    ...(options.trustProxy ? { trustProxy: [...options.trustProxy] } : {}),
  });
  const keys = options.cluster?.keys ?? [];
  if (options.redis && keys.length === 0) throw new Error('a cluster needs a key its processes share, to seal their messages in Redis: STICH_CLUSTER_KEY or --cluster-key (docs/cluster.md)');
  const metrics = new ServerMetrics();
  // Four connections to PostgreSQL open from the start: reconnecting clients and tables taken over come in bursts.
  const store = metrics.store(await openStore({ ...options, warm: WARM_CONNECTIONS }));
  const cluster = options.redis ? new ClusterNode({ redis: options.redis, ...options.cluster, keys }, store, app.log) : undefined;
  const hall = new Hall(store, limits, app.log, cluster, { workers: options.botWorkers, thinkMs: options.botThinkMs });
  if (cluster) {
    cluster.onMoved = () => metrics.moved.inc();
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
  const draining = new DrainState();
  draining.register(app);
  await registerOperations(app, { limits, store, cluster, hall, metrics, accepting: draining.check });
  await app.register(guestLimits, { limits });
  clientErrorHandler(app);
  await app.register(websocket, { options: { maxPayload: limits.maxFrame }, errorHandler: socketErrorHandler, preClose: closeOpenSockets() });
  // One path for a socket's table messages: the cluster is the router when there is one.
  const moderation = store.moderation ? new Moderation(store.moderation, { redis: options.redis, prefix: options.cluster?.prefix, log: app.log }) : undefined;
  // The browser client (src/web/client, built by Vite), and its build, told to each socket.
  const clientDir = options.clientDir ?? fileURLToPath(new URL('../client/', import.meta.url));
  const sockets = new UserSockets(cluster);
  if (cluster) {
    cluster.onLoggedOut = (user, except) => sockets.closeAll(user, except);
    cluster.onSessionEnded = (session) => sockets.closeSession(session);
  }
  const ctx: ServerContext = {
    clientBuild: new ClientBuild(clientDir),
    hall,
    store,
    identity: new Identity(store, { ...DEFAULT_IDENTITY, ...options.identity }),
    logins: new LoginThrottle({ ...DEFAULT_LOGIN_THROTTLE, ...options.loginThrottle }),
    sockets,
    origins: options.origins,
    limits,
    router: cluster ?? new LocalRouter(hall),
    cluster,
    tableDefaults: options.tableDefaults,
    metrics,
    moderation,
  };
  // Fastify's own 404 logs the whole URL at info level, query string and all: this one names the path only.
  // A browser that asks for a page at an unknown address gets the app with 404, which says so in the player's words.
  const hasClient = existsSync(`${clientDir}/index.html`);
  app.setNotFoundHandler((req, reply) => {
    const path = pathOf(req.url);
    if (hasClient && (req.method === 'GET' || req.method === 'HEAD') && !path.startsWith('/api/') && /\btext\/html\b/.test(req.headers.accept ?? '')) {
      return reply.code(404).header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.code(404).send({ error: { code: 'notFound', message: `no such route: ${req.method} ${path}` } });
  });
  for (const routes of ROUTES) await app.register(routes, ctx);
  if (moderation) for (const routes of [adminRoutes, reportRoutes]) await app.register(routes, { ...ctx, moderation });
  await app.register(analysisRoutes, { store, bots: hall.bots, limits });

  // The browser client's files, and index.html for the app's own paths.
  if (hasClient) {
    await app.register(fastifyStatic, clientFileOptions(clientDir));
    const index = (_req: FastifyRequest, reply: FastifyReply) => reply.header('cache-control', 'no-cache').sendFile('index.html');
    app.get('/table/:id', index);
    app.get('/record/:id', index);
    app.get('/player/:name', index);
    app.get('/rules/:game', index);
    app.get('/learn/:game', index);
    app.get('/admin', index);
  }

  await app.listen({ port: options.port ?? 8080, host: options.host ?? '127.0.0.1' });
  const port = (app.server.address() as { port: number }).port;
  const close = async () => {
    await cluster?.close();
    await hall.close();
    await moderation?.close();
    await app.close();
    await store.close();
  };
  return {
    app,
    url: `http://${!options.host || ['127.0.0.1', '0.0.0.0', '::'].includes(options.host) ? 'localhost' : options.host}:${port}`,
    port,
    hall,
    cluster,
    close,
    draining,
    drain: () =>
      drain({
        app,
        state: draining,
        tables: hall.tables,
        cluster,
        busy: (ws) => ctx.sockets.busy(ws),
        ticket: async (ws) => {
          const user = ctx.sockets.userOf(ws);
          // Bought with the socket's session: a logout of it before the reconnect ends this ticket too.
          return user && ctx.identity.ticket(user, ctx.sockets.sessionOf(ws) ?? null);
        },
        close,
      }),
  };
}
