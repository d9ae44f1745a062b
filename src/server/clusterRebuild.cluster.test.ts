import { afterAll, describe, expect, it } from 'vitest';
import { Client } from './client.js';
import type { RunningServer } from './server.js';
import { post, metricValue, TestCluster } from './testing.js';

const moved = (server: RunningServer) => metricValue(server, 'stich_cluster_moved_total');

/**
 * A table handed to a process that takes long to rebuild it (cluster.ts `serve`): the sockets learn its new lease
 * before the rebuild ends, and their messages wait there for it rather than bouncing back as `moved` every 100 ms
 * (hundreds of them in a rolling restart, which kept the taking process busy for seconds). Needs STICH_PG_URL and
 * STICH_REDIS_URL.
 */
describe('messages for a table being rebuilt (PostgreSQL and Redis)', () => {
  const cluster = new TestCluster();
  const clients: Client[] = [];
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close().catch(() => undefined)));
    await cluster.close();
  });

  it('wait for the rebuild at the new owner instead of being answered moved, and the table goes on there', async () => {
    const timing = { leaseMs: 1500, tickMs: 100 };
    const a = await cluster.server(timing);
    const b = await cluster.server(timing);
    // The player's socket is at B; the table runs at A.
    const player = await Client.guest(b.url, 'Zenzi');
    clients.push(player);
    const made = await post<{ id: string }>(a.url, '/api/tables', { game: 'schafkopf', seats: ['open', 'bot', 'bot', 'bot'], clockMs: 0, botDelayMs: 0 }, player.token);
    expect(made.status).toBe(200);
    const id = made.body.id;
    expect(a.hall.tables.has(id)).toBe(true);
    await player.join(id);
    expect((await player.request({ type: 'sit', table: id, seat: 0 })).type).toBe('ok');
    await expect.poll(() => player.table(id).legal.length, { timeout: 10_000 }).toBeGreaterThan(0);
    const before = player.table(id).last;

    // B rebuilds slowly: 1.5 s before it reads the log.
    const adopt = b.hall.adopt.bind(b.hall);
    b.hall.adopt = async (row) => {
      await new Promise((r) => setTimeout(r, 1500));
      return adopt(row);
    };
    const movedBefore = await moved(b);
    await a.drain();
    await expect.poll(() => b.hall.tables.has(id), { timeout: 10_000, interval: 50 }).toBe(true);
    // The player acts at the new owner and the table goes on.
    await expect.poll(() => player.table(id).legal.length, { timeout: 10_000 }).toBeGreaterThan(0);
    const t = player.table(id);
    const answer = await player.request({ type: 'act', table: id, cseq: t.cseq + 1, action: t.legal[0] });
    expect(answer.type).toBe('ok');
    expect(player.table(id).last).toBeGreaterThan(before);
    // Over 1.5 s of rebuilding, a bounce every 100 ms would be about 15.
    expect((await moved(b)) - movedBefore).toBeLessThanOrEqual(2);
  });
});
