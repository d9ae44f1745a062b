import { CliError } from './play.js';
import { parseThink } from './seats.js';

export interface ServeOptions {
  readonly port?: string;
  readonly db?: string;
  readonly host?: string | boolean;
  readonly log?: string;
  readonly botWorkers?: string;
  readonly think?: string;
}

/** `stich serve`: the multiplayer server on one port (HTTP API and WebSocket), data in an SQLite file. */
export async function serveCommand(opts: ServeOptions, out: NodeJS.WritableStream = process.stdout): Promise<void> {
  const port = opts.port === undefined ? 8080 : Number(opts.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new CliError(`--port must be a port number from 0 to 65535, not ${JSON.stringify(opts.port)}`);
  const host = opts.host === true ? '0.0.0.0' : typeof opts.host === 'string' ? opts.host : '127.0.0.1';
  const botWorkers = opts.botWorkers === undefined ? undefined : Number(opts.botWorkers);
  if (botWorkers !== undefined && (!/^\d+$/.test(opts.botWorkers!) || botWorkers < 1 || botWorkers > 64)) {
    throw new CliError(`--bot-workers must be a number of worker threads from 1 to 64, not ${JSON.stringify(opts.botWorkers)}`);
  }
  const botThinkMs = parseThink(opts.think);
  const { startServer } = await import('../server/server.js');
  const server = await startServer({ db: opts.db ?? 'stich.db', port, host, logLevel: opts.log ?? 'info', botWorkers, botThinkMs });
  out.write(`stich server listening on ${server.url} (database ${opts.db ?? 'stich.db'})\n`);
  const stop = async () => {
    await server.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
}
