/**
 * The client's one WebSocket: sends the protocol's messages (docs/protocol.md),
 * hands every server message to the listeners, and reconnects by itself with
 * a growing pause; on reconnect the app joins its table again with the last
 * event number it has. A server process that restarts closes the socket with
 * RESTART_CODE: then the client reconnects after a short random pause (a proxy
 * sends it to another process, or to the same one once it is back).
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

export class Connection {
  private ws: WebSocket | null = null;
  private listeners = new Set<Listener>();
  private stateListeners = new Set<(online: boolean) => void>();
  private queue: string[] = [];
  private retry = 0;
  private closed = false;
  online = false;
  /** The server ended the session (logged out everywhere, a new password): the socket stays closed. */
  loggedOut = false;

  constructor(private readonly url: string) {
    this.open();
  }

  private open(): void {
    if (this.closed) return;
    const ws = new WebSocket(this.url);
    this.ws = ws;
    ws.onopen = () => {
      this.retry = 0;
      this.setOnline(true);
      for (const q of this.queue.splice(0)) ws.send(q);
    };
    ws.onmessage = (e) => {
      let m: ServerMsg;
      try {
        m = JSON.parse(String(e.data)) as ServerMsg;
      } catch {
        return;
      }
      for (const l of this.listeners) l(m);
    };
    ws.onclose = (e: CloseEvent) => {
      if (this.ws !== ws) return;
      this.ws = null;
      // A ban (moderation): the server said why before closing; coming back would only be refused.
      if (e.code === BANNED_CLOSE || e.code === LOGGED_OUT_CLOSE) this.closed = true;
      if (e.code === LOGGED_OUT_CLOSE) this.loggedOut = true;
      this.setOnline(false);
      if (this.closed) return;
      if (e.code === RESTART_CODE) this.retry = 0;
      const wait = e.code === RESTART_CODE ? restartPause() : Math.min(5000, 250 * 2 ** this.retry++);
      setTimeout(() => this.open(), wait);
    };
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
