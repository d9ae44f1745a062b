import { CliError } from './play.js';
import { parseThink } from './seats.js';

/** The log levels of `stich serve --log`. */
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

export interface ServeOptions {
  readonly port?: string;
  readonly db?: string;
  readonly pg?: string;
  readonly host?: string | boolean;
  readonly log?: string;
  readonly botWorkers?: string;
  readonly think?: string;
  readonly redis?: string;
  readonly redisPrefix?: string;
}

/** `stich serve`: the multiplayer server on one port (HTTP API and WebSocket), data in an SQLite file or in PostgreSQL (`--pg`). */
export async function serveCommand(opts: ServeOptions, out: NodeJS.WritableStream = process.stdout): Promise<void> {
  const port = opts.port === undefined ? 8080 : Number(opts.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new CliError(`--port must be a port number from 0 to 65535, not ${JSON.stringify(opts.port)}`);
  const host = opts.host === true ? '0.0.0.0' : typeof opts.host === 'string' ? opts.host : '127.0.0.1';
  if (opts.pg !== undefined && !/^postgres(ql)?:\/\//.test(opts.pg)) throw new CliError(`--pg takes a PostgreSQL URL such as postgres://user@host:5432/database, not ${JSON.stringify(opts.pg.slice(0, 80))}`);
  const botWorkers = opts.botWorkers === undefined ? undefined : Number(opts.botWorkers);
  if (botWorkers !== undefined && (!/^\d+$/.test(opts.botWorkers!) || botWorkers < 1 || botWorkers > 64)) {
    throw new CliError(`--bot-workers must be a number of worker threads from 1 to 64, not ${JSON.stringify(opts.botWorkers)}`);
  }
  const botThinkMs = parseThink(opts.think);
  // Quiet by default: warnings and errors only; --log info adds a line per request.
  const logLevel = opts.log ?? 'warn';
  if (!LOG_LEVELS.includes(logLevel)) throw new CliError(`--log must be one of ${LOG_LEVELS.join(', ')}, not ${JSON.stringify(logLevel.slice(0, 40))}`);
  const { startServer } = await import('../server/server.js');
  if (opts.redis !== undefined && !/^rediss?:\/\//.test(opts.redis)) throw new CliError(`--redis takes a URL redis://host:port, not ${JSON.stringify(opts.redis.slice(0, 80))}`);
  if (opts.redis !== undefined && opts.pg === undefined) throw new CliError('--redis starts one process of a cluster, whose processes share a PostgreSQL database: give it with --pg postgres://…');
  if (opts.redisPrefix !== undefined && !/^[\w.-]{1,64}$/.test(opts.redisPrefix)) throw new CliError('--redis-prefix is 1 to 64 letters, digits, dots, dashes or underscores');
  const { describeLocation } = await import('../server/store/open.js');
  const where = opts.pg !== undefined ? { pg: opts.pg } : { db: opts.db ?? 'stich.db' };
  const cluster = opts.redis !== undefined ? { redis: opts.redis, cluster: { prefix: opts.redisPrefix ?? 'stich' } } : {};
  const server = await startServer({ ...where, ...cluster, port, host, logLevel, botWorkers, botThinkMs }).catch((e: NodeJS.ErrnoException) => {
    // The port is the trouble, not the database: say so.
    if (e.syscall === 'listen' && e.code === 'EADDRINUSE') throw new CliError(`cannot listen on ${host}:${port}: the port is in use (another stich server, or another program); stop it or choose another port with --port`);
    if (e.syscall === 'listen' && e.code === 'EACCES') throw new CliError(`cannot listen on ${host}:${port}: not allowed (ports below 1024 need special rights); choose another port with --port`);
    if (e.syscall === 'listen' && e.code === 'EADDRNOTAVAIL') throw new CliError(`cannot listen on ${host}:${port}: this machine has no such address; give one of its own with --host`);
    const redis = opts.redis !== undefined ? ` with Redis ${describeLocation({ pg: opts.redis })}` : '';
    throw new CliError(`cannot start the server on ${opts.pg !== undefined ? 'PostgreSQL' : 'database'} ${describeLocation(where)}${redis}: ${e.message}`);
  });
  const node = server.cluster ? `; cluster node ${server.cluster.id}, Redis ${describeLocation({ pg: opts.redis })}` : '';
  out.write(`stich server listening on ${server.url} (${opts.pg !== undefined ? 'PostgreSQL' : 'database'} ${describeLocation(where)}${node})\n`);
  if (host === '127.0.0.1' || host === 'localhost' || host === '::1') out.write('Only this computer can connect; --host lets others in (--host alone: every interface).\n');
  const stop = async () => {
    await server.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
}

