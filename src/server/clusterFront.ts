import { randomId } from './identity.js';
import type { TableMessage } from './dispatch.js';
import type { ServerMessage } from './protocol.js';
import type { TableRouter } from './router.js';
import type { UserRow } from './store/store.js';
import { nodeOf, ROUTE_ATTEMPTS, ROUTE_RETRY_MS, type ClusterLink } from './clusterWire.js';
import { HeldAnswers, HOLD_REJOIN_MS } from './answerOrder.js';

/** The least time between two rejoins of a socket for missing events. */
const GAP_REJOIN_MS = 1000;

/** A table followed (or asked about) by one socket of this process. */
interface Followed {
  /** The lease of the owner this socket's messages go to. */
  lease?: string;
  /** The last event number passed on to the socket. */
  last?: number;
  /** The `since` of the socket's own last join. */
  joinSince?: number;
  following: boolean;
  /** Actions not yet answered, and the lease each was last sent to. */
  readonly acts: Map<number, { m: TableMessage; sentTo?: string }>;
  /** Other requests (sit, stand, chat, again) not yet answered. */
  others: number;
  /** Answers held back until the socket has the events they report (answerOrder.ts). */
  readonly held: HeldAnswers;
  /** When the socket last rejoined the table because events were missing. */
  gapAt?: number;
  /** The highest event number ever passed on to the socket (a join of the socket's own lowers `last`, not this). */
  passed: number;
  /** Whether the last legal actions passed on to the socket were not empty: its seat is to act. */
  toAct?: boolean;
  /** When the socket's last action at the table was answered (ms since 1970). */
  actedAt?: number;
}

/**
 * What a socket's tables wait on from it (ClusterFront.busy): `waiting` (a request unanswered), `toAct` (its seat is
 * to act), `rested` (its seat acted a moment ago and is not to act again: the others act first), else `idle`.
 */
export type SocketBusy = 'idle' | 'rested' | 'toAct' | 'waiting';

/** How long after its action a seat that is not to act counts as `rested` (the other seats act before it again). */
const RESTED_MS = 2000;

export interface FrontConn {
  readonly id: string;
  readonly user: UserRow;
  send(m: ServerMessage): void;
  readonly tables: Map<string, Followed>;
}

/**
 * The socket's side of the cluster: the router of a process in a cluster.
 * A socket's table messages go to the table's owner (this process or another,
 * over Redis), the owner's answers and events come back once and in order,
 * and when the table gets a new owner the socket follows it there from the
 * last event passed on and resends its unanswered actions.
 */
export class ClusterFront implements Pick<TableRouter<FrontConn>, 'request'> {
  readonly conns = new Map<string, FrontConn>();

  constructor(private readonly node: ClusterLink) {}

  /** A socket of this process. */
  open(user: UserRow, send: (m: ServerMessage) => void): FrontConn {
    const c: FrontConn = { id: randomId(9), user, send, tables: new Map() };
    this.conns.set(c.id, c);
    return c;
  }

  /** A socket closed: the owners of its tables forget it. */
  close(c: FrontConn): void {
    this.conns.delete(c.id);
    const owners = new Set<string>();
    for (const f of c.tables.values()) if (f.lease) owners.add(nodeOf(f.lease));
    for (const node of owners) {
      if (node === this.node.id) this.node.gone(this.node.id, c.id);
      else void this.node.publish(node, { t: 'gone', from: this.node.id, conn: c.id });
    }
  }

  /**
   * What a table of the socket waits on from it now (drain.ts tells rested, then idle sockets to reconnect first):
   * `waiting` when a request of it is unanswered or an answer held back, `toAct` when its seat is to act, `rested`
   * when it acted a moment ago and is not to act, else `idle`.
   */
  busy(c: FrontConn, now = Date.now()): SocketBusy {
    let out: SocketBusy = 'idle';
    for (const f of c.tables.values()) {
      if (f.acts.size > 0 || f.others > 0 || f.held.size > 0) return 'waiting';
      if (f.toAct) out = 'toAct';
      else if (out === 'idle' && f.actedAt !== undefined && now - f.actedAt < RESTED_MS) out = 'rested';
    }
    return out;
  }

