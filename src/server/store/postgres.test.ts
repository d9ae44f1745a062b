import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrations } from './migrations.js';
import { PgStore } from './postgres.js';
import { isStoreError } from './store.js';
import { freshPgDatabase, type FreshDatabase } from './testing.js';

/**
 * What only PostgreSQL has: several processes (here: several pools) on one
 * database. The shared contract is in contract.test.ts. Runs when
 * STICH_PG_URL names a server (vitest.config.ts leaves it out otherwise).
 */
describe('PostgreSQL store', () => {
  let db: FreshDatabase;
  beforeAll(async () => {
    db = await freshPgDatabase();
  });
  afterAll(async () => {
    await db?.drop();
  });

  async function sql<R extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<R[]> {
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    try {
      return (await client.query<R>(text, values)).rows;
    } finally {
      await client.end();
    }
  }

  it('stores opening a new database together migrate it once, and record every migration', async () => {
    const stores = await Promise.all(Array.from({ length: 4 }, () => PgStore.open(db.url, { max: 2 })));
    await Promise.all(stores.map((s) => s.close()));
    const applied = await sql<{ version: number; name: string; checksum: string }>('SELECT version, name, checksum FROM schema_migrations ORDER BY version');
    expect(applied).toEqual(migrations('postgres').map((m) => ({ version: m.version, name: m.name, checksum: m.checksum })));
  });

  it('two stores (two pools, as two processes) racing on one log: one writer per index, nothing acknowledged lost or doubled', async () => {
    const [a, b] = [await PgStore.open(db.url, { max: 4 }), await PgStore.open(db.url, { max: 4 })];
    try {
      const tableId = 'race';
      await a.createTable({ id: tableId, game: 'schafkopf', settings: {}, finished: false, created: Date.now() });
      const acknowledged: string[] = [];
      let conflicts = 0;
      const writer = async (store: PgStore, name: string, lanes: number) => {
        // Several lanes per store, so that its own commits race too.
        await Promise.all(
          Array.from({ length: lanes }, async (_, lane) => {
            for (let i = 0; i < 15; i++) {
              const entry = `${name}${lane}.${i}`;
              for (;;) {
                const from = (await store.tableLog(tableId)).length;
                try {
                  await store.commit({ tableId, from, entries: [{ entry, part: 1 }, { entry, part: 2 }] });
                  acknowledged.push(entry);
                  break;
                } catch (e) {
                  if (!isStoreError(e, 'logConflict')) throw e;
                  conflicts++;
                }
              }
            }
          }),
        );
      };
      await Promise.all([writer(a, 'a', 3), writer(b, 'b', 3)]);
      expect(conflicts).toBeGreaterThan(0);
      const log = await b.tableLog(tableId);
      expect(log.map((l) => l.index)).toEqual(log.map((_, i) => i));
      // Each commit's two entries sit together.
      const pairs = log.map((l) => l.entry as { entry: string; part: number });
      for (let i = 0; i < pairs.length; i += 2) {
        expect(pairs[i]).toEqual({ entry: pairs[i].entry, part: 1 });
        expect(pairs[i + 1]).toEqual({ entry: pairs[i].entry, part: 2 });
      }
      const written = pairs.filter((p) => p.part === 1).map((p) => p.entry);
      // (Sorted: two commits may be acknowledged in the other order than they were written.)
      expect([...written].sort()).toEqual([...acknowledged].sort());
      expect(new Set(written).size).toBe(2 * 3 * 15);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('a writer that skips the row lock is still stopped by the primary key', async () => {
    const store = await PgStore.open(db.url, { max: 2 });
    try {
      await store.createTable({ id: 'pk', game: 'schafkopf', settings: {}, finished: false, created: Date.now() });
      await store.commit({ tableId: 'pk', from: 0, entries: [{ n: 0 }] });
      const client = new pg.Client({ connectionString: db.url });
      await client.connect();
      const error = await client.query(`INSERT INTO table_log (table_id, idx, entry) VALUES ('pk', 0, '"second writer"')`).then(
        () => undefined,
        (e: { code?: string; constraint?: string }) => e,
      );
      await client.end();
      expect(error).toMatchObject({ code: '23505', constraint: 'table_log_pkey' });
      expect(await store.tableLog('pk')).toEqual([{ index: 0, entry: { n: 0 } }]);
    } finally {
      await store.close();
    }
  });

  it('refuses to start on a database whose applied migration was changed, or that a newer version migrated', async () => {
    await sql(`UPDATE schema_migrations SET checksum = 'edited' WHERE version = 1`);
    await expect(PgStore.open(db.url)).rejects.toThrow(/migration 1 \(initial\) was changed after it was applied/);
    await sql(`UPDATE schema_migrations SET checksum = $1 WHERE version = 1`, [migrations('postgres')[0].checksum]);
    await sql(`INSERT INTO schema_migrations (version, name, checksum) VALUES (999, 'future', 'x')`);
    await expect(PgStore.open(db.url)).rejects.toThrow(/migration 999, which this version of stich does not know/);
    await sql(`DELETE FROM schema_migrations WHERE version = 999`);
    const store = await PgStore.open(db.url);
    await store.close();
  });

  it("a database that does not exist: the driver's error", async () => {
    const url = new URL(db.url);
    url.pathname = '/stich_test_does_not_exist';
    await expect(PgStore.open(url.toString())).rejects.toThrow(/does not exist/);
  });
});
