import type { Wire } from './clusterWire.js';
import { dispatch, type TableMessage } from './dispatch.js';
import type { ServerMessage } from './protocol.js';
import type { UserRow } from './store/store.js';
import type { Subscriber, Table } from './table.js';

interface Remote {
  readonly node: string;
  readonly conn: string;
  readonly table: string;
  readonly sub: Subscriber;
  /** When the socket last joined (a count of this process's joins, see mark()). */
  joined: number;
}

/** What the owner's side needs of its process. */
export interface OwnerHost {
  readonly id: string;
  publish(node: string, w: Wire): Promise<void>;
  /** A message for a socket of this process. */
  receive(conn: string, table: string, lease: string, m: ServerMessage): void;
  table(id: string): Table | undefined;
  /** Whether this process still runs the table under this lease. */
  runs(tableId: string, lease: string): boolean;
  /** The message reached a process that no longer runs its table: the socket's process looks for the new owner. */
  moved(node: string, conn: string, lease: string, m: TableMessage): void;
  log(data: object, message: string): void;
}

/**
 * The owner's side of the cluster's routing: the sockets of any process that
 * follow a table this process owns. Each is a Subscriber of the table's shell
 * like a local socket, whose messages travel back to the socket's process;
 * a message runs through the same `dispatch` as in a single process.
 */
export class RemoteFollowers {
  private readonly remote = new Map<string, Remote>();
  private joins = 0;

  constructor(private readonly host: OwnerHost) {}

  /**
   * Runs a socket's message at the table. A `fresh` join (the socket's process may have missed messages) makes the
   * socket a new follower, so that it gets the events after its `since` again (a follower already following gets a
   * snapshot only); the old follower leaves after the new one joined, so the seat never looks away.
   */
  async serve(table: Table, node: string, conn: string, lease: string, user: UserRow, m: TableMessage, fresh = false): Promise<void> {
    const key = `${node}/${conn}/${table.id}`;
    let r = this.remote.get(key);
    const old = fresh && m.type === 'join' ? r : undefined;
    if (old) r = undefined;
    if (!r) {
      const sub: Subscriber = { userId: user.id, send: (msg) => this.deliver(node, conn, table.id, lease, msg) };
      r = { node, conn, table: table.id, sub, joined: 0 };
      if (m.type !== 'unjoin') this.remote.set(key, r);
    }
    if (m.type === 'join') r.joined = ++this.joins;
    if (m.type === 'unjoin') this.remote.delete(key);
    try {
      await dispatch(table, r.sub, user, m, r.sub.send);
      if (old) table.leave(old.sub);
    } catch (e) {
      // The table was lost while the message ran (its commit was refused: another process took it over): the
      // socket's process sends it to the new owner, which answers an action applied already as applied.
      if (!this.host.runs(table.id, lease)) return this.host.moved(node, conn, lease, m);
      this.host.log({ table: table.id, err: String(e) }, 'message failed');
      r.sub.send({ type: 'error', code: 'internal', message: 'the server could not handle that message', table: table.id, cseq: m.type === 'act' ? m.cseq : 0 });
    }
  }

  /** Sends a message to a socket of some process (this one directly). */
  private deliver(node: string, conn: string, table: string, lease: string, m: ServerMessage): void {
    if (node === this.host.id) this.host.receive(conn, table, lease, m);
    else void this.host.publish(node, { t: 'msg', conn, table, lease, m: m as unknown as { type: string } });
  }

  /** Sockets that are gone (closed, or their process died): they stop following their tables. */
  gone(which: (r: Remote) => boolean): void {
    for (const [key, r] of this.remote) {
      if (!which(r)) continue;
      this.remote.delete(key);
      this.host.table(r.table)?.leave(r.sub);
    }
  }

  /** The table is no longer this process's: its followers rejoin the next owner. */
  forget(tableId: string): void {
    for (const [key, r] of this.remote) if (r.table === tableId) this.remote.delete(key);
  }

  /** A point in the order of joins: sockets that join after it are newer (pruneNodes keeps them). */
  mark(): number {
    return this.joins;
  }

  /** The processes whose sockets follow tables here. */
  nodes(): string[] {
    return [...this.remote.values()].map((r) => r.node);
  }
}
