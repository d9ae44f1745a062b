import WebSocket from 'ws';
import { randomSeedHex } from '../core/fairness.js';
import type { ClientMessage, NumberedTableEvent, ServerMessage, Snapshot } from './protocol.js';

/**
 * A small client of the protocol (docs/protocol.md) over real WebSockets:
 * the tests, the load test and the example client use it. It keeps, per
 * table, the last event number it has and notes every gap or duplicate.
 */
export interface TableState {
  last: number;
  seat: number;
  snapshot?: Snapshot;
  legal: string[];
  toAct: number[];
  events: NumberedTableEvent[];
  /** Gaps or duplicates in the event numbers received (must stay empty). */
  problems: string[];
  cseq: number;
  /** The contribution this client sent to each deal's shuffle (docs/fairness.md), by deal number. */
  contributions: Map<number, string>;
}

export class Client {
  readonly inbox: ServerMessage[] = [];
  readonly tables = new Map<string, TableState>();
  private ws!: WebSocket;
  private listeners = new Set<(m: ServerMessage) => void>();
  closed = false;
  keepInbox = true;
  /** Whether to send a random contribution to every deal at a table where it holds a seat, as a player's client does. */
  contribute = true;
  /** The socket each deal's contribution went out on (sent again after a reconnect if the server still wants it). */
  private readonly contributedOn = new Map<string, WebSocket>();

  private constructor(
    public base: string,
    readonly token: string,
    readonly user: { id: string; name: string },
  ) {}

  static guest(base: string, name: string): Promise<Client> {
    return Client.session(base, '/api/guest', { name });
  }

  /** Registers an account (or logs in with `login`) and connects with its session. */
  static account(base: string, name: string, password: string, login = false): Promise<Client> {
    return Client.session(base, login ? '/api/login' : '/api/register', { name, password });
  }

  /** Another socket for a session one has already (its token). */
  static async connectWith(base: string, token: string): Promise<Client> {
    const res = await fetch(`${base}/api/me`, { headers: { authorization: `Bearer ${token}` } });
    const me = (await res.json()) as { user: { id: string; name: string } | null };
    if (!me.user) throw new Error('the token has no session');
    const c = new Client(base, token, me.user);
    await c.connect();
    return c;
  }

  private static async session(base: string, path: string, payload: unknown): Promise<Client> {
    const res = await fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(payload) });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    const body = (await res.json()) as { token: string; user: { id: string; name: string } };
    const c = new Client(base, body.token, body.user);
    await c.connect();
    return c;
  }

  /** Opens (or reopens) the socket; the token goes in the query, as non-browser clients send it. */
  connect(): Promise<void> {
    this.closed = false;
    const ws = new WebSocket(`${this.base.replace(/^http/, 'ws')}/ws?token=${encodeURIComponent(this.token)}`);
    this.ws = ws;
    ws.on('message', (data) => this.receive(JSON.parse(data.toString()) as ServerMessage));
    // A socket replaced by a newer one does not mark the client closed when it goes.
    ws.on('close', () => {
      if (this.ws === ws) this.closed = true;
    });
    return new Promise((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
  }

  get socket(): WebSocket {
    return this.ws;
  }

  private receive(m: ServerMessage): void {
    if (this.keepInbox) this.inbox.push(m);
    if (m.type === 'snapshot') {
      const t = this.table(m.table);
      t.snapshot = m;
      t.seat = m.seat;
      t.legal = [...m.legal];
      t.toAct = [...m.toAct];
      if (t.last === -2) t.last = m.last;
      if (t.cseq < m.cseq) t.cseq = m.cseq;
      if (m.fair?.collecting && !m.fair.contributed && m.seat >= 0) this.sendContribution(m.table, m.fair.context.deal);
    } else if (m.type === 'events') {
      const t = this.table(m.table);
      for (const ev of m.events) {
        if (t.last !== -2 && ev.e !== t.last + 1) t.problems.push(`expected event ${t.last + 1}, got ${ev.e}`);
        t.last = ev.e;
        t.events.push(ev);
        if (ev.event.type === 'dealStart' && ev.event.fair && t.seat >= 0) this.sendContribution(m.table, ev.event.deal);
      }
      t.legal = [...m.legal];
      t.toAct = [...m.toAct];
    } else if (m.type === 'status') {
      const t = this.table(m.table);
      t.legal = [...m.legal];
      t.toAct = [...m.toAct];
    }
    for (const l of [...this.listeners]) l(m);
  }

  table(id: string): TableState {
    let t = this.tables.get(id);
    if (!t) this.tables.set(id, (t = { last: -2, seat: -1, legal: [], toAct: [], events: [], problems: [], cseq: 0, contributions: new Map() }));
    return t;
  }

  /** Sends this client's contribution to a deal (a fresh random one, or the one sent before on a lost connection). */
  private sendContribution(table: string, deal: number): void {
    if (!this.contribute) return;
    const key = `${table}/${deal}`;
    if (this.contributedOn.get(key) === this.ws) return;
    this.contributedOn.set(key, this.ws);
    const t = this.table(table);
    let contribution = t.contributions.get(deal);
    if (contribution === undefined) t.contributions.set(deal, (contribution = randomSeedHex()));
    this.send({ type: 'contribute', table, deal, contribution });
  }

  send(m: ClientMessage | Record<string, unknown>): void {
    this.ws.send(JSON.stringify(m));
  }

  sendRaw(data: string | Buffer): void {
    this.ws.send(data);
  }

  /** Resolves with the first message (from now on) that `match` accepts. */
  next<M extends ServerMessage>(match: (m: ServerMessage) => m is M, timeoutMs?: number): Promise<M>;
  next(match: (m: ServerMessage) => boolean, timeoutMs?: number): Promise<ServerMessage>;
  next(match: (m: ServerMessage) => boolean, timeoutMs = 10_000): Promise<ServerMessage> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.listeners.delete(l);
        reject(new Error(`${this.user.name}: no matching message in ${timeoutMs} ms`));
      }, timeoutMs);
      const l = (m: ServerMessage) => {
        if (!match(m)) return;
        clearTimeout(timer);
        this.listeners.delete(l);
        resolve(m);
      };
      this.listeners.add(l);
    });
  }

  on(l: (m: ServerMessage) => void): () => void {
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  }

  /** Joins a table and resolves with the snapshot; `since` is the last event number this client has. */
  async join(table: string, since?: number): Promise<Snapshot> {
    const snap = this.next((m): m is Snapshot => m.type === 'snapshot' && m.table === table);
    this.send(since === undefined ? { type: 'join', table } : { type: 'join', table, since });
    return snap;
  }

  /** A request answered by ok or error (sit, stand, again, chat, act). */
  async request(m: ClientMessage): Promise<ServerMessage> {
    const table = 'table' in m ? m.table : undefined;
    const cseq = m.type === 'act' ? m.cseq : 0;
    const reply = this.next((r) => (r.type === 'ok' || r.type === 'error') && r.table === table && r.cseq === cseq);
    this.send(m);
    return reply;
  }

  close(): Promise<void> {
    if (this.closed) return Promise.resolve();
    return new Promise((resolve) => {
      this.ws.once('close', () => resolve());
      this.ws.close();
    });
  }

  /** Drops the connection at once, as a lost network would. */
  kill(): void {
    this.ws.terminate();
    this.closed = true;
  }
}

