import { afterEach, describe, expect, it } from 'vitest';
import { Client, post } from './client.js';
import { DEFAULT_LIMITS } from './limits.js';
import { MODERATION_LIMITS } from './moderation.js';
import type { RunningServer } from './server.js';
import { finishedSitting, testServer, until } from './testing.js';

/**
 * POST /api/reports naming a chat line of a table this process does not hold replays the table's whole log (a sitting
 * of 1,000 deals: 0.6–1 s of the event loop): such look-ups are bounded per user and per process, found or not
 * (docs/security.md, "Reports of chat lines").
 */
let server: RunningServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

type Refusal = { error: { code: string; params?: { max: number; wait: number } } };

/** A finished table that has left memory, and a count of the reads of its log from the store. */
async function goneTable(s: RunningServer): Promise<{ table: string; reads: () => number }> {
  const { table } = await finishedSitting(s, 'Anna');
  await until('the finished table to leave memory', () => !s.hall.tables.has(table));
  const store = s.hall.store;
  const read = store.tableLog.bind(store);
  let n = 0;
  store.tableLog = (id) => {
    if (id === table) n++;
    return read(id);
  };
  return { table, reads: () => n };
}

describe('reports of chat lines', () => {
  it('one user looks up at most as many chat lines of tables not in memory as he may report in an hour, found or not', async () => {
    expect(MODERATION_LIMITS.reportsPerHour).toBe(10);
    server = await testServer({ limits: { finishedLingerMs: 300, chatLookupsPerMinute: 1000 } });
    const { table, reads } = await goneTable(server);
    const zaungast = await Client.guest(server.url, 'Zaungast');
    // Event 0 is the table's first seat, no chat line: before, each of these replayed the log, and none was counted.
    const answers = [];
    for (let i = 0; i < 13; i++) answers.push(await post<Refusal>(server.url, '/api/reports', { table, e: 0, reason: 'frech' }, zaungast.token));
    expect(answers.slice(0, 10).map((a) => [a.status, a.body.error.code])).toEqual(Array(10).fill([404, 'notChat']));
    expect(answers.slice(10).map((a) => [a.status, a.body.error.code])).toEqual(Array(3).fill([429, 'rateLimited']));
    expect(answers[10].body.error.params).toEqual({ max: 10, wait: 360 });
    expect(reads()).toBe(10);
    // Another user has his own allowance; a table this process holds is read from memory, not counted.
    const other = await Client.guest(server.url, 'Nachbar');
    expect((await post<Refusal>(server.url, '/api/reports', { table, e: 0, reason: 'frech' }, other.token)).status).toBe(404);
    const waiting = await post<{ id: string }>(server.url, '/api/tables', { game: 'schafkopf' }, other.token);
    for (let i = 0; i < 12; i++) expect((await post<Refusal>(server.url, '/api/reports', { table: waiting.body.id, e: 0, reason: 'frech' }, zaungast.token)).body.error.code).toBe('notChat');
    expect(reads()).toBe(11);
    await Promise.all([zaungast, other].map((c) => c.close()));
  }, 60_000);

  it('the process looks up at most chatLookupsPerMinute such lines a minute, over all users', async () => {
    expect(DEFAULT_LIMITS.chatLookupsPerMinute).toBe(6);
    server = await testServer({ limits: { finishedLingerMs: 300 } });
    const { table, reads } = await goneTable(server);
    const guests = await Promise.all(['Erna', 'Fritz', 'Gundi'].map((n) => Client.guest(server!.url, n)));
    const answers = [];
    for (const g of guests) for (let i = 0; i < 3; i++) answers.push(await post<Refusal>(server.url, '/api/reports', { table, e: 0, reason: 'frech' }, g.token));
    expect(answers.map((a) => a.status)).toEqual([404, 404, 404, 404, 404, 404, 503, 503, 503]);
    expect(answers[6].body.error).toMatchObject({ code: 'busy', params: { max: 6, wait: 10 } });
    expect(reads()).toBe(6);
    await Promise.all(guests.map((c) => c.close()));
  }, 60_000);
});
