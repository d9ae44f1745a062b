import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { withoutServeEnvironment } from './config.js';

/**
 * `--trust-proxy` / STICH_TRUST_PROXY end to end: the built `stich serve` (npm run build first), asked as if
 * through a proxy on the same machine (X-Forwarded-For), counts failed logins per forwarded address only when told
 * to trust the proxy (docs/deploy.md; the limit itself: src/server/addressLimits.ts, 10 failures per address).
 */
const BIN = join(process.cwd(), 'dist/cli/main.js');

async function serve(args: string[], env: Record<string, string>): Promise<{ url: string; stop(): Promise<void> }> {
  const db = join(mkdtempSync(join(tmpdir(), 'stich-proxy-')), 'proxy.db');
  const child = spawn(process.execPath, [BIN, 'serve', '--port', '0', '--db', db, ...args], { env: { ...withoutServeEnvironment(), ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const url = /^stich server listening on (http:\/\/\S+)/m.exec(out)?.[1];
      if (url) resolve({ url, stop: () => new Promise((r) => (child.once('exit', () => r()), child.kill('SIGTERM'))) });
    });
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.once('exit', (code) => reject(new Error(`exit ${code}: ${err.trim()}`)));
  });
}

const login = async (url: string, forwardedFor: string, password = 'falsch-falsch') =>
  (await fetch(`${url}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor }, body: JSON.stringify({ name: 'Resi', password }) })).status;

describe('stich serve behind a proxy', () => {
  for (const [how, args, env] of [
    ['STICH_TRUST_PROXY=loopback', [], { STICH_TRUST_PROXY: 'loopback' }],
    ['--trust-proxy (without a value: loopback)', ['--trust-proxy'], {}],
  ] as const) {
    it(`with ${how}, each forwarded address has its own 10 failed logins`, async () => {
      const s = await serve([...args], { ...env });
      try {
        expect((await fetch(`${s.url}/api/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Resi', password: 'richtig-richtig' }) })).status).toBe(200);
        for (let i = 0; i < 10; i++) expect(await login(s.url, '203.0.113.5')).toBe(401);
        expect(await login(s.url, '203.0.113.5')).toBe(429);
        expect(await login(s.url, '203.0.113.6')).toBe(401);
        expect(await login(s.url, '198.51.100.7', 'richtig-richtig')).toBe(200);
      } finally {
        await s.stop();
      }
    });
  }

  it('without it, the header is ignored: every forwarded address shares the proxy\'s allowance', async () => {
    const s = await serve([], {});
    try {
      for (let i = 0; i < 10; i++) expect(await login(s.url, `203.0.113.${i}`)).toBe(401);
      expect(await login(s.url, '203.0.113.99')).toBe(429);
    } finally {
      await s.stop();
    }
  });
});
