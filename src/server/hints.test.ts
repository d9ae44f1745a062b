import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { autoplay, Client } from './client.js';
import type { ServerMessage } from './protocol.js';
import type { RunningServer } from './server.js';
import type { HintRequest } from './thinking.js';
import { get, seatedTable, testServer } from './testing.js';

/**
 * Hints at the table (issue 22): an unrated table gives the strong bot's
 * choice and estimates, computed in the bot workers from the seat's own view;
 * a rated table refuses; the record notes every hint taken; a connection may
 * ask only so often.
 */
let server: RunningServer;
const asked: HintRequest[] = [];
beforeAll(async () => {
  if (!existsSync('dist/server/botWorker.js')) throw new Error('no dist/server/botWorker.js: run npm run build (the bot pool runs the compiled worker)');
  server = await testServer({ botThinkMs: 60 });
  // Watch what the pool is asked: the seat's view and legal actions, nothing more.
  const pool = server.hall.bots;
  const original = pool.hint.bind(pool);
  pool.hint = (request, key) => {
    asked.push(request);
    return original(request, key);
  };
});
afterAll(async () => {
  await server?.close();
});

type HintResult = Extract<ServerMessage, { type: 'hintResult' }>;
const isHint = (table: string) => (m: ServerMessage): m is HintResult => m.type === 'hintResult' && m.table === table;
const isError = (table: string) => (m: ServerMessage): m is Extract<ServerMessage, { type: 'error' }> => m.type === 'error' && m.table === table;

/** Resolves once the client's seat has a decision. */
async function myTurn(c: Client, table: string): Promise<void> {
  const mine = () => {
    const t = c.table(table);
    return t.toAct.includes(t.seat) && t.legal.length > 0;
  };
  if (!mine()) await c.next(() => mine(), 20_000);
}

describe('hints', () => {
  it('an unrated table gives the strong bot’s choice and estimates from the seat’s own view, and the record notes each hint once', async () => {
    const anna = await Client.guest(server.url, 'Anna');
    const id = await seatedTable(server.url, anna, [anna], { game: 'schafkopf', seats: ['open', 'bot', 'bot', 'bot'], length: { deals: 1 } });
    await myTurn(anna, id);
    const before = asked.length;
    const got = anna.next(isHint(id), 20_000);
    anna.send({ type: 'hint', table: id });
    const h = await got;
    const legal = anna.table(id).legal;
    expect(h.seat).toBe(anna.table(id).seat);
    expect(h.deal).toBe(0);
    expect(legal).toContain(h.choice);
    expect(h.estimates.map((e) => e.action).sort()).toEqual([...legal].sort());
    expect(h.estimates.map((e) => e.value)).toEqual([...h.estimates.map((e) => e.value)].sort((a, b) => b - a));
    expect(h.worlds).toBeGreaterThan(0);
    expect(h.unit).toEqual({ symbol: 'ct', name: 'cents' });
    // The pool got exactly the seat's view as the player's own snapshot shows it: no hidden card.
    expect(asked.length).toBe(before + 1);
    const request = asked[asked.length - 1];
    const snap = await anna.join(id, anna.table(id).last);
    expect(request.seat).toBe(snap.seat);
    expect(request.view).toEqual(snap.view);
    expect(request.legal).toEqual(snap.legal);
    // Asking again at the same decision is answered, and noted once.
    const again = anna.next(isHint(id), 20_000);
    anna.send({ type: 'hint', table: id });
    expect((await again).action).toBe(h.action);

    const ended = anna.next((m) => m.type === 'events' && m.table === id && m.events.some((e) => e.event.type === 'sittingEnd'), 60_000);
    const stop = autoplay(anna, id);
    await ended;
    stop();
    const end = anna.table(id).events.find((e) => e.event.type === 'sittingEnd')!.event as { record: string };
    const rec = await get<{ version: number; hints: { deal: number; action: number; seat: number }[] }>(server.url, `/api/records/${end.record}`);
    expect(rec.status).toBe(200);
    expect(rec.body.version).toBe(4);
    expect(rec.body.hints).toEqual([{ deal: 0, action: h.action, seat: h.seat }]);
    await anna.close();
  }, 90_000);

  it('a rated table refuses hints; so does a table where the asker has nothing to decide or no seat', async () => {
    const ben = await Client.account(server.url, 'Ben', 'Schafkopf am Samstag');
    const rated = await seatedTable(server.url, ben, [ben], { game: 'schafkopf', seats: ['open', 'bot', 'bot', 'bot'], rated: true, length: { deals: 1 } });
    await myTurn(ben, rated);
    const before = asked.length;
    const refused = ben.next(isError(rated));
    ben.send({ type: 'hint', table: rated });
    const r = await refused;
    expect(r.code).toBe('noHints');
    expect(r.message).toMatch(/rated table gives no hints/);
    expect(asked.length).toBe(before);

    const carl = await Client.guest(server.url, 'Carl');
    await carl.join(rated);
    const spectator = carl.next(isError(rated));
    carl.send({ type: 'hint', table: rated });
    expect((await spectator).code).toBe('noHints');

    const dora = await Client.guest(server.url, 'Dora');
    const open = await seatedTable(server.url, ben, [ben, dora], { game: 'schafkopf', seats: ['open', 'open', 'bot', 'bot'], length: { deals: 1 } });
    const watching = carl.next(isError(open));
    await carl.join(open);
    carl.send({ type: 'hint', table: open });
    expect((await watching).code).toBe('notSeated');
    // The deal waits for one of the two people: the other has nothing to decide.
    const waits = () => [ben, dora].some((c) => c.table(open).legal.length > 0);
    if (!waits()) await Promise.race([ben, dora].map((c) => c.next(() => waits(), 20_000)));
    const idle = [ben, dora].find((c) => c.table(open).legal.length === 0)!;
    expect(idle).toBeDefined();
    const nothing = idle.next(isError(open));
    idle.send({ type: 'hint', table: open });
    const n = await nothing;
    expect(n.code).toBe('noDecision');
    expect(n.message).toBe('you have nothing to decide now');
    await dora.close();
    await ben.close();
    await carl.close();
  }, 60_000);

  it('a connection may ask for 3 hints at once, then one every 5 s', async () => {
    const dora = await Client.guest(server.url, 'Dora');
    const id = await seatedTable(server.url, dora, [dora], { game: 'bauernschnapsen', seats: ['open', 'bot', 'bot', 'bot'], length: { deals: 1 } });
    const answers: ServerMessage[] = [];
    const off = dora.on((m) => {
      if ((m.type === 'hintResult' || m.type === 'error') && m.table === id) answers.push(m);
    });
    const limited = dora.next((m) => m.type === 'error' && m.code === 'rateLimited' && m.table === id);
    for (let i = 0; i < 4; i++) dora.send({ type: 'hint', table: id });
    const r = await limited;
    expect(r.type === 'error' && r.message).toMatch(/at most 3 hints at once, then one every 5 s/);
    await new Promise((resolve) => setTimeout(resolve, 300));
    off();
    expect(answers.filter((m) => m.type === 'error' && m.code === 'rateLimited')).toHaveLength(1);
    await dora.close();
  }, 30_000);
});
