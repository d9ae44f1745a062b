import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { autoplay, Client } from './client.js';
import type { ServerMessage, Snapshot } from './protocol.js';
import type { RunningServer } from './server.js';
import { STORE_KINDS, testDatabase, type TestDatabase } from './store/testing.js';
import { get, post, seatedTable, testServer, until } from './testing.js';

let server: RunningServer;

const isError = (m: ServerMessage): m is Extract<ServerMessage, { type: 'error' }> => m.type === 'error';

async function fourAtSchafkopf(prefix: string) {
  const clients = await Promise.all([0, 1, 2, 3].map((i) => Client.guest(server.url, `${prefix}${i}`)));
  const id = await seatedTable(server.url, clients[0], clients, { game: 'schafkopf', length: { deals: 2 } });
  return { clients, id };
}

/** The client whose seat the deal waits for, and one that is not asked. */
function turn(clients: Client[], id: string): { actor: Client; other: Client } {
  const actor = clients.find((c) => c.table(id).toAct.includes(c.table(id).seat))!;
  const other = clients.find((c) => c !== actor && !c.table(id).toAct.includes(c.table(id).seat))!;
  return { actor, other };
}

describe.each(STORE_KINDS)('the protocol, stored in %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await testDatabase(kind);
    server = await testServer({ ...database.options, ...{ limits: { connectionsPerUser: 3 } } });
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  describe('identity', () => {
    it('registers, logs in, refuses a wrong password, and a socket without a session', async () => {
      const reg = await post<{ token: string; user: { name: string } }>(server.url, '/api/register', { name: 'Resi', password: 'geheim123' });
      expect(reg.status).toBe(200);
      expect((await post(server.url, '/api/register', { name: 'resi', password: 'anders123' })).status).toBe(409);
      expect((await post(server.url, '/api/login', { name: 'Resi', password: 'falsch123' })).status).toBe(401);
      const login = await fetch(`${server.url}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Resi', password: 'geheim123' }) });
      expect(login.status).toBe(200);
      const cookie = login.headers.get('set-cookie')!;
      expect(cookie).toMatch(/stich_session=.*HttpOnly.*SameSite=Lax/i);
      const me = await fetch(`${server.url}/api/me`, { headers: { cookie: cookie.split(';')[0] } });
      expect(((await me.json()) as { user: { name: string } }).user.name).toBe('Resi');
      const refused = await new Promise<number>((resolve) => {
        const ws = new WebSocket(`${server.url.replace('http', 'ws')}/ws?token=nonsense`);
        ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
        ws.on('open', () => resolve(101));
      });
      expect(refused).toBe(401);
    });

    it('creating a table validates the rules with the rule book', async () => {
      const c = await Client.guest(server.url, 'rules');
      const bad = await post<{ error: { code: string; message: string } }>(server.url, '/api/tables', { game: 'schafkopf', rules: { nonsense: 1 } }, c.token);
      expect(bad.status).toBe(400);
      expect(bad.body.error.code).toBe('unknownRule');
      const range = await post<{ error: { code: string } }>(server.url, '/api/tables', { game: 'schafkopf', rules: { tarifSolo: 10 ** 9 } }, c.token);
      expect(range.body.error.code).toBe('badRuleValue');
      const preset = await post<{ error: { code: string } }>(server.url, '/api/tables', { game: 'schafkopf', preset: 'nope' }, c.token);
      expect(preset.body.error.code).toBe('unknownPreset');
      const game = await post<{ error: { code: string } }>(server.url, '/api/tables', { game: 'skat' }, c.token);
      expect(game.status).toBe(400);
      const anon = await post(server.url, '/api/tables', { game: 'schafkopf' });
      expect(anon.status).toBe(401);
      await c.close();
    });
  });

  describe('reconnect', () => {
    it('a client dropped in the middle of a deal resumes from its last event, with a snapshot, no gap, no duplicate', async () => {
      const { clients, id } = await fourAtSchafkopf('rc');
      const stops = clients.map((c) => autoplay(c, id));
      const victim = clients[1];
      await victim.next((m) => m.type === 'events' && m.table === id && victim.table(id).events.filter((e) => e.event.type === 'game').length >= 12);
      stops[1]();
      victim.kill();
      const lastBefore = victim.table(id).last;
      const eventsBefore = victim.table(id).events.length;
      await new Promise((r) => setTimeout(r, 30));
      await victim.connect();
      const snap = await victim.join(id, lastBefore);
      expect(snap.seat).toBe(1);
      expect(snap.view).not.toBeNull();
      const resumed = victim.table(id).events.slice(eventsBefore);
      if (resumed.length > 0) expect(resumed[0].e).toBe(lastBefore + 1);
      stops[1] = autoplay(victim, id);
      await Promise.all(clients.map((c) => c.next((m) => m.type === 'events' && m.table === id && m.events.some((e) => e.event.type === 'sittingEnd'), 30_000).catch(() => undefined)));
      stops.forEach((s) => s());
      expect(victim.table(id).problems).toEqual([]);
      expect(victim.table(id).last).toBe(clients[0].table(id).last);
      // Every number from the first one the victim saw to the end, exactly once.
      const numbers = victim.table(id).events.map((e) => e.e);
      expect(numbers).toEqual(Array.from({ length: numbers.length }, (_, i) => numbers[0] + i));
      await Promise.all(clients.map((c) => c.close()));
    });
  });

  describe('bad input', () => {
    it('is answered with a typed error or a closed connection; the table stays unchanged and the server keeps serving', async () => {
      const { clients, id } = await fourAtSchafkopf('bad');
      const { actor, other } = turn(clients, id);
      const before = (await other.join(id, other.table(id).last)).last;
      const expectError = async (c: Client, send: () => void, code: string) => {
        const reply = c.next(isError);
        send();
        expect((await reply).code).toBe(code);
      };
      await expectError(other, () => other.sendRaw('{"type": "act", '), 'badJson');
      await expectError(other, () => other.send({ type: 'teleport', table: id }), 'badMessage');
      await expectError(other, () => other.send({ type: 'act', table: id, cseq: 'one', action: 'weiter' } as Record<string, unknown>), 'badMessage');
      await expectError(other, () => other.send({ type: 'act', table: 'no-such-table', cseq: 1, action: 'weiter' }), 'unknownTable');
      await expectError(other, () => other.send({ type: 'act', table: id, cseq: 1, action: 'weiter' }), 'notYourTurn');
      await expectError(other, () => other.send({ type: 'act', table: id, cseq: 1, action: 'weiter', seat: actor.table(id).seat }), 'notSeated');
      await expectError(actor, () => actor.send({ type: 'act', table: id, cseq: 5, action: 'weiter' }), 'badSequence');
      await expectError(actor, () => actor.send({ type: 'act', table: id, cseq: 1, action: 'fly away' }), 'badAction');
      const outsider = await Client.guest(server.url, 'outsider');
      await expectError(outsider, () => outsider.send({ type: 'act', table: id, cseq: 1, action: 'weiter' }), 'notSeated');
      await expectError(outsider, () => outsider.send({ type: 'sit', table: id, seat: 0 }), 'notPlaying');
      // Nothing changed.
      expect((await other.join(id, other.table(id).last)).last).toBe(before);

      // The same action twice under one sequence number is applied once.
      const legal = actor.table(id).legal[0];
      const first = await actor.request({ type: 'act', table: id, cseq: 1, action: legal });
      expect(first.type).toBe('ok');
      const again = await actor.request({ type: 'act', table: id, cseq: 1, action: legal });
      expect(again).toEqual(first);
      const afterOne = (await other.join(id, other.table(id).last)).last;
      await expectError(actor, () => actor.send({ type: 'act', table: id, cseq: 1, action: 'something else' }), 'duplicateSequence');
      expect((await other.join(id, other.table(id).last)).last).toBe(afterOne);

      // An oversized frame closes the connection.
      const closed = new Promise<number>((resolve) => outsider.socket.once('close', (code) => resolve(code)));
      outsider.sendRaw('x'.repeat(64 * 1024));
      expect(await closed).toBe(1009);

      // A flood is refused, then cut off.
      const flooder = await Client.guest(server.url, 'flooder');
      const floodClosed = new Promise<number>((resolve) => flooder.socket.once('close', (code) => resolve(code)));
      const limited = flooder.next((m) => isError(m) && m.code === 'rateLimited');
      for (let i = 0; i < 200; i++) flooder.send({ type: 'ping' });
      await limited;
      expect(await floodClosed).toBe(1008);

      // Too many connections for one identity.
      const extra: WebSocket[] = [];
      const codes: string[] = [];
      for (let i = 0; i < 3; i++) {
        const ws = new WebSocket(`${server.url.replace('http', 'ws')}/ws`, { headers: { authorization: `Bearer ${actor.token}` } });
        ws.on('message', (d) => codes.push((JSON.parse(d.toString()) as ServerMessage).type === 'error' ? (JSON.parse(d.toString()) as { code: string }).code : ''));
        extra.push(ws);
        await new Promise<void>((resolve) => ws.once('close', () => resolve()).once('open', () => setTimeout(resolve, 50)));
      }
      // The refusal may come later than 50 ms after the socket opened on a loaded machine: waited for.
      await until('the refusal of a connection too many', () => codes.includes('tooManyConnections'), 10_000).catch(() => undefined);
      expect(codes).toContain('tooManyConnections');
      extra.forEach((ws) => ws.close());

      // Still serving: the table plays on.
      expect((await get(server.url, '/api/tables')).status).toBe(200);
      const snap: Snapshot = await other.join(id, other.table(id).last);
      expect(snap.last).toBe(afterOne);
      await Promise.all([...clients, flooder].map((c) => c.close()));
    });
  });
});
