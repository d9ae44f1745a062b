import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from './client.js';
import type { RunningServer } from './server.js';
import { get, testServer } from './testing.js';

/**
 * Clients that send slowly (docs/security.md, "Slow clients"): a request's headers must be in within `headersMs` and
 * the whole request within `requestMs`, so that a client trickling a header line now and then cannot hold
 * connections for minutes. Here with short limits; a WebSocket, once upgraded, is not a request and stays.
 */
let server: RunningServer;
beforeAll(async () => {
  server = await testServer({ limits: { headersMs: 500, requestMs: 1000, connectionCheckMs: 100 } });
});
afterAll(() => server.close());

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A raw TCP connection to the server, and when it was closed (ms after it opened; null while open). */
function raw(): { socket: Socket; closedAfter: () => number | null; received: () => string } {
  const { port } = new URL(server.url);
  const started = performance.now();
  let closed: number | null = null;
  let got = '';
  const socket = connect(Number(port), '127.0.0.1');
  socket.on('data', (d) => (got += d.toString()));
  socket.on('close', () => (closed = performance.now() - started));
  socket.on('error', () => undefined);
  return { socket, closedAfter: () => closed, received: () => got };
}

/** Writes `line` every `everyMs` until the socket is closed or `untilMs` has passed. */
async function trickle(c: ReturnType<typeof raw>, line: string, everyMs: number, untilMs: number): Promise<void> {
  const end = performance.now() + untilMs;
  while (performance.now() < end && c.closedAfter() === null) {
    c.socket.write(line);
    await pause(everyMs);
  }
}

describe('slow HTTP clients', () => {
  it('a client that trickles its headers is answered 408 and cut off after the headers time, while others are served', async () => {
    const slow = raw();
    slow.socket.write('GET /api/tables HTTP/1.1\r\nHost: localhost\r\n');
    const served = (async () => {
      await pause(200);
      return (await get(server.url, '/api/tables')).status;
    })();
    await trickle(slow, 'X-Slow: 1\r\n', 150, 5000);
    expect(await served).toBe(200);
    const after = slow.closedAfter();
    expect(after).not.toBeNull();
    expect(after!).toBeLessThan(2000);
    expect(slow.received()).toMatch(/^HTTP\/1\.1 408/);
  });

  it('a client that trickles a body is cut off after the request time', async () => {
    const slow = raw();
    slow.socket.write('POST /api/guest HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n');
    await trickle(slow, ' ', 150, 5000);
    const after = slow.closedAfter();
    expect(after).not.toBeNull();
    expect(after!).toBeLessThan(2500);
  });

  it('a WebSocket is not a request: it stays open past both times and is answered', async () => {
    const c = await Client.guest(server.url, 'Geduldig');
    await pause(2000);
    expect(c.closed).toBe(false);
    const pong = c.next((m) => m.type === 'pong', 2000);
    c.send({ type: 'ping' });
    expect((await pong).type).toBe('pong');
    await c.close();
  });
});
