import type { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from './client.js';
import type { ServerMessage } from './protocol.js';
import type { RunningServer } from './server.js';
import { seatedTable, testServer } from './testing.js';

/**
 * The heartbeat (limits.ts `heartbeatMs`) over real sockets: a socket whose other end is gone without a word (a phone
 * out of reach: nothing arrives, no close, no answer to a ping) is ended by the server within two heartbeats, so that
 * its seat shows as disconnected and the reconnect grace begins; a socket that answers stays however quiet it is.
 */
const HEARTBEAT_MS = 300;
let server: RunningServer;
beforeAll(async () => {
  server = await testServer({ limits: { heartbeatMs: HEARTBEAT_MS }, tableDefaults: { botDelayMs: 0, contributionMs: 0 } });
});
afterAll(async () => {
  await server?.close();
});

type Status = Extract<ServerMessage, { type: 'status' }>;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('the heartbeat', () => {
  it('tells the client how often to ping', async () => {
    const c = await Client.guest(server.url, 'Pocher');
    const hello = c.inbox.find((m) => m.type === 'hello') ?? (await c.next((m) => m.type === 'hello'));
    expect(hello).toMatchObject({ type: 'hello', heartbeat: HEARTBEAT_MS });
    await c.close();
  });

  it('ends a socket that stops answering, and its seat shows as disconnected; a quiet socket that answers stays', async () => {
    const [a, b] = await Promise.all(['Funkloch', 'Daheim'].map((n) => Client.guest(server.url, n)));
    const id = await seatedTable(server.url, a, [a, b], { game: 'karnoeffel', rules: { players: 2, twoPlayers: true }, length: { deals: 3 }, graceMs: 60_000, clockMs: 0 });
    await a.join(id, a.table(id).last);
    const seat = a.table(id).seat;
    let bClosed = false;
    b.socket.once('close', () => (bClosed = true));
    // A's network goes: nothing it is sent is read any more (so no ping is answered), and nothing is closed.
    const aClosed = new Promise<number>((r) => a.socket.once('close', () => r(Date.now())));
    const shown = b.next((m): m is Status => m.type === 'status' && m.table === id && m.disconnected.some((d) => d.seat === seat), 5000);
    const t0 = Date.now();
    (a.socket as unknown as { _socket: Socket })._socket.pause();
    await shown;
    const ms = Date.now() - t0;
    // Ended between one and two heartbeats after it last answered, give or take a busy test machine.
    expect(ms).toBeLessThan(2 * HEARTBEAT_MS + 1500);
    (a.socket as unknown as { _socket: Socket })._socket.resume();
    expect(await aClosed).toBeGreaterThanOrEqual(t0);
    // B has sent nothing since it joined, and answers the pings by itself: it is still there after many heartbeats.
    await sleep(6 * HEARTBEAT_MS);
    expect(bClosed).toBe(false);
    expect(b.socket.readyState).toBe(b.socket.OPEN);
    await b.close();
  });
});
