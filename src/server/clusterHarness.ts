import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer, connect, type Server, type Socket } from 'node:net';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { withoutServeEnvironment } from '../cli/config.js';
import type { Store } from './store/store.js';

/**
 * Helpers of the cluster's tests and load test: `stich serve` processes as
 * children, a TCP proxy to cut one process off Redis, and the cleanup of a
 * test's Redis keys.
 */

// The built CLI, from the compiled module (dist/server) or from its source under the tests (src/server).
const main = fileURLToPath(new URL(import.meta.url.endsWith('.ts') ? '../../dist/cli/main.js' : '../cli/main.js', import.meta.url));

export interface ServeChild {
  readonly child: ChildProcess;
  readonly url: string;
  readonly args: readonly string[];
  exited: boolean;
}

/** The key the processes started by this test (or load test) share to seal their messages (a fresh one each run). */
export const TEST_CLUSTER_KEY = randomBytes(32).toString('hex');

/** The harness's clients all come from this machine: the limits per address would count them as one (docs/security.md). */
const HARNESS_ENV = { STICH_GUESTS_PER_HOUR: '0', STICH_ACCOUNTS_PER_HOUR: '0', STICH_TABLES_PER_MINUTE_PER_ADDRESS: '0' };

/**
 * `stich serve ARGS` (the built CLI) as a child process, configured by its flags alone (none of the caller's STICH_PORT, STICH_PG_URL, …)
 * except for the cluster's key (TEST_CLUSTER_KEY in STICH_CLUSTER_KEY unless `env` names one) and the limits per address (off);
 * resolves once it listens. `node` are options of node itself (`--import FILE`).
 */
export function serveChild(args: readonly string[], env: NodeJS.ProcessEnv = { ...withoutServeEnvironment(), ...HARNESS_ENV }, node: readonly string[] = []): Promise<ServeChild> {
  const child = spawn(process.execPath, [...node, main, 'serve', '--log', 'warn', ...args], { stdio: ['ignore', 'pipe', 'inherit'], env: { STICH_CLUSTER_KEY: TEST_CLUSTER_KEY, ...env } });
  return new Promise((resolve, reject) => {
    let out = '';
    const onData = (d: Buffer) => {
      out += d.toString();
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m) {
        child.stdout!.off('data', onData);
        // The server's log (warnings and worse) goes on to stderr when STICH_CLUSTER_LOG is set.
        if (process.env.STICH_CLUSTER_LOG) child.stdout!.pipe(process.stderr);
        else child.stdout!.resume();
        const s: ServeChild = { child, url: m[1], args, exited: false };
        child.once('exit', () => (s.exited = true));
        resolve(s);
      }
    };
    child.stdout!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`stich serve exited with ${code}: ${out}`)));
  });
}

/** kill -9, resolved once the process is gone. */
export async function killHard(s: ServeChild): Promise<void> {
  if (s.exited) return;
  const gone = new Promise((r) => s.child.once('exit', r));
  s.child.kill('SIGKILL');
  await gone;
}

/** A TCP proxy on a free loopback port: `cut()` drops every connection and refuses new ones until `restore()`. */
export class TcpProxy {
  private readonly sockets = new Set<Socket>();
  private server!: Server;
  private open = true;
  port = 0;

  constructor(
    private readonly host: string,
    private readonly targetPort: number,
  ) {}

  start(): Promise<void> {
    this.server = createServer((client) => {
      if (!this.open) return void client.destroy();
      const upstream = connect(this.targetPort, this.host);
      for (const [a, b] of [
        [client, upstream],
        [upstream, client],
      ] as const) {
        this.sockets.add(a);
        a.on('error', () => b.destroy());
        a.on('close', () => {
          this.sockets.delete(a);
          b.destroy();
        });
        a.pipe(b);
      }
    });
    return new Promise((resolve) =>
      this.server.listen(0, '127.0.0.1', () => {
        this.port = (this.server.address() as { port: number }).port;
        resolve();
      }),
    );
  }

  cut(): void {
    this.open = false;
    for (const s of this.sockets) s.destroy();
  }

  restore(): void {
    this.open = true;
  }

  close(): Promise<void> {
    this.cut();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/** Deletes every key under `prefix:` (and nothing else). */
export async function dropRedisPrefix(url: string, prefix: string): Promise<void> {
  const r = new Redis(url, { lazyConnect: true });
  await r.connect();
  try {
    let cursor = '0';
    do {
      const [next, keys] = await r.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
      cursor = next;
      if (keys.length > 0) await r.del(...keys);
    } while (cursor !== '0');
  } finally {
    r.disconnect();
  }
}

/** Which process (node id) holds each table's lease. */
export async function leaseHolders(url: string, prefix: string, tables: readonly string[]): Promise<Map<string, string | undefined>> {
  const r = new Redis(url, { lazyConnect: true });
  await r.connect();
  try {
    const values = tables.length === 0 ? [] : await r.mget(tables.map((t) => `${prefix}:lease:${t}`));
    return new Map(tables.map((t, i) => [t, values[i]?.split('/')[0]]));
  } finally {
    r.disconnect();
  }
}

/** Every person's action in the logs of these tables, as TABLE/USER/CSEQ. */
export async function loggedActions(store: Store, tables: readonly string[]): Promise<Set<string>> {
  const logged = new Set<string>();
  for (const id of tables) {
    for (const row of await store.tableLog(id)) {
      const e = row.entry as { k: string; user?: string; cseq?: number };
      if (e.k === 'act' && e.user) logged.add(`${id}/${e.user}/${e.cseq}`);
    }
  }
  return logged;
}
