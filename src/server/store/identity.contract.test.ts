import { randomBytes } from 'node:crypto';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrations } from './migrations.js';
import type { Store } from './store.js';
import { failsWith as fails, STORE_KINDS, testDatabase, testId as id, type TestDatabase } from './testing.js';

/** Names, sessions and tickets (issue 20): the same suite for every store, PostgreSQL when STICH_PG_URL is set. */
const hash = () => randomBytes(32).toString('hex');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.each(STORE_KINDS)('%s store: names, sessions, tickets', (kind) => {
  let database: TestDatabase;
  let store: Store;
  beforeAll(async () => {
    database = await testDatabase(kind);
    store = await database.open();
  });
  afterAll(async () => {
    await store?.close();
    await database?.drop();
  });
  const registered = async (name: string) => {
    const userId = id('u');
    await store.createUser({ id: userId, name, guest: false, hash: 'ab'.repeat(32), salt: 'cd'.repeat(8) });
    return userId;
  };

  it('names collide by full Unicode case folding, the same in every store (not by the database\'s lower())', async () => {
    const suffix = randomBytes(3).toString('hex');
    const strasse = await registered(`Straße ${suffix}`);
    await fails(registered(`STRASSE ${suffix}`), 'nameTaken');
    await fails(registered(`strasse ${suffix}`), 'nameTaken');
    expect((await store.userByName(`STRAẞE ${suffix}`))?.id).toBe(strasse);
    const greek = await registered(`ΟΔΥΣΣΕΥΣ ${suffix}`);
    await fails(registered(`οδυσσευς ${suffix}`), 'nameTaken');
    await fails(registered(`ὈΔΥΣΣΕΎΣ ${suffix}`.normalize('NFC').replace('Ὀ', 'Ο').replace('Ύ', 'Υ')), 'nameTaken');
    expect((await store.userByName(`οδυσσευς ${suffix}`))?.id).toBe(greek);
    // NFD and NFC are one name.
    const rene = await registered(`René ${suffix}`);
    expect((await store.userByName(`Rene\u0301 ${suffix}`))?.id).toBe(rene);
    // Guests of the name are still allowed (the application refuses look-alikes of registered names).
    await store.createUser({ id: id('u'), name: `STRASSE ${suffix}`, guest: true });
    expect((await store.findPlayer(`strasse ${suffix}`))?.id).toBe(strasse);
  });

  it('finds the registered look-alike of a name: same key or same UTS #39 skeleton', async () => {
    const suffix = randomBytes(3).toString('hex');
    const resi = await registered(`Resi${suffix}`);
    await store.createUser({ id: id('u'), name: `Rosi${suffix}`, guest: true });
    for (const n of [`RESI${suffix}`, `Rеsi${suffix}`, `Ｒｅｓｉ${suffix}`.normalize('NFC'), `Rеѕі${suffix}`]) expect((await store.registeredLookAlike(n))?.id, n).toBe(resi);
    expect(await store.registeredLookAlike(`Rosi${suffix}`)).toBeUndefined();
    expect(await store.registeredLookAlike(`Resa${suffix}`)).toBeUndefined();
  });

  it('a NUL in a name is badInput, never the database\'s error', async () => {
    await fails(store.userByName('Re\u0000si'), 'badInput');
    await fails(store.registeredLookAlike('Re\u0000si'), 'badInput');
    await fails(store.findPlayer('Re\u0000si'), 'badInput');
    await fails(store.createUser({ id: id('u'), name: 'Re\u0000si', guest: true }), 'badInput');
  });

  it('a session ends after idleMs without use; each use slides it on; one or all of a user\'s sessions end', async () => {
    const user = await registered(id('Vroni'));
    const [a, b, c] = [hash(), hash(), hash()];
    for (const t of [a, b, c]) await store.createSession(t, user);
    expect((await store.sessionUser(a, 60_000))?.id).toBe(user);
    await sleep(120);
    expect(await store.sessionUser(a, 100)).toBeUndefined();
    expect((await store.sessionUser(a))?.id).toBe(user); // without idleMs: no expiry asked
    expect((await store.sessionUser(a, 60_000))?.id).toBe(user);
    // It says whether there was such a session (the server announces only one that was to a cluster's processes).
    expect(await store.endSession(a)).toBe(true);
    expect(await store.endSession(a)).toBe(false);
    expect(await store.sessionUser(a, 60_000)).toBeUndefined();
    expect((await store.sessionUser(b, 60_000))?.id).toBe(user);
    expect(await store.endSessionsOf(user)).toBe(2);
    expect(await store.sessionUser(b)).toBeUndefined();
    expect(await store.sessionUser(c)).toBeUndefined();
  });

  it('a new password replaces the old and ends every other session of the user; a guest or an unknown user has none (missing)', async () => {
    const name = id('Kathl');
    const user = await registered(name);
    const [mine, other, third] = [hash(), hash(), hash()];
    for (const t of [mine, other, third]) await store.createSession(t, user);
    const elsewhere = await registered(id('Loisl'));
    const theirs = hash();
    await store.createSession(theirs, elsewhere);
    expect(await store.setPassword(user, 'ef'.repeat(32), '01'.repeat(8), mine)).toBe(2);
    expect(await store.userByName(name)).toMatchObject({ id: user, hash: 'ef'.repeat(32), salt: '01'.repeat(8) });
    expect((await store.sessionUser(mine))?.id).toBe(user);
    expect(await store.sessionUser(other)).toBeUndefined();
    expect(await store.sessionUser(third)).toBeUndefined();
    expect((await store.sessionUser(theirs))?.id).toBe(elsewhere);
    const guest = id('g');
    await store.createUser({ id: guest, name: 'Gast', guest: true });
    await fails(store.setPassword(guest, 'ef'.repeat(32), '01'.repeat(8), mine), 'missing');
    await fails(store.setPassword(id('nobody'), 'ef'.repeat(32), '01'.repeat(8), mine), 'missing');
    await fails(store.setPassword(user, 'ef'.repeat(32), '01'.repeat(8), 'a\u0000b'), 'badInput');
    expect((await store.userByName(name))?.hash).toBe('ef'.repeat(32));
  });

  it('endIdleSessions deletes the sessions unused for idleMs, and expired tickets', async () => {
    const user = await registered(id('Wastl'));
    const old = hash();
    await store.createSession(old, user);
    await sleep(120);
    const fresh = hash();
    await store.createSession(fresh, user);
    const expired = hash();
    await store.createTicket(expired, user, Date.now() - 1, fresh);
    expect(await store.endIdleSessions(100)).toBeGreaterThanOrEqual(1);
    expect(await store.sessionUser(old)).toBeUndefined();
    expect((await store.sessionUser(fresh))?.id).toBe(user);
    expect(await store.takeTicket(expired)).toBeUndefined();
  });

  it('a ticket is taken once, before it expires, with the session it was bought with; one of an unknown user is refused (missing)', async () => {
    const user = await registered(id('Kathi'));
    const session = hash();
    await store.createSession(session, user);
    const t = hash();
    await store.createTicket(t, user, Date.now() + 30_000, session);
    expect(await store.takeTicket(t)).toEqual({ user: { id: user, name: expect.any(String), guest: false }, session });
    expect(await store.takeTicket(t)).toBeUndefined();
    const late = hash();
    await store.createTicket(late, user, Date.now() + 50, session);
    await sleep(80);
    expect(await store.takeTicket(late)).toBeUndefined();
    await fails(store.createTicket(hash(), id('u'), Date.now() + 30_000, session), 'missing');
    await fails(store.createTicket(hash(), user, Date.now() + 30_000, 'a\u0000b'), 'badInput');
    // A ticket of no known session (a restart ticket for a socket opened with a ticket kept before tickets named one).
    const none = hash();
    await store.createTicket(none, user, Date.now() + 30_000, null);
    expect(await store.takeTicket(none)).toMatchObject({ user: { id: user }, session: null });
  });

  it('ending one session ends the tickets bought with it; the same user\'s other sessions and their tickets stay', async () => {
    const user = await registered(id('Vevi'));
    const [phone, laptop] = [hash(), hash()];
    await store.createSession(phone, user);
    await store.createSession(laptop, user);
    const [fromPhone, fromPhone2, fromLaptop, unnamed] = [hash(), hash(), hash(), hash()];
    await store.createTicket(fromPhone, user, Date.now() + 30_000, phone);
    await store.createTicket(fromPhone2, user, Date.now() + 30_000, phone);
    await store.createTicket(fromLaptop, user, Date.now() + 30_000, laptop);
    await store.createTicket(unnamed, user, Date.now() + 30_000, null);
    await store.endSession(phone);
    expect(await store.sessionUser(phone)).toBeUndefined();
    expect(await store.takeTicket(fromPhone)).toBeUndefined();
    expect(await store.takeTicket(fromPhone2)).toBeUndefined();
    expect((await store.sessionUser(laptop))?.id).toBe(user);
    expect((await store.takeTicket(fromLaptop))?.session).toBe(laptop);
    // A ticket that names no session is not ended by one logout (it ends with all of them, or in 30 s).
    expect((await store.takeTicket(unnamed))?.user.id).toBe(user);
  });

  it('ending a user\'s sessions (all, or all but one with a new password) ends the tickets bought with them; the kept session\'s and another user\'s stay', async () => {
    const user = await registered(id('Wally'));
    const other = await registered(id('Resl'));
    const [mine, stolen] = [hash(), hash()];
    await store.createSession(mine, user);
    const [a, unnamed, b, b2, kept, theirs] = [hash(), hash(), hash(), hash(), hash(), hash()];
    await store.createTicket(a, user, Date.now() + 30_000, mine);
    await store.createTicket(unnamed, user, Date.now() + 30_000, null);
    await store.createTicket(theirs, other, Date.now() + 30_000, null);
    await store.endSessionsOf(user);
    expect(await store.takeTicket(a)).toBeUndefined();
    expect(await store.takeTicket(unnamed)).toBeUndefined();
    await store.createSession(mine, user);
    await store.createSession(stolen, user);
    await store.createTicket(b, user, Date.now() + 30_000, stolen);
    await store.createTicket(b2, user, Date.now() + 30_000, null);
    await store.createTicket(kept, user, Date.now() + 30_000, mine);
    await store.setPassword(user, 'ef'.repeat(32), '01'.repeat(8), mine);
    expect(await store.takeTicket(b)).toBeUndefined();
    expect(await store.takeTicket(b2)).toBeUndefined();
    expect((await store.takeTicket(kept))?.session).toBe(mine);
    expect((await store.takeTicket(theirs))?.user.id).toBe(other);
  });
});

