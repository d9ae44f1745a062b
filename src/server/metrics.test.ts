import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { autoplay, Client } from './client.js';
import type { RunningServer } from './server.js';
import { seatedTable, testServer } from './testing.js';

/** The value of one sample of the Prometheus text, e.g. `stich_tables{game="schafkopf",phase="finished"}`. */
function sample(text: string, series: string): number | undefined {
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const at = line.lastIndexOf(' ');
    if (line.slice(0, at) === series) return Number(line.slice(at + 1));
  }
  return undefined;
}

describe('GET /metrics', () => {
  let server: RunningServer;
  beforeAll(async () => {
    // The thinking bot decides in a worker thread (the built one in dist/) in 300 ms (with 5 ms, on a loaded machine every
    // decision came too late for the worker's answer and none was counted as the worker's).
    server = await testServer({ botThinkMs: 300, botWorkers: 1 });
  });
  afterAll(() => server.close());

  it('counts sockets, tables by phase, actions and their acknowledgements, commits, bot decisions, in the Prometheus format', async () => {
    const scrape = async () => {
      const res = await fetch(`${server.url}/metrics`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
      return res.text();
    };
    const before = await scrape();
    expect(sample(before, 'stich_sockets')).toBe(0);
    expect(sample(before, 'stich_actions_total{by="player"}')).toBe(0);
    expect(sample(before, 'stich_tables{game="schafkopf",phase="playing"}')).toBe(0);

    const player = await Client.guest(server.url, 'Gauge');
    const id = await seatedTable(server.url, player, [player], { game: 'schafkopf', seats: ['open', 'bot', 'bot:medium', 'bot:random'], length: { deals: 1 } });
    const during = await scrape();
    expect(sample(during, 'stich_sockets')).toBe(1);
    expect(sample(during, 'stich_tables{game="schafkopf",phase="playing"}')).toBe(1);

    let acks = 0;
    const ended = player.next((m) => m.type === 'events' && m.table === id && m.events.some((e) => e.event.type === 'sittingEnd'), 60_000);
    const stop = autoplay(player, id, { onAck: () => acks++ });
    await ended;
    stop();
    await player.close();

    const after = await scrape();
    const names = [...new Set(after.split('\n').filter((l) => l && !l.startsWith('#')).map((l) => l.split(/[{ ]/)[0]))];
    expect(names.every((n) => n.startsWith('stich_'))).toBe(true);
    expect(sample(after, 'stich_tables{game="schafkopf",phase="finished"}')).toBe(1);
    expect(sample(after, 'stich_tables{game="schafkopf",phase="playing"}')).toBe(0);
    // Every one of the player's acknowledged actions was written, and timed from its arrival to its answer.
    expect(acks).toBeGreaterThanOrEqual(8);
    expect(sample(after, 'stich_actions_total{by="player"}')).toBe(acks);
    expect(sample(after, 'stich_ack_seconds_count{result="ok"}')).toBe(acks);
    expect(sample(after, 'stich_ack_seconds_bucket{le="+Inf",result="ok"}')).toBe(acks);
    // Three bots played at least 8 cards each, the medium bot's decisions in the worker.
    expect(sample(after, 'stich_actions_total{by="bot"}')).toBeGreaterThanOrEqual(24);
    // Each answered by the worker, or late (the machine too busy for the 300 ms and the grace): then the easy bot decided.
    expect(sample(after, 'stich_bot_decisions_total')).toBeGreaterThanOrEqual(1);
    expect(sample(after, 'stich_bot_decisions_total')! + sample(after, 'stich_bot_late_total')!).toBeGreaterThanOrEqual(8);
    // Decisions that reached the time cap before the budget of work was done: counted, never more than the decisions.
    expect(sample(after, 'stich_bot_decisions_capped_total')).toBeGreaterThanOrEqual(0);
    expect(sample(after, 'stich_bot_decisions_capped_total')).toBeLessThanOrEqual(sample(after, 'stich_bot_decisions_total')!);
    expect(sample(after, 'stich_bot_queue')).toBe(0);
    expect(sample(after, 'stich_store_commit_seconds_count{result="ok"}')).toBeGreaterThan(acks);
    expect(sample(after, 'stich_nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(sample(after, 'stich_takeovers_total')).toBe(0);
    await expect.poll(async () => sample(await scrape(), 'stich_sockets')).toBe(0);
  });
});
