import { describe, expect, it } from 'vitest';
import type { Redis } from 'ioredis';
import { ClusterFront } from './clusterFront.js';
import type { ClusterLink } from './clusterWire.js';
import type { ServerMessage } from './protocol.js';
import type { TableMessage } from './dispatch.js';

/**
 * What a socket's tables wait on from it (ClusterFront.busy), which orders a draining process's reconnects
 * (drain.ts): a table run by this process itself (the link's `serve` records the messages instead of a table).
 */
function front() {
  const served: TableMessage[] = [];
  const link: ClusterLink = {
    id: 'n1',
    cmd: {} as Redis,
    k: (...parts) => parts.join(':'),
    publish: async () => undefined,
    serve: async (_node, _conn, _lease, _user, m) => void served.push(m),
    gone: () => undefined,
    knownLease: () => 'n1/1',
  };
  const f = new ClusterFront(link);
  const sent: ServerMessage[] = [];
  const c = f.open({ id: 'u1', name: 'Vroni', guest: true }, (m) => sent.push(m));
  return { f, c, served, sent };
}

const events = (e: number, legal: string[]): ServerMessage => ({ type: 'events', table: 't', events: [{ e, event: { type: 'dealt', deal: 0 } }], toAct: legal.length > 0 ? [0] : [1], legal });

describe('ClusterFront.busy', () => {
  it('idle, to act, waiting for its answer, then rested for 2 s after the action was answered, idle again after', async () => {
    const { f, c } = front();
    await f.request(c, { type: 'join', table: 't' });
    f.receive(c.id, 't', 'n1/1', { type: 'snapshot', table: 't', last: 0, legal: [] } as unknown as ServerMessage);
    expect(f.busy(c)).toBe('idle');
    f.receive(c.id, 't', 'n1/1', events(1, ['EA']));
    expect(f.busy(c)).toBe('toAct');
    await f.request(c, { type: 'act', table: 't', cseq: 1, action: 'EA' });
    expect(f.busy(c)).toBe('waiting');
    f.receive(c.id, 't', 'n1/1', events(2, []));
    f.receive(c.id, 't', 'n1/1', { type: 'ok', table: 't', cseq: 1, e: 2 });
    const now = Date.now();
    expect(f.busy(c, now)).toBe('rested');
    expect(f.busy(c, now + 2500)).toBe('idle');
    // The seat is to act again (it took the trick and leads): not rested, whenever it acted.
    f.receive(c.id, 't', 'n1/1', events(3, ['GA']));
    expect(f.busy(c, now)).toBe('toAct');
  });

  it('an action refused does not make the seat rested', async () => {
    const { f, c } = front();
    await f.request(c, { type: 'join', table: 't' });
    f.receive(c.id, 't', 'n1/1', { type: 'snapshot', table: 't', last: 0, legal: [] } as unknown as ServerMessage);
    f.receive(c.id, 't', 'n1/1', events(1, ['EA']));
    await f.request(c, { type: 'act', table: 't', cseq: 1, action: 'SA' });
    f.receive(c.id, 't', 'n1/1', { type: 'error', code: 'badAction', message: 'no', table: 't', cseq: 1 });
    expect(f.busy(c)).toBe('toAct');
  });
});
