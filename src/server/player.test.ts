import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { autoplay, Client } from './client.js';
import type { PlayerPage, ServerMessage } from './protocol.js';
import type { RunningServer } from './server.js';
import { DEFAULT_LIMITS } from './limits.js';
import { finishedSitting, get, seatedTable, testServer } from './testing.js';
import { TextCache } from './textCache.js';

let server: RunningServer;
beforeAll(async () => {
  server = await testServer();
});
afterAll(async () => {
  await server?.close();
});

const sittingEnd = (id: string) => (m: ServerMessage) => m.type === 'events' && m.table === id && m.events.some((e) => e.event.type === 'sittingEnd');

describe('the player page', () => {
  it('shows a rating per game and the recent sittings with their records, and nothing hidden', async () => {
    const anna = await Client.account(server.url, 'Kreszenz', 'geheim-genug');
    const [b, twin] = await Promise.all(['Hias', 'Hias'].map((n) => Client.guest(server.url, n)));
    // Kreszenz plays rated; the guest Hias unrated (a guest may not sit at a rated table).
    const id = await seatedTable(server.url, anna, [anna], { game: 'talonschnapsen', seats: ['open', 'bot:random', 'bot:random'], length: { deals: 1 }, rated: true, clockMs: 0 });
    const casual = await seatedTable(server.url, b, [b], { game: 'talonschnapsen', seats: ['open', 'bot:random', 'bot:random'], length: { deals: 1 }, clockMs: 0 });
    const ended = [anna.next(sittingEnd(id), 30_000), b.next(sittingEnd(casual), 30_000)];
    const stops = [autoplay(anna, id), autoplay(b, casual)];
    await Promise.all(ended);
    stops.forEach((s) => s());
    await server.hall.tables.get(id)!.idle();
    await server.hall.tables.get(casual)!.idle();

    const page = await get<PlayerPage>(server.url, '/api/players/kreszenz');
    expect(page.status).toBe(200);
    expect(page.body.name).toBe('Kreszenz');
    expect(page.body.guest).toBe(false);
    expect(page.body.ratings.map((r) => r.game)).toEqual(['talonschnapsen']);
    expect(page.body.ratings[0]).toMatchObject({ title: 'Talonschnapsen', sittings: 1 });
    expect(page.body.ratings[0].rating).toBeCloseTo(page.body.ratings[0].mu - 3 * page.body.ratings[0].sigma, 9);
    expect(page.body.sittings).toHaveLength(1);
    const s = page.body.sittings[0];
    expect(s).toMatchObject({ record: `${id}.1`, table: id, game: 'talonschnapsen', seat: anna.table(id).seat });
    expect(s.players[s.seat]).toBe('Kreszenz');
    expect(s.place).toBeGreaterThanOrEqual(1);
    expect(s.place).toBeLessThanOrEqual(3);
    expect((await get(server.url, `/api/records/${s.record}`)).status).toBe(200);
    // Nothing but what the tables show: no password hash, salt, token or deck.
    const raw = JSON.stringify(page.body);
    for (const secret of ['hash', 'salt', 'token', anna.token, 'deck']) expect(raw).not.toContain(secret);

    // Guests of one name: the id tells them apart; without it, the latest of them.
    const hiasPage = await get<PlayerPage>(server.url, `/api/players/Hias?id=${b.user.id}`);
    expect(hiasPage.body.id).toBe(b.user.id);
    expect(hiasPage.body.sittings.map((x) => x.record)).toEqual([`${casual}.1`]);
    expect(hiasPage.body.ratings).toEqual([]);
    const latest = await get<PlayerPage>(server.url, '/api/players/Hias');
    expect(latest.body.id).toBe(twin.user.id);
    expect(latest.body.sittings).toEqual([]);

    // Bad requests change nothing and say why; unknown people are 404.
    expect((await get(server.url, `/api/players/${'x'.repeat(41)}`)).status).toBe(400);
    expect((await get(server.url, '/api/players/Hias?limit=0')).status).toBe(400);
    expect((await get(server.url, '/api/players/Hias?id=../etc')).status).toBe(400);
    expect((await get(server.url, '/api/players/Hias?evil=1')).status).toBe(400);
    expect((await get(server.url, `/api/players/Kreszenz?id=${b.user.id}`)).status).toBe(404);
    expect((await get<{ error: { code: string } }>(server.url, '/api/players/Niemand')).body.error.code).toBe('unknownPlayer');
    await Promise.all([anna, b, twin].map((c) => c.close()));
  });
});

describe('records', () => {
  it('a record is read from the store and written as JSON once, however often it is asked', async () => {
    expect(DEFAULT_LIMITS.recordCacheBytes).toBe(32 * 1024 * 1024);
    const first = await finishedSitting(server, 'Wastl');
    const store = server.hall.store;
    const read = store.record.bind(store);
    const reads: string[] = [];
    store.record = (id) => {
      reads.push(id);
      return read(id);
    };
    const original = await read(first.record);
    for (let i = 0; i < 20; i++) {
      const res = await fetch(`${server.url}/api/records/${first.record}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(res.headers.get('content-disposition')).toBe(`attachment; filename="stich-schafkopf-${first.record}.json"`);
      expect(await res.json()).toEqual(original!.record);
    }
    // Before, each of the 20 read and parsed the record (a sitting of 1,000 deals: 1.1 MB, 80 ms of the event loop each).
    expect(reads).toEqual([first.record]);
    expect((await fetch(`${server.url}/api/records/nichtda.1`)).status).toBe(404);
    store.record = read;
  }, 60_000);

  it('keeps at most recordCacheBytes of records, the one asked longest ago forgotten first', async () => {
    const cache = new TextCache<number>(10);
    cache.set('a', 'aa', 1);
    cache.set('b', 'bb', 2);
    expect(cache.get('a')?.meta).toBe(1);
    cache.set('c', 'cc', 3);
    // 'b' was asked longest ago: it goes first.
    expect([cache.get('a')?.meta, cache.get('b'), cache.get('c')?.meta]).toEqual([1, undefined, 3]);
    expect(cache.size).toBeLessThanOrEqual(10);
    cache.set('big', 'x'.repeat(6), 4);
    expect(cache.get('big')).toBeUndefined();
  });
});
