import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { autoplay, Client } from './client.js';
import type { LobbyTable, ServerMessage } from './protocol.js';
import type { RunningServer } from './server.js';
import { STORE_KINDS, testDatabase, type TestDatabase } from './store/testing.js';
import { get, post, seatedTable, testServer } from './testing.js';

let server: RunningServer;

const sittingEnd = (id: string) => (m: ServerMessage) => m.type === 'events' && m.table === id && m.events.some((e) => e.event.type === 'sittingEnd');

describe.each(STORE_KINDS)('features, stored in %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await testDatabase(kind);
    server = await testServer({ ...database.options, ...{ tableDefaults: { botDelayMs: 0 } } });
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  describe('tables', () => {
    it('spectators, chat, the lobby, private tables, another sitting', async () => {
      const [a, b, watcher] = await Promise.all(['Anna', 'Bert', 'Watcher'].map((n) => Client.guest(server.url, n)));
      const lobby = watcher.next((m): m is Extract<ServerMessage, { type: 'lobby' }> => m.type === 'lobby');
      watcher.send({ type: 'lobby' });
      expect((await lobby).online).toEqual(expect.arrayContaining(['Anna', 'Bert', 'Watcher']));
      const listed = watcher.next((m) => m.type === 'lobbyDiff' && [...m.added, ...m.changed].some((t: LobbyTable) => t.game === 'talonschnapsen'));
      const id = await seatedTable(server.url, a, [a, b], { game: 'talonschnapsen', seats: ['open', 'open', 'bot:random'], length: { deals: 1 }, clockMs: 0 });
      await listed;

      const priv = await post<{ id: string }>(server.url, '/api/tables', { game: 'schafkopf', public: false }, a.token);
      expect(priv.body.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
      const open = await get<{ tables: LobbyTable[] }>(server.url, '/api/tables');
      expect(open.body.tables.map((t) => t.id)).toContain(id);
      expect(open.body.tables.map((t) => t.id)).not.toContain(priv.body.id);

      const snap = await watcher.join(id);
      expect(snap.seat).toBe(-1);
      expect(snap.legal).toEqual([]);

      // Chat: a numbered table event for everyone; too long or too fast is refused.
      const heard = watcher.next((m) => m.type === 'events' && m.events.some((e) => e.event.type === 'chat' && e.event.text === 'Servus'));
      expect((await a.request({ type: 'chat', table: id, text: 'Servus' })).type).toBe('ok');
      await heard;
      const long = await a.request({ type: 'chat', table: id, text: 'x'.repeat(301) });
      expect(long.type === 'error' && long.code).toBe('chatTooLong');
      // A NUL, a direction override that turns the rest of the line round, a line of nothing visible: refused (before,
      // each was said to everyone at the table as it was).
      for (const [text, why] of [['a\u0000b', /control character \(U\+0000\)/], ['Anna hat \u202Enenniweg', /direction override \(U\+202E\)/], ['\u200B \u2060', /something visible/], ['zwei\nZeilen', /U\+000A/]] as const) {
        const refused = await a.request({ type: 'chat', table: id, text });
        expect(refused.type === 'error' && [refused.code, refused.message]).toEqual(['badChat', expect.stringMatching(why)]);
      }
      const replies = [];
      for (let i = 0; i < 6; i++) replies.push(await b.request({ type: 'chat', table: id, text: `${i}` }));
      expect(replies.some((r) => r.type === 'error' && r.code === 'rateLimited')).toBe(true);
      // One who opens the table now (a first join, a page opened again) gets the lines said so far in the snapshot,
      // oldest first; a join with `since` gets what it missed as events instead.
      const late = await Client.guest(server.url, 'Spaet');
      const fresh = await late.join(id);
      const said = replies.filter((r) => r.type === 'ok').length;
      expect(fresh.chat!.map((l) => [l.name, l.text])).toEqual([['Anna', 'Servus'], ...Array.from({ length: said }, (_, i) => ['Bert', `${i}`])]);
      expect(fresh.chat!.every((l, i, all) => i === 0 || l.e > all[i - 1].e)).toBe(true);
      expect((await late.join(id, fresh.last)).chat).toBeUndefined();
      await late.close();

      const ended = [a, b, watcher].map((c) => c.next(sittingEnd(id), 30_000));
      const stops = [a, b].map((c) => autoplay(c, id));
      await Promise.all(ended);
      stops.forEach((s) => s());
      expect(watcher.table(id).problems).toEqual([]);
      expect(watcher.table(id).last).toBe(a.table(id).last);

      // Another sitting at the same table.
      const begun = a.next((m) => m.type === 'events' && m.events.some((e) => e.event.type === 'sittingStart'));
      expect((await watcher.request({ type: 'again', table: id })).type).toBe('error');
      expect((await a.request({ type: 'again', table: id })).type).toBe('ok');
      await begun;
      await Promise.all([a, b, watcher].map((c) => c.close()));
    });

    it('a clock that runs out hands the seat to a bot until the player comes back', async () => {
      const [a, b] = await Promise.all(['Slow', 'Fast'].map((n) => Client.guest(server.url, n)));
      const id = await seatedTable(server.url, a, [a, b], { game: 'karnoeffel', rules: { players: 2, twoPlayers: true }, length: { deals: 5 }, clockMs: 150 });
      const stop = autoplay(b, id);
      // a never acts: its clock runs out and a bot plays for it.
      const away = await a.next((m) => m.type === 'status' && m.table === id && m.away.includes(a.table(id).seat), 5000);
      expect(away.type).toBe('status');
      const lastAway = a.table(id).last;
      await a.next((m) => m.type === 'events' && m.table === id, 5000);
      expect(a.table(id).last).toBeGreaterThan(lastAway);
      // Coming back (joining again) ends the bot's turn at the seat.
      const snap = await a.join(id, a.table(id).last);
      expect(snap.seats[snap.seat]).toMatchObject({ kind: 'human', away: false });
      stop();
      await Promise.all([a, b].map((c) => c.close()));
    });
  });

  describe('ratings', () => {
    it('a rated sitting updates each human and the leaderboard lists them', async () => {
      const [a, b] = await Promise.all(['Rated A', 'Rated B'].map((n) => Client.account(server.url, n, 'Sauspiel mit der Alten')));
      const id = await seatedTable(server.url, a, [a, b], { game: 'schafkopf', seats: ['open', 'bot', 'open', 'bot'], rated: true, length: { deals: 2 }, clockMs: 0 });
      const ended = a.next(sittingEnd(id), 30_000);
      const stops = [a, b].map((c) => autoplay(c, id));
      await ended;
      stops.forEach((s) => s());
      let board = await get<{ players: { name: string; sittings: number }[] }>(server.url, '/api/leaderboard/schafkopf');
      // The ratings are written after the sitting's end: up to 20 s for them (was 20 rounds of 50 ms).
      for (const end = Date.now() + 20_000; Date.now() < end && board.body.players.length < 2; ) {
        await new Promise((r) => setTimeout(r, 50));
        board = await get(server.url, '/api/leaderboard/schafkopf');
      }
      expect(board.body.players.map((p) => p.name).sort()).toEqual(['Rated A', 'Rated B']);
      expect(board.body.players.every((p) => p.sittings === 1)).toBe(true);
      expect((await get(server.url, '/api/leaderboard/skat')).status).toBe(404);
      await Promise.all([a, b].map((c) => c.close()));
    });

    it('a guest may neither open a rated table nor sit at one (a rating belongs to a name that lasts); nothing changes', async () => {
      const guest = await Client.guest(server.url, 'Gast Vroni');
      const rated = { game: 'schafkopf', seats: ['open', 'open', 'bot', 'bot'], rated: true, length: { deals: 1 } };
      const opened = await post<{ error: { code: string; message: string } }>(server.url, '/api/tables', rated, guest.token);
      expect(opened.status).toBe(403);
      expect(opened.body.error).toMatchObject({ code: 'notRegistered', message: expect.stringMatching(/register a name to play rated/) });
      // A registered player's rated table: the guest may watch, not sit.
      const owner = await Client.account(server.url, 'Wirtin Vroni', 'Wirtshaus am Anger 7');
      const made = await post<{ id: string }>(server.url, '/api/tables', rated, owner.token);
      expect(made.status).toBe(200);
      const id = made.body.id;
      const seen = await guest.join(id);
      expect(seen.seats[1]).toMatchObject({ kind: 'open' });
      const refused = await guest.request({ type: 'sit', table: id, seat: 1 });
      expect(refused).toMatchObject({ type: 'error', code: 'notRegistered', table: id });
      const again = await guest.join(id);
      expect(again.seats[1]).toMatchObject({ kind: 'open' });
      // An unrated table is open to the guest as before.
      const casual = await post<{ id: string }>(server.url, '/api/tables', { ...rated, rated: false }, guest.token);
      expect(casual.status).toBe(200);
      await Promise.all([guest, owner].map((c) => c.close()));
    });

    it('one person takes one seat: a second sit by the same user, on any of his sockets, is refused with alreadySeated and changes nothing, at a public unrated and at a rated table', async () => {
      const guest = await Client.guest(server.url, 'Zweisitz Sepp');
      const member = await Client.account(server.url, 'Zweisitz Resi', 'Weißwurst vor zwölf Uhr');
      // Resi's second session (another device): the same user, so the same one seat.
      const elsewhere = await Client.account(server.url, 'Zweisitz Resi', 'Weißwurst vor zwölf Uhr', true);
      for (const [person, second, settings] of [
        [guest, await Client.connectWith(server.url, guest.token), { public: true, rated: false }],
        [member, elsewhere, { public: true, rated: true }],
      ] as const) {
        const made = await post<{ id: string }>(server.url, '/api/tables', { game: 'schafkopf', seats: ['open', 'open', 'open', 'bot'], length: { deals: 1 }, ...settings }, person.token);
        expect(made.status).toBe(200);
        const id = made.body.id;
        await person.join(id);
        expect(await person.request({ type: 'sit', table: id, seat: 0 })).toMatchObject({ type: 'ok' });
        const before = await person.join(id);
        for (const [c, seat] of [
          [person, 1],
          [second, 2],
          [person, 0],
        ] as const) {
          await c.join(id);
          const refused = await c.request({ type: 'sit', table: id, seat });
          expect(refused).toMatchObject({ type: 'error', code: 'alreadySeated', table: id, params: { seat: 0 }, message: expect.stringMatching(/one person takes one seat/) });
        }
        // Nothing changed: the same seats, no new event, still waiting for two more people.
        const after = await person.join(id);
        expect(after.seats).toEqual(before.seats);
        expect(after.last).toBe(before.last);
        expect(after.phase).toBe('waiting');
        expect(after.seats.map((x) => x.kind)).toEqual(['human', 'open', 'open', 'bot']);
        // Standing up and sitting elsewhere is a change of seat, not a second one.
        expect(await second.request({ type: 'stand', table: id })).toMatchObject({ type: 'ok' });
        expect(await second.request({ type: 'sit', table: id, seat: 2 })).toMatchObject({ type: 'ok' });
        expect((await person.join(id)).seats.map((x) => x.kind)).toEqual(['open', 'open', 'human', 'bot']);
        await second.close();
      }
      await Promise.all([guest, member].map((c) => c.close()));
    });
  });
});
