import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from './client.js';
import type { RunningServer } from './server.js';
import { get, post, testServer } from './testing.js';

/**
 * The friends' table (issue 18): its creator puts bots on open seats and takes them off while it waits; nobody
 * else may, and nothing changes once the sitting runs. Also the HTTP answers the lobby's form and a first visit need.
 */
describe('bots on a waiting table', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await testServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  const open = async (owner: Client, body: Record<string, unknown>) => {
    const made = await post<{ id: string }>(server.url, '/api/tables', body, owner.token);
    expect(made.status).toBe(200);
    return made.body.id;
  };

  it('once the creator has stood up and left, the players still seated may seat bots (and he may not); the thinking bots count against his cap', async () => {
    const [anna, bert, cilli, zaungast] = await Promise.all(['Anna', 'Bert', 'Cilli', 'Zaungast'].map((n) => Client.guest(server.url, n)));
    const id = await open(anna, { game: 'schafkopf', public: false, seats: ['open', 'open', 'open', 'open'], length: { deals: 1 } });
    for (const [c, seat] of [[anna, 0], [bert, 1], [cilli, 2]] as const) {
      await c.join(id);
      expect(await c.request({ type: 'sit', table: id, seat })).toMatchObject({ type: 'ok' });
    }
    await zaungast.join(id);
    // While Anna sits there, only she may.
    expect(await bert.request({ type: 'seatBot', table: id, seat: 3, bot: 'easy' })).toMatchObject({ type: 'error', code: 'notCreator' });
    // Anna stands up and goes: Bert and Cilli may now; a spectator and Anna herself may not.
    expect(await anna.request({ type: 'stand', table: id })).toMatchObject({ type: 'ok' });
    await anna.close();
    expect(await zaungast.request({ type: 'seatBot', table: id, seat: 3, bot: 'easy' })).toMatchObject({ type: 'error', code: 'notCreator' });
    const annaAgain = await Client.connectWith(server.url, anna.token);
    await annaAgain.join(id);
    expect(await annaAgain.request({ type: 'seatBot', table: id, seat: 3, bot: 'easy' })).toMatchObject({ type: 'error', code: 'notCreator' });
    await annaAgain.close();
    expect(await bert.request({ type: 'seatBot', table: id, seat: 3, bot: 'easy' })).toMatchObject({ type: 'ok' });
    expect(await cilli.request({ type: 'seatBot', table: id, seat: 3, bot: null })).toMatchObject({ type: 'ok' });
    expect(await cilli.request({ type: 'seatBot', table: id, seat: 0, bot: 'medium' })).toMatchObject({ type: 'ok' });
    // The thinking bot Cilli seated counts against Anna, who opened the table.
    expect(server.hall.thinkingBotsOf(anna.user.id)).toBe(1);
    expect(server.hall.thinkingBotsOf(cilli.user.id)).toBe(0);
    expect(await bert.request({ type: 'seatBot', table: id, seat: 3, bot: 'bot' })).toMatchObject({ type: 'ok' });
    // Full: the sitting runs.
    expect((await bert.join(id)).phase).toBe('playing');
    await Promise.all([bert, cilli, zaungast].map((c) => c.close()));
  });

  it('only the creator, only open seats, only the game’s bots; a bot taken off leaves the seat open; a full table starts', async () => {
    const [anna, bert] = await Promise.all(['Anna', 'Bert'].map((n) => Client.guest(server.url, n)));
    const id = await open(anna, { game: 'schafkopf', public: false, seats: ['open', 'open', 'open', 'open'], length: { deals: 1 } });
    const snap = await anna.join(id);
    expect(snap.settings.creator).toBe(anna.user.id);
    expect(snap.settings.public).toBe(false);
    await bert.join(id);
    expect(await anna.request({ type: 'sit', table: id, seat: 0 })).toMatchObject({ type: 'ok' });
    expect(await bert.request({ type: 'sit', table: id, seat: 1 })).toMatchObject({ type: 'ok' });

    // Bert did not open the table.
    expect(await bert.request({ type: 'seatBot', table: id, seat: 2, bot: 'easy' })).toMatchObject({ type: 'error', code: 'notCreator' });
    // A seat held by a person, a seat that is not there, a bot the game does not have, and a seat without a bot to take off.
    expect(await anna.request({ type: 'seatBot', table: id, seat: 1, bot: 'easy' })).toMatchObject({ type: 'error', code: 'seatTaken' });
    expect(await anna.request({ type: 'seatBot', table: id, seat: 4, bot: 'easy' })).toMatchObject({ type: 'error', code: 'badSeat' });
    expect(await anna.request({ type: 'seatBot', table: id, seat: 2, bot: 'genius' })).toMatchObject({ type: 'error', code: 'badSeat' });
    expect(await anna.request({ type: 'seatBot', table: id, seat: 2, bot: null })).toMatchObject({ type: 'error', code: 'badSeat' });
    // A message without the bot field is not a seatBot message at all.
    bert.send({ type: 'seatBot', table: id, seat: 2 });
    expect(await bert.next((m) => m.type === 'error')).toMatchObject({ code: 'badMessage' });

    expect(await anna.request({ type: 'seatBot', table: id, seat: 2, bot: 'medium' })).toMatchObject({ type: 'ok' });
    expect((await anna.join(id)).seats[2]).toMatchObject({ kind: 'bot', bot: 'medium', name: 'Sepp (bot)' });
    // Off again: the seat is open; on again with the default bot and the first free name.
    expect(await anna.request({ type: 'seatBot', table: id, seat: 2, bot: null })).toMatchObject({ type: 'ok' });
    expect((await anna.join(id)).seats[2]).toEqual({ kind: 'open' });
    expect(await anna.request({ type: 'seatBot', table: id, seat: 3, bot: 'bot' })).toMatchObject({ type: 'ok' });
    expect(await anna.request({ type: 'seatBot', table: id, seat: 2, bot: 'easy' })).toMatchObject({ type: 'ok' });
    const full = await anna.join(id);
    expect(full.seats.map((s) => (s.kind === 'bot' ? s.name : s.kind))).toEqual(['human', 'human', 'Resi (bot)', 'Sepp (bot)']);

    // The table was full: the sitting runs, and bots no longer change.
    expect(full.phase).toBe('playing');
    expect(await anna.request({ type: 'seatBot', table: id, seat: 2, bot: null })).toMatchObject({ type: 'error', code: 'notWaiting' });
    // A private table is not in the lobby.
    const listed = await get<{ tables: { id: string }[] }>(server.url, '/api/tables');
    expect(listed.body.tables.some((t) => t.id === id)).toBe(false);
    await Promise.all([anna.close(), bert.close()]);
  });

  it('a table opened through the API has a creator too, and the form learns each preset’s seats', async () => {
    const games = await get<{ games: { id: string; presetSeats: Record<string, number | null> }[] }>(server.url, '/api/games');
    const byId = new Map(games.body.games.map((g) => [g.id, g.presetSeats]));
    expect(Object.values(byId.get('schafkopf')!).every((n) => n === 4)).toBe(true);
    expect(Object.values(byId.get('talonschnapsen')!).every((n) => n === 3)).toBe(true);
    expect(Object.values(byId.get('karnoeffel')!).every((n) => typeof n === 'number' && n >= 2 && n <= 8)).toBe(true);
  });

  it('/api/me answers a visitor without a session with null, not an error', async () => {
    const me = await get<{ user: null }>(server.url, '/api/me');
    expect(me).toEqual({ status: 200, body: { user: null } });
  });

  it('a finished table is told apart from an unknown one', async () => {
    const anna = await Client.guest(server.url, 'Anna');
    const id = await open(anna, { game: 'karnoeffel', seats: ['bot', 'bot', 'bot', 'bot'], length: { deals: 1 } });
    // Finished tables leave memory when the server restarts; until then they answer as tables.
    const done = async () => {
      for (let i = 0; i < 200; i++) {
        const t = await get<{ phase: string }>(server.url, `/api/tables/${id}`);
        if (t.body.phase === 'finished') return;
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error('the sitting of bots did not end');
    };
    await done();
    server.hall.tables.get(id)!.close();
    server.hall.tables.delete(id);
    const gone = await get<{ error: { code: string }; records: string[] }>(server.url, `/api/tables/${id}`);
    expect(gone.status).toBe(410);
    expect(gone.body.error.code).toBe('tableFinished');
    expect(gone.body.records).toEqual([`${id}.1`]);
    const unknown = await get<{ error: { code: string } }>(server.url, '/api/tables/nothing-here');
    expect([unknown.status, unknown.body.error.code]).toEqual([404, 'unknownTable']);
    await anna.close();
  });
});
