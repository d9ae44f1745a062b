import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { autoplay, Client } from './client.js';
import type { RunningServer } from './server.js';
import { post, seatedTable, testServer } from './testing.js';
import { THINKING_BOTS_PER_USER } from './thinking.js';

/**
 * The cap of thinking bots per user (thinking.ts, THINKING_BOTS_PER_USER):
 * the waiting and playing tables one user opened hold at most that many
 * medium and strong bots together; more are refused at table creation and
 * at seatBot with `tooManyBots`, and refused requests change nothing.
 */
let server: RunningServer;
beforeAll(async () => {
  // Waiting tables per player are limited too (3): off here, where one player opens more to reach the bot cap.
  server = await testServer({ limits: { waitingTablesPerUser: 0 } });
});
afterAll(async () => {
  await server?.close();
});

type Made = { id: string; seats: { kind: string; bot?: string }[]; error?: { code: string; message: string } };

describe('thinking bots per user', () => {
  it(`are at most ${THINKING_BOTS_PER_USER} over one user's tables; more are refused at creation and at seatBot, and other users are not affected`, async () => {
    expect(THINKING_BOTS_PER_USER).toBe(8);
    const anna = await Client.guest(server.url, 'Kapazunda');
    const three = { game: 'schafkopf', seats: ['open', 'bot:strong', 'bot:medium', 'bot:strong'] };
    const first = await post<Made>(server.url, '/api/tables', three, anna.token);
    const second = await post<Made>(server.url, '/api/tables', three, anna.token);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(server.hall.thinkingBotsOf(anna.user.id)).toBe(6);

    // A third table of three would make nine.
    const tables = server.hall.tables.size;
    const third = await post<Made>(server.url, '/api/tables', three, anna.token);
    expect(third.status).toBe(400);
    expect(third.body.error?.code).toBe('tooManyBots');
    expect(third.body.error?.message).toMatch(/at most 8 thinking bots .*they hold 6/);
    expect(server.hall.tables.size).toBe(tables);
    // The game's own bots do not count.
    const easy = await post<Made>(server.url, '/api/tables', { game: 'schafkopf', seats: ['open', 'bot', 'bot', 'bot:random'] }, anna.token);
    expect(easy.status).toBe(200);
    // Two more are allowed: eight in all.
    const two = await post<Made>(server.url, '/api/tables', { game: 'schafkopf', seats: ['open', 'open', 'bot:medium', 'bot:medium'] }, anna.token);
    expect(two.status).toBe(200);
    expect(server.hall.thinkingBotsOf(anna.user.id)).toBe(8);

    // seatBot: a ninth is refused and the seat stays open; an easy bot is fine.
    const id = two.body.id;
    await anna.join(id);
    const refused = await anna.request({ type: 'seatBot', table: id, seat: 1, bot: 'strong' });
    expect(refused.type === 'error' && refused.code).toBe('tooManyBots');
    expect(server.hall.tables.get(id)!.seats[1]).toEqual({ kind: 'open' });
    // Two at once from the same user, racing: still one at most.
    await anna.join(first.body.id);
    expect((await anna.request({ type: 'seatBot', table: first.body.id, seat: 1, bot: null })).type).toBe('ok');
    const answers: string[] = [];
    const both = new Promise<void>((resolve) => {
      const off = anna.on((m) => {
        if ((m.type !== 'ok' && m.type !== 'error') || m.table !== id) return;
        answers.push(m.type === 'error' ? m.code : 'ok');
        if (answers.length === 2) resolve(off());
      });
    });
    anna.send({ type: 'seatBot', table: id, seat: 1, bot: 'strong' });
    anna.send({ type: 'seatBot', table: id, seat: 0, bot: 'medium' });
    await both;
    expect(answers.sort()).toEqual(['ok', 'tooManyBots']);
    expect(server.hall.tables.get(id)!.seats.filter((o) => o.kind === 'bot').length).toBe(3);
    expect(server.hall.thinkingBotsOf(anna.user.id)).toBe(8);

    // Another user has a cap of their own.
    const bert = await Client.guest(server.url, 'Bertl');
    const full = await post<Made>(server.url, '/api/tables', { game: 'schafkopf', seats: ['open', 'bot:strong', 'bot:strong', 'bot:strong'] }, bert.token);
    expect(full.status).toBe(200);
    await Promise.all([anna.close(), bert.close()]);
  });

  it('count again when a finished table starts another sitting: "again" over the cap is refused', async () => {
    // Thinking bots of 5 ms, so that a deal is soon over.
    const quick = await testServer({ botThinkMs: 5, botWorkers: 1 });
    try {
      const sepp = await Client.guest(quick.url, 'Wiederholer');
      const id = await seatedTable(quick.url, sepp, [sepp], { game: 'schafkopf', seats: ['open', 'bot:medium', 'bot:medium', 'bot:medium'], length: { deals: 1 } });
      const ended = sepp.next((m) => m.type === 'events' && m.table === id && m.events.some((e) => e.event.type === 'sittingEnd'), 60_000);
      const stop = autoplay(sepp, id);
      await ended;
      stop();
      // Finished: its three bots no longer count, and two tables of three take six more.
      expect(quick.hall.thinkingBotsOf(sepp.user.id)).toBe(0);
      for (let i = 0; i < 2; i++) expect((await post<Made>(quick.url, '/api/tables', { game: 'schafkopf', seats: ['open', 'bot:strong', 'bot:strong', 'bot:strong'] }, sepp.token)).status).toBe(200);
      const again = await sepp.request({ type: 'again', table: id });
      expect(again.type === 'error' && again.code).toBe('tooManyBots');
      expect(quick.hall.tables.get(id)!.phase).toBe('finished');
      await sepp.close();
    } finally {
      await quick.close();
    }
  }, 90_000);
});