  /** The tables some socket here follows or waits on. */
  followed(): Set<string> {
    const out = new Set<string>();
    for (const c of this.conns.values()) for (const [t, f] of c.tables) if (f.following || f.acts.size > 0) out.add(t);
    return out;
  }

  /** A socket's table message: to the table's owner, wherever it runs. */
  request(c: FrontConn, m: TableMessage): Promise<void> {
    let f = c.tables.get(m.table);
    if (!f) c.tables.set(m.table, (f = { following: false, acts: new Map(), others: 0, held: new HeldAnswers(), passed: -1 }));
    if (m.type === 'join') {
      f.following = true;
      f.last = undefined;
      f.joinSince = m.since;
    } else if (m.type === 'unjoin') {
      f.following = false;
      // Without events to wait for, the answers held back go out now.
      for (const a of f.held.release(Infinity)) c.send(a);
    } else if (m.type === 'act') f.acts.set(m.cseq, { m });
    else f.others++;
    return this.route(c, f, m, 0);
  }

  async route(c: FrontConn, f: Followed, m: TableMessage, attempt: number): Promise<void> {
    if (!this.conns.has(c.id)) return;
    if (!f.lease) {
      let lease: string | null = null;
      try {
        // A socket that (re)joins takes the lease the last scan saw, without a round trip to Redis (a burst of
        // reconnecting sockets makes hundreds); if it is out of date, the old owner answers `moved` and the next
        // attempt asks Redis (and learns there whether the table is still live).
        lease = (attempt === 0 ? this.node.knownLease?.(m.table) : undefined) ?? (await this.node.cmd.get(this.node.k('lease', m.table)));
        if (!lease && attempt <= 1 && !(await this.node.cmd.hexists(this.node.k('live'), m.table))) {
          // Not live and without an owner: unknown, or finished and closed with the process that ran it.
          this.settle(f, m);
          const known = await this.node.cmd.hexists(this.node.k('info'), m.table);
          return c.send({
            type: 'error',
            code: 'unknownTable',
            message: known ? 'the table is finished and closed; its records stay' : 'no such table',
            table: m.table,
            ...(m.type === 'act' ? { cseq: m.cseq } : {}),
          });
        }
      } catch {
        lease = null;
      }
      if (!lease) {
        if (m.type === 'act' && !f.acts.has(m.cseq)) return;
        if (attempt >= ROUTE_ATTEMPTS && m.type !== 'act') {
          this.settle(f, m);
          return c.send({ type: 'error', code: 'internal', message: 'the table has no server process at the moment; try again', table: m.table, cseq: 0 });
        }
        setTimeout(() => void this.route(c, f, m, attempt + 1), ROUTE_RETRY_MS);
        return;
      }
      if (f.lease !== lease) {
        // switchTo sends a join (this one or the socket's rejoin) before any action: the events come before the answers.
        this.switchTo(c, m.table, f, lease, m, attempt);
        if (m.type === 'join') return;
      }
    }
    if (m.type === 'act') return this.flush(c, f);
    if (!f.lease) return void setTimeout(() => void this.route(c, f, m, attempt + 1), ROUTE_RETRY_MS);
    this.send(c, f.lease, m, attempt);
  }

  /** Forgets a request that is answered here (not by the owner). */
  settle(f: Followed, m: TableMessage): void {
    if (m.type === 'act') f.acts.delete(m.cseq);
    else if (m.type !== 'join' && m.type !== 'unjoin') f.others = Math.max(0, f.others - 1);
  }

  send(c: FrontConn, lease: string, m: TableMessage, attempt: number, fresh = false): void {
    const node = nodeOf(lease);
    if (node === this.node.id) void this.node.serve(this.node.id, c.id, lease, c.user, m, attempt, fresh);
    else void this.node.publish(node, { t: 'req', from: this.node.id, conn: c.id, lease, user: { id: c.user.id, name: c.user.name, guest: c.user.guest }, m, attempt, ...(fresh ? { fresh } : {}) });
  }

