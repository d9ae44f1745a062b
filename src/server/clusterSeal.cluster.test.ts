import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { autoplay, Client, post } from './client.js';
import { until } from './clusterFaults.js';
import { dropRedisPrefix, killHard, serveChild, TEST_CLUSTER_KEY, type ServeChild } from './clusterHarness.js';
import { ClusterSeal } from './clusterSeal.js';
import { randomId } from './identity.js';
import { CLUSTER_HINT, freshPgDatabase, pgUrl, redisUrl, type FreshDatabase } from './store/testing.js';

/**
 * What crosses Redis (docs/security.md): a raw Redis client listens
 * to every channel (PSUBSCRIBE *) during a whole sitting whose every seat
 * is connected through another process than the table's owner, so that
 * every snapshot, legal action and shuffle contribution travels between
 * processes. None of it may be readable: each message on the cluster's
 * channels is sealed (and, opened with the cluster's key, holds them).
 */

const REDIS = redisUrl();
const PG = pgUrl();
if (!REDIS || !PG) throw new Error(CLUSTER_HINT);

const SEALED = /^s1\.[0-9a-f]{8}\.[\w-]+\.\d+\.[\w-]{16}\.[\w-]+$/;

describe('the cluster shows Redis no hidden card', () => {
  const prefix = `stich-test-${randomId(6)}`;
  let db: FreshDatabase;
  const nodes: ServeChild[] = [];
  const clients: Client[] = [];
  let spy: Redis;
  const heard: { channel: string; message: string }[] = [];

  beforeAll(async () => {
    db = await freshPgDatabase(PG);
    spy = new Redis(REDIS!);
    spy.on('pmessage', (_pattern: string, channel: string, message: string) => {
      if (channel.startsWith(`${prefix}:`)) heard.push({ channel, message });
    });
    await spy.psubscribe('*');
    for (let i = 0; i < 3; i++) nodes.push(await serveChild(['--port', '0', '--pg', db.url, '--redis', REDIS!, '--redis-prefix', prefix]));
  }, 120_000);

  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close().catch(() => undefined)));
    await Promise.all(nodes.map((n) => killHard(n)));
    spy?.disconnect();
    await dropRedisPrefix(REDIS!, prefix);
    await db?.drop();
  }, 120_000);

  it('every message between processes during a whole sitting with every seat remote is sealed', async () => {
    const owner = await Client.guest(nodes[0].url, 'Wirt');
    clients.push(owner);
    const made = await post<{ id: string }>(nodes[0].url, '/api/tables', { game: 'schafkopf', seats: ['open', 'open', 'open', 'open'], clockMs: 0, botDelayMs: 0, length: { deals: 1 } }, owner.token);
    expect(made.status).toBe(200);
    const id = made.body.id;
    const seated: Client[] = [];
    for (let s = 0; s < 4; s++) {
      const c = await Client.guest(nodes[1 + (s % 2)].url, `Spieler${s}`);
      clients.push(c);
      await c.join(id);
      expect((await c.request({ type: 'sit', table: id, seat: s })).type).toBe('ok');
      seated.push(c);
    }
    await Promise.all(seated.map((c) => c.join(id, c.table(id).last)));
    const stops = seated.map((c) => autoplay(c, id, { pause: () => 1 }));
    await until('the sitting to end', () => seated.every((c) => c.table(id).events.some((e) => e.event.type === 'sittingEnd')), 60_000);
    stops.forEach((s) => s());

    // What the clients were told in secret: their hands (each seat's own `dealt` event), legal actions, and the contributions they sent.
    const hands = seated.map((c) => c.table(id).events.find((e) => e.event.type === 'dealt'));
    const contributions = seated.flatMap((c) => [...c.table(id).contributions.values()]);
    expect(hands.every((h) => h !== undefined)).toBe(true);
    expect(contributions.length).toBe(4);

    const between = heard.filter((h) => h.channel !== `${prefix}:all`);
    expect(between.length).toBeGreaterThan(20);
    for (const h of heard) {
      expect(h.message, h.channel).toMatch(SEALED);
      for (const secret of contributions) expect(h.message).not.toContain(secret);
    }

    // Opened with the cluster's key, the same messages hold exactly those secrets: the test watched the right traffic.
    const opener = new ClusterSeal([Buffer.from(TEST_CLUSTER_KEY, 'hex')], 'spy');
    const opened = heard.map((h) => {
      const o = opener.open(h.channel, h.message);
      if (!o.ok) throw new Error(`${h.channel}: cannot open (${o.why})`);
      return o.text;
    });
    const all = opened.join('\n');
    for (const secret of contributions) expect(all).toContain(secret);
    for (const h of hands) expect(all).toContain(JSON.stringify(h!.event));
    expect(opened.some((t) => /"legal":\["[^"]/.test(t))).toBe(true);

    // The keys the cluster keeps in Redis hold public descriptions only.
    const r = new Redis(REDIS!);
    try {
      for (const key of await r.keys(`${prefix}:*`)) {
        const type = await r.type(key);
        const value = type === 'hash' ? JSON.stringify(await r.hgetall(key)) : type === 'set' ? JSON.stringify(await r.smembers(key)) : String(await r.get(key));
        for (const secret of contributions) expect(value).not.toContain(secret);
        expect(value).not.toMatch(/"(hand|legal|view|contribution)"/);
      }
    } finally {
      r.disconnect();
    }
  });
});
