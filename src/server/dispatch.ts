import type { ClientMessage, ServerErrorCode, ServerMessage } from './protocol.js';
import type { UserRow } from './store/store.js';
import type { Answer, Subscriber, Table } from './table.js';

/** The client messages that name a table (everything but ping and lobby). */
export type TableMessage = Extract<ClientMessage, { table: string }>;

export function isTableMessage(m: ClientMessage): m is TableMessage {
  return 'table' in m;
}

/**
 * Runs one table message of a connection at the table, answering through
 * `send`: the same path for a socket of this process and, in a cluster, for
 * a socket of another process whose message reached the table's owner.
 */
export async function dispatch(table: Table, sub: Subscriber, user: UserRow, m: TableMessage, send: (m: ServerMessage) => void): Promise<void> {
  const answer = (r: Answer | { ok: false; code: ServerErrorCode; message: string }, cseq: number) => {
    if (r.ok) send({ type: 'ok', table: table.id, cseq, e: r.e });
    else send({ type: 'error', code: r.code, message: r.message, ...('params' in r && r.params ? { params: r.params } : {}), table: table.id, cseq });
  };
  switch (m.type) {
    case 'join':
      return table.join(sub, m.since);
    case 'unjoin':
      return table.leave(sub);
    case 'sit':
      return answer(await table.sit(user, m.seat), 0);
    case 'stand':
      return answer(await table.stand(user.id), 0);
    case 'seatBot':
      return answer(await table.seatBot(user.id, m.seat, m.bot), 0);
    case 'again':
      return answer(await table.again(user.id), 0);
    case 'chat':
      // Only a connection that follows the table, or a player seated at it, talks there.
      if (!table.follows(sub) && table.seatsOf(user.id).length === 0) return answer({ ok: false, code: 'notJoined', message: 'follow the table (join) before you chat there' }, 0);
      return answer(await table.chat(user, m.text), 0);
    case 'act':
      return answer(await table.act(user.id, m.cseq, m.action, m.seat), m.cseq);
    case 'hint': {
      const r = await table.hint(user.id, m.seat);
      return 'type' in r ? send(r) : send({ type: 'error', code: r.code, message: r.message, ...(r.params ? { params: r.params } : {}), table: table.id });
    }
    case 'moderate':
      return answer(m.op === 'close' ? await table.end(m.reason) : m.e === undefined ? { ok: false, code: 'badMessage', message: 'hiding a chat line needs its event number e' } : await table.hide(m.e), 0);
    case 'contribute': {
      // Answered with its own message type, so that it never passes for the answer to another request.
      const r = await table.contribute(user.id, m.deal, m.contribution, m.seat);
      return r.ok ? send({ type: 'contributed', table: table.id, deal: m.deal }) : send({ type: 'error', code: r.code, message: r.message, table: table.id });
    }
  }
}
