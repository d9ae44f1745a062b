import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from './client.js';
import type { LobbyTable, ServerMessage } from './protocol.js';
import type { RunningServer } from './server.js';
import { get, post, testServer, until } from './testing.js';

type Lobby = Extract<ServerMessage, { type: 'lobby' }>;
type Diff = Extract<ServerMessage, { type: 'lobbyDiff' }>;
const bytes = (m: ServerMessage) => Buffer.byteLength(JSON.stringify(m));
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('the lobby with thousands of tables: a bounded page, then only its changes (issue 20)', () => {
  let server: RunningServer;
  const ids: string[] = [];
  beforeAll(async () => {
    server = await testServer({ limits: { waitingTablesPerUser: 0 } });
    // 3,000 open public tables of many creators (made in the hall: the HTTP limits are tested elsewhere).
    for (let i = 0; i < 3000; i++) {
      const game = i % 3 === 0 ? 'karnoeffel' : 'schafkopf';
      const made = await server.hall.create({ game, seats: ['open', 'bot', 'open', 'bot'], public: true, rated: false, length: { units: 1 }, clockMs: 0, botDelayMs: 0, contributionMs: 0 }, undefined, `creator${i}`);
      if (!made.ok) throw new Error(made.message);
      ids.push(made.table.id);
    }
  }, 120_000);
  afterAll(() => server.close());

  it('sends the newest 50 under 64 KB, then changes only of the page; a filter and a bigger page are bounded too', async () => {
    const all = await Client.guest(server.url, 'Alle');
    const first = all.next((m): m is Lobby => m.type === 'lobby');
    all.send({ type: 'lobby' });
    const page = await first;
    expect(page.tables.length).toBe(50);
    expect(page.total).toBe(3000);
    expect(page.tables.map((t) => t.id)).toEqual(ids.slice(-50).reverse());
    expect(bytes(page)).toBeLessThan(64 * 1024);
    expect(page.onlineCount).toBeGreaterThan(0);

    // Another follower wants Karnöffel only, 100 of them (the most one may ask for): each message under 64 KB.
    const k = await Client.guest(server.url, 'Karnoeffler');
    k.send({ type: 'lobby', game: 'karnoeffel', limit: 100 });
    await k.next((m) => m.type === 'lobby');
    const parts = () => k.inbox.filter((m): m is Lobby | Diff => m.type === 'lobby' || m.type === 'lobbyDiff');
    const got = () => parts().flatMap((m) => (m.type === 'lobby' ? m.tables : m.added));
    // The page's parts come one after another: waited for, then a moment for any part too many.
    await until('the page of 100 Karnöffel tables', () => got().length >= 100);
    await pause(300);
    expect(got().length).toBe(100);
    expect(got().every((t) => t.game === 'karnoeffel')).toBe(true);
    expect((parts()[0] as Lobby).total).toBe(1000);
    for (const m of parts()) expect(bytes(m)).toBeLessThan(64 * 1024);

    // Someone sits at the oldest table (in nobody's page): no message for either follower.
    const p = await Client.guest(server.url, 'Sepp');
    const before = [all.inbox.length, k.inbox.length];
    await p.join(ids[1]);
    expect((await p.request({ type: 'sit', table: ids[1], seat: 0 })).type).toBe('ok');
    await pause(500);
    const diffsSince = (c: Client, n: number) => c.inbox.slice(n).filter((m): m is Diff => m.type === 'lobbyDiff');
    expect(diffsSince(all, before[0]).filter((d) => d.added.length + d.changed.length + d.removed.length > 0)).toEqual([]);
    expect(diffsSince(k, before[1]).filter((d) => d.added.length + d.changed.length + d.removed.length > 0)).toEqual([]);

    // Someone sits at the newest Schafkopf table: the first follower hears of that one table, the Karnöffel follower nothing.
    const mark = [all.inbox.length, k.inbox.length];
    const newest = ids[ids.length - 1];
    await p.join(newest);
    expect((await p.request({ type: 'sit', table: newest, seat: 0 })).type).toBe('ok');
    // The changes go out within the lobby's throttle (200 ms), later on a loaded machine: waited for, then a moment more.
    await until('the change of the newest table', () => diffsSince(all, mark[0]).some((d) => d.changed.length > 0));
    await pause(500);
    const seen = diffsSince(all, mark[0]);
    expect(seen.flatMap((d) => d.changed.map((t) => t.id))).toEqual([newest]);
    expect(seen.flatMap((d) => [...d.added, ...d.removed])).toEqual([]);
    expect(seen.every((d) => bytes(d) < 4096)).toBe(true);
    expect(diffsSince(k, mark[1]).filter((d) => d.changed.length + d.added.length + d.removed.length > 0)).toEqual([]);

    // A new table enters at the top: added, and the 50th drops out of the page.
    const mark2 = all.inbox.length;
    const made = await post<{ id: string }>(server.url, '/api/tables', { game: 'schafkopf' }, p.token);
    await until('the new table in the page', () => diffsSince(all, mark2).some((x) => x.added.length > 0));
    await pause(500);
    const d = diffsSince(all, mark2);
    expect(d.flatMap((x) => x.added.map((t: LobbyTable) => t.id))).toEqual([made.body.id]);
    expect(d.flatMap((x) => x.removed)).toEqual([ids[ids.length - 50]]);
    expect(d[d.length - 1].total).toBe(3001);
    await Promise.all([all.close(), k.close(), p.close()]);
  });

  it('lobby pages per player: a burst of 10 over all their sockets, then rateLimited', async () => {
    const one = await Client.guest(server.url, 'Eilig');
    const other = await Client.connectWith(server.url, one.token);
    const t0 = Date.now();
    for (let i = 0; i < 8; i++) for (const c of [one, other]) c.send({ type: 'lobby', game: i % 2 ? 'schafkopf' : 'karnoeffel' });
    const pages = () => [...one.inbox, ...other.inbox].filter((m) => m.type === 'lobby').length;
    const refused = () => [...one.inbox, ...other.inbox].filter((m) => m.type === 'error' && m.code === 'rateLimited').length;
    // Every one of the 16 answered (not a fixed 500 ms); 10, and one more for each whole second they took.
    await until('an answer to each of the 16', () => pages() + refused() >= 16);
    const refills = Math.floor((Date.now() - t0) / 1000);
    await pause(300);
    expect(pages()).toBeGreaterThanOrEqual(10);
    expect(pages()).toBeLessThanOrEqual(10 + refills);
    expect(pages() + refused()).toBe(16);
    await Promise.all([one.close(), other.close()]);
  });

  it('GET /api/tables is paged: at most 100, with an offset and a game', async () => {
    const one = await get<{ tables: LobbyTable[]; total: number }>(server.url, '/api/tables');
    expect(one.body.tables.length).toBe(50);
    const page = await get<{ tables: LobbyTable[]; total: number; offset: number }>(server.url, '/api/tables?game=karnoeffel&limit=100&offset=100');
    expect(page.body.tables.length).toBe(100);
    expect(page.body.total).toBe(1000);
    expect(page.body.tables.every((t) => t.game === 'karnoeffel')).toBe(true);
    const newestFirst = page.body.tables.map((t) => t.created);
    expect([...newestFirst].sort((a, b) => b - a)).toEqual(newestFirst);
    for (const bad of ['limit=101', 'limit=0', 'offset=-1', 'sort=old', 'game=%3Cscript%3E', 'game=chess']) expect((await get(server.url, `/api/tables?${bad}`)).status).toBe(400);
  });

  it('a lobby message for a game that does not exist is refused (badMessage), not answered with an empty page echoing the name', async () => {
    const c = await Client.guest(server.url, 'Irrlicht');
    const reply = c.next((m) => m.type === 'lobby' || m.type === 'error');
    c.send({ type: 'lobby', game: '<script>' });
    expect(await reply).toMatchObject({ type: 'error', code: 'badMessage' });
    expect(c.inbox.some((m) => m.type === 'lobby')).toBe(false);
    await c.close();
  });
});
