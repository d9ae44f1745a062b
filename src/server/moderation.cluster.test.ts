import { afterAll, describe, expect, it } from 'vitest';
import { Client } from './client.js';
import { dropRedisPrefix } from './clusterHarness.js';
import { randomId } from './identity.js';
import type { ServerMessage } from './protocol.js';
import type { RunningServer } from './server.js';
import { CLUSTER_HINT, freshPgDatabase, pgUrl, redisUrl, type FreshDatabase } from './store/testing.js';
import { post, testServer } from './testing.js';

/**
 * Moderation across two processes of a cluster (real PostgreSQL and Redis; left out without STICH_PG_URL and
 * STICH_REDIS_URL): the admin talks to one process, the table and the players' sockets are on the other.
 */
// vitest.config.ts leaves *.cluster.test.ts out without both services; run by hand without them, it says what it needs.
if (!pgUrl() || !redisUrl()) throw new Error(CLUSTER_HINT);

describe('moderation in a cluster (PostgreSQL and Redis)', () => {
  const prefix = `stich-test-${randomId(6)}`;
  let db: FreshDatabase;
  const servers: RunningServer[] = [];
  const clients: Client[] = [];
  afterAll(async () => {
    for (const c of clients) await c.close().catch(() => undefined);
    for (const s of servers) await s.close().catch(() => undefined);
    await dropRedisPrefix(redisUrl()!, prefix);
    await db?.drop();
  });

  it('a mute, a hidden line and a closed table reach the table\'s owner; a ban closes a socket of the other process at once', async () => {
    db = await freshPgDatabase();
    const cluster = { prefix, leaseMs: 1500, tickMs: 250 };
    const a = await testServer({ pg: db.url, redis: redisUrl(), cluster });
    const b = await testServer({ pg: db.url, redis: redisUrl(), cluster });
    servers.push(a, b);
    const admin = await post<{ token: string; user: { id: string } }>(a.url, '/api/register', { name: 'Obfrau', password: 'Vorsitz-der-Runde' });
    await a.hall.store.moderation!.setRole(admin.body.user.id, 'admin', true, { at: Date.now(), actorId: null, actorName: 'command line', action: 'grant', reason: 'test' });

    // The table and both players' sockets are on process b; the admin asks process a.
    const rowdy = await Client.account(b.url, 'Rüpel', 'grober-Klotz-7');
    const witness = await Client.guest(b.url, 'Zeugin');
    clients.push(rowdy, witness);
    const table = (await post<{ id: string }>(b.url, '/api/tables', { game: 'schafkopf', seats: ['open', 'bot', 'bot', 'bot'], length: { deals: 50 } }, witness.token)).body.id;
    expect(b.hall.tables.has(table)).toBe(true);
    expect(a.hall.tables.has(table)).toBe(false);
    await rowdy.join(table);
    await witness.join(table);
    expect((await rowdy.request({ type: 'chat', table, text: 'ihr Deppen' })).type).toBe('ok');
    await expect.poll(() => witness.table(table).events.some((x) => x.event.type === 'chat')).toBe(true);
    const e = witness.table(table).events.find((x) => x.event.type === 'chat')!.e;

    // A report made on process a reads the line from the store.
    const report = await post<{ report: string }>(a.url, '/api/reports', { table, e, reason: 'beleidigt' }, witness.token);
    expect(report.status).toBe(200);

    // Muted on a: refused on b's socket at once.
    expect((await post(a.url, '/api/admin/sanctions', { name: 'Rüpel', kind: 'mute', minutes: 60, reason: 'Beleidigung' }, admin.body.token)).status).toBe(200);
    expect(await rowdy.request({ type: 'chat', table, text: 'noch was' })).toMatchObject({ type: 'error', code: 'muted' });

    // Hidden from a: the owner b logs it and tells its followers.
    const hidden = witness.next((m) => m.type === 'events' && m.events.some((x) => x.event.type === 'chatHidden'));
    expect((await post(a.url, `/api/admin/tables/${table}/hide`, { e, reason: 'Beleidigung', report: report.body.report }, admin.body.token)).status).toBe(200);
    await hidden;
    const log = await b.hall.store.tableLog(table);
    expect(log.map((l) => l.entry).filter((x) => (x as { k: string }).k === 'hide')).toEqual([{ k: 'hide', e }]);

    // Banned on a: the socket on b is closed at once (Redis), with the reason first.
    const kicked = rowdy.next((m): m is Extract<ServerMessage, { type: 'error' }> => m.type === 'error' && m.code === 'banned');
    const closedWith = new Promise<number>((resolve) => rowdy.socket.once('close', (code) => resolve(code)));
    const t0 = Date.now();
    expect((await post(a.url, '/api/admin/sanctions', { name: 'Rüpel', kind: 'ban', minutes: null, reason: 'wiederholt' }, admin.body.token)).status).toBe(200);
    expect((await kicked).message).toBe('you are banned for ever: wiederholt');
    expect(await closedWith).toBe(4003);
    console.log(`a ban on one process closed the socket on the other in ${Date.now() - t0} ms`);

    // Closed from a: the owner b ends the table and tells the witness; its row is finished for every process.
    const told = witness.next((m) => m.type === 'events' && m.events.some((x) => x.event.type === 'closed'));
    expect((await post(a.url, `/api/admin/tables/${table}/close`, { reason: 'Streit' }, admin.body.token)).status).toBe(200);
    await told;
    expect((await a.hall.store.unfinishedTables()).map((t) => t.id)).not.toContain(table);
    expect((await a.hall.store.moderation!.auditLog(10)).map((x) => x.action)).toEqual(['close-table', 'ban', 'hide-chat', 'mute', 'grant']);
  });
});