  /** Sends the actions not yet sent to the current owner, in order. */
  flush(c: FrontConn, f: Followed): void {
    if (!f.lease) return;
    for (const cseq of [...f.acts.keys()].sort((a, b) => a - b)) {
      const a = f.acts.get(cseq)!;
      if (a.sentTo === f.lease) continue;
      a.sentTo = f.lease;
      this.send(c, f.lease, a.m, 0);
    }
  }

  /**
   * The socket's table has a new owner (or the same process rebuilt it):
   * follow it there from the last event passed on, and resend what is not
   * answered. An action the old owner applied is answered as applied.
   */
  switchTo(c: FrontConn, table: string, f: Followed, lease: string, except?: TableMessage, attempt = 0): void {
    const had = f.lease !== undefined;
    f.lease = lease;
    if (except?.type === 'join') this.send(c, lease, except, attempt);
    else if (f.following) this.rejoin(c, table, f);
    if (had) {
      // Requests other than actions are not resent (a chat line could come twice): they are answered, and the client may send them again.
      const current = except && except.type !== 'act' && except.type !== 'join' && except.type !== 'unjoin' ? 1 : 0;
      for (let n = f.others - current; n > 0; n--) c.send({ type: 'error', code: 'internal', message: 'the table moved to another server process; send it again', table, cseq: 0 });
      f.others = current;
    }
    this.flush(c, f);
  }

  /** Follows the table again at its owner from the last event passed on to the socket (anew: the events after it come again). */
  private rejoin(c: FrontConn, table: string, f: Followed): void {
    const since = f.last ?? f.joinSince;
    this.send(c, f.lease!, since === undefined ? { type: 'join', table } : { type: 'join', table, since }, 0, true);
  }

  /**
   * This process may have missed messages of other processes: its subscription to Redis was cut, or it was
   * paused or cut off so long that the others took it for dead and dropped its sockets from their tables.
   * Every socket rejoins each table it follows at the table's current owner (`leases`) from its last event,
   * and sends its unanswered actions again (an action applied already is answered as it was the first
   * time); other requests in flight are answered with an error, as their answers may be lost.
   */
  resync(leases: ReadonlyMap<string, string | null>): void {
    for (const c of this.conns.values()) {
      for (const [table, f] of c.tables) {
        if (!leases.has(table)) continue;
        const lease = leases.get(table) ?? undefined;
        // A table this process runs: its messages to the socket never crossed Redis.
        if (lease !== undefined && lease === f.lease && nodeOf(lease) === this.node.id) continue;
        this.refollow(c, table, f, lease);
      }
    }
  }

  /** The process `node` reached Redis again after an outage: what it sent meanwhile is lost, so the sockets following its tables rejoin them. */
  reached(node: string): void {
    if (node === this.node.id) return;
    for (const c of this.conns.values()) for (const [table, f] of c.tables) if (f.lease !== undefined && nodeOf(f.lease) === node) this.refollow(c, table, f, f.lease);
  }

  /** Follows the table anew at `lease` (or at the next owner the scan finds): rejoin, actions sent again, other requests answered with an error. */
  private refollow(c: FrontConn, table: string, f: Followed, lease: string | undefined): void {
    if (!(f.following || f.acts.size > 0 || f.others > 0)) return;
    for (let n = f.others; n > 0; n--) c.send({ type: 'error', code: 'internal', message: 'the connection between server processes was interrupted; send it again', table, cseq: 0 });
    f.others = 0;
    for (const a of f.acts.values()) a.sentTo = undefined;
    f.lease = undefined;
    // Without an owner now, the socket follows the next one when the scan finds it (onLease).
    if (lease !== undefined) this.switchTo(c, table, f, lease);
  }