/** A database of the schema before migration 4 (names keyed by lower(), sessions without expiry) and its users. */
const LEGACY_USERS = [
  { id: 'u1', name: 'Straße', guest: false, created: 1 },
  { id: 'u2', name: 'STRASSE', guest: false, created: 2 }, // lower() kept it apart from Straße
  { id: 'u3', name: 'Zoë', guest: true, created: 3 },
  { id: 'u4', name: 'Resi', guest: false, created: 4 },
];

async function checkBackfilled(store: Store): Promise<void> {
  // The older keeps the key; the younger keeps its account and logs in by its exact name.
  expect((await store.userByName('strasse'))?.id).toBe('u1');
  expect((await store.userByName('Straße'))?.id).toBe('u1');
  expect((await store.userByName('STRASSE'))?.id).toBe('u2');
  expect((await store.registeredLookAlike('Rеsi'))?.id).toBe('u4');
  expect((await store.findPlayer('ZOË'))?.id).toBe('u3');
  // The session made before the migration lives on, counted from its creation.
  expect((await store.sessionUser('legacy-session'))?.id).toBe('u4');
  await fails(store.createUser({ id: 'u5', name: 'STRAẞE', guest: false, hash: 'ab', salt: 'cd' }), 'nameTaken');
}

type OpenableDatabase = { open(): Promise<Store>; drop(): Promise<void> };
type ParamRun = (sql: string, params: readonly unknown[]) => Promise<void>;

