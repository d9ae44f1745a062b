import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ServeChild } from './clusterHarness.js';

/**
 * Faults for the cluster's tests, as a fault injector brings them: a private
 * `redis-server` that can be stopped (and comes back empty), a process
 * paused (SIGSTOP) and resumed, and a process whose next wait for a database
 * connection lasts long (a preload module, armed by SIGUSR2).
 */

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function until(what: string, ok: () => boolean | Promise<boolean>, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await ok())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

/** A free loopback port. */
export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

/** The redis-server binary for a private Redis (.ci/run installs Debian's redis-server when it is missing). */
const REDIS_SERVER = [process.env.REDIS_SERVER, ...(process.env.PATH ?? '').split(':').map((dir) => `${dir}/redis-server`)].find((path) => path && existsSync(path));

/** A private Redis without persistence on `port`: stopped, it comes back empty. */
export async function privateRedis(port: number): Promise<ChildProcess> {
  if (!REDIS_SERVER) throw new Error('this test needs redis-server: apt-get install redis-server, or REDIS_SERVER=/path/to/redis-server');
  const child = spawn(REDIS_SERVER, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  const listening = () =>
    new Promise<boolean>((resolve) => {
      const probe = connect(port, '127.0.0.1');
      probe.once('connect', () => {
        probe.destroy();
        resolve(true);
      });
      probe.once('error', () => resolve(false));
    });
  await until('redis-server to listen', listening);
  return child;
}

/** Stops a private Redis and waits until it is gone. */
export async function stopRedis(redis: ChildProcess): Promise<void> {
  if (redis.exitCode !== null) return;
  const gone = new Promise((r) => redis.once('exit', r));
  redis.kill('SIGTERM');
  await gone;
}

/** kill -STOP: the process holds its sockets but runs nothing (a long GC pause, a frozen VM). */
export function pause(s: ServeChild): void {
  s.child.kill('SIGSTOP');
}

export function resume(s: ServeChild): void {
  s.child.kill('SIGCONT');
}

// The built CLI (as clusterHarness.ts starts it): the preload finds `pg` from there.
const main = fileURLToPath(new URL(import.meta.url.endsWith('.ts') ? '../../dist/cli/main.js' : '../cli/main.js', import.meta.url));

/**
 * Node options for `serveChild` that load a module into the server which, once armed by SIGUSR2, makes the next
 * wait for a database connection last `ms`: the time between the check of a table's lease and the write that follows
 * it, where a process paused loses its lease unnoticed.
 */
export function slowConnectOnSignal(ms: number): string[] {
  const file = join(mkdtempSync(join(tmpdir(), 'stich-fault-')), 'slow-connect.mjs');
  writeFileSync(
    file,
    `import { createRequire } from 'node:module';
const pg = createRequire(${JSON.stringify(main)})('pg');
let armed = false;
process.on('SIGUSR2', () => { armed = true; });
const connect = pg.Pool.prototype.connect;
pg.Pool.prototype.connect = function (cb) {
  if (!armed) return connect.call(this, cb);
  armed = false;
  const wait = new Promise((r) => setTimeout(r, ${ms}));
  if (cb) { void wait.then(() => connect.call(this, cb)); return undefined; }
  return wait.then(() => connect.call(this));
};
`,
  );
  return ['--import', file];
}
