import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameById } from '../games/registry.js';
import { replayRecord, type GameRecord } from '../records/record.js';
import { autoplay, Client } from './client.js';
import type { RunningServer } from './server.js';
import { STORE_KINDS, testDatabase, type TestDatabase } from './store/testing.js';
import { get, seatedTable, testServer } from './testing.js';

let server: RunningServer;

/** Plays one sitting with real clients and checks the stored record with the real replay. */
async function playSitting(game: string, humans: number, settings: Record<string, unknown>) {
  const base = server.url;
  const clients = await Promise.all(Array.from({ length: humans }, (_, i) => Client.guest(base, `${game}-${i}`)));
  const id = await seatedTable(base, clients[0], clients, { game, ...settings });
  const ended = clients.map((c) => c.next((m) => m.type === 'events' && m.table === id && m.events.some((e) => e.event.type === 'sittingEnd'), 90_000));
  const errors: unknown[] = [];
  const stops = clients.map((c) => autoplay(c, id, { onError: (m) => errors.push(m) }));
  await Promise.all(ended);
  stops.forEach((s) => s());
  const end = clients[0].table(id).events.find((e) => e.event.type === 'sittingEnd')!.event as { record: string };
  for (const c of clients) {
    expect(c.table(id).problems).toEqual([]);
    // Every client has the same numbered sequence up to the same last event.
    expect(c.table(id).last).toBe(clients[0].table(id).last);
  }
  const rec = await get<GameRecord>(base, `/api/records/${end.record}`);
  expect(rec.status).toBe(200);
  const replay = replayRecord(rec.body, gameById(game)!);
  expect(replay.ok ? 'ok' : replay.error.message).toBe('ok');
  await Promise.all(clients.map((c) => c.close()));
  return { record: rec.body, errors };
}

describe.each(STORE_KINDS)('a full sitting of every game over real WebSockets, stored in %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await testDatabase(kind);
    server = await testServer(database.options);
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  it('Schafkopf: 4 clients, one round', async () => {
    const { record } = await playSitting('schafkopf', 4, { length: { units: 1 } });
    expect(record.deals.length).toBeGreaterThanOrEqual(4);
  });
  it('Bauernschnapsen: 3 clients and a bot, one Bummerl', async () => {
    await playSitting('bauernschnapsen', 3, { seats: ['open', 'open', 'bot', 'open'], length: { units: 1 } });
  });
  it('Talonschnapsen: 3 clients, one Bummerl', async () => {
    await playSitting('talonschnapsen', 3, { length: { units: 1 } });
  });
  it('Karnöffel: 2 clients', async () => {
    await playSitting('karnoeffel', 2, { rules: { players: 2, twoPlayers: true }, length: { deals: 3 } });
  });
  it('Karnöffel: 4 clients, a match', async () => {
    await playSitting('karnoeffel', 4, { length: { units: 1 } });
  });
});
