/**
 * The client's one WebSocket: sends the protocol's messages (docs/protocol.md),
 * hands every server message to the listeners, and reconnects by itself with
 * a growing pause; on reconnect the app joins its table again with the last
 * event number it has. A server process that restarts closes the socket with
 * RESTART_CODE: then the client reconnects after a short random pause (a proxy
 * sends it to another process, or to the same one once it is back).
 *
 * A connection can also die without a close: a phone out of reach, a laptop
 * closed, a network that drops packets. The client pings as often as the
 * server's `hello` says (its heartbeat) and gives the socket up when a ping
 * has gone unanswered for a heartbeat and a little more (a page shown again,
 * after a phone slept, asks at once and waits only the little more); the
 * browser's `offline` event gives it up at once, and its `online` event
 * reconnects at once.
 */
import type { ClientMessage, ServerMessage } from '../../server/protocol.js';

/** A message of the server: the protocol's one definition (src/server/protocol.ts). */
export type ServerMsg = ServerMessage;
type Listener = (m: ServerMsg) => void;

/** The close code of a banned player's sockets (src/server/moderation.ts). */
const BANNED_CLOSE = 4003;
/** The close code of a socket whose session ended (logged out everywhere): coming back needs a new login. */
const LOGGED_OUT_CLOSE = 4002;
/** The close code of a server that restarts (docs/protocol.md). */
export const RESTART_CODE = 4001;
/** The pause before reconnecting after RESTART_CODE: 50 ms plus up to 250 ms at random, so that a process's clients do not all come at once. */
export const restartPause = (): number => 50 + Math.random() * 250;
/** The heartbeat until the server's `hello` names its own (the server's default, src/server/limits.ts). */
const HEARTBEAT_MS = 10_000;
/** Time beyond a heartbeat that a ping may go unanswered before the socket is given up (a busy phone or server). */
const SILENCE_SLACK_MS = 3000;

export class Connection {
  private ws: WebSocket | null = null;
  private listeners = new Set<Listener>();
  private stateListeners = new Set<(online: boolean) => void>();
  private queue: string[] = [];
  private retry = 0;
  private closed = false;
  /** The pending reconnect. */
  private again: ReturnType<typeof setTimeout> | undefined;
  /**
   * The heartbeat's timer, how often it beats, and when the first ping that nothing has answered since went out
   * (a background tab's timers may beat once a minute: only a ping unanswered counts, not a long quiet).
   */
  private beat: ReturnType<typeof setInterval> | undefined;
  private heartbeat = HEARTBEAT_MS;
  private unansweredSince: number | undefined;
  /** The check of a page shown again. */
  private wakeCheck: ReturnType<typeof setTimeout> | undefined;
  online = false;
  /** The server ended the session (logged out everywhere, a new password): the socket stays closed. */
  loggedOut = false;

  constructor(private readonly url: string) {
    addEventListener('offline', this.wentOffline);
    addEventListener('online', this.cameOnline);
    if (typeof document !== 'undefined') document.addEventListener('visibilitychange', this.shown);
    this.open();
  }

  /** The browser lost its network: the socket is as good as gone (no close may ever arrive). */
  private readonly wentOffline = (): void => {
    if (this.ws) this.lost(this.ws, 1006);
  };

  /**
   * The page is shown again (a phone woken, a tab come back to): its socket may have died while it slept without a
   * close. A ping now, and the socket is given up if nothing has come within the slack, before the player acts on it.
   */
  private readonly shown = (): void => {
    const ws = this.ws;
    if (document.visibilityState !== 'visible' || !ws || ws.readyState !== WebSocket.OPEN) return;
    const asked = Date.now();
    this.unansweredSince ??= asked;
    ws.send(JSON.stringify({ type: 'ping' } satisfies ClientMessage));
    clearTimeout(this.wakeCheck);
    this.wakeCheck = setTimeout(() => {
      // Nothing came since this ping (or an earlier one still unanswered).
      if (this.unansweredSince !== undefined && this.unansweredSince <= asked) this.lost(ws, 1006);
    }, SILENCE_SLACK_MS);
  };

