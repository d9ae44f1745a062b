import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, post } from './client.js';
import { DEFAULT_LIMITS } from './limits.js';
import type { ServerMessage } from './protocol.js';
import type { RunningServer } from './server.js';
import { testServer } from './testing.js';

/**
 * One person's chat and seat changes over all tables (docs/security.md, "Chat only at a followed table"): each is
 * written to its table's log for good and sent to every follower, and a connection follows up to 16 tables (8
 * connections a player).
 */
let server: RunningServer;
beforeAll(async () => {
  server = await testServer();
});
afterAll(async () => {
  await server?.close();
});

describe('chat over all tables', () => {
  it('a player says at most 5 lines at once, then one a second, over all the tables he follows', async () => {
    expect([DEFAULT_LIMITS.chatBurst, DEFAULT_LIMITS.chatRate]).toEqual([5, 1]);
    // Ten open tables of four hosts (three waiting tables each at most).
    const hosts = await Promise.all(['Anna', 'Bert', 'Cilli', 'Done'].map((n) => Client.guest(server.url, n)));
    const tables: string[] = [];
    for (const h of hosts) for (let i = 0; i < 3 && tables.length < 10; i++) tables.push((await post<{ id: string }>(server.url, '/api/tables', { game: 'schafkopf' }, h.token)).body.id);
    const talker = await Client.guest(server.url, 'Schwätzer');
    for (const t of tables) await talker.join(t);
    const answers: ServerMessage[] = [];
    const off = talker.on((m) => void ((m.type === 'ok' || m.type === 'error') && m.table !== undefined && tables.includes(m.table) && answers.push(m)));
    // A line at each table at once: before, every table took its own 5 at once, 1 a second, so one person wrote 10 lines
    // a second into ten logs (and as many more as the tables he followed: 16 a connection, 8 connections).
    const t0 = Date.now();
    const all = talker.next(() => answers.length === tables.length);
    for (const t of tables) talker.send({ type: 'chat', table: t, text: 'Servus beinand' });
    await all;
    off();
    // 5, and one more for each whole second the ten took (a loaded machine may take longer than one).
    const said = answers.filter((m) => m.type === 'ok').length;
    expect(said).toBeGreaterThanOrEqual(5);
    expect(said).toBeLessThanOrEqual(5 + Math.floor((Date.now() - t0) / 1000));
    const refused = answers.filter((m): m is Extract<ServerMessage, { type: 'error' }> => m.type === 'error');
    expect(refused.map((m) => m.code)).toEqual(Array(10 - said).fill('rateLimited'));
    expect(refused[0].message).toBe('at most 5 chat lines at once, then 1 a second, over all tables');
    // Nothing of the refused lines reached their tables.
    const lines = tables.map((t) => server.hall.tables.get(t)!.state.sitting.slots.filter((s) => 'event' in s && s.event.type === 'chat').length);
    expect(lines.reduce((a, b) => a + b, 0)).toBe(said);
    await Promise.all([...hosts, talker].map((c) => c.close()));
  });

  it('a player makes at most 20 seat changes at once, then two a second, over all tables', async () => {
    expect([DEFAULT_LIMITS.seatBurst, DEFAULT_LIMITS.seatRate]).toEqual([20, 2]);
    const host = await Client.guest(server.url, 'Wirt');
    const table = (await post<{ id: string }>(server.url, '/api/tables', { game: 'schafkopf' }, host.token)).body.id;
    const fidget = await Client.guest(server.url, 'Zappel');
    await fidget.join(table);
    const answers: ServerMessage[] = [];
    const off = fidget.on((m) => void ((m.type === 'ok' || m.type === 'error') && m.table === table && answers.push(m)));
    // Sitting down and standing up at another's waiting table as fast as the messages go (before: all 30 taken, 30
    // entries in its log, each sent to its followers and the lobby).
    const t0 = Date.now();
    const all = fidget.next(() => answers.length === 30);
    for (let i = 0; i < 15; i++) {
      fidget.send({ type: 'sit', table, seat: 1 });
      fidget.send({ type: 'stand', table });
    }
    await all;
    off();
    // 20, and two more for each whole second the 30 took (a loaded machine may take longer than half of one).
    const ok = answers.filter((m) => m.type === 'ok').length;
    expect(ok).toBeGreaterThanOrEqual(20);
    expect(ok).toBeLessThanOrEqual(20 + 2 * Math.floor((Date.now() - t0) / 1000));
    const refused = answers.filter((m): m is Extract<ServerMessage, { type: 'error' }> => m.type === 'error');
    expect(refused.map((m) => m.code)).toEqual(Array(30 - ok).fill('rateLimited'));
    expect(refused[0].message).toBe('at most 20 seat changes at once, then 2 a second, over all tables');
    expect(server.hall.tables.get(table)!.state.sitting.logLength).toBe(ok);
    // A second later he sits down again.
    await new Promise((r) => setTimeout(r, 600));
    expect((await fidget.request({ type: 'sit', table, seat: 1 })).type).toBe('ok');
    await Promise.all([host, fidget].map((c) => c.close()));
  });
});
