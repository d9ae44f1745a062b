import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrations, pending } from './migrations.js';
import { SqliteStore } from './sqlite.js';
import { testDatabase } from './testing.js';

describe('migrations', () => {
  it('are numbered in increasing order from 1, each number once, the same numbers for each database, with the same tables', () => {
    for (const dialect of ['sqlite', 'postgres'] as const) {
      const list = migrations(dialect);
      expect(list.length).toBeGreaterThan(0);
      expect(list[0].version).toBe(1);
      list.forEach((m, i) => i > 0 && expect(m.version).toBeGreaterThan(list[i - 1].version));
    }
    expect(migrations('sqlite').map((m) => m.version)).toEqual(migrations('postgres').map((m) => m.version));
    const tables = (sql: string) => [...sql.matchAll(/CREATE TABLE (\w+)/gi)].map((m) => m[1]).sort();
    expect(tables(migrations('sqlite').map((m) => m.sql).join('\n'))).toEqual(tables(migrations('postgres').map((m) => m.sql).join('\n')));
  });

  it('pending: the ones not applied, in order; a changed or unknown applied one is refused', () => {
    const all = migrations('sqlite');
    expect(pending(all, [], 'sqlite')).toEqual(all);
    expect(pending(all, [{ version: 1, checksum: all[0].checksum }], 'sqlite')).toEqual(all.slice(1));
    expect(() => pending(all, [{ version: 1, checksum: 'x' }], 'sqlite')).toThrow(/changed after it was applied/);
    expect(() => pending(all, [{ version: 99, checksum: 'x' }], 'sqlite')).toThrow(/newer version/);
  });

  it('SQLite: applied on first start and recorded; a second start applies nothing', async () => {
    const { options } = await testDatabase('sqlite');
    const file = (options as { db: string }).db;
    await new SqliteStore(file).close();
    await new SqliteStore(file).close();
    const db = new Database(file, { readonly: true });
    const applied = db.prepare('SELECT version, name, checksum FROM schema_migrations ORDER BY version').all();
    db.close();
    expect(applied).toEqual(migrations('sqlite').map((m) => ({ version: m.version, name: m.name, checksum: m.checksum })));
  });

  it('SQLite: a database of the first release (schema counted in user_version) is taken as migration 1, its data kept', async () => {
    const { options } = await testDatabase('sqlite');
    const file = (options as { db: string }).db;
    const old = new Database(file);
    old.exec(migrations('sqlite')[0].sql);
    old.pragma('user_version = 1');
    old.prepare("INSERT INTO users (id, name, guest, created) VALUES ('u1', 'Wastl', 1, 0)").run();
    old.close();
    const store = new SqliteStore(file);
    expect(await store.userById('u1')).toEqual({ id: 'u1', name: 'Wastl', guest: true });
    await store.close();
    const db = new Database(file, { readonly: true });
    expect(db.prepare('SELECT version FROM schema_migrations').all()).toEqual(migrations('sqlite').map((m) => ({ version: m.version })));
    db.close();
  });

  it('SQLite: refuses to start on a database that a newer version migrated', async () => {
    const { options } = await testDatabase('sqlite');
    const file = (options as { db: string }).db;
    await new SqliteStore(file).close();
    const db = new Database(file);
    db.prepare("INSERT INTO schema_migrations (version, name, checksum, applied) VALUES (999, 'future', 'x', 0)").run();
    db.close();
    expect(() => new SqliteStore(file)).toThrow(/migration 999/);
  });
});
