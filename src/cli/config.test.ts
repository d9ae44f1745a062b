import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Client } from '../server/client.js';
import { limitsFromEnvironment, parseHeartbeatMs, parseTrustProxy, serveSettings, withoutServeEnvironment } from './config.js';

const BIN = join(process.cwd(), 'dist/cli/main.js');

describe('serveSettings', () => {
  it('takes each option from its flag, else from its variable; empty variables count as unset', () => {
    const s = serveSettings({ port: '9000', host: true }, { STICH_PORT: '7000', STICH_LOG: 'warn', STICH_THINK: '  ', STICH_REDIS_PREFIX: 'club' });
    expect(s.port).toEqual({ value: '9000', from: '--port' });
    expect(s.host).toEqual({ value: true, from: '--host' });
    expect(s.log).toEqual({ value: 'warn', from: 'STICH_LOG' });
    expect(s.think).toBeUndefined();
    expect(s.redisPrefix).toEqual({ value: 'club', from: 'STICH_REDIS_PREFIX' });
  });

  it('treats the store as one setting: --db on the command line overrides STICH_PG_URL, and the other way round', () => {
    const env = { STICH_PG_URL: 'postgres://x@h/db', STICH_DB: 'env.db' };
    expect(serveSettings({ db: 'flag.db' }, env)).toEqual({ db: { value: 'flag.db', from: '--db' } });
    expect(serveSettings({ pg: 'postgres://y@h/db' }, env)).toEqual({ pg: { value: 'postgres://y@h/db', from: '--pg' } });
    expect(serveSettings({}, env)).toEqual({ db: { value: 'env.db', from: 'STICH_DB' }, pg: { value: 'postgres://x@h/db', from: 'STICH_PG_URL' } });
  });

  it('withoutServeEnvironment drops exactly the serve variables', () => {
    expect(withoutServeEnvironment({ STICH_PORT: '1', STICH_REDIS_URL: 'redis://x', STICH_CLUSTER_LOG: '1', PATH: '/bin' })).toEqual({ STICH_CLUSTER_LOG: '1', PATH: '/bin' });
  });
});

describe('limitsFromEnvironment', () => {
  it('reads the lobby limits as whole numbers (seconds for times), 0 for no limit where that makes sense, and refuses the rest', () => {
    expect(limitsFromEnvironment({ STICH_WAITING_TABLES: '5', STICH_GUESTS_PER_HOUR: '0', STICH_WAITING_EXPIRY_SECONDS: '120', STICH_WAITING_SEAT_SECONDS: '0', STICH_TABLES_PER_MINUTE: ' ' })).toEqual({
      waitingTablesPerUser: 5,
      guestsPerHour: 0,
      waitingExpiryMs: 120_000,
      waitingSeatMs: 0,
    });
    expect(limitsFromEnvironment({ STICH_WAITING_SEAT_SECONDS: '300' })).toEqual({ waitingSeatMs: 300_000 });
    expect(limitsFromEnvironment({ STICH_ACCOUNTS_PER_HOUR: '3' })).toEqual({ accountsPerHour: 3 });
    expect(() => limitsFromEnvironment({ STICH_TABLES_PER_MINUTE: 'many' })).toThrow(/^STICH_TABLES_PER_MINUTE must be a whole number \(0: no limit\), not "many"/);
    expect(() => limitsFromEnvironment({ STICH_FINISHED_LINGER_SECONDS: '0' })).toThrow(/at least 1/);
    expect(limitsFromEnvironment({ STICH_FINISHED_TABLES: '50' })).toEqual({ finishedTables: 50 });
    expect(() => limitsFromEnvironment({ STICH_FINISHED_TABLES: '0' })).toThrow(/^STICH_FINISHED_TABLES must be a whole number, at least 1/);
    expect(withoutServeEnvironment({ STICH_WAITING_TABLES: '5', PATH: '/bin' })).toEqual({ PATH: '/bin' });
  });
});

