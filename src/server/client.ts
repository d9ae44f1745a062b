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

/** The close code of a server process that restarts (docs/protocol.md): the client reconnects after a short random pause. */
export const RESTART_CODE = 4001;
/** The pause before reconnecting after RESTART_CODE: at least the first, plus up to the second at random (so that a process's clients do not all come at once). */
export const RESTART_JITTER_MS = [50, 250] as const;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export class Client {
  readonly inbox: ServerMessage[] = [];
  readonly tables = new Map<string, TableState>();
  private ws!: WebSocket;
  private listeners = new Set<(m: ServerMessage) => void>();
  closed = false;
  keepInbox = true;
  /** Whether to keep every table's events (TableState.events); a load test's thousands of clients keep only the numbers. */
  keepEvents = true;
  /** Whether to send a random contribution to every deal at a table where it holds a seat, as a player's client does. */
  contribute = true;
  /** The socket each deal's contribution went out on (sent again after a reconnect if the server still wants it). */
  private readonly contributedOn = new Map<string, WebSocket>();
  /** Reconnect by itself when the server says it restarts (RESTART_CODE), rejoin and resend unanswered actions. */
  reconnectOnRestart = true;
  /** Other addresses of the same service to try after a restart (a cluster's processes without a proxy in front); the current one is tried last. */
  alternates?: () => readonly string[];
  /** Whether the alternates are tried in their order (as a least-connections proxy would choose), not in a random one. */
  alternatesInOrder = false;
  /** Restarts survived, and the time each reconnect took (from the close to the socket open again). */
  readonly restarts: number[] = [];
  /** Set while the client reconnects after a restart. */
  restarting = false;
  /** Called when the client's current socket closes (any socket it opens, after a restart too), with the close code. */
  onClose?: (code: number) => void;
  private stopped = false;
  /** Tables joined (rejoined after a restart from their last event). */
  private readonly joined = new Set<string>();
  /** Actions sent and not answered yet, by TABLE/CSEQ (sent again after a restart: an applied one is answered as applied). */
  private readonly unanswered = new Map<string, ClientMessage>();
  /** Other messages sent while reconnecting, sent once the socket is open. */
  private held: string[] = [];

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

  /**
   * Opens (or reopens) the socket, as non-browser clients do: the session token buys a single-use ticket
   * (POST /api/ticket), and the ticket goes in the URL (a token never does: URLs get logged).
   */
  connect(): Promise<void> {
    this.stopped = false;
    return this.open();
  }

  /** How the last open went: the ticket (POST /api/ticket), or the restart ticket a draining server sent; then the socket's upgrade. */
  lastOpen = { ticketMs: 0, socketMs: 0, restartTicket: false };
  /** The ticket a draining server sent with its `restart` message: used once, for the reconnect. */
  private restartTicket?: { ticket: string; expires: number };

  private async open(): Promise<void> {
    const t0 = performance.now();
    let ticket: string;
    // The restart ticket is kept until a server takes or refuses it (a process not up yet never saw it).
    const given = this.restartTicket && this.restartTicket.expires > Date.now() + 1000 ? this.restartTicket : undefined;
    if (given) ticket = given.ticket;
    else {
      const res = await fetch(`${this.base}/api/ticket`, { method: 'POST', headers: { authorization: `Bearer ${this.token}` } });
      if (!res.ok) throw new Error(`/api/ticket: ${res.status} ${await res.text()}`);
      ticket = ((await res.json()) as { ticket: string }).ticket;
    }
    const t1 = performance.now();
    const ws = new WebSocket(`${this.base.replace(/^http/, 'ws')}/ws?ticket=${encodeURIComponent(ticket)}`);
    this.ws = ws;
    // Only now: the socket this one replaces may have closed while the ticket was fetched.
    this.closed = false;
    ws.on('message', (data) => this.receive(JSON.parse(data.toString()) as ServerMessage));
    // A socket replaced by a newer one does not mark the client closed when it goes.
    ws.on('close', (code) => {
      if (this.ws !== ws) return;
      this.closed = true;
      this.onClose?.(code);
      if (code === RESTART_CODE && this.reconnectOnRestart && !this.stopped) void this.restart();
    });
    return new Promise((resolve, reject) => {
      ws.once('open', () => {
        if (given && this.restartTicket === given) this.restartTicket = undefined;
        this.lastOpen = { ticketMs: t1 - t0, socketMs: performance.now() - t1, restartTicket: given !== undefined };
        resolve();
      });
      ws.once('error', (e) => {
        if (given && this.restartTicket === given && /Unexpected server response: 401/.test(e.message)) this.restartTicket = undefined;
        reject(e);
      });
    });
  }

  /** After RESTART_CODE: a pause, then the alternates and the current address in turn until one takes the socket; then every joined table again from its last event, and the unanswered actions. */
  private async restart(): Promise<void> {
    const t0 = performance.now();
    this.restarting = true;
    await sleep(RESTART_JITTER_MS[0] + Math.random() * RESTART_JITTER_MS[1]);
    await this.recover();
    if (!this.stopped) this.restarts.push(performance.now() - t0);
  }

  /** Connects again (the alternates first, then the current address, until one takes the socket), rejoins every joined table from its last event and resends the unanswered actions. */
  async recover(): Promise<void> {
    this.restarting = true;
    this.stopped = false;
    for (let attempt = 0; !this.stopped; attempt++) {
      // The others in a random order, so that a restarting process's clients spread over them.
      const others = (this.alternates?.() ?? []).filter((b) => b !== this.base);
      if (!this.alternatesInOrder) others.sort(() => Math.random() - 0.5);
      const tries = [...others, this.base];
      this.base = tries[attempt % tries.length];
      try {
        await this.open();
        break;
      } catch {
        await sleep(Math.min(2000, 50 * 2 ** Math.min(attempt, 6)));
      }
    }
    this.restarting = false;
    if (this.stopped) return;
    for (const table of this.joined) {
      const last = this.table(table).last;
      this.send(last >= 0 ? { type: 'join', table, since: last } : { type: 'join', table });
    }
    const acts = [...this.unanswered.values()].sort((a, b) => (a as { cseq: number }).cseq - (b as { cseq: number }).cseq);
    for (const m of acts) this.send(m);
    for (const text of this.held.splice(0)) this.ws.send(text);
  }

  get socket(): WebSocket {
    return this.ws;
  }

  private receive(m: ServerMessage): void {
    if (m.type === 'restart') {
      this.restartTicket = { ticket: m.ticket, expires: m.expires };
      return;
    }
    if (this.keepInbox) this.inbox.push(m);
    if ((m.type === 'ok' || m.type === 'error') && m.table !== undefined && m.cseq !== undefined && m.cseq > 0) this.unanswered.delete(`${m.table}/${m.cseq}`);
    if (m.type === 'snapshot') {
      const t = this.table(m.table);
      t.snapshot = m;
      t.seat = m.seat;
      t.legal = [...m.legal];
      t.toAct = [...m.toAct];
      if (t.last === -2) t.last = m.last;
      if (t.cseq < m.cseq) t.cseq = m.cseq;
      // The server still waits for this seat's part: sent again even on the same socket (the table may have moved to a
      // process that never got it, as the browser does: contributions.ts).
      if (m.fair?.collecting && !m.fair.contributed && m.seat >= 0) this.sendContribution(m.table, m.fair.context.deal, true);
    } else if (m.type === 'events') {
      const t = this.table(m.table);
      for (const ev of m.events) {
        if (t.last !== -2 && ev.e !== t.last + 1) t.problems.push(`expected event ${t.last + 1}, got ${ev.e}`);
        t.last = ev.e;
        if (this.keepEvents) t.events.push(ev);
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
  private sendContribution(table: string, deal: number, asked = false): void {
    if (!this.contribute) return;
    const key = `${table}/${deal}`;
    if (!asked && this.contributedOn.get(key) === this.ws) return;
    this.contributedOn.set(key, this.ws);
    const t = this.table(table);
    let contribution = t.contributions.get(deal);
    if (contribution === undefined) t.contributions.set(deal, (contribution = randomSeedHex()));
    this.send({ type: 'contribute', table, deal, contribution });
  }

  send(m: ClientMessage | Record<string, unknown>): void {
    const r = m as Record<string, unknown>;
    const table = typeof r.table === 'string' ? r.table : undefined;
    if (table !== undefined && r.type === 'join') this.joined.add(table);
    if (table !== undefined && r.type === 'unjoin') this.joined.delete(table);
    const act = table !== undefined && r.type === 'act' && typeof r.cseq === 'number';
    if (act) this.unanswered.set(`${table}/${r.cseq as number}`, m as ClientMessage);
    if (this.ws.readyState === WebSocket.OPEN) return this.ws.send(JSON.stringify(m));
    // Reconnecting: joins and actions are sent again by restart(), the rest once the socket is open.
    if (this.restarting && !act && m.type !== 'join') this.held.push(JSON.stringify(m));
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
    this.stopped = true;
    if (this.closed) return Promise.resolve();
    return new Promise((resolve) => {
      this.ws.once('close', () => resolve());
      this.ws.close();
    });
  }

  /** Drops the connection at once, as a lost network would. */
  kill(): void {
    this.stopped = true;
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
  options: { pick?: (legal: readonly string[]) => string; pause?: () => number; onSend?: () => void; onAck?: (ms: number, e: number) => void; onError?: (m: ServerMessage) => void } = {},
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
      options.onSend?.();
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
