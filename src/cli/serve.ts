import { limitsFromEnvironment, parseHeartbeatMs, parseTrustProxy, serveSettings, type ServeFlags, type Setting } from './config.js';
import { parseOrigins } from '../server/origins.js';
import { CliError } from './play.js';
import { parseThink } from './seats.js';
import { parseClusterKeys } from '../server/clusterSeal.js';

/** What commander hands over: only the options given on the command line. */
export type ServeOptions = ServeFlags;

const text = (s: Setting | undefined): string | undefined => (s === undefined || s.value === true ? undefined : s.value);

/**
 * `stich serve`: the multiplayer server on one port (HTTP API and WebSocket), data in an SQLite file or in PostgreSQL
 * (`--pg`). Every option may come from the environment instead (config.ts: STICH_PORT, STICH_DB, …); flags win.
 */
export async function serveCommand(opts: ServeOptions, out: NodeJS.WritableStream = process.stdout, env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const s = serveSettings(opts, env);
  const portText = text(s.port) ?? '8080';
  const port = Number(portText);
  if (!/^\d+$/.test(portText) || port > 65535) throw new CliError(`${s.port?.from ?? '--port'} must be a port number from 0 to 65535, not ${JSON.stringify(portText)}`);
  const host = s.host === undefined ? '127.0.0.1' : s.host.value === true ? '0.0.0.0' : s.host.value;
  const pg = text(s.pg);
  if (pg !== undefined && !/^postgres(ql)?:\/\//.test(pg)) throw new CliError(`${s.pg!.from} takes a PostgreSQL URL such as postgres://user@host:5432/database, not ${JSON.stringify(pg.slice(0, 80))}`);
  const workersText = text(s.botWorkers);
  const botWorkers = workersText === undefined ? undefined : Number(workersText);
  if (botWorkers !== undefined && (!/^\d+$/.test(workersText!) || botWorkers < 1 || botWorkers > 64)) {
    throw new CliError(`${s.botWorkers!.from} must be a number of worker threads from 1 to 64, not ${JSON.stringify(workersText)}`);
  }
  const botThinkMs = parseThink(text(s.think), s.think?.from);
  const redis = text(s.redis);
  if (redis !== undefined && !/^rediss?:\/\//.test(redis)) throw new CliError(`${s.redis!.from} takes a URL redis://host:port, not ${JSON.stringify(redis.slice(0, 80))}`);
  if (redis !== undefined && pg === undefined) {
    throw new CliError(`${s.redis!.from} starts one process of a cluster, whose processes share a PostgreSQL database: give it with --pg postgres://… (or STICH_PG_URL)`);
  }
  const keyText = text(s.clusterKey);
  if (redis !== undefined && keyText === undefined) {
    throw new CliError(`${s.redis!.from} starts one process of a cluster, whose processes seal their messages in Redis with a key they share: give it in STICH_CLUSTER_KEY (or --cluster-key), 64 hex digits made once with: openssl rand -hex 32`);
  }
  let keys: Buffer[] | undefined;
  try {
    keys = keyText === undefined ? undefined : parseClusterKeys(keyText);
  } catch (e) {
    throw new CliError(`${s.clusterKey!.from}: ${(e as Error).message}`);
  }
  const prefix = text(s.redisPrefix) ?? 'stich';
  const leaseText = text(s.leaseMs);
  const leaseMs = leaseText === undefined ? undefined : Number(leaseText);
  if (leaseMs !== undefined && (!/^\d+$/.test(leaseText!) || leaseMs < 600 || leaseMs > 60_000)) throw new CliError(`${s.leaseMs!.from} is a lease in milliseconds from 600 to 60000, not ${JSON.stringify(leaseText!.slice(0, 40))}`);
  if (!/^[\w.-]{1,64}$/.test(prefix)) throw new CliError(`${s.redisPrefix!.from} is 1 to 64 letters, digits, dots, dashes or underscores`);
  // Quiet by default: warnings and errors only; --log info adds a line per request.
  const log = text(s.log) ?? 'warn';
  if (!['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].includes(log)) throw new CliError(`${s.log!.from} must be one of fatal, error, warn, info, debug, trace, silent, not ${JSON.stringify(log.slice(0, 40))}`);
  const trustProxy = parseTrustProxy(s.trustProxy);
  const originsText = text(s.origin);
  const origins = originsText === undefined ? undefined : parseOrigins(originsText);
  if (typeof origins === 'string') throw new CliError(`${s.origin!.from}: ${origins}`);
  const daysText = text(s.sessionDays);
  const days = daysText === undefined ? 30 : Number(daysText);
  if (!/^\d+(\.\d+)?$/.test(daysText ?? '30') || days <= 0 || days > 3650) throw new CliError(`${s.sessionDays!.from} must be a number of days above 0 and at most 3650, not ${JSON.stringify(daysText)}`);
  const heartbeatMs = parseHeartbeatMs(s.heartbeatMs);
  const limits = { ...limitsFromEnvironment(env), ...(heartbeatMs !== undefined ? { heartbeatMs } : {}) };
  const { startServer } = await import('../server/server.js');
  const { describeLocation } = await import('../server/store/open.js');
  const where = pg !== undefined ? { pg } : { db: text(s.db) ?? 'stich.db' };
  const cluster = redis !== undefined ? { redis, cluster: { prefix, keys, ...(leaseMs !== undefined ? { leaseMs } : {}) } } : {};
  const server = await startServer({ ...where, ...cluster, port, host, logLevel: log, botWorkers, botThinkMs, trustProxy, limits, origins, identity: { sessionIdleMs: Math.round(days * 24 * 3600_000) } }).catch((e: NodeJS.ErrnoException) => {
    // The port is the trouble, not the database: say so.
    if (e.syscall === 'listen' && e.code === 'EADDRINUSE') throw new CliError(`cannot listen on ${host}:${port}: the port is in use (another stich server, or another program); stop it or choose another port with --port`);
    if (e.syscall === 'listen' && e.code === 'EACCES') throw new CliError(`cannot listen on ${host}:${port}: not allowed (ports below 1024 need special rights); choose another port with --port`);
    if (e.syscall === 'listen' && e.code === 'EADDRNOTAVAIL') throw new CliError(`cannot listen on ${host}:${port}: this machine has no such address; give one of its own with --host`);
    const withRedis = redis !== undefined ? ` with Redis ${describeLocation({ pg: redis })}` : '';
    throw new CliError(`cannot start the server on ${pg !== undefined ? 'PostgreSQL' : 'database'} ${describeLocation(where)}${withRedis}: ${e.message}`);
  });
  const node = server.cluster ? `; cluster node ${server.cluster.id}, Redis ${describeLocation({ pg: redis })}` : '';
  out.write(`stich server listening on ${server.url} (${pg !== undefined ? 'PostgreSQL' : 'database'} ${describeLocation(where)}${node})\n`);
  if (host === '127.0.0.1' || host === 'localhost' || host === '::1') out.write('Only this computer can connect; --host lets others in (--host alone: every interface).\n');
  // SIGTERM (systemd's stop) and Ctrl-C drain the process (docs/deploy.md "Restarts"); a second signal ends it at once.
  let stopping = false;
  const stop = async () => {
    if (stopping) process.exit(1);
    stopping = true;
    const r = await server.drain().catch((e: unknown) => {
      process.stderr.write(`stich: the drain failed: ${String(e)}\n`);
      process.exit(1);
    });
    const handed = r.handoff ? `; ${r.handoff.tables} tables handed to ${r.handoff.targets} other processes (${r.handoff.shares.join(' + ')})${r.handoff.takenMs === null ? `, ${r.handoff.untaken} not yet taken` : ` and taken in ${r.handoff.takenMs} ms`}` : `; ${r.tables} tables stored`;
    out.write(`stich server drained in ${r.ms} ms: ${r.sockets} sockets told to reconnect${handed} (steps ended at ${r.steps.join(', ')} ms${r.unanswered ? `; ${r.unanswered} sockets closed with a request unanswered, sent again by their clients` : ''})\n`);
    process.exit(0);
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void stop());
}