  /** The network is back: reconnect now rather than after the pause. */
  private readonly cameOnline = (): void => {
    if (this.closed || this.ws) return;
    clearTimeout(this.again);
    this.retry = 0;
    this.open();
  };

  private open(): void {
    if (this.closed) return;
    const ws = new WebSocket(this.url);
    this.ws = ws;
    ws.onopen = () => {
      this.retry = 0;
      this.beatEvery(this.heartbeat);
      this.setOnline(true);
      for (const q of this.queue.splice(0)) ws.send(q);
    };
    ws.onmessage = (e) => {
      this.unansweredSince = undefined;
      let m: ServerMsg;
      try {
        m = JSON.parse(String(e.data)) as ServerMsg;
      } catch {
        return;
      }
      if (m.type === 'hello' && m.heartbeat !== undefined && m.heartbeat !== this.heartbeat) this.beatEvery(m.heartbeat);
      for (const l of this.listeners) l(m);
    };
    ws.onclose = (e: CloseEvent) => this.lost(ws, e.code);
  }

  /** Pings every `ms` while the socket is open, and gives it up when a ping has gone unanswered too long. */
  private beatEvery(ms: number): void {
    this.heartbeat = ms;
    this.unansweredSince = undefined;
    clearInterval(this.beat);
    this.beat = setInterval(() => {
      const ws = this.ws;
      if (!ws || ws.readyState !== WebSocket.OPEN) return;
      const now = Date.now();
      if (this.unansweredSince !== undefined && now - this.unansweredSince > ms + SILENCE_SLACK_MS) return this.lost(ws, 1006);
      this.unansweredSince ??= now;
      ws.send(JSON.stringify({ type: 'ping' } satisfies ClientMessage));
    }, ms);
  }

  /** The socket closed (`code`), or is given up: offline, or silent. Reconnects after a pause unless that cannot help. */
  private lost(ws: WebSocket, code: number): void {
    if (this.ws !== ws) return;
    this.ws = null;
    clearInterval(this.beat);
    clearTimeout(this.wakeCheck);
    ws.onclose = ws.onmessage = ws.onopen = null;
    if (ws.readyState === WebSocket.OPEN || ws.readyState === WebSocket.CONNECTING) ws.close();
    // A ban (moderation): the server said why before closing; coming back would only be refused.
    if (code === BANNED_CLOSE || code === LOGGED_OUT_CLOSE) this.closed = true;
    if (code === LOGGED_OUT_CLOSE) this.loggedOut = true;
    this.setOnline(false);
    if (this.closed) return;
    if (code === RESTART_CODE) this.retry = 0;
    const wait = code === RESTART_CODE ? restartPause() : Math.min(5000, 250 * 2 ** this.retry++);
    clearTimeout(this.again);
    this.again = setTimeout(() => this.open(), wait);
  }

  private setOnline(v: boolean): void {
    this.online = v;
    for (const l of this.stateListeners) l(v);
  }

  send(m: ClientMessage): void {
    const text = JSON.stringify(m);
    if (this.ws && this.ws.readyState === WebSocket.OPEN) this.ws.send(text);
    else if (!['ping', 'join', 'lobby'].includes(String(m.type))) this.queue.push(text);
  }

  on(l: Listener): () => void {
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  }

  onState(l: (online: boolean) => void): () => void {
    this.stateListeners.add(l);
    return () => this.stateListeners.delete(l);
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.again);
    clearInterval(this.beat);
    removeEventListener('offline', this.wentOffline);
    removeEventListener('online', this.cameOnline);
    if (typeof document !== 'undefined') document.removeEventListener('visibilitychange', this.shown);
    this.ws?.close();
  }
}

export function wsUrl(): string {
  const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${proto}//${location.host}/ws`;
}

export async function api<R>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ ok: boolean; status: number; body: R }> {
  const res = await fetch(path, {
    method,
    credentials: 'same-origin',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  let json: unknown = null;
  try {
    json = await res.json();
  } catch {
    /* empty body */
  }
  return { ok: res.ok, status: res.status, body: json as R };
}
