import { afterEach, describe, expect, it } from 'vitest';
import { AddressAllowance } from './addressLimits.js';
import type { RunningServer } from './server.js';
import { post, testServer } from './testing.js';

describe('AddressAllowance', () => {
  it('gives each address its burst, then one try per 1/rate seconds, and forgets an address once it is full again', () => {
    let now = 0;
    const a = new AddressAllowance(0.5, 2, () => now);
    a.spend('1.2.3.4');
    expect(a.wait('1.2.3.4')).toBe(0);
    a.spend('1.2.3.4');
    expect(a.wait('1.2.3.4')).toBe(2);
    expect(a.wait('5.6.7.8')).toBe(0);
    now += 2000;
    expect(a.wait('1.2.3.4')).toBe(0);
    now += 2000;
    expect(a.wait('1.2.3.4')).toBe(0);
    expect(a.size).toBe(0);
  });
});

/** A wrong password for `name`, sent as if through a proxy for the client `forwardedFor`. */
async function wrongLogin(base: string, forwardedFor: string): Promise<{ status: number; retryAfter: string | null }> {
  const res = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
    body: JSON.stringify({ name: 'Resi', password: 'not her password' }),
  });
  await res.text();
  return { status: res.status, retryAfter: res.headers.get('retry-after') };
}

describe('failed logins per address, behind a proxy', () => {
  let server: RunningServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });
  const limits = { loginFailureBurst: 3, loginFailureRate: 1 / 60 };

  it('with --trust-proxy, each client behind the proxy has its own allowance, and the right password still works for another', async () => {
    server = await testServer({ limits, trustProxy: ['loopback'] });
    expect((await post(server.url, '/api/register', { name: 'Resi', password: 'her password' })).status).toBe(200);
    for (let i = 0; i < 3; i++) expect((await wrongLogin(server.url, '203.0.113.5')).status).toBe(401);
    const refused = await wrongLogin(server.url, '203.0.113.5');
    expect(refused.status).toBe(429);
    // One try earned back a minute after the first failure (the three failures took some seconds of scrypt).
    expect(Number(refused.retryAfter)).toBeGreaterThan(40);
    expect(Number(refused.retryAfter)).toBeLessThanOrEqual(60);
    expect((await wrongLogin(server.url, '203.0.113.6')).status).toBe(401);
    // The guesser's address is refused even with the right password; everyone else logs in.
    const right = (forwardedFor: string) =>
      fetch(`${server!.url}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor }, body: JSON.stringify({ name: 'Resi', password: 'her password' }) });
    expect((await right('203.0.113.5')).status).toBe(429);
    expect((await right('198.51.100.7')).status).toBe(200);
  });

  it('without it, the header is not believed: every client behind the proxy shares the proxy\'s allowance', async () => {
    server = await testServer({ limits });
    for (let i = 0; i < 3; i++) expect((await wrongLogin(server.url, `203.0.113.${i}`)).status).toBe(401);
    expect((await wrongLogin(server.url, '203.0.113.99')).status).toBe(429);
  });
});
