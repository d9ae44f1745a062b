import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from './client.js';
import { DEFAULT_LIMITS } from './limits.js';
import type { ServerMessage } from './protocol.js';
import type { RunningServer } from './server.js';
import { post, testServer } from './testing.js';

/**
 * A connection follows a bounded number of tables (limits.ts `tablesFollowed`): each table followed sends it every
 * event, so before, one socket could join every table on the server and cost a write per event of each.
 */
let server: RunningServer;
beforeAll(async () => {
  server = await testServer({ limits: { tablesFollowed: 3, waitingTablesPerUser: 0 } });
});
afterAll(async () => {
  await server?.close();
});

type ErrorMessage = Extract<ServerMessage, { type: 'error' }>;
const refusal = (c: Client, table: string) => c.next((m): m is ErrorMessage => m.type === 'error' && m.table === table);

describe('tables one connection follows', () => {
  it('at most tablesFollowed at once; leaving one, or a table that is not there, makes room', async () => {
    expect(DEFAULT_LIMITS.tablesFollowed).toBe(16);
    const [host, spy] = await Promise.all(['Wirt', 'Späher'].map((n) => Client.guest(server.url, n)));
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) {
      const made = await post<{ id: string }>(server.url, '/api/tables', { game: 'schafkopf', seats: ['open', 'open', 'open', 'open'] }, host.token);
      ids.push(made.body.id);
    }
    for (const id of ids.slice(0, 3)) expect((await spy.join(id)).table).toBe(id);
    // Joining a table it follows already is no new one.
    expect((await spy.join(ids[0])).table).toBe(ids[0]);
    const refused = refusal(spy, ids[3]);
    spy.send({ type: 'join', table: ids[3] });
    const r = await refused;
    expect(r.code).toBe('tooManyTables');
    expect(r.message).toBe('a connection follows at most 3 tables at once: leave one (unjoin) first');
    // The refused join sent no snapshot.
    expect(spy.inbox.some((m) => m.type === 'snapshot' && m.table === ids[3])).toBe(false);
    spy.send({ type: 'unjoin', table: ids[0] });
    expect((await spy.join(ids[3])).table).toBe(ids[3]);
    // A table that is not there is refused as such and takes no place.
    spy.send({ type: 'unjoin', table: ids[1] });
    const unknown = refusal(spy, 'nichtda');
    spy.send({ type: 'join', table: 'nichtda' });
    expect((await unknown).code).toBe('unknownTable');
    expect((await spy.join(ids[1])).table).toBe(ids[1]);
    await Promise.all([host.close(), spy.close()]);
  });
});
