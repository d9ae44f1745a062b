import { CliError } from './play.js';

export interface ServeOptions {
  readonly port?: string;
  readonly db?: string;
  readonly pg?: string;
  readonly host?: string | boolean;
  readonly log?: string;
}

/** `stich serve`: the multiplayer server on one port (HTTP API and WebSocket), data in an SQLite file or in PostgreSQL (`--pg`). */
export async function serveCommand(opts: ServeOptions, out: NodeJS.WritableStream = process.stdout): Promise<void> {
  const port = opts.port === undefined ? 8080 : Number(opts.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new CliError(`--port must be a port number from 0 to 65535, not ${JSON.stringify(opts.port)}`);
  const host = opts.host === true ? '0.0.0.0' : typeof opts.host === 'string' ? opts.host : '127.0.0.1';
  if (opts.pg !== undefined && !/^postgres(ql)?:\/\//.test(opts.pg)) throw new CliError(`--pg takes a PostgreSQL URL such as postgres://user@host:5432/database, not ${JSON.stringify(opts.pg.slice(0, 80))}`);
  const { startServer } = await import('../server/server.js');
  const { describeLocation } = await import('../server/store/open.js');
  const where = opts.pg !== undefined ? { pg: opts.pg } : { db: opts.db ?? 'stich.db' };
  const server = await startServer({ ...where, port, host, logLevel: opts.log ?? 'info' }).catch((e: Error) => {
    throw new CliError(`cannot start the server on ${opts.pg !== undefined ? 'PostgreSQL' : 'database'} ${describeLocation(where)}: ${e.message}`);
  });
  out.write(`stich server listening on ${server.url} (${opts.pg !== undefined ? 'PostgreSQL' : 'database'} ${describeLocation(where)})\n`);
  const stop = async () => {
    await server.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
}
