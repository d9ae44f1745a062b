import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SqliteStore } from './sqlite.js';
import { isStoreError } from './store.js';

/**
 * The SQLite store's group commit (sqlite.ts): the commits asked for in one
 * turn of the event loop go into one transaction, each in its own savepoint.
 */
describe('the SQLite group commit', () => {
  const file = join(mkdtempSync(join(tmpdir(), 'stich-group-')), 'group.db');
  let store: SqliteStore;
  beforeAll(async () => {
    store = new SqliteStore(file);
    for (const id of ['a', 'b', 'c']) await store.createTable({ id, game: 'schafkopf', settings: {}, finished: false, created: 1 });
  });
  afterAll(async () => {
    await store.close();
  });

  /** The table's log as another connection reads it from the file. */
  const onDisk = (table: string) => {
    const db = new Database(file, { readonly: true });
    try {
      return (db.prepare('SELECT idx, entry FROM table_log WHERE table_id = ? ORDER BY idx').all(table) as { idx: number; entry: string }[]).map((r) => [r.idx, JSON.parse(r.entry)]);
    } finally {
      db.close();
    }
  };

  it('a commit is on disk when its promise settles, and not before the turn ends', async () => {
    const p = store.commit({ tableId: 'a', from: 0, entries: [{ k: 'one' }] });
    // Asked for in this turn: not yet written.
    expect(onDisk('a')).toEqual([]);
    await p;
    expect(onDisk('a')).toEqual([[0, { k: 'one' }]]);
  });

  it('commits of one turn to several tables are written together; one that fails fails alone and writes nothing', async () => {
    const results = await Promise.allSettled([
      store.commit({ tableId: 'b', from: 0, entries: [{ n: 0 }, { n: 1 }] }),
      // Starts at the wrong index: a log conflict.
      store.commit({ tableId: 'c', from: 5, entries: [{ n: 5 }] }),
      store.commit({ tableId: 'a', from: 1, entries: [{ k: 'two' }] }),
      // The same index of table b again, in the same turn: the first one wins.
      store.commit({ tableId: 'b', from: 0, entries: [{ n: 'again' }] }),
      store.commit({ tableId: 'b', from: 2, entries: [{ n: 2 }] }),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'rejected', 'fulfilled']);
    for (const r of [results[1], results[3]]) expect(r.status === 'rejected' && isStoreError(r.reason) && r.reason.code).toBe('logConflict');
    expect(onDisk('b')).toEqual([
      [0, { n: 0 }],
      [1, { n: 1 }],
      [2, { n: 2 }],
    ]);
    expect(onDisk('c')).toEqual([]);
    expect(onDisk('a').map(([, e]) => e)).toEqual([{ k: 'one' }, { k: 'two' }]);
  });

  it('bad input is refused at once, before the turn’s transaction', async () => {
    const e = await store.commit({ tableId: 'c', from: -1, entries: [] }).catch((x: unknown) => x);
    expect(isStoreError(e) && e.code).toBe('badInput');
  });

  it('a commit still waiting when the store closes is written first', async () => {
    const other = new SqliteStore(file);
    const p = other.commit({ tableId: 'c', from: 0, entries: [{ last: true }] });
    await other.close();
    await p;
    expect(onDisk('c')).toEqual([[0, { last: true }]]);
  });
});