/**
 * A database of `kind` with the migrations before `version` applied by hand (and recorded as applied), then `rows`
 * written through `run` (SQL with `$1`, `$2`… parameters, rewritten to `?` for SQLite): how to open it as a store,
 * which applies the rest.
 */
async function migratedBefore(kind: (typeof STORE_KINDS)[number], version: number, rows: (run: ParamRun) => Promise<void>): Promise<OpenableDatabase> {
  const database = await testDatabase(kind);
  const wanted = migrations(kind).filter((m) => m.version < version);
  if (kind === 'sqlite') {
    const db = new Database((database.options as { db: string }).db);
    try {
      db.exec('CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, checksum TEXT NOT NULL, applied INTEGER NOT NULL)');
      for (const m of wanted) {
        db.exec(m.sql);
        db.prepare('INSERT INTO schema_migrations VALUES (?, ?, ?, 0)').run(m.version, m.name, m.checksum);
      }
      // SQLite stores booleans as 0 and 1.
      await rows(async (sql, params) => void db.prepare(sql.replace(/\$\d+/g, '?')).run(...params.map((x) => (typeof x === 'boolean' ? (x ? 1 : 0) : x))));
    } finally {
      db.close();
    }
    return database;
  }
  const client = new pg.Client({ connectionString: (database.options as { pg: string }).pg });
  await client.connect();
  try {
    await client.query('CREATE TABLE schema_migrations (version integer PRIMARY KEY, name text NOT NULL, checksum text NOT NULL, applied timestamptz NOT NULL DEFAULT now())');
    for (const m of wanted) {
      await client.query(m.sql);
      await client.query('INSERT INTO schema_migrations (version, name, checksum) VALUES ($1, $2, $3)', [m.version, m.name, m.checksum]);
    }
    await rows(async (sql, params) => void (await client.query(sql, [...params])));
  } finally {
    await client.end();
  }
  return database;
}

