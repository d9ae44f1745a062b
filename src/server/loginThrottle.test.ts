import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_LOGIN_THROTTLE, LoginThrottle } from './loginThrottle.js';
import type { RunningServer } from './server.js';
import { post, testServer } from './testing.js';

describe('LoginThrottle (a clock of its own)', () => {
  const make = (extra = {}) => {
    const clock = { t: 0 };
    const throttle = new LoginThrottle({ ...DEFAULT_LOGIN_THROTTLE, ...extra }, () => clock.t);
    const attempt = (account: string, address: string, success = false) => {
      const g = throttle.begin(account, address);
      if (g.ok) g.done(success);
      return g.ok ? 0 : g.retryAfterS;
    };
    return { clock, throttle, attempt };
  };

  it('per account: 5 failures free, then waits of 1, 2, 4, … s, never more than 15 min; a success starts again', () => {
    const { clock, attempt } = make({ leakMs: 24 * 3600_000 }); // no failure leaks away during the test
    for (let i = 0; i < 4; i++) expect(attempt('resi', `10.0.0.${i}`)).toBe(0);
    expect(attempt('resi', '10.0.1.1')).toBe(0); // the 5th failure: from now on each one makes the account wait
    const waits: number[] = [];
    for (let i = 0; i < 14; i++) {
      const w = attempt('resi', `10.0.2.${i}`);
      waits.push(w);
      clock.t += w * 1000;
      expect(attempt('resi', `10.0.3.${i}`)).toBe(0); // after the wait: one more try (a failure)
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 900, 900, 900, 900]);
    // The owner, once the wait is over, logs in, and the count starts again.
    clock.t += 900_000;
    expect(attempt('resi', '192.0.2.1', true)).toBe(0);
    for (let i = 0; i < 5; i++) expect(attempt('resi', `10.0.4.${i}`)).toBe(0);
    expect(attempt('resi', '10.0.5.1')).toBe(1);
  });

  it('the owner\'s own address (a success before) is spared the account\'s wait; a fresh address waits at most the cap', () => {
    const { clock, attempt } = make();
    expect(attempt('resi', '192.0.2.1', true)).toBe(0);
    // A guesser tries as soon as it may, for hours.
    for (let i = 0; i < 40; i++) {
      const w = attempt('resi', `10.0.${i}.1`);
      if (w > 0) {
        clock.t += w * 1000;
        expect(attempt('resi', `10.1.${i}.1`)).toBe(0);
      }
    }
    expect(attempt('resi', '198.51.100.9')).toBeLessThanOrEqual(900);
    expect(attempt('resi', '198.51.100.9')).toBeGreaterThan(0);
    expect(attempt('resi', '192.0.2.1', true)).toBe(0);
  });

  it('per address: 10 failures over any accounts, then waits; other addresses and the leak', () => {
    const { clock, attempt, throttle } = make();
    for (let i = 0; i < 10; i++) expect(attempt(`name${i}`, '203.0.113.5')).toBe(0);
    expect(attempt('another', '203.0.113.5')).toBe(1);
    expect(attempt('another', '203.0.113.6')).toBe(0);
    // A count leaks one failure per 15 minutes: after 11 × 15 min the address and the accounts are forgotten.
    clock.t += 11 * 15 * 60_000;
    expect(attempt('another', '203.0.113.5', true)).toBe(0);
    clock.t += 15 * 60_000;
    attempt('x', '203.0.113.9', true);
    expect(throttle.size).toEqual({ accounts: 0, addresses: 0 });
  });

  it('one check at a time per account, a few per address: parallel guesses are refused at once', () => {
    const { throttle } = make();
    const first = throttle.begin('resi', '10.0.0.1');
    expect(first.ok).toBe(true);
    const second = throttle.begin('resi', '10.0.0.2');
    expect(second).toMatchObject({ ok: false, retryAfterS: 1 });
    const others = [1, 2, 3].map((i) => throttle.begin(`n${i}`, '10.0.0.1'));
    expect(others.map((g) => g.ok)).toEqual([true, true, true]);
    expect(throttle.begin('n4', '10.0.0.1').ok).toBe(false);
    if (first.ok) first.done(false);
    expect(throttle.begin('resi', '10.0.0.2').ok).toBe(true);
  });

  it('remembers at most maxEntries accounts and addresses', () => {
    const { attempt, throttle } = make({ maxEntries: 50 });
    for (let i = 0; i < 200; i++) attempt(`n${i}`, `10.0.${i}.1`);
    expect(throttle.size).toEqual({ accounts: 50, addresses: 50 });
  });
});

/** A login as if through a proxy for the client `forwardedFor`. */
async function login(base: string, name: string, password: string, forwardedFor: string): Promise<{ status: number; retryAfter: string | null; body: { error?: { code: string; message: string } } }> {
  const res = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
    body: JSON.stringify({ name, password }),
  });
  return { status: res.status, retryAfter: res.headers.get('retry-after'), body: (await res.json()) as { error?: { code: string; message: string } } };
}

