import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isStoreError, type Store, type TableRow } from './store.js';
import { failsWith as fails, STORE_KINDS, testDatabase, testId as id, type TestDatabase } from './testing.js';

/** The one suite every store passes: SQLite always, PostgreSQL when STICH_PG_URL is set (see testing.ts). */

describe.each(STORE_KINDS)('%s store', (kind) => {
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

  async function newTable(extra: Partial<TableRow> = {}): Promise<TableRow> {
    const table: TableRow = { id: id('t'), game: 'schafkopf', settings: { game: 'schafkopf', seats: 4, rules: { tarif: 10 } }, finished: false, created: Date.now(), ...extra };
    await store.createTable(table);
    return table;
  }

  async function newUser(name = id('Sepp'), guest = true): Promise<string> {
    const userId = id('u');
    await store.createUser({ id: userId, name, guest, ...(guest ? {} : { hash: 'ab'.repeat(32), salt: 'cd'.repeat(8) }) });
    return userId;
  }

  describe('users and sessions', () => {
    it('keeps guests and registered users; finds registered ones by name, case-insensitively', async () => {
      const name = id('Vroni');
      const registered = id('u');
      await store.createUser({ id: registered, name, guest: false, hash: 'aa'.repeat(32), salt: 'bb'.repeat(8) });
      const guest = await newUser(name, true);
      expect(await store.userById(registered)).toEqual({ id: registered, name, guest: false });
      expect(await store.userById(guest)).toEqual({ id: guest, name, guest: true });
      expect(await store.userByName(name.toUpperCase())).toEqual({ id: registered, name, guest: false, hash: 'aa'.repeat(32), salt: 'bb'.repeat(8) });
      expect(await store.userByName(id('Niemand'))).toBeUndefined();
      expect(await store.userById(id('u'))).toBeUndefined();
    });

    it('refuses a second registered user of the same name (nameTaken), but any number of guests', async () => {
      const name = id('Xaver');
      await newUser(name, false);
      await newUser(name.toLowerCase(), true);
      await newUser(name, true);
      await fails(newUser(name.toUpperCase(), false), 'nameTaken');
      const guests = await store.userByName(name);
      expect(guests?.guest).toBe(false);
    });

    it('refuses a known user id (duplicate)', async () => {
      const userId = await newUser();
      await fails(store.createUser({ id: userId, name: 'Anderl', guest: true }), 'duplicate');
      expect((await store.userById(userId))?.name).not.toBe('Anderl');
    });

    it('finds a session by its token hash; a session for an unknown user is refused (missing)', async () => {
      const userId = await newUser('Resi');
      const token = randomBytes(32).toString('hex');
      await store.createSession(token, userId);
      expect(await store.sessionUser(token)).toEqual({ id: userId, name: 'Resi', guest: true });
      expect(await store.sessionUser(randomBytes(32).toString('hex'))).toBeUndefined();
      const other = randomBytes(32).toString('hex');
      await fails(store.createSession(other, id('u')), 'missing');
      expect(await store.sessionUser(other)).toBeUndefined();
      await fails(store.createSession(token, userId), 'duplicate');
    });
  });

  describe('tables and logs', () => {
    it('appends to a log in order and reads it back; the settings and entries round-trip as JSON', async () => {
      const table = await newTable();
      const entries = [
        { k: 'seat', seat: 0, occ: { kind: 'human', userId: 'u1', name: 'Wastl' } },
        { k: 'begin', start: null, firstDealer: 3 },
        { k: 'deal', deck: ['EA', 'GU', 'HK'] },
      ];
      await store.commit({ tableId: table.id, from: 0, entries: entries.slice(0, 1) });
      await store.commit({ tableId: table.id, from: 1, entries: entries.slice(1) });
      expect(await store.tableLog(table.id)).toEqual(entries.map((entry, index) => ({ index, entry })));
      const row = (await store.unfinishedTables()).find((t) => t.id === table.id);
      expect(row).toEqual(table);
      expect(await store.tableLog(id('t'))).toEqual([]);
    });

    it('JSON round trips: unicode, escapes, NUL inside strings, nesting, numbers, null, key order', async () => {
      const table = await newTable({ settings: { name: 'Grüß Gott — ♥ 🂡', nested: { b: [1, [2, [3]]], a: null }, z: -0.5, big: 2 ** 53 - 1 } });
      expect(await store.table(table.id)).toEqual(table);
      expect(await store.table('no-such-table')).toBeUndefined();
      const odd = [
        { k: 'chat', userId: 'u', name: 'Ötzi', text: 'Sau\u0000"\\\n\t</script>' },
        'a plain string',
        42,
        null,
        [true, false, { '': 'empty key', 'ü': 1e-9 }],
        { b: 1, a: 2 },
      ];
      await store.commit({ tableId: table.id, from: 0, entries: odd });
      const log = await store.tableLog(table.id);
      expect(log.map((l) => l.entry)).toEqual(odd);
      expect(Object.keys(log[5].entry as object)).toEqual(['b', 'a']);
      expect((await store.unfinishedTables()).find((t) => t.id === table.id)?.settings).toEqual(table.settings);
    });

    it('a commit that does not start at the next index fails with logConflict and writes nothing', async () => {
      const table = await newTable();
      const user = await newUser();
      await store.commit({ tableId: table.id, from: 0, entries: [{ n: 0 }, { n: 1 }] });
      for (const from of [0, 1, 3, 100]) {
        const message = await fails(
          store.commit({
            tableId: table.id,
            from,
            entries: [{ n: 'late' }],
            finished: true,
            record: { id: id('r'), tableId: table.id, game: 'schafkopf', record: {}, created: 1 },
            ratings: [{ game: 'schafkopf', userId: user, mu: 30, sigma: 5 }],
          }),
          'logConflict',
        );
        expect(message).toContain('next index is 2');
      }
      expect((await store.tableLog(table.id)).map((l) => l.entry)).toEqual([{ n: 0 }, { n: 1 }]);
      expect((await store.unfinishedTables()).some((t) => t.id === table.id)).toBe(true);
      expect(await store.recordsOfTable(table.id)).toEqual([]);
      expect(await store.ratings('schafkopf', [user])).toEqual([]);
      await store.commit({ tableId: table.id, from: 2, entries: [{ n: 2 }] });
      expect((await store.tableLog(table.id)).length).toBe(3);
    });

    it('commits racing on one table: exactly one wins, the rest fail with logConflict', async () => {
      const table = await newTable();
      const results = await Promise.allSettled(Array.from({ length: 8 }, (_, w) => store.commit({ tableId: table.id, from: 0, entries: [{ writer: w }, { writer: w }] })));
      const won = results.flatMap((r, w) => (r.status === 'fulfilled' ? [w] : []));
      expect(won.length).toBe(1);
      for (const r of results) if (r.status === 'rejected') expect(isStoreError(r.reason, 'logConflict')).toBe(true);
      expect((await store.tableLog(table.id)).map((l) => l.entry)).toEqual([{ writer: won[0] }, { writer: won[0] }]);
    });

    it('a claim raises the epoch: a commit of an older epoch fails with fenced and writes nothing, also while it waits its turn', async () => {
      const table = await newTable();
      const first = await store.claimTable!(table.id);
      await store.commit({ tableId: table.id, from: 0, entries: [{ n: 0 }], epoch: first });
      const second = await store.claimTable!(table.id);
      expect(second).toBeGreaterThan(first);
      await fails(store.commit({ tableId: table.id, from: 1, entries: [{ stale: true }], epoch: first }), 'fenced');
      await fails(store.commit({ tableId: table.id, from: 1, entries: [], finished: true, epoch: first }), 'fenced');
      await store.commit({ tableId: table.id, from: 1, entries: [{ n: 1 }], epoch: second });
      // A stale commit and a claim racing: whichever runs second sees the other.
      const [stale, third] = await Promise.allSettled([store.commit({ tableId: table.id, from: 2, entries: [{ stale: true }], epoch: first }), store.claimTable!(table.id)]);
      expect(stale.status).toBe('rejected');
      expect(third.status).toBe('fulfilled');
      expect((await store.tableLog(table.id)).map((l) => l.entry)).toEqual([{ n: 0 }, { n: 1 }]);
      await fails(store.claimTable!(id('t')), 'missing');
    });

    it('a commit to an unknown table fails (missing); a known table id is refused (duplicate)', async () => {
      await fails(store.commit({ tableId: id('t'), from: 0, entries: [{}] }), 'missing');
      await fails(store.commit({ tableId: id('t'), from: 0, entries: [], finished: true }), 'missing');
      const table = await newTable();
      await fails(store.createTable({ ...table, game: 'karnoeffel' }), 'duplicate');
      expect((await store.unfinishedTables()).find((t) => t.id === table.id)?.game).toBe('schafkopf');
    });

    it('lists unfinished tables oldest first; a finished table drops out', async () => {
      const t0 = Date.now() - 10_000;
      const a = await newTable({ created: t0 + 2 });
      const b = await newTable({ created: t0 + 1 });
      const c = await newTable({ created: t0 + 3 });
      const d = await newTable({ created: t0, finished: true });
      await store.commit({ tableId: c.id, from: 0, entries: [{ k: 'x' }], finished: true });
      const ids = (await store.unfinishedTables()).map((t) => t.id).filter((x) => [a.id, b.id, c.id, d.id].includes(x));
      expect(ids).toEqual([b.id, a.id]);
    });
  });

  describe('records and ratings', () => {
    it('stores a finished sitting: log entries, record and ratings in one commit', async () => {
      const table = await newTable();
      const [u1, u2] = [await newUser('Hias'), await newUser('Kathi')];
      const record = { format: 'stich-record', version: 2, game: 'schafkopf', deals: [{ dealer: 0, actions: ['EA', 'GU'] }] };
      const r1 = { id: `${table.id}.1`, tableId: table.id, game: 'schafkopf', record, created: 1000 };
      await store.commit({ tableId: table.id, from: 0, entries: [{ k: 'act' }] });
      await store.commit({
        tableId: table.id,
        from: 1,
        entries: [],
        finished: true,
        record: r1,
        ratings: [
          { game: 'schafkopf', userId: u1, mu: 27.5, sigma: 7.1 },
          { game: 'schafkopf', userId: u2, mu: 22.5, sigma: 7.2 },
        ],
      });
      expect(await store.record(r1.id)).toEqual(r1);
      expect(await store.record(id('r'))).toBeUndefined();
      expect(await store.recordsOfTable(table.id)).toEqual([r1.id]);
      expect(await store.ratings('schafkopf', [u2, id('u'), u1])).toEqual([
        { userId: u2, name: 'Kathi', mu: 22.5, sigma: 7.2, sittings: 1 },
        { userId: u1, name: 'Hias', mu: 27.5, sigma: 7.1, sittings: 1 },
      ]);
      expect(await store.ratings('karnoeffel', [u1])).toEqual([]);
      expect(await store.ratings('schafkopf', [])).toEqual([]);
      expect((await store.unfinishedTables()).some((t) => t.id === table.id)).toBe(false);

      // A second sitting at the same table: the rating is updated and counted.
      const r2 = { ...r1, id: `${table.id}.2`, created: 2000 };
      await store.commit({ tableId: table.id, from: 1, entries: [], record: r2, ratings: [{ game: 'schafkopf', userId: u1, mu: 29, sigma: 6 }] });
      expect(await store.recordsOfTable(table.id)).toEqual([r1.id, r2.id]);
      expect(await store.ratings('schafkopf', [u1])).toEqual([{ userId: u1, name: 'Hias', mu: 29, sigma: 6, sittings: 2 }]);
      // The same record id twice is refused, and the commit's entries are not written either.
      await fails(store.commit({ tableId: table.id, from: 1, entries: [{ k: 'x' }], record: r2 }), 'duplicate');
      expect((await store.tableLog(table.id)).length).toBe(1);
    });

    it('a rating of an unknown user fails (missing) and rolls the whole commit back', async () => {
      const table = await newTable();
      const known = await newUser();
      await fails(
        store.commit({
          tableId: table.id,
          from: 0,
          entries: [{ k: 'a' }],
          finished: true,
          record: { id: id('r'), tableId: table.id, game: 'schafkopf', record: {}, created: 1 },
          ratings: [
            { game: 'schafkopf', userId: known, mu: 25, sigma: 8 },
            { game: 'schafkopf', userId: id('u'), mu: 25, sigma: 8 },
          ],
        }),
        'missing',
      );
      expect(await store.tableLog(table.id)).toEqual([]);
      expect(await store.recordsOfTable(table.id)).toEqual([]);
      expect(await store.ratings('schafkopf', [known])).toEqual([]);
      expect((await store.unfinishedTables()).some((t) => t.id === table.id)).toBe(true);
    });

    it('the leaderboard orders by mu − 3 sigma, per game, with a limit, and lists registered players only', async () => {
      const game = id('game');
      const table = await newTable();
      const players = [
        { name: 'Loisl', mu: 30, sigma: 8 }, // 6
        { name: 'Zenzi', mu: 25, sigma: 2 }, // 19
        { name: 'Girgl', mu: 35, sigma: 5 }, // 20
        { name: 'Burgl', mu: 20, sigma: 1 }, // 17
        { name: 'Gast Hias', mu: 40, sigma: 1, guest: true }, // 37: a guest's rating from before guests played unrated
      ];
      const ids: string[] = [];
      // Registered names are unique in a store: each name of this test gets a mark of its own.
      const mark = id('');
      for (const p of players) ids.push(await newUser(`${p.name}${mark}`, p.guest === true));
      await store.commit({ tableId: table.id, from: 0, entries: [], ratings: players.map((p, i) => ({ game, userId: ids[i], mu: p.mu, sigma: p.sigma })) });
      const names = async (limit: number) => (await store.leaderboard(game, limit)).map((r) => r.name.slice(0, -mark.length));
      expect(await names(10)).toEqual(['Girgl', 'Zenzi', 'Burgl', 'Loisl']);
      expect(await names(2)).toEqual(['Girgl', 'Zenzi']);
      expect(await store.leaderboard(game, 0)).toEqual([]);
      expect(await store.leaderboard(id('game'), 10)).toEqual([]);
      expect((await store.leaderboard(game, 1))[0]).toEqual({ userId: ids[2], name: `Girgl${mark}`, mu: 35, sigma: 5, sittings: 1 });
      // The guest's rating is kept (his player page shows it), but not listed.
      expect((await store.ratings(game, [ids[4]])).map((r) => r.mu)).toEqual([40]);
    });
  });

  describe('player pages', () => {
    it('keeps who sat at a finished sitting with the record; finds a person by name (and id), their ratings and sittings, newest first', async () => {
      const name = id('Kathl');
      const registered = await newUser(name, false);
      const guest = await newUser(name, true);
      const laterGuest = await newUser(name, true);
      // The second table is private: its sittings say so (the player page shows them to their players only).
      const [t1, t2] = [await newTable(), await newTable({ settings: { game: 'schafkopf', seats: 4, rules: {}, public: false } })];
      const players = [name, 'Sepp (bot)', 'Resi (bot)'];
      await store.commit({
        tableId: t1.id,
        from: 0,
        entries: [{ k: 'x' }],
        record: { id: `${t1.id}.1`, tableId: t1.id, game: 'talonschnapsen', record: { players }, created: 1000 },
        participants: [{ userId: registered, seat: 0, total: 3, place: 1 }],
        ratings: [{ game: 'talonschnapsen', userId: registered, mu: 27, sigma: 7 }],
      });
      await store.commit({
        tableId: t2.id,
        from: 0,
        entries: [],
        record: { id: `${t2.id}.1`, tableId: t2.id, game: 'schafkopf', record: { players: ['A', name, 'B', 'C'] }, created: 2000 },
        participants: [
          { userId: registered, seat: 1, total: -20, place: 3 },
          { userId: guest, seat: 3, total: 10, place: 1 },
        ],
      });
      expect(await store.findPlayer(name.toUpperCase())).toEqual({ id: registered, name, guest: false });
      expect(await store.findPlayer(name, guest)).toEqual({ id: guest, name, guest: true });
      expect(await store.findPlayer(id('Niemand'))).toBeUndefined();
      expect(await store.findPlayer(id('Anders'), guest)).toBeUndefined();
      expect(await store.playerRatings(registered)).toEqual([{ game: 'talonschnapsen', userId: registered, name, mu: 27, sigma: 7, sittings: 1 }]);
      expect(await store.playerSittings(registered, 10)).toEqual([
        { recordId: `${t2.id}.1`, tableId: t2.id, game: 'schafkopf', created: 2000, userId: registered, seat: 1, total: -20, place: 3, players: ['A', name, 'B', 'C'], public: false },
        { recordId: `${t1.id}.1`, tableId: t1.id, game: 'talonschnapsen', created: 1000, userId: registered, seat: 0, total: 3, place: 1, players, public: true },
      ]);
      expect((await store.playerSittings(registered, 1)).map((x) => x.recordId)).toEqual([`${t2.id}.1`]);
      expect(await store.playerSittings(laterGuest, 10)).toEqual([]);
      expect(await store.playerRatings(laterGuest)).toEqual([]);
    });

    it('without a registered user of the name, the latest guest of it; participants without a record are refused', async () => {
      const name = id('Wastl');
      await newUser(name, true);
      await new Promise((r) => setTimeout(r, 5));
      const latest = await newUser(name, true);
      expect((await store.findPlayer(name))?.id).toBe(latest);
      const table = await newTable();
      const user = await newUser();
      await fails(store.commit({ tableId: table.id, from: 0, entries: [], participants: [{ userId: user, seat: 0, total: 0, place: 1 }] }), 'badInput');
      await fails(store.commit({ tableId: table.id, from: 0, entries: [], record: { id: `${table.id}.1`, tableId: table.id, game: 'schafkopf', record: {}, created: 1 }, participants: [{ userId: user, seat: -1, total: 0, place: 1 }] }), 'badInput');
      expect(await store.tableLog(table.id)).toEqual([]);
      expect(await store.recordsOfTable(table.id)).toEqual([]);
    });
  });

  describe('bad input is refused with badInput and changes nothing', () => {
    it('values that are not JSON', async () => {
      const table = await newTable();
      const cyclic: Record<string, unknown> = {};
      cyclic.self = cyclic;
      for (const entry of [undefined, () => 1, 10n, cyclic, Symbol('x')]) {
        await fails(store.commit({ tableId: table.id, from: 0, entries: [{ ok: true }, entry] }), 'badInput');
      }
      await fails(store.commit({ tableId: table.id, from: 0, entries: [], record: { id: id('r'), tableId: table.id, game: 'schafkopf', record: undefined, created: 1 } }), 'badInput');
      await fails(store.createTable({ id: id('t'), game: 'schafkopf', settings: 10n, finished: false, created: 1 }), 'badInput');
      expect(await store.tableLog(table.id)).toEqual([]);
    });

    it('indexes, numbers and names that the store cannot keep', async () => {
      const table = await newTable();
      const user = await newUser();
      for (const from of [-1, 0.5, Number.NaN, '0' as unknown as number]) await fails(store.commit({ tableId: table.id, from, entries: [{}] }), 'badInput');
      await fails(store.commit({ tableId: table.id, from: 0, entries: [], ratings: [{ game: 'schafkopf', userId: user, mu: Number.NaN, sigma: 1 }] }), 'badInput');
      await fails(store.commit({ tableId: table.id, from: 0, entries: [], ratings: [{ game: 'schafkopf', userId: user, mu: 1, sigma: Infinity }] }), 'badInput');
      await fails(store.commit({ tableId: table.id, from: 0, entries: [], record: { id: id('r'), tableId: id('t'), game: 'schafkopf', record: {}, created: 1 } }), 'badInput');
      await fails(store.commit({ tableId: table.id, from: 0, entries: 'x' as unknown as unknown[] }), 'badInput');
      const nul = id('u');
      await fails(store.createUser({ id: nul, name: 'Sepp\u0000', guest: true }), 'badInput');
      await fails(store.createUser({ id: id('u'), name: 'Sepp', guest: 'yes' as unknown as boolean }), 'badInput');
      await fails(store.createUser({ id: id('u'), name: id('Sepp'), guest: false }), 'badInput');
      await fails(store.userByName('a\u0000b'), 'badInput');
      await fails(store.leaderboard('schafkopf', -1), 'badInput');
      await fails(store.createTable({ id: id('t'), game: 'schafkopf', settings: {}, finished: false, created: -5 }), 'badInput');
      expect(await store.userById(nul)).toBeUndefined();
      expect(await store.tableLog(table.id)).toEqual([]);
      expect(await store.ratings('schafkopf', [user])).toEqual([]);
    });
  });

  it('opening the same database again applies no migration twice and keeps the data', async () => {
    const table = await newTable();
    await store.commit({ tableId: table.id, from: 0, entries: [{ k: 'kept' }] });
    const again = await database.open();
    try {
      expect(await again.tableLog(table.id)).toEqual([{ index: 0, entry: { k: 'kept' } }]);
    } finally {
      await again.close();
    }
  });
});