/** A database of each kind with the schema and users from before migration 4, made by hand: how to open it as a store. */
const legacyDatabase = (kind: (typeof STORE_KINDS)[number]) =>
  migratedBefore(kind, 4, async (run) => {
    for (const u of LEGACY_USERS) await run('INSERT INTO users (id, name, guest, hash, salt, created) VALUES ($1, $2, $3, $4, $5, $6)', [u.id, u.name, u.guest, u.guest ? null : 'ab', u.guest ? null : 'cd', u.created]);
    await run("INSERT INTO sessions (token_hash, user_id, created) VALUES ('legacy-session', 'u4', $1)", [Date.now()]);
  });

describe('migration 4 fills in the keys of users made before it', () => {
  it.each(STORE_KINDS)('%s', async (kind) => {
    const database = await legacyDatabase(kind);
    const store = await database.open();
    try {
      await checkBackfilled(store);
    } finally {
      await store.close();
      await database.drop();
    }
  });
});


/** A database of each kind migrated up to migration 7, with a session and a ticket kept before tickets named their session. */
const beforeTicketSessions = (kind: (typeof STORE_KINDS)[number]) =>
  migratedBefore(kind, 8, async (run) => {
    await run("INSERT INTO users (id, name, guest, created) VALUES ('t1', 'Hias', $1, 1)", [true]);
    await run("INSERT INTO sessions (token_hash, user_id, created, last_seen) VALUES ('old-session', 't1', $1, $2)", [Date.now(), Date.now()]);
    for (const t of ['old-ticket', 'old-ticket-2', 'old-ticket-3']) await run("INSERT INTO tickets (ticket_hash, user_id, expires) VALUES ($1, 't1', $2)", [t, Date.now() + 60_000]);
  });

describe('migration 8 (tickets name their session) keeps the tickets kept before it', () => {
  it.each(STORE_KINDS)('%s', async (kind) => {
    const database = await beforeTicketSessions(kind);
    const store = await database.open();
    try {
      // An old ticket names no session: it is taken as before, and one logout does not end it; all of the user's sessions do.
      expect(await store.takeTicket('old-ticket')).toEqual({ user: { id: 't1', name: 'Hias', guest: true }, session: null });
      await store.endSession('old-session');
      expect((await store.takeTicket('old-ticket-2'))?.session).toBeNull();
      await store.createSession('new-session', 't1');
      await store.endSessionsOf('t1');
      expect(await store.takeTicket('old-ticket-3')).toBeUndefined();
    } finally {
      await store.close();
      await database.drop();
    }
  });
});
