import { afterEach, describe, expect, it } from 'vitest';
import { Client } from './client.js';
import type { CreateTable, LobbyTable } from './protocol.js';
import type { RunningServer } from './server.js';
import { finishedSitting, get, post, tempDb, testServer, until } from './testing.js';

type Gone = { error: { code: string }; records: string[]; game: string; again?: CreateTable };

describe('waiting tables expire, finished tables leave memory (issue 20)', () => {
  let server: RunningServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('a waiting table nobody sits at expires: gone from memory and the lobby, its link says so and offers the same table again', async () => {
    // 3 s: the table must still be there while a spectator comes and the lobby is read (300 ms were spent before on a loaded machine).
    server = await testServer({ limits: { waitingExpiryMs: 3000 } });
    const anna = await Client.guest(server.url, 'Anna');
    const made = await post<{ id: string }>(server.url, '/api/tables', { game: 'karnoeffel', seats: ['open', 'bot:random', 'open', 'open'], length: { deals: 3 } }, anna.token);
    const id = made.body.id;
    const spectator = await Client.guest(server.url, 'Zaungast');
    await spectator.join(id);
    const told = spectator.next((m) => m.type === 'error' && m.code === 'tableExpired' && m.table === id);
    expect((await get<{ tables: LobbyTable[] }>(server.url, '/api/tables')).body.tables.map((t) => t.id)).toContain(id);
    await told;
    await until('the table to leave memory', () => !server!.hall.tables.has(id));
    expect((await get<{ tables: LobbyTable[] }>(server.url, '/api/tables')).body.tables).toEqual([]);
    const gone = await get<Gone>(server.url, `/api/tables/${id}`);
    expect(gone.status).toBe(410);
    expect(gone.body.error.code).toBe('tableExpired');
    expect(gone.body.records).toEqual([]);
    expect(gone.body.again).toMatchObject({ game: 'karnoeffel', seats: ['open', 'bot:random', 'open', 'open'], length: { deals: 3 }, public: true });
    // Its waiting place is free again: Anna may open three more.
    for (let i = 0; i < 3; i++) expect((await post(server.url, '/api/tables', { game: 'schafkopf' }, anna.token)).status).toBe(200);
    await anna.close();
    await spectator.close();
  });

  it('a waiting table whose seated people all left expires; one who stays keeps it', async () => {
    server = await testServer({ limits: { waitingExpiryMs: 400 } });
    const [anna, bert] = await Promise.all([Client.guest(server.url, 'Anna'), Client.guest(server.url, 'Bert')]);
    const ids: string[] = [];
    for (const c of [anna, bert]) {
      const id = (await post<{ id: string }>(server.url, '/api/tables', { game: 'schafkopf' }, c.token)).body.id;
      await c.join(id);
      expect((await c.request({ type: 'sit', table: id, seat: 0 })).type).toBe('ok');
      ids.push(id);
    }
    await new Promise((r) => setTimeout(r, 600));
    expect(ids.every((id) => server!.hall.tables.has(id))).toBe(true);
    await anna.close();
    await until("Anna's table to expire", () => !server!.hall.tables.has(ids[0]));
    await new Promise((r) => setTimeout(r, 600));
    expect(server.hall.tables.has(ids[1])).toBe(true);
    await bert.close();
  });

  it('a restart brings back no zombie: waiting tables get a fresh deadline and end, and stay ended', async () => {
    const db = tempDb();
    server = await testServer({ db });
    const anna = await Client.guest(server.url, 'Anna');
    const id = (await post<{ id: string }>(server.url, '/api/tables', { game: 'schafkopf' }, anna.token)).body.id;
    await anna.close();
    await server.close();
    server = await testServer({ db, limits: { waitingExpiryMs: 300 } });
    expect(server.hall.tables.has(id)).toBe(true);
    await until('the table to expire after the restart', () => !server!.hall.tables.has(id));
    await server.close();
    server = await testServer({ db });
    expect(server.hall.tables.size).toBe(0);
    expect((await get<Gone>(server.url, `/api/tables/${id}`)).body.error.code).toBe('tableExpired');
  });

  it('a finished table lingers, then leaves memory; its link answers from the store with the records and plays again, also after a restart', async () => {
    const db = tempDb();
    server = await testServer({ db, limits: { finishedLingerMs: 300 } });
    const { table, record } = await finishedSitting(server, 'Resi');
    await until('the finished table to leave memory', () => !server!.hall.tables.has(table));
    const gone = await get<Gone>(server.url, `/api/tables/${table}`);
    expect(gone.status).toBe(410);
    expect(gone.body.error.code).toBe('tableFinished');
    expect(gone.body.records).toEqual([record]);
    expect(gone.body.again).toMatchObject({ game: 'schafkopf', seats: ['open', 'bot:easy', 'bot:easy', 'bot:random'], length: { deals: 1 } });
    expect((await get(server.url, `/api/records/${record}`)).status).toBe(200);
    await server.close();
    server = await testServer({ db });
    expect(server.hall.tables.has(table)).toBe(false);
    const after = await get<Gone>(server.url, `/api/tables/${table}`);
    expect([after.status, after.body.records]).toEqual([410, [record]]);
    // "Play again": the same game, rules and bots at a new table.
    const resi = await Client.guest(server.url, 'Resi');
    const again = await post<{ id: string; seats: { kind: string; bot?: string }[]; rules: unknown }>(server.url, '/api/tables', after.body.again, resi.token);
    expect(again.status).toBe(200);
    expect(again.body.seats.map((s) => s.kind)).toEqual(['open', 'bot', 'bot', 'bot']);
    expect(again.body.seats[3].bot).toBe('random');
    await resi.close();
  });

  it('a table id that cannot be one is simply unknown', async () => {
    server = await testServer();
    for (const id of ['%00', 'a%20b', 'x'.repeat(65)]) expect((await get<{ error: { code: string } }>(server.url, `/api/tables/${id}`)).body.error.code).toBe('unknownTable');
  });
});