/** A JSON POST to the server's HTTP API, with the session token as a bearer token. */
export async function post<R>(base: string, path: string, body: unknown, token?: string): Promise<{ status: number; body: R }> {
  const res = await fetch(base + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as R };
}

/** Plays a seat: whenever the deal waits for it, sends one of its legal actions (chosen by `pick`) after `pause` ms. */
export function autoplay(
  client: Client,
  table: string,
  options: { pick?: (legal: readonly string[]) => string; pause?: () => number; onAck?: (ms: number, e: number) => void; onError?: (m: ServerMessage) => void } = {},
): () => void {
  const pick = options.pick ?? ((legal) => legal[Math.floor(Math.random() * legal.length)]);
  let pending = false;
  let waiting = false;
  let stopped = false;
  let stale = false;
  let heard = 0;
  const consider = () => {
    if (stopped || pending || waiting || stale || client.closed) return;
    const t = client.table(table);
    if (t.seat < 0 || !t.toAct.includes(t.seat) || t.legal.length === 0) return;
    const go = () => {
      waiting = false;
      if (stopped || client.closed) return;
      const now = client.table(table);
      if (!now.toAct.includes(now.seat) || now.legal.length === 0) return;
      pending = true;
      const cseq = now.cseq + 1;
      const sent = performance.now();
      const heardAtSend = heard;
      client.send({ type: 'act', table, cseq, action: pick(now.legal) });
      const off = client.on((m) => {
        if ((m.type !== 'ok' && m.type !== 'error') || m.table !== table || m.cseq !== cseq) return;
        off();
        pending = false;
        if (m.type === 'ok') {
          now.cseq = cseq;
          options.onAck?.(performance.now() - sent, m.e);
        } else {
          if (m.code === 'rateLimited') {
            // Too fast for the server's limit: try again a little later.
            waiting = true;
            setTimeout(() => {
              waiting = false;
              consider();
            }, 200);
            return;
          }
          // Refused on an old list of legal actions: wait for news, unless it came already.
          stale = heard === heardAtSend;
          options.onError?.(m);
        }
        setImmediate(consider);
      });
    };
    const pause = options.pause?.() ?? 0;
    waiting = true;
    if (pause > 0) setTimeout(go, pause);
    else setImmediate(go);
  };
  const off = client.on((m) => {
    if ((m.type === 'events' || m.type === 'snapshot' || m.type === 'status') && m.table === table) {
      stale = false;
      heard++;
      consider();
    }
  });
  consider();
  return () => {
    stopped = true;
    off();
  };
}
