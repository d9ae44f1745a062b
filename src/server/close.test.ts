import { connect, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { post, testServer } from './testing.js';

/**
 * Closing the server (server.ts close(), the hard stop after a drain, or a test's end) does not wait on its peers:
 * a request whose headers never end, and a WebSocket whose peer never answers the close, are cut within the
 * socket limit (DRAIN_LIMITS.socketsMs, 1 s); a peer that answers is told "going away" (1001). Without this, ws waits
 * 30 s for an answer and Node's HTTP server waits for a request in flight for as long as it takes.
 */

async function ticket(base: string): Promise<string> {
  const guest = await post<{ token: string }>(base, '/api/guest', { name: `closer${Math.floor(Math.random() * 1e6)}` });
  const res = await fetch(`${base}/api/ticket`, { method: 'POST', headers: { authorization: `Bearer ${guest.body.token}` } });
  return ((await res.json()) as { ticket: string }).ticket;
}

/** A raw TCP socket: connected, with `text` written, resolved with the socket once `until` has been read (or at once). */
function raw(port: number, text: string, until?: RegExp): Promise<{ socket: Socket; closed: Promise<void> }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const closed = new Promise<void>((r) => socket.once('close', () => r()));
    let read = '';
    socket.on('error', () => undefined);
    socket.once('connect', () => {
      socket.write(text);
      if (!until) resolve({ socket, closed });
    });
    socket.on('data', (d: Buffer) => {
      read += d.toString('latin1');
      if (until?.test(read)) resolve({ socket, closed });
    });
    setTimeout(() => reject(new Error(`no ${String(until)} within 5 s: ${read.slice(0, 200)}`)), 5000).unref();
  });
}

describe('closing the server', () => {
  it('cuts a request in flight and a socket that never answers within the socket limit; an answering socket hears 1001', async () => {
    const server = await testServer();
    const host = `127.0.0.1:${server.port}`;
    // A request whose headers never end: in flight for as long as its peer likes.
    const stalled = await raw(server.port, `GET /api/lobby HTTP/1.1\r\nHost: ${host}\r\nX-Slow: `);
    // A WebSocket upgraded by hand that never reads what comes and so never answers the close.
    const key = Buffer.from('0123456789abcdef').toString('base64');
    const deaf = await raw(server.port, `GET /ws?ticket=${await ticket(server.url)} HTTP/1.1\r\nHost: ${host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: ${key}\r\nSec-WebSocket-Version: 13\r\n\r\n`, /^HTTP\/1\.1 101/);
    deaf.socket.pause();
    // A WebSocket that answers.
    const polite = new WebSocket(`${server.url.replace('http', 'ws')}/ws?ticket=${await ticket(server.url)}`);
    await new Promise((r) => polite.once('open', r));
    const heard = new Promise<number>((r) => polite.once('close', (code) => r(code)));

    const t0 = Date.now();
    await server.close();
    const ms = Date.now() - t0;
    expect(ms).toBeLessThan(5000);
    expect(await heard).toBe(1001);
    await stalled.closed;
    deaf.socket.resume(); // to read the end
    await deaf.closed;
    console.log(`the server closed in ${ms} ms with a stalled request and a deaf socket open`);
  });
});
