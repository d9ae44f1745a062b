import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { Client } from './client.js';
import { SESSION_COOKIE } from './identity.js';
import { CLUSTER_HINT, pgUrl, redisUrl } from './store/testing.js';
import { post, TestCluster } from './testing.js';

/**
 * Ended sessions across two processes of a cluster (real PostgreSQL and Redis; left out without STICH_PG_URL and
 * STICH_REDIS_URL): a new password or "log out everywhere" asked of one process closes the player's sockets on the
 * other at once, not only when they next reconnect.
 */
// vitest.config.ts leaves *.cluster.test.ts out without both services; run by hand without them, it says what it needs.
if (!pgUrl() || !redisUrl()) throw new Error(CLUSTER_HINT);

describe('sessions ended in a cluster (PostgreSQL and Redis)', () => {
  const cluster = new TestCluster();
  const clients: Client[] = [];
  afterAll(async () => {
    for (const c of clients) await c.close().catch(() => undefined);
    await cluster.close();
  });

  const closed = (c: Client) => new Promise<number>((resolve) => (c.onClose = resolve));
  /** A socket opened with the session cookie, as the browser opens it: known by its session. */
  const cookieSocket = async (base: string, token: string): Promise<WebSocket> => {
    const ws = new WebSocket(`${base.replace(/^http/, 'ws')}/ws`, { headers: { cookie: `${SESSION_COOKIE}=${token}` } });
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    return ws;
  };

  it('a new password on one process closes the other sessions\' sockets on the other, and leaves its own session\'s; log out everywhere closes them all', async () => {
    const timing = { leaseMs: 1500, tickMs: 250 };
    const a = await cluster.server(timing);
    const b = await cluster.server(timing);

    // Kathi changes her password on process a; a phone of hers with another session has its socket on process b,
    // and the page she changes it on has one on b too (a socket of the same session, opened with its cookie).
    const here = await post<{ token: string }>(a.url, '/api/register', { name: 'Kathi', password: 'Dampfnudel mit Vanillesoße' });
    const there = await post<{ token: string }>(b.url, '/api/login', { name: 'Kathi', password: 'Dampfnudel mit Vanillesoße' });
    const phone = await Client.connectWith(b.url, there.body.token);
    clients.push(phone);
    const own = await cookieSocket(b.url, here.body.token);
    let ownClosed = false;
    own.on('close', () => (ownClosed = true));
    const phoneClosed = closed(phone);
    const t0 = Date.now();
    const changed = await post<{ ended: number }>(a.url, '/api/password', { password: 'Dampfnudel mit Vanillesoße', newPassword: 'Rohrnudel mit Zwetschgen' }, here.body.token);
    expect(changed).toEqual({ status: 200, body: { ended: 1 } });
    expect(await phoneClosed).toBe(4002);
    console.log(`a new password on one process closed the other session's socket on the other in ${Date.now() - t0} ms`);
    // Its own session's socket on b stays open (the message reached b before the phone's close did).
    await new Promise((r) => setTimeout(r, 300));
    expect(ownClosed).toBe(false);
    expect(own.readyState).toBe(WebSocket.OPEN);

    // Log out everywhere, asked of a: every socket of hers on b closes, her own page's too.
    const again = await post<{ token: string }>(b.url, '/api/login', { name: 'Kathi', password: 'Rohrnudel mit Zwetschgen' });
    const tablet = await Client.connectWith(b.url, again.body.token);
    clients.push(tablet);
    const tabletClosed = closed(tablet);
    const ownCode = new Promise<number>((resolve) => own.once('close', (code) => resolve(code)));
    expect((await post<{ ended: number }>(a.url, '/api/logout?everywhere=1', {}, here.body.token)).body).toEqual({ ended: 2 });
    expect(await tabletClosed).toBe(4002);
    expect(await ownCode).toBe(4002);
  });

  it('a plain logout on one process closes the sockets of that session on the other, and leaves the same user\'s other session\'s', async () => {
    const timing = { leaseMs: 1500, tickMs: 250 };
    const a = await cluster.server(timing);
    const b = await cluster.server(timing);
    const shared = await post<{ token: string }>(a.url, '/api/register', { name: 'Wastl', password: 'Leberkäs mit süßem Senf' });
    const home = await post<{ token: string }>(b.url, '/api/login', { name: 'Wastl', password: 'Leberkäs mit süßem Senf' });
    // The shared computer's page has its socket on b (its cookie), a client of the same session too (a ticket); home's client is on b.
    const page = await cookieSocket(b.url, shared.body.token);
    const pageCode = new Promise<number>((resolve) => page.once('close', (code) => resolve(code)));
    const sharedClient = await Client.connectWith(b.url, shared.body.token);
    const homeClient = await Client.connectWith(b.url, home.body.token);
    clients.push(sharedClient, homeClient);
    const sharedClosed = closed(sharedClient);
    let homeClosed = false;
    homeClient.onClose = () => (homeClosed = true);
    expect((await post<{ ended: number }>(a.url, '/api/logout', {}, shared.body.token)).body).toEqual({ ended: 1 });
    expect(await pageCode).toBe(4002);
    expect(await sharedClosed).toBe(4002);
    await new Promise((r) => setTimeout(r, 300));
    expect(homeClosed).toBe(false);
    const pong = homeClient.next((m) => m.type === 'pong');
    homeClient.send({ type: 'ping' });
    await pong;
  });
});