  /** Events are missing before those that came: the socket rejoins from its last event (once a second at most), and gets them again. */
  private fillGap(c: FrontConn, table: string, f: Followed, now = Date.now()): void {
    if (!f.lease || !f.following || (f.gapAt !== undefined && now - f.gapAt < GAP_REJOIN_MS)) return;
    f.gapAt = now;
    this.rejoin(c, table, f);
  }

  /** Answers held back too long (their events did not come): the socket rejoins the table to get them. */
  checkHeld(now = Date.now()): void {
    for (const c of this.conns.values()) {
      for (const [table, f] of c.tables) {
        if (!f.lease || !f.following || !f.held.waitingSince(now - HOLD_REJOIN_MS)) continue;
        f.held.touch(now);
        this.rejoin(c, table, f);
      }
    }
  }

  /** Every socket here that follows the table learns of its lease. */
  onLease(table: string, lease: string): void {
    for (const c of this.conns.values()) {
      const f = c.tables.get(table);
      if (f && f.lease !== lease && (f.following || f.acts.size > 0 || f.others > 0)) this.switchTo(c, table, f, lease);
    }
  }

  /** The owner this socket's message went to does not run the table (any more): look it up again. */
  moved(conn: string, lease: string, m: TableMessage, attempt: number): void {
    const c = this.conns.get(conn);
    const f = c?.tables.get(m.table);
    if (!c || !f) return;
    if (f.lease === lease) f.lease = undefined;
    if (m.type === 'act') {
      const a = f.acts.get(m.cseq);
      if (!a) return;
      a.sentTo = undefined;
    }
    // An action waits for its table's next owner as long as the socket is open; other requests give up.
    if (attempt >= ROUTE_ATTEMPTS && m.type !== 'act') {
      this.settle(f, m);
      return c.send({ type: 'error', code: 'internal', message: 'the table has no server process at the moment; try again', table: m.table, cseq: 0 });
    }
    setTimeout(() => void this.route(c, f, m, attempt + 1), ROUTE_RETRY_MS);
  }

  /** A message of a table's owner for a socket here: passed on once, in order, without events the socket has. */
  receive(conn: string, table: string, lease: string, m: ServerMessage): void {
    const c = this.conns.get(conn);
    if (!c) {
      // The socket closed: its owner forgets it.
      const node = nodeOf(lease);
      if (node === this.node.id) this.node.gone(this.node.id, conn, table);
      else void this.node.publish(node, { t: 'gone', from: this.node.id, conn, table });
      return;
    }
    const f = c.tables.get(table);
    if (!f || f.lease !== lease) return;
    switch (m.type) {
      case 'snapshot':
        if (f.last === undefined) f.last = f.joinSince ?? m.last;
        break;
      case 'events': {
        const after = f.last ?? -1;
        // Events were lost (pub/sub delivers at most once: a cut subscription): these wait, the socket rejoins from its last event.
        if (f.last !== undefined && m.events.length > 0 && m.events[0].e > Math.max(f.last, f.passed) + 1) return this.fillGap(c, table, f);
        const events = m.events.filter((e) => e.e > after);
        if (m.events.length > 0 && events.length === 0) return;
        if (events.length > 0) f.last = events[events.length - 1].e;
        f.passed = Math.max(f.passed, f.last ?? -1);
        if (events.length !== m.events.length) m = { ...m, events };
        break;
      }
      case 'ok':
      case 'error':
        if (m.cseq !== undefined && m.cseq > 0) {
          f.acts.delete(m.cseq);
          if (m.type === 'ok') f.actedAt = Date.now();
        } else f.others = Math.max(0, f.others - 1);
        if (f.following && f.held.hold(m, f.last)) return;
        break;
      case 'contributed':
      case 'hintResult':
        f.others = Math.max(0, f.others - 1);
        if (f.following && f.held.hold(m, f.last)) return;
        break;
    }
    if (m.type === 'snapshot' || m.type === 'events' || m.type === 'status') f.toAct = m.legal.length > 0;
    c.send(m);
    if ((m.type === 'snapshot' || m.type === 'events') && f.last !== undefined) for (const a of f.held.release(f.last)) c.send(a);
  }
}
