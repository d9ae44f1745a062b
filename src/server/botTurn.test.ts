import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from './client.js';
import type { ServerMessage } from './protocol.js';
import type { RunningServer } from './server.js';
import { seatedTable, testServer } from './testing.js';

let server: RunningServer;
beforeAll(async () => {
  server = await testServer({ tableDefaults: { botDelayMs: 400, clockMs: 0 } });
});
afterAll(async () => {
  await server?.close();
});

describe('bot turns', () => {
  it('a chat message while a bot waits out its delay does not keep the bot from acting', async () => {
    const anna = await Client.guest(server.url, 'Plauderer');
    // A bot delay of 2 s: the chat comes within it on a loaded machine too (the file's 400 ms could pass before it).
    const id = await seatedTable(server.url, anna, [anna], { game: 'schafkopf', seats: ['open', 'bot', 'bot', 'bot'], length: { deals: 1 }, botDelayMs: 2000 });
    const table = server.hall.tables.get(id)!;
    // Wait until a bot is to act, then talk during its delay.
    const seat = anna.table(id).seat;
    for (const end = Date.now() + 30_000; Date.now() < end && (anna.table(id).toAct.length === 0 || anna.table(id).toAct.includes(seat)); ) {
      if (anna.table(id).toAct.includes(seat) && anna.table(id).legal.length > 0) {
        await anna.request({ type: 'act', table: id, cseq: anna.table(id).cseq + 1, action: anna.table(id).legal[0] });
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    const waitingFor = anna.table(id).toAct;
    expect(waitingFor.length).toBeGreaterThan(0);
    expect(waitingFor).not.toContain(seat);
    const before = table.lastEvent;
    // Listened for before the chat: the bot's move may come before the chat's answer.
    const moved = anna.next((m: ServerMessage) => m.type === 'events' && m.table === id && m.events.some((e) => e.event.type === 'game'), 15_000);
    expect((await anna.request({ type: 'chat', table: id, text: 'Servus' })).type).toBe('ok');
    // The bot acts after its delay all the same.
    expect((await moved).type).toBe('events');
    expect(table.lastEvent).toBeGreaterThan(before + 1);
    await anna.close();
  });
});
