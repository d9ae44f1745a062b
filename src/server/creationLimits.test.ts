import { afterEach, describe, expect, it } from 'vitest';
import { refusal } from '../web/client/refusal.js';
import { Client } from './client.js';
import type { RunningServer } from './server.js';
import { post, testServer } from './testing.js';

/** Opens a waiting Schafkopf table (the creator's seat and three bots). */
const open = (base: string, token: string, headers: Record<string, string> = {}) =>
  fetch(`${base}/api/tables`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, ...headers },
    body: JSON.stringify({ game: 'schafkopf', seats: ['open', 'bot', 'bot', 'bot'] }),
  }).then(async (r) => ({ status: r.status, retryAfter: r.headers.get('retry-after'), body: (await r.json()) as { id: string; error?: { code: string; message: string; params: Record<string, number> } } }));

const guest = (base: string, name: string, forwardedFor?: string) =>
  fetch(`${base}/api/guest`, { method: 'POST', headers: { 'content-type': 'application/json', ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}) }, body: JSON.stringify({ name }) }).then(async (r) => ({
    status: r.status,
    retryAfter: r.headers.get('retry-after'),
    body: (await r.json()) as { token: string; error?: { code: string; message: string; params: Record<string, number> } },
  }));

describe('what one user and one address may open (issue 20)', () => {
  let server: RunningServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('at most 3 waiting tables per user, also when the requests come at once; a table that starts frees its place', async () => {
    server = await testServer();
    const anna = await Client.guest(server.url, 'Anna');
    const all = await Promise.all(Array.from({ length: 6 }, () => open(server!.url, anna.token)));
    expect(all.map((r) => r.status).sort()).toEqual([200, 200, 200, 409, 409, 409]);
    const refused = all.find((r) => r.status === 409)!.body.error!;
    expect(refused.code).toBe('tooManyWaiting');
    expect(refused.params.max).toBe(3);
    // The browser says it in both languages.
    expect(refusal('de', refused).text).toMatch(/schon 3 Tische/);
    expect(refusal('en', refused).text).toMatch(/3 tables waiting/);
    // Someone else may still open one.
    const bert = await Client.guest(server.url, 'Bert');
    expect((await open(server.url, bert.token)).status).toBe(200);
    // Anna sits at one of hers: it starts, and she may open another.
    const id = all.find((r) => r.status === 200)!.body.id;
    await anna.join(id);
    expect((await anna.request({ type: 'sit', table: id, seat: 0 })).type).toBe('ok');
    expect((await open(server.url, anna.token)).status).toBe(200);
    expect((await open(server.url, anna.token)).status).toBe(409);
    await anna.close();
    await bert.close();
  });

  it('tables of bots alone: at most 2 playing per user (also when asked at once) and 3 here in the process; one that ends frees its place', async () => {
    // Each plays by itself at once, its deals kept in memory while it plays: ten a minute side by side held memory
    // without bound (docs/security.md). A slow pace keeps these playing while the test looks.
    server = await testServer({ limits: { botTables: 3 }, tableDefaults: { botDelayMs: 400, clockMs: 0 } });
    const bots = (token: string, deals = 50) =>
      fetch(`${server!.url}/api/tables`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ game: 'schafkopf', seats: ['bot', 'bot', 'bot', 'bot'], length: { deals } }),
      }).then(async (r) => ({ status: r.status, body: (await r.json()) as { id: string; error?: { code: string; message: string; params: Record<string, number> } } }));
    const anna = await Client.guest(server.url, 'Anna');
    const all = await Promise.all(Array.from({ length: 4 }, () => bots(anna.token)));
    expect(all.map((r) => r.status).sort()).toEqual([200, 200, 409, 409]);
    const refused = all.find((r) => r.status === 409)!.body.error!;
    expect(refused.code).toBe('tooManyBotTables');
    expect(refused.params.max).toBe(2);
    expect(refusal('de', refused).text).toMatch(/An 2 Tischen, die du nur mit Bots aufgemacht hast/);
    expect(refusal('en', refused).text).toMatch(/2 tables of bots alone that you opened are playing/);
    // Her waiting tables are another matter: she may still open a table to play at herself.
    expect((await open(server.url, anna.token)).status).toBe(200);
    // Bert may open one; then the process holds its 3 and Cara is told so.
    const bert = await Client.guest(server.url, 'Bert');
    expect((await bots(bert.token)).status).toBe(200);
    const cara = await Client.guest(server.url, 'Cara');
    const full = await bots(cara.token);
    expect(full.status).toBe(409);
    expect(full.body.error!.params).toEqual({ max: 3, server: 1 });
    expect(refusal('en', full.body.error!).text).toMatch(/^The server plays 3 tables of bots alone already/);
    // One of Anna's ended (here by a moderator's close): its place is free again, and Cara takes it; then the
    // process holds its 3 again, and Anna is refused once more.
    const done = all.find((r) => r.status === 200)!.body.id;
    await server.hall.tables.get(done)!.end('closed');
    expect((await bots(cara.token)).status).toBe(200);
    expect((await bots(anna.token)).status).toBe(409);
    for (const c of [anna, bert, cara]) await c.close();
  });

  it('tables per minute per user: the burst, then 429 with Retry-After', async () => {
    server = await testServer({ limits: { tablesPerMinute: 4, waitingTablesPerUser: 0 } });
    const anna = await Client.guest(server.url, 'Anna');
    for (let i = 0; i < 4; i++) expect((await open(server.url, anna.token)).status).toBe(200);
    const r = await open(server.url, anna.token);
    expect(r.status).toBe(429);
    expect(r.body.error!.code).toBe('tooManyTables');
    expect(Number(r.retryAfter)).toBeGreaterThan(10);
    expect(Number(r.retryAfter)).toBeLessThanOrEqual(15);
    expect(refusal('de', r.body.error!).text).toMatch(/Höchstens 4 neue Tische pro Minute/);
    expect(server.hall.tables.size).toBe(4);
    await anna.close();
  });

  it('tables per minute per address: many guests of one address share it, another address has its own', async () => {
    server = await testServer({ limits: { tablesPerMinutePerAddress: 5, waitingTablesPerUser: 0 }, trustProxy: ['loopback'] });
    const tokens = await Promise.all(Array.from({ length: 6 }, (_, i) => guest(server!.url, `Flut ${i}`, '203.0.113.9').then((g) => g.body.token)));
    const from = { 'x-forwarded-for': '203.0.113.9' };
    for (let i = 0; i < 5; i++) expect((await open(server.url, tokens[i], from)).status).toBe(200);
    const r = await open(server.url, tokens[5], from);
    expect([r.status, r.body.error?.code]).toEqual([429, 'tooManyTables']);
    expect(r.body.error!.message).toMatch(/per address/);
    expect((await open(server.url, tokens[5], { 'x-forwarded-for': '198.51.100.1' })).status).toBe(200);
  });

  it('guests per address per hour: then 429 with Retry-After and words in both languages; other addresses go on', async () => {
    server = await testServer({ limits: { guestsPerHour: 3 }, trustProxy: ['loopback'] });
    for (let i = 0; i < 3; i++) expect((await guest(server.url, `Gast ${i}`, '203.0.113.7')).status).toBe(200);
    const r = await guest(server.url, 'Gast 4', '203.0.113.7');
    expect(r.status).toBe(429);
    expect(r.body.error!.code).toBe('tooManyGuests');
    // One guest earned back every 20 minutes.
    expect(Number(r.retryAfter)).toBeGreaterThan(1100);
    expect(Number(r.retryAfter)).toBeLessThanOrEqual(1200);
    expect(refusal('de', r.body.error!).text).toMatch(/zu viele Gäste .* in 20 min/);
    expect(refusal('en', r.body.error!).text).toMatch(/Too many guests .* 20 min/);
    expect((await guest(server.url, 'Gast 5', '198.51.100.2')).status).toBe(200);
    expect((await post(server.url, '/api/register', { name: 'Resi', password: 'her password' })).status).toBe(200);
  });

  it('accounts per address per hour: registrations sent at once pass up to the limit, then 429 tooManyAccounts with Retry-After; logins and other addresses go on', async () => {
    server = await testServer({ limits: { accountsPerHour: 4 }, trustProxy: ['loopback'] });
    const register = (name: string, from: string) =>
      fetch(`${server!.url}/api/register`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': from }, body: JSON.stringify({ name, password: 'Obatzda mit Brezn' }) }).then(async (r) => ({
        status: r.status,
        retryAfter: r.headers.get('retry-after'),
        body: (await r.json()) as { error?: { code: string; message: string; params: Record<string, number> } },
      }));
    // Before, one address registered 200 accounts in 5 s, each a scrypt that held up everyone's logins.
    const all = await Promise.all(Array.from({ length: 10 }, (_, i) => register(`Sockenpuppe ${i}`, '203.0.113.8')));
    expect(all.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 429, 429, 429, 429, 429, 429]);
    const refused = all.find((r) => r.status === 429)!;
    expect(refused.body.error).toMatchObject({ code: 'tooManyAccounts', params: { max: 4 } });
    // One account earned back every 15 minutes.
    expect(Number(refused.retryAfter)).toBeGreaterThan(800);
    expect(Number(refused.retryAfter)).toBeLessThanOrEqual(900);
    expect(refusal('de', refused.body.error!).text).toMatch(/zu viele Namen registriert .* in 15 min/);
    expect(refusal('en', refused.body.error!).text).toMatch(/Too many names registered .* 15 min/);
    expect((await register('Resi', '198.51.100.3')).status).toBe(200);
    // Logging in to an account made is not a registration.
    const login = await fetch(`${server.url}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.8' }, body: JSON.stringify({ name: 'Resi', password: 'Obatzda mit Brezn' }) });
    expect(login.status).toBe(200);
  });
});
