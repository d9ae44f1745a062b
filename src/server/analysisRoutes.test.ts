import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordAnalysis } from '../search/analysis.js';
import { ANALYSIS_VERSION } from './analysisRoutes.js';
import { Client } from './client.js';
import type { ServerMessage } from './protocol.js';
import type { RunningServer } from './server.js';
import { get, post, testServer } from './testing.js';

let server: RunningServer;
let watcher: Client;
beforeAll(async () => {
  server = await testServer({ botWorkers: 1 });
  watcher = await Client.guest(server.url, 'Lehrling');
});
afterAll(async () => {
  await watcher?.close();
  await server?.close();
});

/** Plays a sitting of easy bots to its end; resolves with its record's id. */
async function finishedSitting(game: string, seats: number, deals: number): Promise<string> {
  const made = await post<{ id: string }>(server.url, '/api/tables', { game, seats: Array(seats).fill('bot:easy'), length: { deals } }, watcher.token);
  expect(made.status).toBe(200);
  const id = made.body.id;
  const ended = watcher.next((m: ServerMessage) => m.type === 'events' && m.table === id && m.events.some((e) => e.event.type === 'sittingEnd'), 60_000);
  await watcher.join(id);
  const end = await ended;
  const event = (end as Extract<ServerMessage, { type: 'events' }>).events.find((e) => e.event.type === 'sittingEnd')!.event as { record: string };
  await server.hall.tables.get(id)!.idle();
  return event.record;
}

/** Asks for the analysis until it is ready: the first answer is 202 (computing); resolves with it and the seconds it took. */
async function analysisOf(record: string): Promise<{ analysis: RecordAnalysis; seconds: number }> {
  const t0 = performance.now();
  const first = await fetch(`${server.url}/api/records/${record}/analysis`);
  expect(first.status).toBe(202);
  expect(first.headers.get('retry-after')).toBe('2');
  expect(await first.json()).toMatchObject({ status: 'computing', record });
  for (;;) {
    await new Promise((r) => setTimeout(r, 250));
    const r = await get<RecordAnalysis & { error?: unknown }>(server.url, `/api/records/${record}/analysis`);
    if (r.status === 202) continue;
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return { analysis: r.body, seconds: (performance.now() - t0) / 1000 };
  }
}

/** The analysis once it is ready (it may already be computing). */
async function analysisOf2(record: string): Promise<{ analysis: RecordAnalysis }> {
  for (;;) {
    const r = await get<RecordAnalysis>(server.url, `/api/records/${record}/analysis`);
    if (r.status === 200) return { analysis: r.body };
    expect(r.status).toBe(202);
    await new Promise((res) => setTimeout(res, 250));
  }
}

describe('GET /api/records/:id/analysis', () => {
  it('computes a Schafkopf sitting of four deals in a bot worker, then serves it from the store', async () => {
    const record = await finishedSitting('schafkopf', 4, 4);
    const { analysis, seconds } = await analysisOf(record);
    console.log(`analysis of a Schafkopf sitting of four deals: ${seconds.toFixed(1)} s`);
    expect(analysis).toMatchObject({ version: 2, game: 'schafkopf', unit: { symbol: 'ct', name: 'cents' } });
    expect(analysis.deals.map((d) => d.deal)).toEqual([1, 2, 3, 4]);
    for (const d of analysis.deals) {
      expect(d.seats).toHaveLength(4);
      for (const x of d.decisions) expect(x.estimate ?? x.solver).toBeDefined();
    }
    // Kept: served at once, the same for everyone, from the store.
    const again = await get<RecordAnalysis>(server.url, `/api/records/${record}/analysis`);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(analysis);
    expect(JSON.parse((await server.hall.store.analysis!(record, ANALYSIS_VERSION))!)).toEqual(analysis);
  }, 240_000);

  for (const [game, seats] of [
    ['bauernschnapsen', 4],
    ['talonschnapsen', 3],
    ['karnoeffel', 4],
  ] as const) {
    it(`analyses a ${game} sitting`, async () => {
      const record = await finishedSitting(game, seats, 1);
      const { analysis, seconds } = await analysisOf(record);
      console.log(`analysis of a ${game} sitting of one deal: ${seconds.toFixed(1)} s`);
      expect(analysis.game).toBe(game);
      expect(analysis.deals).toHaveLength(1);
      expect(analysis.deals[0].seats).toHaveLength(seats);
    });
  }

  it('analyses at low priority: a table of strong bots in the same worker keeps deciding meanwhile', async () => {
    const record = await finishedSitting('schafkopf', 4, 2);
    expect((await fetch(`${server.url}/api/records/${record}/analysis`)).status).toBe(202);
    const before = server.hall.bots.decided;
    const made = await post<{ id: string }>(server.url, '/api/tables', { game: 'schafkopf', seats: Array(4).fill('bot:strong'), length: { deals: 1 } }, watcher.token);
    const id = made.body.id;
    const arrivals: number[] = [];
    watcher.on((m) => {
      if (m.type === 'events' && m.table === id && m.events.some((e) => e.event.type === 'game')) arrivals.push(performance.now());
    });
    const ended = watcher.next((m: ServerMessage) => m.type === 'events' && m.table === id && m.events.some((e) => e.event.type === 'sittingEnd'), 200_000);
    await watcher.join(id);
    await ended;
    const gaps = arrivals.slice(1).map((t, i) => t - arrivals[i]).sort((a, b) => a - b);
    console.log(`strong bots beside an analysis: ${server.hall.bots.decided - before} decisions in the worker, gaps p50 ${gaps[gaps.length >> 1]?.toFixed(0)} ms, max ${gaps.at(-1)?.toFixed(0)} ms`);
    // Every decision was the worker's (none refused for want of time), and the analysis finishes too.
    expect(server.hall.bots.decided - before).toBeGreaterThan(20);
    expect(gaps.at(-1)!).toBeLessThan(10_000);
    const { analysis } = await analysisOf2(record);
    expect(analysis.deals).toHaveLength(2);
  }, 300_000);

  it('answers 404 for a record that does not exist, and changes nothing', async () => {
    const r = await get<{ error: { code: string } }>(server.url, '/api/records/nope.1/analysis');
    expect(r.status).toBe(404);
    expect(r.body.error.code).toBe('unknownRecord');
    expect(await server.hall.store.analysis!('nope.1', ANALYSIS_VERSION)).toBeUndefined();
  });
});
