import type { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from './client.js';
import type { ServerMessage } from './protocol.js';
import type { RunningServer } from './server.js';
import { seatedTable, testServer } from './testing.js';

/**
 * Sockets whose clients stop reading, over real sockets. The heartbeat (limits.ts `heartbeatMs`): a socket whose other end is gone without a word (a phone
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
    const aClosed = new Promise<void>((r) => a.socket.once('close', () => r()));
    const shown = b.next((m): m is Status => m.type === 'status' && m.table === id && m.disconnected.some((d) => d.seat === seat), 5000);
    const t0 = Date.now();
    (a.socket as unknown as { _socket: Socket })._socket.pause();
    await shown;
    const ms = Date.now() - t0;
    // Ended between one and two heartbeats after it last answered, give or take a busy test machine.
    expect(ms).toBeLessThan(2 * HEARTBEAT_MS + 1500);
    (a.socket as unknown as { _socket: Socket })._socket.resume();
    // Its socket was ended: the close reaches it once it reads again.
    await aClosed;
    // B has sent nothing since it joined, and answers the pings by itself: it is still there after many heartbeats.
    await sleep(6 * HEARTBEAT_MS);
    expect(bClosed).toBe(false);
    expect(b.socket.readyState).toBe(b.socket.OPEN);
    await b.close();
  });
});

describe('a client that does not read what it is sent', () => {
  it('has its socket ended once more than maxBuffered bytes wait to go out; the others are not touched', async () => {
    // The heartbeat is long here, so that only the buffer can end the socket; the rates are high, so that one client
    // can ask for many lobby pages quickly.
    const big = await testServer({ limits: { heartbeatMs: 600_000, maxBuffered: 64 * 1024, messageRate: 10_000, messageBurst: 10_000, lobbyRate: 10_000, lobbyBurst: 10_000, waitingTablesPerUser: 0 } });
    try {
      for (let i = 0; i < 100; i++) {
        const made = await big.hall.create({ game: 'schafkopf', seats: ['open', 'bot', 'open', 'bot'], public: true, rated: false, length: { units: 1 }, clockMs: 0, botDelayMs: 0, contributionMs: 0 }, undefined, `creator${i}`);
        if (!made.ok) throw new Error(made.message);
      }
      const [deaf, other] = await Promise.all(['Taub', 'Horcher'].map((n) => Client.guest(big.url, n)));
      const closed = new Promise<void>((r) => deaf.socket.once('close', () => r()));
      // It stops reading, and asks for pages of 100 tables (some 20 KB each) over and over: more than the operating
      // system's buffers hold between the two ends on this machine, some megabytes.
      (deaf.socket as unknown as { _socket: Socket })._socket.pause();
      let asked = 0;
      let ended = false;
      void closed.then(() => (ended = true));
      while (!ended && asked < 5000 && deaf.socket.readyState === deaf.socket.OPEN) {
        for (let i = 0; i < 50; i++) deaf.send({ type: 'lobby', limit: 100 });
        asked += 50;
        await sleep(20);
        // The server ended it: its end of the socket is gone (seen once the client reads again).
        if (big.app.websocketServer.clients.size < 2) break;
      }
      expect(big.app.websocketServer.clients.size).toBe(1);
      (deaf.socket as unknown as { _socket: Socket })._socket.resume();
      await closed;
      // The other client still gets its answers.
      const page = other.next((m) => m.type === 'lobby', 5000);
      other.send({ type: 'lobby' });
      expect(await page).toMatchObject({ type: 'lobby' });
      await other.close();
    } finally {
      await big.close();
    }
  });
});
