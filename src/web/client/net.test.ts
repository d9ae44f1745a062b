import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Connection } from './net.js';

/**
 * The client's heartbeat and offline handling with the clock in the test's hand. The browser's WebSocket and window
 * events are stood in for here (Node has neither); the same behaviour is tested over a real socket in Chromium
 * (table.browser.test.ts: the browser going offline, a relay that goes silent).
 */
class FakeSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  static made: FakeSocket[] = [];
  readyState = FakeSocket.CONNECTING;
  sent: string[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onclose: ((e: { code: number }) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.made.push(this);
  }
  send(text: string): void {
    this.sent.push(text);
  }
  close(): void {
    this.readyState = FakeSocket.CLOSED;
  }
  /** The server's side: the socket opens, a message arrives. */
  opened(): void {
    this.readyState = FakeSocket.OPEN;
    this.onopen?.();
  }
  hear(m: object): void {
    this.onmessage?.({ data: JSON.stringify(m) });
  }
  get pings(): number {
    return this.sent.filter((t) => JSON.parse(t).type === 'ping').length;
  }
}

let window: EventTarget;
let page: EventTarget & { visibilityState: string };
beforeEach(() => {
  vi.useFakeTimers();
  FakeSocket.made = [];
  window = new EventTarget();
  page = Object.assign(new EventTarget(), { visibilityState: 'visible' });
  vi.stubGlobal('document', page);
  vi.stubGlobal('WebSocket', FakeSocket);
  vi.stubGlobal('addEventListener', window.addEventListener.bind(window));
  vi.stubGlobal('removeEventListener', window.removeEventListener.bind(window));
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

/** A connection whose first socket is open and has heard the server's hello with this heartbeat. */
function connected(heartbeat: number) {
  const conn = new Connection('ws://stich.test/ws');
  const states: boolean[] = [];
  conn.onState((up) => states.push(up));
  const ws = FakeSocket.made[0];
  ws.opened();
  ws.hear({ type: 'hello', user: { id: 'u', name: 'Sepp', guest: true }, heartbeat });
  return { conn, ws, states };
}

describe('the browser connection', () => {
  it('pings as often as the hello says and keeps a socket whose pings are answered, however far apart the beats', () => {
    const { conn, ws, states } = connected(1000);
    vi.advanceTimersByTime(1000);
    expect(ws.pings).toBe(1);
    ws.hear({ type: 'pong' });
    // A background tab: its timers beat once a minute, and the table is quiet in between.
    for (let i = 0; i < 5; i++) {
      vi.setSystemTime(Date.now() + 59_000);
      vi.advanceTimersByTime(1000);
      ws.hear({ type: 'pong' });
    }
    expect(ws.pings).toBe(6);
    expect(states).toEqual([true]);
    expect(FakeSocket.made).toHaveLength(1);
    conn.close();
  });

  it('gives up a socket whose ping goes unanswered for a heartbeat and 3 s, says so, and connects again', () => {
    const { conn, ws, states } = connected(1000);
    // The first ping goes at 1 s; at 5 s it has waited 4 s, not more.
    vi.advanceTimersByTime(5000);
    expect(ws.pings).toBe(5);
    expect(states).toEqual([true]);
    expect(ws.readyState).toBe(FakeSocket.OPEN);
    vi.advanceTimersByTime(1000);
    expect(states).toEqual([true, false]);
    expect(ws.readyState).toBe(FakeSocket.CLOSED);
    // A late close of the socket given up changes nothing.
    ws.onclose?.({ code: 1006 });
    expect(states).toEqual([true, false]);
    vi.advanceTimersByTime(250);
    expect(FakeSocket.made).toHaveLength(2);
    FakeSocket.made[1].opened();
    expect(states).toEqual([true, false, true]);
    conn.close();
  });

  it('gives its socket up at once when the browser goes offline, and connects again at once when it is back', () => {
    const { conn, ws, states } = connected(10_000);
    window.dispatchEvent(new Event('offline'));
    expect(states).toEqual([true, false]);
    expect(ws.readyState).toBe(FakeSocket.CLOSED);
    window.dispatchEvent(new Event('online'));
    expect(FakeSocket.made).toHaveLength(2);
    FakeSocket.made[1].opened();
    expect(states).toEqual([true, false, true]);
    // Closed for good, it listens no more.
    conn.close();
    window.dispatchEvent(new Event('online'));
    expect(FakeSocket.made).toHaveLength(2);
  });

  it('asks at once when the page is shown again (a phone woken), and gives up within 3 s a socket that does not answer', () => {
    const { conn, ws, states } = connected(10_000);
    page.visibilityState = 'hidden';
    page.dispatchEvent(new Event('visibilitychange'));
    expect(ws.pings).toBe(0);
    // Woken: a ping at once. One that is answered keeps the socket.
    page.visibilityState = 'visible';
    page.dispatchEvent(new Event('visibilitychange'));
    expect(ws.pings).toBe(1);
    vi.advanceTimersByTime(100);
    ws.hear({ type: 'pong' });
    vi.advanceTimersByTime(5000);
    expect(states).toEqual([true]);
    // Woken again, and this time nothing comes: given up after 3 s, long before the next beat would notice.
    page.dispatchEvent(new Event('visibilitychange'));
    vi.advanceTimersByTime(2900);
    expect(states).toEqual([true]);
    vi.advanceTimersByTime(200);
    expect(states).toEqual([true, false]);
    expect(ws.readyState).toBe(FakeSocket.CLOSED);
    conn.close();
  });
});
