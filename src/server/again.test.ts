import { afterEach, describe, expect, it } from 'vitest';
import { autoplay, Client } from './client.js';
import { DEFAULT_LIMITS } from './limits.js';
import type { RunningServer } from './server.js';
import { finishedTogether, get, post, tempDb, testServer, until } from './testing.js';

type Next = { id: string; by: { id: string; name: string }; created: boolean };
type Gone = { error: { code: string }; next?: { id: string; by: { id: string; name: string } } };

describe('playing again after a sitting, together', () => {
  let server: RunningServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('a finished table stays for minutes, not seconds, so that "Noch eine Runde" works while the summaries are read', async () => {
    expect(DEFAULT_LIMITS.finishedLingerMs).toBe(10 * 60_000);
    server = await testServer();
    const { table, players } = await finishedTogether(server, ['Anna', 'Bert']);
    // Past the old 30 s the table would have left memory; now it is there, and `again` starts the next sitting for both.
    expect(server.hall.tables.has(table)).toBe(true);
    const started = players[1].next((m) => m.type === 'events' && m.table === table && m.events.some((e) => e.event.type === 'sittingStart' && e.event.sitting === 2));
    expect((await players[0].request({ type: 'again', table })).type).toBe('ok');
    await started;
    await Promise.all(players.map((p) => p.close()));
  });

  it('at most finishedTables finished tables stay in memory: past it the oldest leaves at once and answers from the store', async () => {
    expect(DEFAULT_LIMITS.finishedTables).toBe(500);
    server = await testServer({ limits: { finishedTables: 1 } });
    const first = await finishedTogether(server, ['Anna']);
    expect(server.hall.tables.has(first.table)).toBe(true);
    const second = await finishedTogether(server, ['Bert']);
    await until('the older finished table to leave memory', () => !server!.hall.tables.has(first.table));
    expect(server.hall.tables.has(second.table)).toBe(true);
    expect((await get<Gone>(server.url, `/api/tables/${first.table}`)).status).toBe(410);
    await Promise.all([...first.players, ...second.players].map((p) => p.close()));
  });

  it('the finished tables in memory hold at most finishedDeals deals together: past it the oldest leaves at once', async () => {
    // A table keeps every deal it played (about 19 KB each): 500 finished sittings of 1,000 bot deals held 9.5 GB.
    expect(DEFAULT_LIMITS.finishedDeals).toBe(20_000);
    server = await testServer({ limits: { finishedDeals: 3 } });
    const owner = await Client.guest(server.url, 'Anna');
    const botsOnly = async () => {
      const made = await post<{ id: string }>(server!.url, '/api/tables', { game: 'schafkopf', seats: ['bot', 'bot', 'bot', 'bot'], length: { deals: 2 } }, owner.token);
      await until('the bots to finish their sitting', () => server!.hall.tables.get(made.body.id)?.phase === 'finished');
      return made.body.id;
    };
    const first = await botsOnly();
    expect(server.hall.tables.has(first)).toBe(true);
    // Two deals and two more are over the limit of three: the older table leaves memory, the newer stays.
    const second = await botsOnly();
    await until('the older finished table to leave memory', () => !server!.hall.tables.has(first));
    expect(server.hall.tables.has(second)).toBe(true);
    expect((await get<Gone>(server.url, `/api/tables/${first}`)).status).toBe(410);
    await owner.close();
  });

  it('after the table left memory, the first friend to play again opens the next table and the others are led to it, not to tables of their own', async () => {
    const db = tempDb();
    server = await testServer({ db, limits: { finishedLingerMs: 300 } });
    const { table, players } = await finishedTogether(server, ['Anna', 'Bert', 'Cilli']);
    const [anna, bert, cilli] = players;
    await until('the finished table to leave memory', () => !server!.hall.tables.has(table));
    // The socket's `again` finds no table any more (what the player saw: "Dieser Tisch ist vorbei").
    const refused = anna.next((m) => m.type === 'error' && m.table === table);
    anna.send({ type: 'again', table });
    expect(await refused).toMatchObject({ type: 'error', code: 'unknownTable' });
    // A stranger with the link does not lead the players anywhere.
    const zaungast = await Client.guest(server.url, 'Zaungast');
    expect((await post<{ error: { code: string } }>(server.url, `/api/tables/${table}/again`, {}, zaungast.token)).body.error.code).toBe('notSeated');
    // Anna and Bert click at the same moment: one table for both.
    const [a, b] = await Promise.all([anna, bert].map((p) => post<Next>(server!.url, `/api/tables/${table}/again`, {}, p.token)));
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.id).toBe(b.body.id);
    expect([a.body.created, b.body.created].sort()).toEqual([false, true]);
    const opener = a.body.created ? 'Anna' : 'Bert';
    expect(b.body.by.name).toBe(opener);
    // The link of the old table now says who opened the next one and where.
    const gone = await get<Gone>(server.url, `/api/tables/${table}`);
    expect([gone.status, gone.body.next?.id, gone.body.next?.by.name]).toEqual([410, a.body.id, opener]);
    // Cilli, later, is led there too; the new table has the same game with the bot where it was and the people's seats open.
    const c = await post<Next>(server.url, `/api/tables/${table}/again`, {}, cilli.token);
    expect([c.body.id, c.body.created]).toEqual([a.body.id, false]);
    const next = await get<{ game: string; seats: { kind: string }[]; phase: string }>(server.url, `/api/tables/${a.body.id}`);
    expect([next.body.game, next.body.phase, next.body.seats.map((s) => s.kind)]).toEqual(['schafkopf', 'waiting', ['open', 'open', 'open', 'bot']]);
    // Once that table has ended too (expired while nobody sat at it), the next click opens a new one.
    await server.close();
    server = await testServer({ db, limits: { waitingExpiryMs: 300 } });
    await until('the follow-up to expire', async () => (await get<Gone>(server!.url, `/api/tables/${a.body.id}`)).status === 410);
    expect((await get<Gone>(server.url, `/api/tables/${table}`)).body.next).toBeUndefined();
    const d = await post<Next>(server.url, `/api/tables/${table}/again`, {}, cilli.token);
    expect(d.body.created).toBe(true);
    expect(d.body.id).not.toBe(a.body.id);
    await Promise.all([...players, zaungast].map((p) => p.close()));
  });

  it('one who sat down at the waiting table and stood up before the sitting began does not lead its players: only those who played', async () => {
    server = await testServer({ limits: { finishedLingerMs: 300 } });
    const [anna, bert, zaungast] = await Promise.all(['Anna', 'Bert', 'Zaungast'].map((n) => Client.guest(server!.url, n)));
    const made = await post<{ id: string }>(server.url, '/api/tables', { game: 'schafkopf', seats: ['open', 'open', 'bot', 'bot'], public: true, length: { deals: 1 } }, anna.token);
    const table = made.body.id;
    // A stranger at the public table sits down for a moment and gets up again.
    await zaungast.join(table);
    expect((await zaungast.request({ type: 'sit', table, seat: 0 })).type).toBe('ok');
    expect((await zaungast.request({ type: 'stand', table })).type).toBe('ok');
    for (const [i, p] of [anna, bert].entries()) {
      await p.join(table);
      expect((await p.request({ type: 'sit', table, seat: i })).type).toBe('ok');
    }
    const ended = [anna, bert].map((p) => p.next((m) => m.type === 'events' && m.table === table && m.events.some((e) => e.event.type === 'sittingEnd'), 60_000));
    await Promise.all([anna, bert].map((p) => p.join(table, p.table(table).last)));
    const stops = [anna, bert].map((p) => autoplay(p, table));
    await Promise.all(ended);
    stops.forEach((stop) => stop());
    await until('the finished table to leave memory', () => !server!.hall.tables.has(table));
    // He is first to ask for the follow-up: refused, nothing opened, and the players' own request opens theirs.
    const tried = await post<{ error: { code: string } }>(server.url, `/api/tables/${table}/again`, {}, zaungast.token);
    expect([tried.status, tried.body.error?.code]).toEqual([403, 'notSeated']);
    expect((await get<Gone>(server.url, `/api/tables/${table}`)).body.next).toBeUndefined();
    const mine = await post<Next>(server.url, `/api/tables/${table}/again`, {}, bert.token);
    expect([mine.status, mine.body.created, mine.body.by.name]).toEqual([200, true, 'Bert']);
    await Promise.all([anna, bert, zaungast].map((p) => p.close()));
  });

  it('the link of a table that left memory reads its log from the store once per 5 s, however often it is asked, and shows the follow-up at once', async () => {
    expect([DEFAULT_LIMITS.goneTableCacheMs, DEFAULT_LIMITS.goneTablesCached]).toEqual([5_000, 1_000]);
    server = await testServer({ limits: { finishedLingerMs: 300 } });
    const { table, players } = await finishedTogether(server, ['Anna']);
    await until('the finished table to leave memory', () => !server!.hall.tables.has(table));
    const store = server.hall.store;
    const read = store.tableLog.bind(store);
    let reads = 0;
    store.tableLog = (id) => {
      if (id === table) reads++;
      return read(id);
    };
    // Before, each of these read and parsed the whole log (a table of 1,000 deals: 41,000 entries, 90–150 ms each).
    const zaungast = await Client.guest(server.url, 'Zaungast');
    for (let i = 0; i < 20; i++) {
      expect((await get<Gone>(server.url, `/api/tables/${table}`)).status).toBe(410);
      expect((await post<Gone>(server.url, `/api/tables/${table}/again`, {}, zaungast.token)).status).toBe(403);
    }
    expect(reads).toBe(1);
    // The player's own request reads the log as it is now (once), and the link shows his follow-up at once.
    const mine = await post<Next>(server.url, `/api/tables/${table}/again`, {}, players[0].token);
    expect(mine.body.created).toBe(true);
    expect(reads).toBe(2);
    const gone = await get<Gone>(server.url, `/api/tables/${table}`);
    expect(gone.body.next?.id).toBe(mine.body.id);
    expect(reads).toBe(2);
    await Promise.all([...players, zaungast].map((p) => p.close()));
  });

  it('a table still in memory is played again on the socket', async () => {
    server = await testServer();
    const { table, players } = await finishedTogether(server, ['Anna']);
    expect((await post<{ error: { code: string } }>(server.url, `/api/tables/${table}/again`, {}, players[0].token)).body.error.code).toBe('tableOpen');
    await players[0].close();
  });
});