describe('login throttling on the server', () => {
  let server: RunningServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('per account, whatever the address: 429 with Retry-After after 5 failures, growing, and the right password waits too', async () => {
    server = await testServer({ trustProxy: ['loopback'] });
    expect((await post(server.url, '/api/register', { name: 'Resi', password: 'Zwetschgendatschi' })).status).toBe(200);
    for (let i = 0; i < 5; i++) expect((await login(server.url, 'Resi', `falsch${i}xyz`, `203.0.113.${i}`)).status).toBe(401);
    const refused = await login(server.url, 'resi', 'Zwetschgendatschi', '198.51.100.7');
    expect(refused.status).toBe(429);
    expect(refused.retryAfter).toBe('1');
    expect(refused.body.error).toMatchObject({ code: 'rateLimited', message: expect.stringMatching(/for this name.*1 s/) });
    await new Promise((r) => setTimeout(r, 1100));
    expect((await login(server.url, 'Resi', 'falsch5xyz', '203.0.113.50')).status).toBe(401);
    expect((await login(server.url, 'Resi', 'falsch6xyz', '203.0.113.51')).retryAfter).toBe('2');
    // An unknown name is throttled the same way (a refusal tells nothing about whether the account exists).
    for (let i = 0; i < 5; i++) expect((await login(server.url, 'Niemand', `falsch${i}xyz`, `203.0.113.${i + 100}`)).status).toBe(401);
    expect((await login(server.url, 'Niemand', 'falsch9xyz', '203.0.113.120')).status).toBe(429);
  });

  it('the owner is never locked out for long: past the cap a fresh address logs in, and the owner\'s own address at once', async () => {
    server = await testServer({ trustProxy: ['loopback'], loginThrottle: { baseDelayMs: 200, maxDelayMs: 600 } });
    expect((await post(server.url, '/api/register', { name: 'Vroni', password: 'Kasspatzn mit Zwiebeln' })).status).toBe(200);
    expect((await login(server.url, 'Vroni', 'Kasspatzn mit Zwiebeln', '192.0.2.10')).status).toBe(200);
    // A guesser tries as soon as it may: 12 failures (past the cap), the last one just now.
    for (let failures = 0; failures < 12; ) {
      const r = await login(server.url, 'Vroni', `rate${failures}rate`, `203.0.113.${failures}`);
      if (r.status === 429) await new Promise((res) => setTimeout(res, 650));
      else failures++;
    }
    const fresh = await login(server.url, 'Vroni', 'Kasspatzn mit Zwiebeln', '198.51.100.20');
    expect(fresh.status).toBe(429);
    expect(Number(fresh.retryAfter)).toBeLessThanOrEqual(1); // the cap, 0.6 s, rounded up
    expect((await login(server.url, 'Vroni', 'Kasspatzn mit Zwiebeln', '192.0.2.10')).status).toBe(200);
    await new Promise((r) => setTimeout(r, 700));
    expect((await login(server.url, 'Vroni', 'Kasspatzn mit Zwiebeln', '198.51.100.20')).status).toBe(200);
  });

  it('per address, over all names: 10 failures, then 429 for that address only', async () => {
    server = await testServer({ trustProxy: ['loopback'] });
    expect((await post(server.url, '/api/register', { name: 'Wastl', password: 'Leberkaassemmel' })).status).toBe(200);
    for (let i = 0; i < 10; i++) expect((await login(server.url, `Name${i}`, 'irgendwas', '203.0.113.5')).status).toBe(401);
    const refused = await login(server.url, 'Wastl', 'Leberkaassemmel', '203.0.113.5');
    expect(refused.status).toBe(429);
    expect(refused.body.error?.message).toMatch(/from this address/);
    expect((await login(server.url, 'Wastl', 'Leberkaassemmel', '203.0.113.6')).status).toBe(200);
  });

  it('without --trust-proxy the header is not believed: every client behind the proxy shares its address', async () => {
    server = await testServer();
    for (let i = 0; i < 10; i++) expect((await login(server.url, `Name${i}`, 'irgendwas', `203.0.113.${i}`)).status).toBe(401);
    expect((await login(server.url, 'Name99', 'irgendwas', '203.0.113.99')).status).toBe(429);
  });

  it('parallel guesses for one account are not all checked: one at a time', async () => {
    server = await testServer({ trustProxy: ['loopback'] });
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => login(server!.url, 'Resi', `parallel${i}`, `203.0.113.${i}`)));
    const checked = answers.filter((a) => a.status === 401).length;
    expect(checked).toBeLessThanOrEqual(6);
    expect(answers.filter((a) => a.status === 429).length).toBe(20 - checked);
  });
});
