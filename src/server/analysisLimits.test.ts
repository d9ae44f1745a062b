import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from './client.js';
import { DEFAULT_LIMITS } from './limits.js';
import type { ServerMessage } from './protocol.js';
import type { RunningServer } from './server.js';
import { post, testServer } from './testing.js';

/**
 * GET /api/records/:id/analysis needs no session and takes a bot worker for seconds to minutes per record: what one
 * client may start, and what the process computes at once, is bounded (limits.ts `analysesPerAddress`,
 * `analysesAtOnce`; docs/security.md). Before, one client asking for every record it knew queued them all.
 */
let server: RunningServer;
let watcher: Client;
let started = 0;
// The analyses are held until the test lets them go: the refusals below need the first two still computing, which a
// fast machine (or a short record) would not promise.
let letGo = () => {};
const held = new Promise<void>((resolve) => (letGo = resolve));
beforeAll(async () => {
  server = await testServer({ botWorkers: 1, limits: { analysesAtOnce: 2, analysesPerAddress: 1, analysisMaxDeals: 4, analysisVerdictsKept: 1, waitingTablesPerUser: 0, botTablesPerUser: 0 }, trustProxy: ['loopback'] });
  watcher = await Client.guest(server.url, 'Zuschauer');
  const pool = server.hall.bots;
  const original = pool.analyze.bind(pool);
  pool.analyze = async (record, seed) => {
    started++;
    const answer = await original(record, seed);
    await held;
    return answer;
  };
});
afterAll(async () => {
  await watcher?.close();
  await server?.close();
});

/** A sitting of four easy bots played to its end; resolves with its record's id. */
async function finishedSitting(deals: number): Promise<string> {
  const made = await post<{ id: string }>(server.url, '/api/tables', { game: 'schafkopf', seats: Array(4).fill('bot:easy'), length: { deals } }, watcher.token);
  expect(made.status).toBe(200);
  const id = made.body.id;
  const ended = watcher.next((m: ServerMessage) => m.type === 'events' && m.table === id && m.events.some((e) => e.event.type === 'sittingEnd'), 60_000);
  await watcher.join(id);
  const end = (await ended) as Extract<ServerMessage, { type: 'events' }>;
  return (end.events.find((e) => e.event.type === 'sittingEnd')!.event as { record: string }).record;
}

const ask = async (record: string, from: string) => {
  const r = await fetch(`${server.url}/api/records/${record}/analysis`, { headers: { 'x-forwarded-for': from } });
  return { status: r.status, retryAfter: r.headers.get('retry-after'), body: (await r.json()) as { error?: { code: string; message: string; params?: unknown } } };
};

describe('how many analyses are computed at once', () => {
  it('one address starts 1 analysis at a time, the process computes 2 at once; a refusal starts nothing, and a slot that frees is taken again', async () => {
    const records = await Promise.all([4, 4, 4].map((deals) => finishedSitting(deals)));
    const [a, b, c] = records;

    expect((await ask(a, '203.0.113.1')).status).toBe(202);
    expect(started).toBe(1);
    // The same address, another record: refused while its first is computed.
    const second = await ask(b, '203.0.113.1');
    expect(second.status).toBe(429);
    expect(second.retryAfter).toBe('10');
    expect(second.body.error).toMatchObject({ code: 'tooManyAnalyses', params: { max: 1 } });
    expect(second.body.error!.message).toMatch(/at most 1 analyses at once from one address/);
    // Asking again for the one computing costs nothing and is not refused.
    expect((await ask(a, '203.0.113.1')).status).toBe(202);
    // An unknown record is a 404 and counts nowhere.
    expect((await ask('nichtda', '203.0.113.1')).status).toBe(404);
    expect(started).toBe(1);

    // Another address: the process's second slot.
    expect((await ask(b, '198.51.100.2')).status).toBe(202);
    expect(started).toBe(2);
    // A third address finds both slots taken.
    const third = await ask(c, '192.0.2.3');
    expect(third.status).toBe(503);
    expect(third.retryAfter).toBe('10');
    expect(third.body.error).toMatchObject({ code: 'busy', params: { max: 2 } });
    // Many at the same moment: none slips past.
    const burst = await Promise.all(Array.from({ length: 6 }, (_, i) => ask(c, `192.0.2.${10 + i}`)));
    expect(burst.map((r) => r.status)).toEqual(Array(6).fill(503));
    expect(started).toBe(2);

    // Once the first is done, its address and the process have room again.
    letGo();
    for (;;) {
      const r = await ask(a, '203.0.113.1');
      if (r.status === 200) break;
      expect(r.status).toBe(202);
      await new Promise((res) => setTimeout(res, 250));
    }
    expect((await ask(c, '203.0.113.1')).status).toBe(202);
    expect(started).toBe(3);
  }, 180_000);

  it('a sitting of more deals than analysisMaxDeals is refused at once (422), nothing started', async () => {
    expect(DEFAULT_LIMITS.analysisMaxDeals).toBe(100);
    const long = await finishedSitting(5);
    const before = started;
    const r = await ask(long, '198.51.100.77');
    expect(r.status).toBe(422);
    expect(r.body.error).toMatchObject({ code: 'noAnalysis', params: { max: 4 } });
    expect(r.body.error!.message).toBe('the sitting has 5 deals; the server analyses sittings of at most 4 (stich analyze analyses any record on your own machine)');
    expect(started).toBe(before);
    // Asked again and again, the refusal is remembered: the record is not read and parsed anew each time (before, a
    // record of 1,000 deals cost the event loop 15 ms per request, and one client with eight connections asking for
    // it held up every table of the process).
    const store = server.hall.store;
    const read = store.record.bind(store);
    let reads = 0;
    store.record = (id) => {
      reads++;
      return read(id);
    };
    try {
      const again = await Promise.all(Array.from({ length: 5 }, () => ask(long, '198.51.100.78')));
      expect(again.map((x) => [x.status, x.body.error?.code])).toEqual(Array(5).fill([422, 'noAnalysis']));
      expect(again[0].body.error!.message).toBe(r.body.error!.message);
      expect(reads).toBe(0);
      // At most analysisVerdictsKept (here 1) refusals are kept: another long sitting's pushes this one out, and it is read anew.
      expect(DEFAULT_LIMITS.analysisVerdictsKept).toBe(10_000);
      const other = await finishedSitting(5);
      expect((await ask(other, '198.51.100.79')).status).toBe(422);
      expect(reads).toBe(1);
      expect((await ask(long, '198.51.100.79')).status).toBe(422);
      expect(reads).toBe(2);
    } finally {
      store.record = read;
    }
  }, 60_000);
});
