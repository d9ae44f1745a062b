import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from './client.js';
import type { ServerMessage } from './protocol.js';
import type { RunningServer } from './server.js';
import { post, testServer } from './testing.js';

/**
 * A bot's action that the table refuses as illegal (a bug of the bot or of its notation; the core logs it) must not leave
 * the deal waiting for ever: the game's own bot decides instead (src/server/tableBots.ts).
 */
let server: RunningServer;
let refusedAnswers = 0;
beforeAll(async () => {
  server = await testServer({ botThinkMs: 50 });
  // Every thinking bot answers a card it may not play now (or any card while the others bid).
  const cards = ['E', 'G', 'H', 'S'].flatMap((suit) => ['A', 'Z', 'K', 'O', 'U', '9', '8', '7'].map((rank) => suit + rank));
  server.hall.bots.think = async (request) => {
    refusedAnswers++;
    return { id: 0, ok: true, action: cards.find((c) => !request.legal.includes(c))!, ms: 0 };
  };
});
afterAll(async () => {
  await server?.close();
});

describe('a bot action the table refuses', () => {
  it('is replaced by the easy bot’s, and the deal is played to its end', async () => {
    const anna = await Client.guest(server.url, 'Anna');
    const made = await post<{ id: string }>(server.url, '/api/tables', { game: 'schafkopf', seats: ['bot:medium', 'bot:medium', 'bot:medium', 'bot:medium'], length: { deals: 1 } }, anna.token);
    expect(made.status).toBe(200);
    const id = made.body.id;
    const ended = anna.next((m: ServerMessage) => m.type === 'events' && m.table === id && m.events.some((e) => e.event.type === 'sittingEnd'), 30_000);
    await anna.join(id);
    await ended;
    expect(server.hall.tables.get(id)!.phase).toBe('finished');
    // Each of the bots' decisions was first answered with a card the table refused (at least the 32 cards of the deal).
    expect(refusedAnswers).toBeGreaterThanOrEqual(32);
    await anna.close();
  }, 40_000);
});
