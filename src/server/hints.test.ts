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
  // Hints at once over the process are tested apart (below): here each test's own hints may run together.
  server = await testServer({ botThinkMs: 60, limits: { hintsPerWorker: 10 } });
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

  it('nobody else at the table hears that a hint was taken: no message goes to the other seats or the spectators', async () => {
    const [eva, fritz, gerd] = await Promise.all(['Eva', 'Fritz', 'Gerd'].map((n) => Client.guest(server.url, n)));
    const id = await seatedTable(server.url, eva, [eva, fritz], { game: 'schafkopf', seats: ['open', 'open', 'bot', 'bot'], length: { deals: 1 } });
    await gerd.join(id);
    // The deal waits for one of the two people alone (no bot is about to act, whose move everyone would hear of).
    const alone = (c: Client) => c.table(id).toAct.length === 1 && c.table(id).toAct[0] === c.table(id).seat && c.table(id).legal.length > 0;
    if (![eva, fritz].some(alone)) await Promise.race([eva, fritz].map((c) => c.next(() => [eva, fritz].some(alone), 20_000)));
    const [asker, other] = alone(eva) ? [eva, fritz] : [fritz, eva];
    // The others have the message that brought the asker's turn too (each socket gets it at its own moment).
    const caughtUp = () => [other, gerd].every((c) => c.table(id).last === asker.table(id).last);
    if (!caughtUp()) await Promise.race([other, gerd].map((c) => c.next(() => caughtUp(), 20_000)));
    // What the other player and the spectator are sent from now on, until the hint's answer and a while after.
    const heard: ServerMessage[] = [];
    const offs = [other, gerd].map((c) => c.on((m) => void ('table' in m && m.table === id && heard.push(m))));
    const got = asker.next(isHint(id), 20_000);
    asker.send({ type: 'hint', table: id });
    await got;
    await new Promise((r) => setTimeout(r, 300));
    offs.forEach((off) => off());
    // Before, the hint's log entry sent every follower an `events` message with no events: its coming alone said
    // when a player asked for a hint.
    expect(heard).toEqual([]);
    await Promise.all([eva, fritz, gerd].map((c) => c.close()));
  }, 60_000);

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

  it('a player may ask for 3 hints at once, then one every 5 s, however many connections he opens', async () => {
    const dora = await Client.guest(server.url, 'Dora');
    const id = await seatedTable(server.url, dora, [dora], { game: 'bauernschnapsen', seats: ['open', 'bot', 'bot', 'bot'], length: { deals: 1 } });
    // Her other connections (8 are allowed): before, each had 3 hints of its own.
    const more = await Promise.all([1, 2, 3].map(() => Client.connectWith(server.url, dora.token)));
    const all = [dora, ...more];
    const answers: ServerMessage[] = [];
    const offs = all.map((c) =>
      c.on((m) => {
        if ((m.type === 'hintResult' || m.type === 'error') && m.table === id) answers.push(m);
      }),
    );
    const before = asked.length;
    for (const c of all) for (let i = 0; i < 2; i++) c.send({ type: 'hint', table: id });
    const deadline = Date.now() + 20_000;
    while (answers.length < 8 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    offs.forEach((off) => off());
    const limited = answers.filter((m) => m.type === 'error' && m.code === 'rateLimited');
    expect(limited).toHaveLength(5);
    for (const r of limited) expect(r.type === 'error' && r.message).toMatch(/at most 3 hints at once, then one every 5 s/);
    expect(answers.filter((m) => m.type === 'hintResult')).toHaveLength(3);
    expect(asked.length).toBe(before + 3);
    await Promise.all(all.map((c) => c.close()));
  }, 30_000);
});

describe('hints computed at once', () => {
  let busy: RunningServer;
  let started = 0;
  let letGo = () => {};
  const held = new Promise<void>((resolve) => (letGo = resolve));
  beforeAll(async () => {
    // One worker, one hint at a time in the whole process (limits.hintsPerWorker); the first hint is held until the test lets it go
    // (a hint of a Schnapsen bid takes a few hundred ms, which a loaded machine spends before the second player's message arrives).
    busy = await testServer({ botWorkers: 1, botThinkMs: 1500, limits: { hintsPerWorker: 1 } });
    const pool = busy.hall.bots;
    const original = pool.hint.bind(pool);
    pool.hint = async (request, key) => {
      started++;
      const answer = await original(request, key);
      await held;
      return answer;
    };
  });
  afterAll(async () => {
    await busy?.close();
  });

  it('past the process’s number of hints at once another player’s hint is refused, noted nowhere, and answered once one is done', async () => {
    const [eva, fritz] = await Promise.all([Client.guest(busy.url, 'Eva'), Client.guest(busy.url, 'Fritz')]);
    const tables = await Promise.all([eva, fritz].map((c) => seatedTable(busy.url, c, [c], { game: 'bauernschnapsen', seats: ['open', 'bot', 'bot', 'bot'], length: { deals: 1 } })));
    await Promise.all([eva, fritz].map((c, i) => myTurn(c, tables[i])));
    const first = eva.next(isHint(tables[0]), 20_000);
    eva.send({ type: 'hint', table: tables[0] });
    // Fritz asks once Eva's hint is being computed (on a loaded machine her message may take longer than any fixed wait).
    const deadline = Date.now() + 10_000;
    while (started < 1 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(started).toBe(1);
    const refused = fritz.next(isError(tables[1]));
    fritz.send({ type: 'hint', table: tables[1] });
    const r = await refused;
    expect(r.code).toBe('rateLimited');
    expect(r.message).toBe('the server is computing 1 hints at once already; ask again in a few seconds');
    expect(r.params).toEqual({ max: 1 });
    expect(started).toBe(1);
    letGo();
    await first;
    // The place is free again: Fritz's hint is computed now, and only it is noted in his table's log.
    const second = fritz.next(isHint(tables[1]), 20_000);
    fritz.send({ type: 'hint', table: tables[1] });
    const h = await second;
    expect(started).toBe(2);
    const log = (await busy.hall.store.tableLog(tables[1])).map((l) => l.entry as { k: string });
    expect(log.filter((e) => e.k === 'hint')).toEqual([{ k: 'hint', seat: h.seat, deal: 0, action: h.action }]);
    await Promise.all([eva.close(), fritz.close()]);
  }, 60_000);
});
