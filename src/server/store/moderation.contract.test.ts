import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry, ModerationStore } from './moderation.js';
import type { Store } from './store.js';
import { failsWith as fails, STORE_KINDS, testDatabase, testId as id, type TestDatabase } from './testing.js';

/** The store contract for the moderation tables (migration 005): SQLite always, PostgreSQL when STICH_PG_URL is set. */

const audit = (action: string, extra: Partial<AuditEntry> = {}): AuditEntry => ({ at: Date.now(), actorId: null, actorName: 'command line', action, reason: 'test', ...extra });

describe.each(STORE_KINDS)('%s store: moderation', (kind) => {
  let database: TestDatabase;
  let store: Store;
  let mod: ModerationStore;
  beforeAll(async () => {
    database = await testDatabase(kind);
    store = await database.open();
    mod = store.moderation!;
  });
  afterAll(async () => {
    await store?.close();
    await database?.drop();
  });

  async function newUser(name = id('Sepp')): Promise<string> {
    const userId = id('u');
    await store.createUser({ id: userId, name, guest: true });
    return userId;
  }

  it('grants and revokes a role once each, with an audit line per change', async () => {
    const u = await newUser('Admin-Resi');
    expect(await mod.hasRole(u, 'admin')).toBe(false);
    expect(await mod.setRole(u, 'admin', true, audit('grant', { userId: u, userName: 'Admin-Resi' }))).toBe(true);
    expect(await mod.setRole(u, 'admin', true, audit('grant', { userId: u }))).toBe(false);
    expect(await mod.hasRole(u, 'admin')).toBe(true);
    expect((await mod.withRole('admin')).map((x) => x.id)).toContain(u);
    expect(await mod.setRole(u, 'admin', false, audit('revoke', { userId: u }))).toBe(true);
    expect(await mod.setRole(u, 'admin', false, audit('revoke', { userId: u }))).toBe(false);
    expect(await mod.hasRole(u, 'admin')).toBe(false);
    const lines = (await mod.auditLog(100)).filter((a) => a.userId === u);
    expect(lines.map((a) => a.action)).toEqual(['revoke', 'grant']);
    expect(lines[1]).toMatchObject({ actorId: null, actorName: 'command line', userName: 'Admin-Resi', reason: 'test', tableId: null, detail: null });
  });

  it('a sanction is in force until its end or until lifted; a ban ends the sessions and their tickets', async () => {
    const u = await newUser();
    await store.createSession(id('tok'), u);
    const now = Date.now();
    await mod.addSanction({ id: id('s'), userId: u, kind: 'mute', created: now, until: now + 60_000, lifted: null, by: null, reason: 'rude' }, audit('mute', { userId: u }));
    await mod.addSanction({ id: id('s'), userId: u, kind: 'mute', created: now - 10_000, until: now - 1, lifted: null, by: null, reason: 'over' }, audit('mute', { userId: u }));
    expect((await mod.activeSanctions(u, now)).map((s) => [s.kind, s.until, s.reason])).toEqual([['mute', now + 60_000, 'rude']]);
    expect(await mod.activeSanctions(u, now + 60_000)).toEqual([]);
    const token = id('tok');
    await store.createSession(token, u);
    expect(await store.sessionUser(token)).toBeDefined();
    const [bought, old] = [id('ticket'), id('ticket')];
    await store.createTicket(bought, u, now + 30_000, token);
    await store.createTicket(old, u, now + 30_000, null);
    await mod.addSanction({ id: id('s'), userId: u, kind: 'ban', created: now, until: null, lifted: null, by: u, reason: 'cheating' }, audit('ban', { userId: u }));
    expect(await store.sessionUser(token)).toBeUndefined();
    expect(await store.takeTicket(bought)).toBeUndefined();
    expect(await store.takeTicket(old)).toBeUndefined();
    await store.createSession(token, u);
    await store.createTicket(bought, u, Date.now() + 30_000, token);
    expect(await mod.endSessions(u)).toBe(1);
    expect(await store.sessionUser(token)).toBeUndefined();
    expect(await store.takeTicket(bought)).toBeUndefined();
    expect(await mod.endSessions(u)).toBe(0);
    const active = await mod.activeSanctions(u, now + 10 ** 12);
    expect(active.map((s) => [s.kind, s.until, s.by])).toEqual([['ban', null, u]]);
    expect(await mod.liftSanctions(u, 'ban', now + 1, audit('lift-ban', { userId: u }))).toBe(1);
    expect(await mod.liftSanctions(u, 'ban', now + 2, audit('lift-ban', { userId: u }))).toBe(0);
    expect((await mod.activeSanctions(u, now + 5)).map((s) => s.kind)).toEqual(['mute']);
    expect((await mod.auditLog(100)).filter((a) => a.userId === u).map((a) => a.action)).toEqual(['lift-ban', 'ban', 'mute', 'mute']);
  });

  it('keeps reports, counts a reporter\'s recent ones, lists the open ones and closes each once', async () => {
    const reporter = await newUser('Melder');
    const target = await newUser('Rüpel');
    const t0 = Date.now();
    const a = id('r');
    const b = id('r');
    await mod.addReport({ id: a, reporterId: reporter, userId: target, tableId: null, chatE: null, chatText: null, reason: 'beleidigt', created: t0 });
    await mod.addReport({ id: b, reporterId: reporter, userId: target, tableId: 'T1', chatE: 7, chatText: 'du Depp', reason: 'line', created: t0 + 1 });
    expect(await mod.reportsSince(reporter, t0 - 1)).toBe(2);
    expect(await mod.reportsSince(reporter, t0)).toBe(1);
    const open = (await mod.openReports(100)).filter((r) => r.reporterId === reporter);
    expect(open.map((r) => r.id)).toEqual([a, b]);
    expect(open[1]).toMatchObject({ reporterName: 'Melder', userName: 'Rüpel', tableId: 'T1', chatE: 7, chatText: 'du Depp', closed: null });
    expect(await mod.closeReport(a, reporter, 'dismissed', t0 + 5, audit('dismiss-report', { detail: a }))).toBe(true);
    expect(await mod.closeReport(a, reporter, 'dismissed', t0 + 6)).toBe(false);
    expect(await mod.closeReport(id('r'), reporter, 'dismissed', t0 + 6)).toBe(false);
    expect(await mod.report(a)).toMatchObject({ closed: t0 + 5, closedBy: reporter, outcome: 'dismissed' });
    expect((await mod.openReports(100)).map((r) => r.id)).not.toContain(a);
  });

  it('refuses reports and sanctions of unknown users (missing) and bad values (badInput), writing nothing', async () => {
    const u = await newUser();
    const before = (await mod.auditLog(10_000)).length;
    await fails(mod.addReport({ id: id('r'), reporterId: u, userId: id('nobody'), tableId: null, chatE: null, chatText: null, reason: 'x', created: 1 }), 'missing');
    await fails(mod.addSanction({ id: id('s'), userId: id('nobody'), kind: 'ban', created: 1, until: null, lifted: null, by: null, reason: 'x' }, audit('ban')), 'missing');
    await fails(mod.addSanction({ id: id('s'), userId: u, kind: 'kick' as 'ban', created: 1, until: null, lifted: null, by: null, reason: 'x' }, audit('ban')), 'badInput');
    await fails(mod.addReport({ id: id('r'), reporterId: u, userId: u, tableId: null, chatE: -1, chatText: null, reason: 'x', created: 1 }), 'badInput');
    await fails(mod.audit(audit('mute', { reason: 'a\u0000b' })), 'badInput');
    expect(await mod.reportsSince(u, 0)).toBe(0);
    expect(await mod.activeSanctions(u, 0)).toEqual([]);
    expect((await mod.auditLog(10_000)).length).toBe(before);
  });

  it('finds a table row, finished or not', async () => {
    const t = { id: id('t'), game: 'schafkopf', settings: { game: 'schafkopf', seats: 4 }, finished: false, created: 5 };
    await store.createTable(t);
    expect(await mod.tableRow(t.id)).toEqual(t);
    expect(await mod.tableRow(id('t'))).toBeUndefined();
  });
});
