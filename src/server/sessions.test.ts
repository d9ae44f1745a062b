import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { Client } from './client.js';
import { DEFAULT_LIMITS } from './limits.js';
import type { ServerMessage } from './protocol.js';
import type { RunningServer } from './server.js';
import { post, tempDb, testServer } from './testing.js';

/** Sessions, logout, WebSocket tickets and the Origin check (docs/security.md, "Sessions, tickets and origins"). */

async function me(base: string, auth: { cookie?: string; token?: string }): Promise<{ name: string } | null> {
  const headers: Record<string, string> = {};
  if (auth.cookie) headers.cookie = auth.cookie;
  if (auth.token) headers.authorization = `Bearer ${auth.token}`;
  return ((await (await fetch(`${base}/api/me`, { headers })).json()) as { user: { name: string } | null }).user;
}

async function loginCookie(base: string, name: string, password: string): Promise<{ cookie: string; token: string; setCookie: string }> {
  const res = await fetch(`${base}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name, password }) });
  expect(res.status).toBe(200);
  const setCookie = res.headers.get('set-cookie')!;
  return { cookie: setCookie.split(';')[0], token: ((await res.json()) as { token: string }).token, setCookie };
}

/** Opens /ws with these headers and query; resolves with the HTTP status of the refusal, or 101 and the first message. */
function upgrade(base: string, query: string, headers: Record<string, string> = {}): Promise<{ status: number; first?: ServerMessage }> {
  return new Promise((resolve) => {
    const ws = new WebSocket(`${base.replace(/^http/, 'ws')}/ws${query}`, { headers });
    ws.on('unexpected-response', (_req, res) => resolve({ status: res.statusCode ?? 0 }));
    ws.once('message', (d) => {
      resolve({ status: 101, first: JSON.parse(d.toString()) as ServerMessage });
      ws.close();
    });
    ws.on('error', () => undefined);
  });
}

async function ticket(base: string, token: string): Promise<string> {
  const r = await post<{ ticket: string; expires: number }>(base, '/api/ticket', {}, token);
  expect(r.status).toBe(200);
  expect(r.body.expires - Date.now()).toBeLessThanOrEqual(30_000);
  return r.body.ticket;
}

describe('sessions', () => {
  let server: RunningServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('a user buys at most 20 tickets at once, then one a second: each is a row in the store', async () => {
    expect([DEFAULT_LIMITS.ticketBurst, DEFAULT_LIMITS.ticketRate]).toEqual([20, 1]);
    server = await testServer();
    const [hans, grete] = await Promise.all(['Hans', 'Grete'].map((name) => post<{ token: string }>(server!.url, '/api/guest', { name })));
    // Before, every one of these was a new row in the store (one client bought 1,280 a second).
    const t0 = Date.now();
    const bought = await Promise.all(Array.from({ length: 25 }, () => post<{ ticket?: string; error?: { code: string; params: unknown } }>(server!.url, '/api/ticket', {}, hans.body.token)));
    // 20, and one more for each whole second the 25 took (on a loaded machine they may take longer than one).
    const refills = Math.floor((Date.now() - t0) / 1000);
    const sold = bought.filter((r) => r.status === 200).length;
    expect(sold).toBeGreaterThanOrEqual(20);
    expect(sold).toBeLessThanOrEqual(20 + refills);
    const refused = bought.filter((r) => r.status === 429);
    expect(refused).toHaveLength(25 - sold);
    expect(refused[0].body.error).toMatchObject({ code: 'rateLimited', params: { max: 20, wait: 1 } });
    // Another user has his own allowance, and the one refused buys again a second later; a ticket bought still opens a socket.
    const theirs = await ticket(server.url, grete.body.token);
    await new Promise((r) => setTimeout(r, 1100));
    expect((await upgrade(server.url, `?ticket=${await ticket(server.url, hans.body.token)}`)).status).toBe(101);
    expect((await upgrade(server.url, `?ticket=${theirs}`)).status).toBe(101);
  });

  it('expired tickets leave the store at the sweep, which a ticket bought starts as a login does', async () => {
    const db = tempDb();
    server = await testServer({ db, identity: { sessionIdleMs: 3600_000, ticketMs: 200, sweepMs: 2000 } });
    const tickets = () => {
      const read = new Database(db, { readonly: true });
      try {
        return (read.prepare('SELECT count(*) AS n FROM tickets').get() as { n: number }).n;
      } finally {
        read.close();
      }
    };
    const hans = await post<{ token: string }>(server.url, '/api/guest', { name: 'Hans' });
    for (let i = 0; i < 5; i++) await ticket(server.url, hans.body.token);
    expect(tickets()).toBe(5);
    // Past their 200 ms and the sweep's 2 s: the next ticket bought sweeps the five away (before, only a login did).
    await new Promise((r) => setTimeout(r, 2200));
    await ticket(server.url, hans.body.token);
    expect(tickets()).toBe(1);
  });

  it('a new token at every login; logout ends this session only and clears the cookie; ?everywhere=1 ends them all', async () => {
    server = await testServer();
    expect((await post(server.url, '/api/register', { name: 'Resi', password: 'Zwetschgendatschi' })).status).toBe(200);
    const a = await loginCookie(server.url, 'Resi', 'Zwetschgendatschi');
    const b = await loginCookie(server.url, 'Resi', 'Zwetschgendatschi');
    const c = await loginCookie(server.url, 'Resi', 'Zwetschgendatschi');
    expect(new Set([a.token, b.token, c.token]).size).toBe(3);
    // The cookie lasts as long as a session may be idle (30 days), not a year.
    expect(a.setCookie).toMatch(/Max-Age=2592000/);
    expect(await me(server.url, { cookie: a.cookie })).toMatchObject({ name: 'Resi' });

    const out = await fetch(`${server.url}/api/logout`, { method: 'POST', headers: { cookie: a.cookie } });
    expect(out.status).toBe(200);
    expect(out.headers.get('set-cookie')).toMatch(/stich_session=;.*(Max-Age=0|Expires=Thu, 01 Jan 1970)/i);
    expect(await me(server.url, { cookie: a.cookie })).toBeNull();
    expect(await me(server.url, { cookie: b.cookie })).toMatchObject({ name: 'Resi' });
    expect(await me(server.url, { token: c.token })).toMatchObject({ name: 'Resi' });

    const all = await fetch(`${server.url}/api/logout?everywhere=1`, { method: 'POST', headers: { authorization: `Bearer ${b.token}` } });
    expect(await all.json()).toEqual({ ended: 3 }); // b, c and the session of the registration
    expect(await me(server.url, { cookie: b.cookie })).toBeNull();
    expect(await me(server.url, { token: c.token })).toBeNull();
    // Logging out everywhere needs a session; a plain logout without one is harmless.
    expect((await fetch(`${server.url}/api/logout?everywhere=1`, { method: 'POST' })).status).toBe(401);
    expect((await fetch(`${server.url}/api/logout`, { method: 'POST' })).status).toBe(200);
    // A new login still works.
    expect(await me(server.url, { token: (await loginCookie(server.url, 'Resi', 'Zwetschgendatschi')).token })).toMatchObject({ name: 'Resi' });
  });

  it('logging out everywhere closes the user\'s open sockets too (4002), and they cannot come back', async () => {
    server = await testServer();
    const phone = await Client.account(server.url, 'Vroni', 'Kasspatzn mit Zwiebeln');
    const other = await Client.guest(server.url, 'Hias');
    const closed = new Promise<number>((resolve) => phone.socket.once('close', (code) => resolve(code)));
    const out = await fetch(`${server.url}/api/logout?everywhere=1`, { method: 'POST', headers: { authorization: `Bearer ${phone.token}` } });
    expect(await out.json()).toEqual({ ended: 1 });
    expect(await closed).toBe(4002);
    await expect(phone.connect()).rejects.toThrow(/401/);
    // Another user's socket stays.
    expect(other.closed).toBe(false);
    const pong = other.next((m) => m.type === 'pong');
    other.send({ type: 'ping' });
    await pong;
    await other.close();
  });

  it('a plain logout closes the sockets opened with that session (cookie or ticket, 4002) and leaves the user\'s other session\'s open', async () => {
    server = await testServer();
    expect((await post(server.url, '/api/register', { name: 'Wastl', password: 'Leberkäs mit süßem Senf' })).status).toBe(200);
    const shared = await loginCookie(server.url, 'Wastl', 'Leberkäs mit süßem Senf');
    const home = await loginCookie(server.url, 'Wastl', 'Leberkäs mit süßem Senf');
    const wsUrl = `${server.url.replace(/^http/, 'ws')}/ws`;
    const opened = async (ws: WebSocket) => {
      const codes: number[] = [];
      ws.on('close', (code) => codes.push(code));
      await new Promise<void>((resolve, reject) => {
        ws.once('message', () => resolve());
        ws.once('error', reject);
      });
      return codes;
    };
    // The shared computer's page (its cookie) and a client of the same session (a ticket bought with it); the home
    // session's client beside them.
    const page = new WebSocket(wsUrl, { headers: { cookie: shared.cookie } });
    const sharedClient = new WebSocket(`${wsUrl}?ticket=${await ticket(server.url, shared.token)}`);
    const homeClient = new WebSocket(`${wsUrl}?ticket=${await ticket(server.url, home.token)}`);
    // Each socket's first message listened for at once: one awaited after another missed a message that came meanwhile.
    const [pageCodes, sharedCodes, homeCodes] = await Promise.all([opened(page), opened(sharedClient), opened(homeClient)]);
    const out = await fetch(`${server.url}/api/logout`, { method: 'POST', headers: { cookie: shared.cookie } });
    expect(await out.json()).toEqual({ ended: 1 });
    // Before, both stayed open and went on acting in his name at the tables after he had logged out.
    await expect.poll(() => [...pageCodes, ...sharedCodes]).toEqual([4002, 4002]);
    const pong = new Promise((resolve) => homeClient.on('message', (d) => JSON.parse(d.toString()).type === 'pong' && resolve(true)));
    homeClient.send(JSON.stringify({ type: 'ping' }));
    expect(await pong).toBe(true);
    expect(homeCodes).toEqual([]);
    // The other session's own logout (by its bearer token) closes its socket in turn.
    expect((await fetch(`${server.url}/api/logout`, { method: 'POST', headers: { authorization: `Bearer ${home.token}` } })).status).toBe(200);
    await expect.poll(() => homeCodes).toEqual([4002]);
  });

  it('a ticket bought before the sessions ended (logging out everywhere, a new password) opens no socket afterwards', async () => {
    server = await testServer();
    const thief = await Client.account(server.url, 'Zenzi', 'Dampfnudel mit Vanillesoße');
    const spare = await ticket(server.url, thief.token);
    const out = await fetch(`${server.url}/api/logout?everywhere=1`, { method: 'POST', headers: { authorization: `Bearer ${thief.token}` } });
    expect(out.status).toBe(200);
    // Before, this ticket opened a socket for the ended sessions' user, one that no logout had closed.
    expect((await upgrade(server.url, `?ticket=${spare}`)).status).toBe(401);
    // A new password ends the other sessions, and the tickets bought with them.
    const owner = await loginCookie(server.url, 'Zenzi', 'Dampfnudel mit Vanillesoße');
    const stolen = await loginCookie(server.url, 'Zenzi', 'Dampfnudel mit Vanillesoße');
    const kept = await ticket(server.url, stolen.token);
    const owners = await ticket(server.url, owner.token);
    const changed = await post(server.url, '/api/password', { password: 'Dampfnudel mit Vanillesoße', newPassword: 'Rohrnudel ohne Soße' }, owner.token);
    expect(changed.status).toBe(200);
    expect((await upgrade(server.url, `?ticket=${kept}`)).status).toBe(401);
    // The owner's own session goes on, and so do the tickets it bought; it buys new ones as before.
    expect((await upgrade(server.url, `?ticket=${owners}`)).status).toBe(101);
    expect((await upgrade(server.url, `?ticket=${await ticket(server.url, owner.token)}`)).status).toBe(101);
    await thief.close();
  });

  it('logging out of one session ends the tickets bought with it; the same user\'s other session and its tickets go on', async () => {
    server = await testServer();
    expect((await post(server.url, '/api/register', { name: 'Burgi', password: 'Kaiserschmarrn mit Apfelmus' })).status).toBe(200);
    const phone = await loginCookie(server.url, 'Burgi', 'Kaiserschmarrn mit Apfelmus');
    const laptop = await loginCookie(server.url, 'Burgi', 'Kaiserschmarrn mit Apfelmus');
    const [fromPhone, fromPhone2] = [await ticket(server.url, phone.token), await ticket(server.url, phone.token)];
    const fromLaptop = await ticket(server.url, laptop.token);
    expect((await fetch(`${server.url}/api/logout`, { method: 'POST', headers: { authorization: `Bearer ${phone.token}` } })).status).toBe(200);
    // Before, a ticket named the user only, and one bought just before the logout still opened a socket within its 30 s.
    expect((await upgrade(server.url, `?ticket=${fromPhone}`)).status).toBe(401);
    expect((await upgrade(server.url, `?ticket=${fromPhone2}`)).status).toBe(401);
    expect((await post(server.url, '/api/ticket', {}, phone.token)).status).toBe(401);
    const opened = await upgrade(server.url, `?ticket=${fromLaptop}`);
    expect(opened).toMatchObject({ status: 101, first: { type: 'hello', user: { name: 'Burgi' } } });
    expect((await upgrade(server.url, `?ticket=${await ticket(server.url, laptop.token)}`)).status).toBe(101);
    // A guest's logout (by the cookie) ends his tickets alike.
    const guest = await fetch(`${server.url}/api/guest`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Hansi' }) });
    const guestToken = ((await guest.json()) as { token: string }).token;
    const guestTicket = await ticket(server.url, guestToken);
    expect((await fetch(`${server.url}/api/logout`, { method: 'POST', headers: { cookie: guest.headers.get('set-cookie')!.split(';')[0] } })).status).toBe(200);
    expect((await upgrade(server.url, `?ticket=${guestTicket}`)).status).toBe(401);
  });

  it('a session ends after its idle time; every use starts that time again', async () => {
    // Used every 300 ms against an idle time of 1.2 s: a loaded machine's late answer still comes in time (with 250 ms
    // against 600 ms, one answer 350 ms late ended the used session too).
    server = await testServer({ identity: { sessionIdleMs: 1200 } });
    const kept = (await post<{ token: string }>(server.url, '/api/guest', { name: 'Kathi' })).body.token;
    const left = (await post<{ token: string }>(server.url, '/api/guest', { name: 'Wastl' })).body.token;
    for (let i = 0; i < 6; i++) {
      await new Promise((r) => setTimeout(r, 300));
      expect(await me(server.url, { token: kept })).toMatchObject({ name: 'Kathi' });
    }
    // 1.8 s after login: the used session lives on, the unused one has ended, also for the WebSocket.
    expect(await me(server.url, { token: left })).toBeNull();
    expect((await post(server.url, '/api/ticket', {}, left)).status).toBe(401);
    expect((await upgrade(server.url, '', { authorization: `Bearer ${left}` })).status).toBe(401);
  });
});

describe('WebSocket tickets', () => {
  let server: RunningServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('a token buys a ticket; a ticket opens one socket, once; ?token= is refused', async () => {
    server = await testServer();
    const { token } = (await post<{ token: string }>(server.url, '/api/guest', { name: 'Sepp' })).body;
    const t = await ticket(server.url, token);
    const first = await upgrade(server.url, `?ticket=${t}`);
    expect(first.status).toBe(101);
    expect(first.first).toMatchObject({ type: 'hello', user: { name: 'Sepp', guest: true } });
    expect((await upgrade(server.url, `?ticket=${t}`)).status).toBe(401);
    expect((await upgrade(server.url, '?ticket=nonsense')).status).toBe(401);
    expect((await upgrade(server.url, `?token=${token}`)).status).toBe(401);
    // A ticket is bought with the bearer token, not the cookie (a page of another site cannot buy one).
    expect((await fetch(`${server.url}/api/ticket`, { method: 'POST', headers: { cookie: `stich_session=${token}` } })).status).toBe(401);
    // The client of src/server/client.ts connects with tickets, and again after a reconnect.
    const client = await Client.guest(server.url, 'Vroni');
    await client.close();
    await client.connect();
    expect(client.closed).toBe(false);
    await client.close();
  });

  it('a ticket expires after its time', async () => {
    server = await testServer({ identity: { ticketMs: 150 } });
    const { token } = (await post<{ token: string }>(server.url, '/api/guest', { name: 'Sepp' })).body;
    const t = await ticket(server.url, token);
    await new Promise((r) => setTimeout(r, 250));
    expect((await upgrade(server.url, `?ticket=${t}`)).status).toBe(401);
  });
});

describe('the Origin check of cookie sessions on /ws', () => {
  let server: RunningServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('by default: only pages of the server\'s own host open the socket with the cookie', async () => {
    server = await testServer();
    const { token } = (await post<{ token: string }>(server.url, '/api/guest', { name: 'Sepp' })).body;
    const cookie = `stich_session=${token}`;
    const host = new URL(server.url).host;
    expect((await upgrade(server.url, '', { cookie, origin: `http://${host}` })).status).toBe(101);
    expect((await upgrade(server.url, '', { cookie, origin: 'https://evil.example' })).status).toBe(403);
    expect((await upgrade(server.url, '', { cookie, origin: `http://${host}.evil.example` })).status).toBe(403);
    expect((await upgrade(server.url, '', { cookie, origin: 'null' })).status).toBe(403);
    // Without an Origin it is no browser (nothing sent the cookie behind its owner's back).
    expect((await upgrade(server.url, '', { cookie })).status).toBe(101);
  });

  it('with --origin: the named origins only', async () => {
    server = await testServer({ origins: ['https://stich.example'] });
    const { token } = (await post<{ token: string }>(server.url, '/api/guest', { name: 'Sepp' })).body;
    const cookie = `stich_session=${token}`;
    expect((await upgrade(server.url, '', { cookie, origin: 'https://stich.example' })).status).toBe(101);
    expect((await upgrade(server.url, '', { cookie, origin: `http://${new URL(server.url).host}` })).status).toBe(403);
  });
});

