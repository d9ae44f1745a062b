import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { Client } from './client.js';
import type { LobbyTable } from './protocol.js';
import { finishedSitting, finishedTogether, get, post, TestCluster, until } from './testing.js';

/** Needs STICH_PG_URL and STICH_REDIS_URL (vitest.config.ts leaves this file out otherwise). */
describe('in a cluster, expired and finished tables leave memory and Redis; their links answer from every process (issue 20)', () => {
  const cluster = new TestCluster();
  const { prefix } = cluster;
  afterAll(() => cluster.close());

  it('a waiting table expires and a finished one retires in the process that ran it; the other process answers 410 from the store', async () => {
    const timing = { leaseMs: 1500, tickMs: 250 };
    const limits = { waitingExpiryMs: 400, finishedLingerMs: 400 };
    const a = await cluster.server(timing, { limits });
    const b = await cluster.server(timing, { limits });
    const anna = await Client.guest(a.url, 'Anna');
    const waiting = (await post<{ id: string }>(a.url, '/api/tables', { game: 'schafkopf' }, anna.token)).body.id;
    const { table: done, record } = await finishedSitting(a, 'Resi');
    const redis = new Redis(cluster.redis);
    try {
      await until('both tables to leave the process', () => !a.hall.tables.has(waiting) && !a.hall.tables.has(done));
      await until('both tables to leave Redis', async () => (await redis.hexists(`${prefix}:info`, waiting)) === 0 && (await redis.hexists(`${prefix}:live`, done)) === 0);
      expect(await redis.hexists(`${prefix}:info`, done)).toBe(0);
      const expired = await get<{ error: { code: string } }>(b.url, `/api/tables/${waiting}`);
      expect([expired.status, expired.body.error.code]).toEqual([410, 'tableExpired']);
      const over = await get<{ error: { code: string }; records: string[] }>(b.url, `/api/tables/${done}`);
      expect([over.status, over.body.error.code, over.body.records]).toEqual([410, 'tableFinished', [record]]);
      expect((await get<{ tables: LobbyTable[] }>(b.url, '/api/tables')).body.tables.map((t) => t.id)).not.toContain(waiting);
      // Nobody takes them over: they stay gone.
      await new Promise((r) => setTimeout(r, 1000));
      expect(b.hall.tables.has(waiting) || b.hall.tables.has(done)).toBe(false);
    } finally {
      redis.disconnect();
      await anna.close();
    }
  }, 60_000);

  it('friends who ask for the next table at two processes after the table left memory are led to one table', async () => {
    const timing = { leaseMs: 1500, tickMs: 250 };
    const limits = { finishedLingerMs: 400 };
    const a = await cluster.server(timing, { limits });
    const b = await cluster.server(timing, { limits });
    const { table, players } = await finishedTogether(a, ['Anna', 'Bert']);
    try {
      await until('the table to leave the process', () => !a.hall.tables.has(table));
      await until('the table to leave Redis', async () => (await get(b.url, `/api/tables/${table}`)).status === 410);
      type Next = { id: string; by: { name: string }; created: boolean };
      const [x, y] = await Promise.all([post<Next>(a.url, `/api/tables/${table}/again`, {}, players[0].token), post<Next>(b.url, `/api/tables/${table}/again`, {}, players[1].token)]);
      expect([x.status, y.status]).toEqual([200, 200]);
      expect(x.body.id).toBe(y.body.id);
      expect([x.body.created, y.body.created].sort()).toEqual([false, true]);
      const gone = await get<{ next?: { id: string } }>(b.url, `/api/tables/${table}`);
      expect(gone.body.next?.id).toBe(x.body.id);
      // The loser's table, if one was opened, is let go: only the follow-up waits.
      // (A table opened by the other process is described in Redis a moment after its answer.)
      await until('the follow-up to be seen waiting from either process', async () => (await Promise.all([a, b].map((p) => get<{ phase?: string }>(p.url, `/api/tables/${x.body.id}`)))).every((r) => r.body.phase === 'waiting'));
    } finally {
      await Promise.all(players.map((p) => p.close()));
    }
  }, 60_000);
});
