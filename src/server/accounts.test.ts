import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from './client.js';
import type { PublicSeat, Snapshot } from './protocol.js';
import type { RunningServer } from './server.js';
import { post, testServer } from './testing.js';

/** Names and passwords on the real server (docs/security.md, "Names" and "Passwords"). */

let server: RunningServer;
beforeAll(async () => {
  server = await testServer();
});
afterAll(async () => {
  await server?.close();
});

type Refusal = { error: { code: string; message: string } };

async function get(path: string): Promise<{ status: number; body: unknown }> {
  const res = await fetch(server.url + path);
  return { status: res.status, body: await res.json().catch(() => null) };
}

describe('a NUL character anywhere', () => {
  it('is a 4xx with a reason at each of the five routes, never a 500', async () => {
    const answers = [
      await post<Refusal>(server.url, '/api/guest', { name: 'Re\u0000si' }),
      await post<Refusal>(server.url, '/api/register', { name: 'Re\u0000si', password: 'Zwetschgendatschi' }),
      await post<Refusal>(server.url, '/api/login', { name: 'Re\u0000si', password: 'Zwetschgendatschi' }),
      await get('/api/players/Re%00si'),
      await get('/api/records/%00'),
    ];
    for (const a of answers) {
      expect(a.status).toBeGreaterThanOrEqual(400);
      expect(a.status).toBeLessThan(500);
      expect(JSON.stringify(a.body)).not.toMatch(/internal|Error:|at \//);
    }
    expect((answers[0].body as Refusal).error.message).toMatch(/control characters \(U\+0000\)/);
    expect(answers[3].status).toBe(400);
    expect(answers[4].status).toBe(400);
  });
});

describe('names', () => {
  it('control and invisible characters are refused with a clear 400, for guests and registrations', async () => {
    for (const name of ['Re\u200bsi', 'Resi\u200f', '\u202eisеR', 'Re\u0007si', 'Re\u00adsi']) {
      for (const [path, body] of [
        ['/api/guest', { name }],
        ['/api/register', { name, password: 'Zwetschgendatschi' }],
      ] as const) {
        const r = await post<Refusal>(server.url, path, body);
        expect(r.status, `${path} ${JSON.stringify(name)}`).toBe(400);
        expect(r.body.error.code).toBe('badName');
        expect(r.body.error.message).toMatch(/control|invisible/);
      }
    }
  });

  it('are kept in NFC', async () => {
    const r = await post<{ user: { name: string } }>(server.url, '/api/guest', { name: 'Zoe\u0308' });
    expect(r.body.user.name).toBe('Zo\u00eb');
  });

  it('a registered name, its other cases and its look-alikes are refused to guests and to new registrations', async () => {
    expect((await post(server.url, '/api/register', { name: 'Kreszenz', password: 'Zwetschgendatschi' })).status).toBe(200);
    const lookAlikes = ['Kreszenz', 'KRESZENZ', 'kreszenz', 'Krеszеnz' /* Cyrillic е */, 'Ｋｒｅｓｚｅｎｚ' /* full-width */, 'KresZenz', 'Кreszenz' /* Cyrillic К */];
    for (const name of lookAlikes) {
      for (const [path, body] of [
        ['/api/guest', { name }],
        ['/api/register', { name, password: 'Kasspatzn mit Zwiebeln' }],
      ] as const) {
        const r = await post<Refusal>(server.url, path, body);
        expect(r.status, `${path} ${name}`).toBe(409);
        expect(r.body.error.code).toBe('nameTaken');
      }
    }
    const alike = await post<Refusal>(server.url, '/api/guest', { name: 'Krеszеnz' });
    expect(alike.body.error.message).toMatch(/looks like the registered name "Kreszenz"/);
    // A name that merely resembles it in letters, not in looks, is free; guests may share a name among themselves.
    expect((await post(server.url, '/api/guest', { name: 'Kreszentia' })).status).toBe(200);
    expect((await post(server.url, '/api/guest', { name: 'Kreszentia' })).status).toBe(200);
  });

  it('collide by full case folding, as in either store: Straße is STRASSE', async () => {
    expect((await post(server.url, '/api/register', { name: 'Straße', password: 'Zwetschgendatschi' })).status).toBe(200);
    expect((await post(server.url, '/api/register', { name: 'STRASSE', password: 'Zwetschgendatschi' })).status).toBe(409);
    expect((await post(server.url, '/api/login', { name: 'STRASSE', password: 'Zwetschgendatschi' })).status).toBe(200);
    expect((await post(server.url, '/api/register', { name: 'ΟΔΥΣΣΕΥΣ', password: 'Zwetschgendatschi' })).status).toBe(200);
    expect((await post(server.url, '/api/login', { name: 'οδυσσευς', password: 'Zwetschgendatschi' })).status).toBe(200);
  });
});

describe('passwords at registration', () => {
  it('a common password, a short one, or one with the name in it is refused with the reason', async () => {
    const cases: [string, string, RegExp][] = [
      ['Pauline', 'passwort', /most common/],
      ['Pauline', 'Passwort1', /most common/],
      ['Pauline', 'fussball', /most common/],
      ['Pauline', 'hallo123', /most common/],
      ['Pauline', 'pauline2024', /contain the name/],
    ];
    for (const [name, password, reason] of cases) {
      const r = await post<Refusal>(server.url, '/api/register', { name, password });
      expect(r.status, password).toBe(400);
      expect(r.body.error.code).toBe('weakPassword');
      expect(r.body.error.message).toMatch(reason);
    }
    expect((await post<Refusal>(server.url, '/api/register', { name: 'Pauline', password: 'kurz' })).status).toBe(400);
    expect((await post(server.url, '/api/register', { name: 'Pauline', password: 'Schafkopf am Stammtisch' })).status).toBe(200);
  });
});

describe('guests are shown as guests', () => {
  it('at the table: a guest\'s seat says so, a registered player\'s does not; hello says it too', async () => {
    const guest = await Client.guest(server.url, 'Hias');
    const member = await Client.account(server.url, 'Vroni', 'Kasspatzn mit Zwiebeln');
    const made = await post<{ id: string }>(server.url, '/api/tables', { game: 'schafkopf', seats: ['open', 'open', 'bot', 'bot'] }, member.token);
    const id = made.body.id;
    for (const [c, seat] of [
      [guest, 0],
      [member, 1],
    ] as const) {
      await c.join(id);
      expect((await c.request({ type: 'sit', table: id, seat })).type).toBe('ok');
    }
    const snap: Snapshot = await guest.join(id, -1);
    const seats = snap.seats as PublicSeat[];
    expect(seats[0]).toMatchObject({ kind: 'human', name: 'Hias', guest: true });
    expect(seats[1]).toMatchObject({ kind: 'human', name: 'Vroni' });
    expect((seats[1] as { guest?: boolean }).guest).toBeUndefined();
    expect(guest.inbox.find((m) => m.type === 'hello')).toMatchObject({ user: { guest: true } });
    await Promise.all([guest.close(), member.close()]);
  });
});

describe('a new password', () => {
  type Ended = { ended: number };
  const me = async (token: string) => ((await (await fetch(`${server.url}/api/me`, { headers: { authorization: `Bearer ${token}` } })).json()) as { user: { name: string } | null }).user;

  it('needs the current one, ends every other session of the player (and closes their sockets), and logs in from then on', async () => {
    const here = await post<{ token: string }>(server.url, '/api/register', { name: 'Kathi', password: 'Dampfnudel mit Vanillesoße' });
    const there = await post<{ token: string }>(server.url, '/api/login', { name: 'Kathi', password: 'Dampfnudel mit Vanillesoße' });
    const socket = await Client.connectWith(server.url, there.body.token);
    const closed = new Promise<void>((r) => (socket.onClose = () => r()));
    // The wrong current password, a short new one, a malformed request, no session: refused, nothing changed.
    const wrong = await post<Refusal>(server.url, '/api/password', { password: 'Dampfnudel', newPassword: 'Rohrnudel mit Zwetschgen' }, here.body.token);
    expect([wrong.status, wrong.body.error.code]).toEqual([401, 'unauthorized']);
    const short = await post<Refusal>(server.url, '/api/password', { password: 'Dampfnudel mit Vanillesoße', newPassword: 'kurz' }, here.body.token);
    expect([short.status, short.body.error.code]).toEqual([400, 'badMessage']);
    const weak = await post<Refusal>(server.url, '/api/password', { password: 'Dampfnudel mit Vanillesoße', newPassword: 'Kathi123' }, here.body.token);
    expect([weak.status, weak.body.error.code]).toEqual([400, 'weakPassword']);
    expect((await post<Refusal>(server.url, '/api/password', { password: 'x', newPassword: 'Rohrnudel mit Zwetschgen', extra: 1 }, here.body.token)).status).toBe(400);
    expect((await post<Refusal>(server.url, '/api/password', { password: 'Dampfnudel mit Vanillesoße', newPassword: 'Rohrnudel mit Zwetschgen' })).status).toBe(401);
    expect(await me(there.body.token)).toMatchObject({ name: 'Kathi' });
    // The right one: the other session ends, its socket closes, this one goes on.
    const changed = await post<Ended>(server.url, '/api/password', { password: 'Dampfnudel mit Vanillesoße', newPassword: 'Rohrnudel mit Zwetschgen' }, here.body.token);
    expect(changed).toEqual({ status: 200, body: { ended: 1 } });
    await closed;
    expect(await me(there.body.token)).toBeNull();
    expect(await me(here.body.token)).toMatchObject({ name: 'Kathi' });
    expect((await post<Refusal>(server.url, '/api/login', { name: 'Kathi', password: 'Dampfnudel mit Vanillesoße' })).status).toBe(401);
    expect((await post(server.url, '/api/login', { name: 'Kathi', password: 'Rohrnudel mit Zwetschgen' })).status).toBe(200);
  });

  it('is not for a guest', async () => {
    const guest = await post<{ token: string }>(server.url, '/api/guest', { name: 'Wiggerl' });
    const r = await post<Refusal>(server.url, '/api/password', { password: 'egal egal egal', newPassword: 'Rohrnudel mit Zwetschgen' }, guest.body.token);
    expect([r.status, r.body.error.code]).toEqual([403, 'notRegistered']);
  });
});
