import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { autoplay, Client } from './client.js';
import type { ServerMessage } from './protocol.js';
import type { RunningServer } from './server.js';
import { seatedTable, testServer, twoAtTable as twoAtKarnoeffel } from './testing.js';

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

type Status = Extract<ServerMessage, { type: 'status' }>;
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
    // At least 6 s of chat, and on until four decisions are made (a loaded machine makes fewer in 6 s; 60 s at most).
    for (let i = 0; i < 120 && (i < 12 || moves(id) - from < 4); i++) {
      talkers[i % 2].send({ type: 'chat', table: id, text: `hallo ${i}` });
      await sleep(500);
    }
    stop();
    expect(refused).toEqual([]);
    // The bots made their decisions 0.8 s after each came while the two talked (before, each chat line started the
    // delay again, and not one bot acted while they talked: only Anna's own action, if it was her turn, moved the deal).
    expect(moves(id) - from).toBeGreaterThanOrEqual(4);
    await Promise.all([anna, ...talkers].map((c) => c.close()));
  }, 90_000);

  const twoAtTable = (settings: Record<string, unknown>) => twoAtKarnoeffel(server.url, settings);
  const awayIn = (id: string, seat: number) => (m: ServerMessage): m is Status => m.type === 'status' && m.table === id && m.away.includes(seat);
  const moved = (c: Client, id: string, from: number, ms: number) => c.next((m) => m.type === 'events' && m.table === id && m.events.some((e) => e.e > from && e.event.type === 'game'), ms);

  it('a player who comes back while the bot is to make his decision, and leaves again, does not stall the table', async () => {
    // No grace period: leaving hands the seat to the bot at once; no clock: only the bot moves the deal on.
    const { id, victim, other, seat } = await twoAtTable({ graceMs: 0, clockMs: 0, botDelayMs: 1500 });
    const from = other.table(id).last;
    const t0 = Date.now();
    const decided = moved(other, id, from, 8000);
    const away = other.next(awayIn(id, seat), 3000);
    victim.send({ type: 'unjoin', table: id });
    await away;
    // Back within the bot's delay, and gone again once the bot's turn has passed.
    await victim.join(id, victim.table(id).last);
    await sleep(1700);
    victim.send({ type: 'unjoin', table: id });
    // Before, the bot's turn of the first absence was refused (he was back), and the second found one scheduled for
    // the same version of the log: nobody ever made the decision. Now the decision is the bot's from the first
    // absence on, made after its delay.
    await decided;
    expect(Date.now() - t0).toBeLessThan(1500 + 1700 + 1500);
    await Promise.all([victim.close(), other.close()]);
  }, 20_000);

  it('leaving and coming back each time the grace period runs out holds a decision at most the grace period and the bot delay', async () => {
    const { id, victim, other, seat } = await twoAtTable({ graceMs: 1000, clockMs: 4000, botDelayMs: 1500 });
    const from = other.table(id).last;
    const t0 = Date.now();
    // Each time the bot is to play for him he joins again (before: a fresh clock) and leaves at once (a fresh grace period).
    let rejoins = 0;
    const off = other.on((m) => {
      if (awayIn(id, seat)(m)) {
        rejoins++;
        victim.send({ type: 'join', table: id });
        victim.send({ type: 'unjoin', table: id });
      }
    });
    victim.send({ type: 'unjoin', table: id });
    await moved(other, id, from, 8000);
    off();
    expect(rejoins).toBeGreaterThanOrEqual(1);
    // The grace period (1 s), the bot's delay (1.5 s) and slack for a loaded machine.
    expect(Date.now() - t0).toBeLessThan(1000 + 1500 + 1500);
    await Promise.all([victim.close(), other.close()]);
  }, 20_000);
});
