import { afterAll, describe, expect, it } from 'vitest';
import { TcpProxy } from './clusterHarness.js';
import type { RunningServer } from './server.js';
import { get, post, metricValue, TestCluster } from './testing.js';
import { Client } from './client.js';

type Ready = { ready: boolean; checks: Record<string, string> };

const takeovers = (server: RunningServer) => metricValue(server, 'stich_takeovers_total');

/** Needs STICH_PG_URL and STICH_REDIS_URL (vitest.config.ts leaves this file out otherwise). */
describe('readiness and takeovers in a cluster (PostgreSQL and Redis)', () => {
  const cluster = new TestCluster();
  let proxy: TcpProxy;
  afterAll(async () => {
    await cluster.close();
    await proxy?.close();
  });

  it('a process cut off Redis turns not ready and ready again; the other takes its table over and counts it', async () => {
    const target = new URL(cluster.redis);
    proxy = new TcpProxy(target.hostname, Number(target.port || 6379));
    await proxy.start();
    const timing = { leaseMs: 1500, tickMs: 250 };
    const a = await cluster.server(timing, { redis: `redis://127.0.0.1:${proxy.port}` });
    const b = await cluster.server(timing);
    for (const s of [a, b]) expect(await get<Ready>(s.url, '/readyz')).toEqual({ status: 200, body: { ready: true, checks: { store: 'ok', redis: 'ok', accepting: 'ok' } } });

    const owner = await Client.guest(a.url, 'Wirt');
    const made = await post<{ id: string }>(a.url, '/api/tables', { game: 'schafkopf', seats: ['open', 'bot', 'bot', 'bot'] }, owner.token);
    expect(made.status).toBe(200);
    expect(a.hall.tables.has(made.body.id)).toBe(true);
    expect(await takeovers(b)).toBe(0);

    proxy.cut();
    await expect.poll(async () => get<Ready>(a.url, '/readyz'), { timeout: 10_000, interval: 100 }).toEqual({ status: 503, body: { ready: false, checks: { store: 'ok', redis: 'Redis is out of reach', accepting: 'ok' } } });
    expect((await get(a.url, '/healthz')).status).toBe(200);
    // A's lease lapses; B takes the table.
    await expect.poll(() => b.hall.tables.has(made.body.id), { timeout: 15_000, interval: 100 }).toBe(true);
    expect(await takeovers(b)).toBe(1);

    proxy.restore();
    await expect.poll(async () => (await get<Ready>(a.url, '/readyz')).status, { timeout: 15_000, interval: 100 }).toBe(200);
    await owner.close();
  });
});