describe('parseTrustProxy', () => {
  it('is loopback without a value, else a list of addresses, CIDR ranges and proxy-addr words', () => {
    expect(parseTrustProxy(undefined)).toBeUndefined();
    expect(parseTrustProxy({ value: true, from: '--trust-proxy' })).toEqual(['loopback']);
    expect(parseTrustProxy({ value: '10.0.0.0/8, 192.168.1.2,::1,fd00::/8,uniquelocal', from: 'STICH_TRUST_PROXY' })).toEqual(['10.0.0.0/8', '192.168.1.2', '::1', 'fd00::/8', 'uniquelocal']);
  });

  it('refuses what is not an address, naming where it came from', () => {
    expect(() => parseTrustProxy({ value: 'nginx', from: 'STICH_TRUST_PROXY' })).toThrow(/^STICH_TRUST_PROXY takes proxy addresses .* not "nginx"/);
    expect(() => parseTrustProxy({ value: '10.0.0.0/33', from: '--trust-proxy' })).toThrow(/not "10.0.0.0\/33"/);
    expect(() => parseTrustProxy({ value: 'true', from: '--trust-proxy' })).toThrow(/not "true"/);
  });
});

describe('parseHeartbeatMs', () => {
  it('is a whole number of milliseconds from 1000 to 300000, from --heartbeat-ms or STICH_HEARTBEAT_MS; unset keeps the default', () => {
    expect(parseHeartbeatMs(undefined)).toBeUndefined();
    expect(parseHeartbeatMs({ value: '1000', from: '--heartbeat-ms' })).toBe(1000);
    expect(parseHeartbeatMs({ value: '300000', from: 'STICH_HEARTBEAT_MS' })).toBe(300_000);
    expect(serveSettings({}, { STICH_HEARTBEAT_MS: '2500' }).heartbeatMs).toEqual({ value: '2500', from: 'STICH_HEARTBEAT_MS' });
    for (const bad of ['999', '300001', '0', '-5', '1.5', '10s', '', '1e4']) {
      expect(() => parseHeartbeatMs({ value: bad, from: '--heartbeat-ms' })).toThrow(
        `--heartbeat-ms is how often the server pings every socket, in milliseconds: a whole number from 1000 to 300000 (default 10000), not ${JSON.stringify(bad)}`,
      );
    }
  });
});

/** `stich serve` with this environment (and nothing of the caller's serve variables); resolves with its first line, or its error on exit. */
function serve(args: string[], env: Record<string, string>): Promise<{ line: string; stop(): Promise<void> }> {
  const child = spawn(process.execPath, [BIN, 'serve', ...args], { env: { ...withoutServeEnvironment(), ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const line = /^stich server listening on .*$/m.exec(out);
      if (line) resolve({ line: line[0], stop: () => new Promise((r) => (child.once('exit', () => r()), child.kill('SIGTERM'))) });
    });
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.once('exit', (code) => reject(new Error(`exit ${code}: ${err.trim()}`)));
  });
}

