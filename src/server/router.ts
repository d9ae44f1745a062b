import { dispatch, type TableMessage } from './dispatch.js';
import type { Hall } from './hall.js';
import type { ServerMessage } from './protocol.js';
import type { SocketBusy } from './clusterFront.js';
import type { UserRow } from './store/store.js';
import type { Subscriber, Table } from './table.js';

/**
 * Where a socket's table messages go. One process: straight to the table in
 * this process's hall. A cluster (ClusterNode): to the table's owner, in
 * whichever process, which runs them through the same `dispatch` and table
 * shell; its answers and events come back to the socket.
 */
export interface TableRouter<C = unknown> {
  connect(user: UserRow, send: (m: ServerMessage) => void): C;
  request(conn: C, m: TableMessage): Promise<void>;
  disconnect(conn: C): void;
  /** What the socket's tables wait on from it now (a cluster's drain tells idle sockets to reconnect first). */
  busy?(conn: C): SocketBusy;
}

interface LocalConn {
  readonly user: UserRow;
  readonly sub: Subscriber;
  readonly following: Set<Table>;
}

/** The router of a server that is not part of a cluster. */
export class LocalRouter implements TableRouter<LocalConn> {
  constructor(private readonly hall: Hall) {}

  connect(user: UserRow, send: (m: ServerMessage) => void): LocalConn {
    return { user, sub: { userId: user.id, send }, following: new Set() };
  }

  async request(c: LocalConn, m: TableMessage): Promise<void> {
    const table = this.hall.tables.get(m.table);
    if (!table) return c.sub.send({ type: 'error', code: 'unknownTable', message: 'no such table', table: m.table });
    if (m.type === 'join') c.following.add(table);
    if (m.type === 'unjoin') c.following.delete(table);
    return dispatch(table, c.sub, c.user, m, c.sub.send);
  }

  disconnect(c: LocalConn): void {
    for (const t of c.following) t.leave(c.sub);
    c.following.clear();
  }
}
