import { rmSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { tempDb } from './testing.js';

export interface ClusterDatabase {
  readonly args: string[];
  loggedActions(): Promise<Set<string>>;
  drop(): Promise<void>;
}

// DEV ONLY until the PostgreSQL store is merged: a shared SQLite file.
export async function clusterDatabase(_pg: string): Promise<ClusterDatabase> {
  const file = tempDb();
  return {
    args: ['--db', file],
    async loggedActions() {
      const sqlite = new Database(file, { readonly: true });
      const logged = new Set<string>();
      for (const row of sqlite.prepare('SELECT table_id, entry FROM table_log').all() as { table_id: string; entry: string }[]) {
        const e = JSON.parse(row.entry) as { k: string; user?: string; cseq?: number };
        if (e.k === 'act' && e.user) logged.add(`${row.table_id}/${e.user}/${e.cseq}`);
      }
      sqlite.close();
      return logged;
    },
    async drop() {
      rmSync(dirname(file), { recursive: true, force: true });
    },
  };
}