describe('the log', () => {
  it('at info level shows paths, never a query string: no ticket, token or password reaches it', async () => {
    const lines: string[] = [];
    const server = await testServer({ logLevel: 'info', logStream: { write: (line: string) => void lines.push(line) } });
    try {
      const guest = await post<{ token: string }>(server.url, '/api/guest', { name: 'Sepp' });
      const { token } = guest.body;
      const t = await ticket(server.url, token);
      expect((await upgrade(server.url, `?ticket=${t}`)).status).toBe(101);
      await upgrade(server.url, `?token=${token}`);
      await post(server.url, '/api/register', { name: 'Resi', password: 'Zwetschgendatschi' });
      await fetch(`${server.url}/api/players/Sepp?id=${token.slice(0, 20)}&limit=5`);
      await fetch(`${server.url}/api/me`, { headers: { authorization: `Bearer ${token}`, cookie: `stich_session=${token}` } });
      await fetch(`${server.url}/api/nowhere?token=${token}`);
      await fetch(`${server.url}/api/tables/nowhere?ticket=${t}`);
      await new Promise((r) => setTimeout(r, 100));
      const log = lines.join('');
      expect(log).toContain('"url":"/ws?…"');
      expect(log).toContain('"url":"/api/players/Sepp?…"');
      for (const secret of [t, token, token.slice(0, 20), 'Zwetschgendatschi']) expect(log).not.toContain(secret);
    } finally {
      await server.close();
    }
  });
});
