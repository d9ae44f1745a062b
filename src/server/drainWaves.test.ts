import { describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import type { SocketBusy } from './clusterFront.js';
import { closeInWaves, closer, RESTART_CODE, type DrainLimits } from './drain.js';
import type { ServerMessage } from './protocol.js';

/** A socket as closeInWaves sees it: when it was closed, what it was sent. */
class FakeSocket {
  readonly OPEN = 1;
  readonly CLOSED = 3;
  readyState = 1;
  closedAt?: number;
  closedWith?: number;
  readonly sent: string[] = [];
  constructor(
    readonly name: string,
    public state: SocketBusy,
  ) {}
  send(text: string): void {
    this.sent.push(text);
  }
  close(code: number): void {
    this.closedAt = performance.now();
    this.closedWith = code;
    this.readyState = this.CLOSED;
  }
  terminate(): void {
    this.readyState = this.CLOSED;
  }
}

const LIMITS: DrainLimits = { tablesMs: 1000, spreadMs: 300, answersMs: 400, socketsMs: 100 };
const asWs = (s: FakeSocket) => s as unknown as WebSocket;

describe('closeInWaves (drain.ts): which sockets are told to reconnect when', () => {
  it('rested sockets go first, idle ones over the window, one to act only once it has acted, one waiting only once answered', async () => {
    const sockets = [...Array.from({ length: 10 }, (_, i) => new FakeSocket(`idle${i}`, 'idle')), new FakeSocket('rested', 'rested'), new FakeSocket('toAct', 'toAct'), new FakeSocket('waiting', 'waiting')];
    const [toAct, waiting] = sockets.slice(-2);
    const t0 = performance.now();
    // The seat to act acts after 150 ms and is answered at once (rested then); the waiting answer comes after 350 ms.
    // (A timer may fire a fraction of a millisecond before its delay by performance.now(): the times of the changes are taken as they happen.)
    let acted = Infinity;
    let answered = Infinity;
    setTimeout(() => {
      toAct.state = 'rested';
      acted = performance.now() - t0;
    }, 150);
    setTimeout(() => {
      waiting.state = 'idle';
      answered = performance.now() - t0;
    }, 350);
    const done = await closeInWaves(sockets.map(asWs), (ws) => (ws as unknown as FakeSocket).state, (ws) => ws.close(RESTART_CODE, 'x'), LIMITS);
    expect(done).toEqual({ sockets: 13, unanswered: 0 });
    const at = (s: FakeSocket) => s.closedAt! - t0;
    const rested = sockets.find((s) => s.name === 'rested')!;
    expect(sockets.every((s) => s.closedWith === RESTART_CODE)).toBe(true);
    const idle = sockets.filter((s) => s.name.startsWith('idle')).map(at);
    expect(at(rested)).toBeLessThanOrEqual(Math.min(...idle));
    // Spread over the window (13 sockets: 195 ms), not all at once.
    expect(Math.max(...idle) - Math.min(...idle)).toBeGreaterThan(80);
    // After its action, well before it would be closed anyway (195 + 400 ms).
    expect(at(toAct)).toBeGreaterThanOrEqual(acted);
    expect(at(toAct)).toBeLessThan(500);
    expect(at(waiting)).toBeGreaterThanOrEqual(answered);
    expect(answered).toBeGreaterThan(300);
  });

  it('a seat that never acts and a request never answered are closed all the same, answersMs after the window', async () => {
    const stuck = [new FakeSocket('toAct', 'toAct'), new FakeSocket('waiting', 'waiting')];
    const t0 = performance.now();
    const done = await closeInWaves(stuck.map(asWs), (ws) => (ws as unknown as FakeSocket).state, (ws) => ws.close(RESTART_CODE, 'x'), LIMITS);
    expect(done).toEqual({ sockets: 2, unanswered: 1 });
    // The window of 2 sockets is 30 ms (15 ms each), then 400 ms.
    for (const s of stuck) expect(s.closedAt! - t0).toBeGreaterThanOrEqual(420);
  });

  it('a socket gets its restart ticket just before the close; one without a ticket only the close', () => {
    const withTicket = new FakeSocket('a', 'idle');
    const without = new FakeSocket('b', 'idle');
    const restart: ServerMessage = { type: 'restart', ticket: 'T'.repeat(32), expires: Date.now() + 30_000 };
    const close = closer(new Map([[asWs(withTicket), restart]]));
    close(asWs(withTicket));
    close(asWs(without));
    expect(withTicket.sent.map((t) => JSON.parse(t) as ServerMessage)).toEqual([restart]);
    expect(withTicket.closedWith).toBe(RESTART_CODE);
    expect(without.sent).toEqual([]);
    expect(without.closedWith).toBe(RESTART_CODE);
  });
});
