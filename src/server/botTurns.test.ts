import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { autoplay, Client } from './client.js';
import type { ServerMessage } from './protocol.js';
import type { RunningServer } from './server.js';
import { seatedTable, testServer } from './testing.js';

/**
 * A bot's turn cannot be put off by others (docs/security.md, "A player who holds up the table"), over real
 * WebSockets: neither by spectators' chat lines (each added to the log, and each started the bot's delay again) nor
 * by a player who leaves and comes back while a bot is to make his decision.
 */
let server: RunningServer;
beforeAll(async () => {
  // Deals start at once (no wait for the players' shuffle contributions).
  server = await testServer({ tableDefaults: { contributionMs: 0 } });
});
afterAll(async () => {
  await server?.close();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** The decisions made at the table so far (the deal's `moves`: every deal dealt and every action). */
const moves = (id: string) => server.hall.tables.get(id)!.state.sitting.moves;

describe('bot turns', () => {
  it('spectators chatting do not keep the bots from acting', async () => {
    const anna = await Client.guest(server.url, 'Anna');
    // The default bot delay (800 ms), no clock: the bots act 0.8 s after their turn comes.
    const id = await seatedTable(server.url, anna, [anna], { game: 'schafkopf', seats: ['open', 'bot', 'bot', 'bot'], length: { deals: 20 }, botDelayMs: 800, clockMs: 0 });
    const stop = autoplay(anna, id);
    // Two guests follow the table and chat in turns, each once a second (within his chat limit: 1 a second, bursts of 5).
    const talkers = await Promise.all(['Xaver', 'Yvonne'].map((n) => Client.guest(server.url, n)));
    for (const t of talkers) await t.join(id);
    const refused: ServerMessage[] = [];
    for (const t of talkers) t.on((m) => void (m.type === 'error' && refused.push(m)));
    const from = moves(id);
    for (let i = 0; i < 12; i++) {
      talkers[i % 2].send({ type: 'chat', table: id, text: `hallo ${i}` });
      await sleep(500);
    }
    stop();
    expect(refused).toEqual([]);
    // 6 s of chat: the bots made their decisions 0.8 s after each came (before, each chat line started the delay
    // again, and not one bot acted while the two talked: only Anna's own action, if it was her turn, moved the deal).
    expect(moves(id) - from).toBeGreaterThanOrEqual(4);
    await Promise.all([anna, ...talkers].map((c) => c.close()));
  }, 20_000);
});