describe('stich serve configured from the environment (the real server)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'stich-config-'));

  it('takes its port, database, log level and proxies from STICH_… variables, and serves', async () => {
    const db = join(dir, 'from-env.db');
    const s = await serve([], { STICH_PORT: '0', STICH_DB: db, STICH_LOG: 'warn', STICH_TRUST_PROXY: 'loopback' });
    try {
      expect(s.line).toContain(`database ${db}`);
      expect(existsSync(db)).toBe(true);
      const url = /on (http:\/\/\S+)/.exec(s.line)![1];
      expect((await fetch(`${url}/readyz`)).status).toBe(200);
    } finally {
      await s.stop();
    }
  });

  it('lets a flag win over its variable', async () => {
    const db = join(dir, 'from-flag.db');
    const s = await serve(['--db', db, '--port', '0'], { STICH_PORT: '1', STICH_DB: join(dir, 'not-this.db'), STICH_LOG: 'warn' });
    try {
      expect(s.line).toContain(`database ${db}`);
      expect(existsSync(join(dir, 'not-this.db'))).toBe(false);
    } finally {
      await s.stop();
    }
  });

  it('pings its sockets as often as --heartbeat-ms says, and its hello tells the client', async () => {
    const s = await serve(['--port', '0', '--db', join(dir, 'heartbeat.db'), '--heartbeat-ms', '1500'], { STICH_HEARTBEAT_MS: '60000' });
    try {
      const url = /on (http:\/\/\S+)/.exec(s.line)![1];
      const c = await Client.guest(url, 'Pochhammer');
      const hello = c.inbox.find((m) => m.type === 'hello') ?? (await c.next((m) => m.type === 'hello'));
      expect(hello).toMatchObject({ type: 'hello', heartbeat: 1500 });
      await c.close();
    } finally {
      await s.stop();
    }
  });

  it('names the variable a bad value came from, and starts nothing', () => {
    const run = (env: Record<string, string>, args: string[] = []) =>
      spawnSync(process.execPath, [BIN, 'serve', ...args], { env: { ...withoutServeEnvironment(), ...env }, encoding: 'utf8', timeout: 30_000 });
    const port = run({ STICH_PORT: 'http' });
    expect(port.status).toBe(2);
    expect(port.stderr).toBe('stich: STICH_PORT must be a port number from 0 to 65535, not "http"\n');
    expect(run({ STICH_REDIS_URL: 'redis://127.0.0.1:1', STICH_DB: join(dir, 'x.db') }).stderr).toMatch(/^stich: STICH_REDIS_URL starts one process of a cluster, .*--pg/);
    expect(run({ STICH_PORT: '0' }, ['--trust-proxy', 'caddy']).stderr).toMatch(/^stich: --trust-proxy takes proxy addresses/);
    // A cluster seals its messages in Redis with a shared key: none, or a bad one, starts nothing.
    const cluster = { STICH_REDIS_URL: 'redis://127.0.0.1:1', STICH_PG_URL: 'postgres://nobody@127.0.0.1:1/none' };
    expect(run(cluster).stderr).toMatch(/^stich: STICH_REDIS_URL starts one process of a cluster, .*STICH_CLUSTER_KEY .*openssl rand -hex 32/);
    expect(run({ ...cluster, STICH_CLUSTER_KEY: 'secret' }).stderr).toMatch(/^stich: STICH_CLUSTER_KEY: a cluster key is 32 random bytes, written as 64 hex digits/);
    expect(run({ STICH_LOG: 'loud' }).stderr).toMatch(/^stich: STICH_LOG must be one of fatal, error, warn, info, debug, trace, silent, not "loud"/);
    const heartbeat = run({ STICH_PORT: '0' }, ['--heartbeat-ms', '10s']);
    expect(heartbeat.status).toBe(2);
    expect(heartbeat.stderr).toBe('stich: --heartbeat-ms is how often the server pings every socket, in milliseconds: a whole number from 1000 to 300000 (default 10000), not "10s"\n');
    expect(run({ STICH_PORT: '0', STICH_HEARTBEAT_MS: '50' }).stderr).toMatch(/^stich: STICH_HEARTBEAT_MS is how often the server pings every socket/);
  });

  it('lists the variables in its help', () => {
    const help = spawnSync(process.execPath, [BIN, 'serve', '--help'], { encoding: 'utf8' }).stdout;
    for (const v of ['STICH_PORT', 'STICH_DB', 'STICH_PG_URL', 'STICH_REDIS_URL', 'STICH_HOST', 'STICH_TRUST_PROXY', 'STICH_CLUSTER_KEY', 'STICH_HEARTBEAT_MS', '--heartbeat-ms <ms>']) expect(help).toContain(v);
  });
});
