import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCommand } from '../cli/admin.js';
import { autoplay, Client } from './client.js';
import type { ServerMessage } from './protocol.js';
import type { RunningServer } from './server.js';
import type { AuditRow, ReportRow } from './store/moderation.js';
import { seatedTable, tempDb, testServer } from './testing.js';

/** Moderation against the real server (docs/deploy.md, Moderation): roles from the command line, reports, mutes, bans, hidden lines, closed tables, the audit log. */

async function call<R>(base: string, method: 'GET' | 'POST', path: string, token?: string, body?: unknown): Promise<{ status: number; body: R; headers: Headers }> {
  const res = await fetch(base + path, {
    method,
    headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as R, headers: res.headers };
}

const quiet = { write: () => true } as unknown as NodeJS.WritableStream;

describe('moderation', () => {
  let server: RunningServer;
  let db: string;
  let admin: Client;
  let rowdy: Client;
  let witness: Client;
  const clients: Client[] = [];
  beforeAll(async () => {
    db = tempDb();
    server = await testServer({ db });
    admin = await Client.account(server.url, 'Obfrau', 'Vorsitz-der-Runde');
    rowdy = await Client.account(server.url, 'Rüpel', 'grober-Klotz-7');
    witness = await Client.guest(server.url, 'Zeugin');
    clients.push(admin, rowdy, witness);
  });
  afterAll(async () => {
    for (const c of clients) await c.close();
    await server.close();
  });

  it('stich admin grant NAME on the database makes a registered player an admin; others are refused the admin routes', async () => {
    expect((await call(server.url, 'GET', '/api/admin/reports')).status).toBe(401);
    expect((await call(server.url, 'GET', '/api/admin/reports', admin.token)).status).toBe(403);
    const out: string[] = [];
    const sink = { write: (s: string) => out.push(s) } as unknown as NodeJS.WritableStream;
    await expect(adminCommand('grant', 'Zeugin', { db }, sink, {})).rejects.toThrow(/no registered player named "Zeugin" \(guests cannot be admins/);
    await expect(adminCommand('grant', 'Obfrau', {}, sink, {})).rejects.toThrow(/--db FILE or --pg URL/);
    // STICH_DB names the database as well as --db does.
    expect(await adminCommand('grant', 'obfrau', {}, sink, { STICH_DB: db })).toBe(0);
    expect(await adminCommand('grant', 'Obfrau', { db }, sink, {})).toBe(0);
    expect(out).toEqual(['Obfrau is an admin now\n', 'Obfrau is an admin already\n']);
    expect((await call<{ admin: boolean }>(server.url, 'GET', '/api/admin/me', admin.token)).body).toEqual({ admin: true });
    expect((await call<{ admin: boolean }>(server.url, 'GET', '/api/admin/me', witness.token)).body).toEqual({ admin: false });
    expect((await call(server.url, 'GET', '/api/admin/reports', admin.token)).status).toBe(200);
    expect((await call(server.url, 'GET', '/api/admin/audit', witness.token)).status).toBe(403);
    expect((await call(server.url, 'POST', '/api/admin/sanctions', witness.token, { name: 'Rüpel', kind: 'ban', minutes: null, reason: 'x' })).status).toBe(403);
  });

  it('a chat line is reported, the writer muted at once on his open socket, the line hidden for everyone, the mute lifted', async () => {
    const table = (await call<{ id: string }>(server.url, 'POST', '/api/tables', rowdy.token, { game: 'schafkopf', seats: ['open', 'open', 'bot', 'bot'], length: { deals: 1 } })).body.id;
    await rowdy.join(table);
    await witness.join(table);
    expect((await rowdy.request({ type: 'chat', table, text: 'ihr Deppen' })).type).toBe('ok');
    await expect.poll(() => witness.table(table).events.some((x) => x.event.type === 'chat')).toBe(true);
    const line = witness.table(table).events.find((x) => x.event.type === 'chat')!;

    // Reports: of the line (its writer and text come from the table's log, not from the reporter) and of a player by name.
    const bad = await call(server.url, 'POST', '/api/reports', witness.token, { table, e: line.e + 1000, reason: 'x' });
    expect(bad.status).toBe(404);
    expect((await call(server.url, 'POST', '/api/reports', witness.token, { table, reason: 'no line number' })).status).toBe(400);
    expect((await call(server.url, 'POST', '/api/reports', rowdy.token, { name: 'Rüpel', reason: 'myself' })).status).toBe(400);
    const lineReport = await call<{ report: string; user: { name: string } }>(server.url, 'POST', '/api/reports', witness.token, { table, e: line.e, reason: 'beleidigt alle' });
    expect(lineReport.status).toBe(200);
    expect(lineReport.body.user.name).toBe('Rüpel');
    expect((await call(server.url, 'POST', '/api/reports', witness.token, { name: 'rüpel', reason: 'spielt absichtlich schlecht' })).status).toBe(200);
    const open = (await call<{ reports: ReportRow[] }>(server.url, 'GET', '/api/admin/reports', admin.token)).body.reports;
    expect(open.map((r) => [r.reporterName, r.userName, r.tableId, r.chatE, r.chatText, r.reason])).toEqual([
      ['Zeugin', 'Rüpel', table, line.e, 'ihr Deppen', 'beleidigt alle'],
      ['Zeugin', 'Rüpel', null, null, null, 'spielt absichtlich schlecht'],
    ]);

    // A mute of an hour: the open socket's next line is refused, with the end and the reason.
    const muted = await call<{ sanction: { until: number } }>(server.url, 'POST', '/api/admin/sanctions', admin.token, { name: 'Rüpel', kind: 'mute', minutes: 60, reason: 'Beleidigung', report: open[1].id });
    expect(muted.status).toBe(200);
    expect(muted.body.sanction.until).toBeGreaterThan(Date.now() + 59 * 60_000);
    const refused = (await rowdy.request({ type: 'chat', table, text: 'noch was' })) as Extract<ServerMessage, { type: 'error' }>;
    expect(refused).toMatchObject({ type: 'error', code: 'muted', params: { reason: 'Beleidigung', until: muted.body.sanction.until } });
    expect(refused.message).toMatch(/^you are muted until \d{4}-\d\d-\d\d \d\d:\d\d UTC: Beleidigung$/);
    const page = await call<{ user: { name: string }; admin: boolean; mute: { until: number } | null; ban: unknown }>(server.url, 'GET', '/api/admin/players/R%C3%BCpel', admin.token);
    expect(page.body).toMatchObject({ user: { name: 'Rüpel' }, admin: false, mute: { until: muted.body.sanction.until, reason: 'Beleidigung' }, ban: null });
    // A muted player still plays: he may take a seat.
    expect((await rowdy.request({ type: 'sit', table, seat: 0 })).type).toBe('ok');

    // Hiding the line from its report: followers are told, a new follower gets the line without its text.
    const hiddenNews = witness.next((m) => m.type === 'events' && m.table === table && m.events.some((x) => x.event.type === 'chatHidden'));
    expect((await call(server.url, 'POST', `/api/admin/tables/${table}/hide`, admin.token, { e: line.e + 1, reason: 'x' })).status).toBe(404);
    const hide = await call(server.url, 'POST', `/api/admin/tables/${table}/hide`, admin.token, { e: line.e, reason: 'Beleidigung im Chat', report: lineReport.body.report });
    expect(hide.status).toBe(200);
    expect((await hiddenNews).type).toBe('events');
    expect(witness.table(table).events.find((x) => x.event.type === 'chatHidden')!.event).toEqual({ type: 'chatHidden', e: line.e });
    expect((await call(server.url, 'POST', `/api/admin/tables/${table}/hide`, admin.token, { e: line.e, reason: 'again' })).status).toBe(409);
    const late = await Client.guest(server.url, 'Später');
    clients.push(late);
    await late.join(table, -1);
    await expect.poll(() => late.table(table).events.some((x) => x.e === line.e)).toBe(true);
    expect(late.table(table).events.find((x) => x.e === line.e)!.event).toEqual({ type: 'chat', name: 'Rüpel', userId: rowdy.user.id, text: '', hidden: true });
    expect(JSON.stringify(late.table(table).events)).not.toContain('Deppen');
    // A page opened now gets the hidden line in its snapshot, without its text.
    const opened = await Client.guest(server.url, 'Neugierig');
    clients.push(opened);
    const first = await opened.join(table);
    expect(first.chat!.find((l) => l.e === line.e)).toEqual({ e: line.e, name: 'Rüpel', userId: rowdy.user.id, text: '', hidden: true });
    expect(JSON.stringify(first)).not.toContain('Deppen');
    // Both reports are closed by what was done.
    expect((await call<{ reports: ReportRow[] }>(server.url, 'GET', '/api/admin/reports', admin.token)).body.reports).toEqual([]);
    // A socket cannot send a moderation step itself, not even an admin's.
    expect(await admin.request({ type: 'moderate', table, op: 'close', reason: 'x' })).toMatchObject({ type: 'error', code: 'forbidden' });

    // Lifted: he chats again; a second lift finds nothing.
    expect((await call(server.url, 'POST', '/api/admin/lift', admin.token, { name: 'Rüpel', kind: 'mute', reason: 'entschuldigt' })).status).toBe(200);
    expect((await call(server.url, 'POST', '/api/admin/lift', admin.token, { name: 'Rüpel', kind: 'mute', reason: 'again' })).status).toBe(409);
    expect((await rowdy.request({ type: 'chat', table, text: 'Entschuldigung' })).type).toBe('ok');
  });

  it('reports are limited to 10 an hour per player', async () => {
    const eager = await Client.guest(server.url, 'Eifrig');
    clients.push(eager);
    for (let i = 0; i < 10; i++) expect((await call(server.url, 'POST', '/api/reports', eager.token, { userId: rowdy.user.id, reason: `Nummer ${i}` })).status).toBe(200);
    const refused = await call<{ error: { code: string } }>(server.url, 'POST', '/api/reports', eager.token, { userId: rowdy.user.id, reason: 'one more' });
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe('rateLimited');
    expect(refused.headers.get('retry-after')).toBe('3600');
    // Another player's allowance is their own.
    expect((await call(server.url, 'POST', '/api/reports', witness.token, { userId: rowdy.user.id, reason: 'mine' })).status).toBe(200);
    const eagers = (await call<{ reports: ReportRow[] }>(server.url, 'GET', '/api/admin/reports', admin.token)).body.reports.filter((r) => r.reporterName === 'Eifrig');
    expect(eagers).toHaveLength(10);
    // A report found unfounded is dismissed, once; a dismissed one still counts for its reporter's hour.
    expect((await call(server.url, 'POST', `/api/admin/reports/${eagers[0].id}/dismiss`, admin.token, { reason: 'kein Anlass' })).status).toBe(200);
    expect((await call(server.url, 'POST', `/api/admin/reports/${eagers[0].id}/dismiss`, admin.token, { reason: 'again' })).status).toBe(409);
    expect((await call(server.url, 'POST', '/api/admin/reports/nosuchreport/dismiss', admin.token, { reason: 'x' })).status).toBe(404);
    expect((await call(server.url, 'POST', `/api/admin/reports/${eagers[1].id}/dismiss`, witness.token, { reason: 'x' })).status).toBe(403);
    expect((await call(server.url, 'POST', '/api/reports', eager.token, { userId: rowdy.user.id, reason: 'one more' })).status).toBe(429);
  });

  it('a table closed by an admin ends: its players are told, nothing acknowledged is lost, nothing more happens at it', async () => {
    const player = await Client.guest(server.url, 'Spielerin');
    clients.push(player);
    const table = await seatedTable(server.url, player, [player], { game: 'schafkopf', seats: ['open', 'bot', 'bot', 'bot'], length: { deals: 100 } });
    const acked: number[] = [];
    const stop = autoplay(player, table, { onAck: (_ms, e) => acked.push(e) });
    await expect.poll(() => acked.length, { timeout: 20_000 }).toBeGreaterThan(3);
    const told = player.next((m) => m.type === 'events' && m.table === table && m.events.some((x) => x.event.type === 'closed'));
    const closed = await call(server.url, 'POST', `/api/admin/tables/${table}/close`, admin.token, { reason: 'Streit am Tisch' });
    expect(closed.status).toBe(200);
    await told;
    stop();
    const ackedNow = acked.length;
    expect(player.table(table).events.at(-1)!.event).toEqual({ type: 'closed', reason: 'Streit am Tisch' });
    // Whoever joins later learns it from the snapshot.
    const late = await Client.guest(server.url, 'Nachzüglerin');
    clients.push(late);
    expect(await late.join(table)).toMatchObject({ phase: 'finished', closed: 'Streit am Tisch', legal: [], toAct: [] });
    // Every acknowledged action of the player is in the table's log; the table's row is finished.
    const log = await server.hall.store.tableLog(table);
    const mine = log.filter((l) => (l.entry as { k: string; user?: string }).k === 'act' && (l.entry as { user?: string }).user === player.user.id);
    expect(mine.length).toBe(ackedNow);
    expect(log.at(-1)!.entry).toEqual({ k: 'end', reason: 'Streit am Tisch' });
    expect((await server.hall.store.unfinishedTables()).map((t) => t.id)).not.toContain(table);
    // Nothing more happens: actions, chat and another sitting are refused, bots stay still, the lobby does not list it.
    const cseq = player.table(table).cseq + 1;
    expect(await player.request({ type: 'act', table, cseq, action: 'weiter' })).toMatchObject({ type: 'error', code: 'tableClosed' });
    expect(await player.request({ type: 'chat', table, text: 'hallo?' })).toMatchObject({ type: 'error', code: 'tableClosed' });
    expect(await player.request({ type: 'again', table })).toMatchObject({ type: 'error', code: 'tableClosed' });
    const length = log.length;
    await new Promise((r) => setTimeout(r, 300));
    expect((await server.hall.store.tableLog(table)).length).toBe(length);
    const lobby = (await call<{ tables: { id: string }[] }>(server.url, 'GET', '/api/tables')).body.tables;
    expect(lobby.map((t) => t.id)).not.toContain(table);
    expect((await call(server.url, 'POST', `/api/admin/tables/${table}/close`, admin.token, { reason: 'again' })).status).toBe(409);
    expect((await call(server.url, 'POST', '/api/admin/tables/nosuchtable/close', admin.token, { reason: 'x' })).status).toBe(404);
  });

  it('a ban closes the player\'s open sockets at once, ends his sessions and refuses his login; every step is in the audit log', async () => {
    const kicked = rowdy.next((m) => m.type === 'error' && m.code === 'banned');
    const closedWith = new Promise<number>((resolve) => rowdy.socket.once('close', (code) => resolve(code)));
    const ban = await call(server.url, 'POST', '/api/admin/sanctions', admin.token, { name: 'Rüpel', kind: 'ban', minutes: 7 * 24 * 60, reason: 'wiederholt beleidigt' });
    expect(ban.status).toBe(200);
    expect(((await kicked) as { message: string }).message).toMatch(/^you are banned until .* UTC: wiederholt beleidigt$/);
    expect(await closedWith).toBe(4003);
    // The session is over: no user, no socket; the right password is answered with the ban.
    expect((await call<{ user: unknown }>(server.url, 'GET', '/api/me', rowdy.token)).body.user).toBeNull();
    await expect(rowdy.connect()).rejects.toThrow(/401/);
    const login = await call<{ error: { code: string; message: string } }>(server.url, 'POST', '/api/login', undefined, { name: 'Rüpel', password: 'grober-Klotz-7' });
    expect(login.status).toBe(403);
    expect(login.body.error.code).toBe('banned');
    expect((await call(server.url, 'POST', '/api/admin/sanctions', admin.token, { name: 'Obfrau', kind: 'ban', minutes: null, reason: 'x' })).status).toBe(400);
    expect((await call(server.url, 'POST', '/api/admin/sanctions', admin.token, { name: 'Rüpel', kind: 'ban', minutes: -5, reason: 'x' })).status).toBe(400);
    // Ten years at most with an end (longer is for ever: null), a reason of at most 500 characters.
    expect((await call(server.url, 'POST', '/api/admin/sanctions', admin.token, { name: 'Rüpel', kind: 'ban', minutes: 10 * 365 * 24 * 60 + 1, reason: 'x' })).status).toBe(400);
    expect((await call(server.url, 'POST', '/api/admin/sanctions', admin.token, { name: 'Rüpel', kind: 'mute', minutes: 5, reason: 'x'.repeat(501) })).status).toBe(400);
    expect((await call(server.url, 'POST', '/api/reports', witness.token, { name: 'Rüpel', reason: 'x'.repeat(501) })).status).toBe(400);
    expect((await call(server.url, 'POST', '/api/admin/sanctions', admin.token, { name: 'Niemand', kind: 'mute', minutes: 5, reason: 'x' })).status).toBe(404);
    // Lifted, he logs in again.
    expect((await call(server.url, 'POST', '/api/admin/lift', admin.token, { name: 'Rüpel', kind: 'ban', reason: 'Bewährung' })).status).toBe(200);
    expect((await call(server.url, 'POST', '/api/login', undefined, { name: 'Rüpel', password: 'grober-Klotz-7' })).status).toBe(200);
    await adminCommand('revoke', 'Obfrau', { db, reason: 'Amtszeit vorbei' }, quiet, {});

    const audit = (await call<{ audit: AuditRow[] }>(server.url, 'GET', '/api/admin/audit', witness.token)).status;
    expect(audit).toBe(403);
    await adminCommand('grant', 'Obfrau', { db }, quiet, {});
    const log = (await call<{ audit: AuditRow[] }>(server.url, 'GET', '/api/admin/audit', admin.token)).body.audit.reverse();
    expect(log.map((a) => [a.actorName, a.action, a.userName, a.tableId === null ? null : 'table', a.reason])).toEqual([
      ['command line', 'grant', 'Obfrau', null, 'granted on the command line'],
      ['Obfrau', 'mute', 'Rüpel', null, 'Beleidigung'],
      ['Obfrau', 'hide-chat', 'Rüpel', 'table', 'Beleidigung im Chat'],
      ['Obfrau', 'lift-mute', 'Rüpel', null, 'entschuldigt'],
      ['Obfrau', 'dismiss-report', 'Rüpel', null, 'kein Anlass'],
      ['Obfrau', 'close-table', null, 'table', 'Streit am Tisch'],
      ['Obfrau', 'ban', 'Rüpel', null, 'wiederholt beleidigt'],
      ['Obfrau', 'lift-ban', 'Rüpel', null, 'Bewährung'],
      ['command line', 'revoke', 'Obfrau', null, 'Amtszeit vorbei'],
      ['command line', 'grant', 'Obfrau', null, 'granted on the command line'],
    ]);
    expect(log[1].detail).toBe('60 min');
    expect(log[2].detail).toBe(`event ${log[2].detail!.match(/\d+/)![0]}: ihr Deppen`);
    expect(log.every((a) => a.at > 0 && a.at <= Date.now())).toBe(true);
  });

  it('a hidden line stays hidden when the table is rebuilt after a restart, and a line of a table no process runs is hidden in its log', async () => {
    const file = tempDb();
    const first = await testServer({ db: file });
    const owner = await Client.account(first.url, 'Obmann', 'Vorsitz-am-Tisch');
    const talker = await Client.guest(first.url, 'Schwätzer');
    await adminCommand('grant', 'Obmann', { db: file }, quiet, {});
    const open = (await call<{ id: string }>(first.url, 'POST', '/api/tables', talker.token, { game: 'schafkopf', seats: ['open', 'open', 'bot', 'bot'] })).body.id;
    const gone = (await call<{ id: string }>(first.url, 'POST', '/api/tables', talker.token, { game: 'schafkopf', seats: ['open', 'open', 'bot', 'bot'] })).body.id;
    const said: Record<string, number> = {};
    for (const table of [open, gone]) {
      await talker.join(table);
      expect((await talker.request({ type: 'chat', table, text: `Schmarrn an ${table}` })).type).toBe('ok');
      said[table] = talker.table(table).events.find((x) => x.event.type === 'chat')!.e;
    }
    expect((await call(first.url, 'POST', `/api/admin/tables/${open}/hide`, owner.token, { e: said[open], reason: 'Schmarrn' })).status).toBe(200);
    expect((await call(first.url, 'POST', `/api/admin/tables/${gone}/close`, owner.token, { reason: 'leer' })).status).toBe(200);
    await talker.close();
    await owner.close();
    await first.close();

    // After a restart: the open table is rebuilt with its line hidden; the closed one is not run by any process.
    const second = await testServer({ db: file });
    try {
      expect(second.hall.tables.has(open)).toBe(true);
      expect(second.hall.tables.has(gone)).toBe(false);
      const admin = await Client.account(second.url, 'Obmann', 'Vorsitz-am-Tisch', true);
      const viewer = await Client.guest(second.url, 'Neu');
      await viewer.join(open, -1);
      await expect.poll(() => viewer.table(open).events.some((x) => x.e === said[open])).toBe(true);
      expect(viewer.table(open).events.find((x) => x.e === said[open])!.event).toMatchObject({ type: 'chat', text: '', hidden: true });
      // The closed table's line: the hide entry goes straight to its log, after its last entry.
      const before = (await second.hall.store.tableLog(gone)).length;
      expect((await call(second.url, 'POST', `/api/admin/tables/${gone}/hide`, admin.token, { e: said[gone], reason: 'Schmarrn' })).status).toBe(200);
      const log = await second.hall.store.tableLog(gone);
      expect(log.length).toBe(before + 1);
      expect(log.at(-1)).toEqual({ index: before, entry: { k: 'hide', e: said[gone] } });
      expect((await call(second.url, 'POST', '/api/reports', viewer.token, { table: gone, e: said[gone], reason: 'x' })).status).toBe(409);
      expect((await call(second.url, 'POST', `/api/admin/tables/${gone}/hide`, admin.token, { e: said[gone], reason: 'again' })).status).toBe(409);
      await viewer.close();
      await admin.close();
    } finally {
      await second.close();
    }
  });
});
