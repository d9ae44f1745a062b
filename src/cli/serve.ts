import { CliError } from './play.js';

export interface ServeOptions {
  readonly port?: string;
  readonly db?: string;
  readonly host?: string | boolean;
  readonly log?: string;
  readonly pg?: string;
  readonly redis?: string;
  readonly redisPrefix?: string;
}

/** `stich serve`: the multiplayer server on one port (HTTP API and WebSocket), data in an SQLite file. */
export async function serveCommand(opts: ServeOptions, out: NodeJS.WritableStream = process.stdout): Promise<void> {
  const port = opts.port === undefined ? 8080 : Number(opts.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new CliError(`--port must be a port number from 0 to 65535, not ${JSON.stringify(opts.port)}`);
  const host = opts.host === true ? '0.0.0.0' : typeof opts.host === 'string' ? opts.host : '127.0.0.1';
  const { startServer } = await import('../server/server.js');
  if (opts.pg && !/^postgres(ql)?:\/\//.test(opts.pg)) throw new CliError(`--pg takes a URL postgres://user@host:port/database, not ${JSON.stringify(opts.pg)}`);
  if (opts.redis && !/^rediss?:\/\//.test(opts.redis)) throw new CliError(`--redis takes a URL redis://host:port, not ${JSON.stringify(opts.redis)}`);
  if (opts.pg && !opts.redis) throw new CliError('--pg starts one process of a cluster: give the shared Redis too (--redis redis://host:port)');
  if (opts.redisPrefix !== undefined && !/^[\w.-]{1,64}$/.test(opts.redisPrefix)) throw new CliError('--redis-prefix is 1 to 64 letters, digits, dots, dashes or underscores');
  const server = await startServer({
    db: opts.db ?? 'stich.db',
    pg: opts.pg,
    redis: opts.redis,
    cluster: opts.redis ? { prefix: opts.redisPrefix ?? 'stich' } : undefined,
    port,
    host,
    logLevel: opts.log ?? 'info',
  });
  const where = opts.pg ? `PostgreSQL ${redactUrl(opts.pg)}` : `database ${opts.db ?? 'stich.db'}`;
  const cluster = server.cluster ? `, cluster node ${server.cluster.id} on ${redactUrl(opts.redis!)}` : '';
  out.write(`stich server listening on ${server.url} (${where}${cluster})\n`);
  const stop = async () => {
    await server.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
}

/** A URL without its password, for the log. */
function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(unreadable URL)';
  }
}
