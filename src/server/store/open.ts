import { SqliteStore } from './sqlite.js';
import type { SchemaState, Store } from './store.js';

/** Where the server keeps its data: a PostgreSQL URL (`pg`) or else an SQLite file (`db`). */
export interface StoreLocation {
  readonly db?: string;
  readonly pg?: string;
  /** PostgreSQL: connections opened at once and kept open (a server's, so that a burst does not wait for new ones). */
  readonly warm?: number;
}

/** Opens the store and applies its pending migrations. */
export async function openStore(where: StoreLocation): Promise<Store & SchemaState> {
  if (where.pg !== undefined) {
    if (!/^postgres(ql)?:\/\//.test(where.pg)) throw new Error(`a PostgreSQL URL starts with postgres:// (postgres://user@host:5432/database), not ${JSON.stringify(describeLocation(where))}`);
    // pg loads only for a PostgreSQL store: a server on SQLite starts without it.
    const { PgStore } = await import('./postgres.js');
    return PgStore.open(where.pg, where.warm ? { min: where.warm } : {});
  }
  if (where.db === undefined || where.db === '') throw new Error('no database: name an SQLite file or a PostgreSQL URL');
  return new SqliteStore(where.db);
}

/** The location for messages and logs, without a password. */
export function describeLocation(where: StoreLocation): string {
  if (where.pg === undefined) return where.db ?? '';
  try {
    const url = new URL(where.pg);
    if (url.password) url.password = '***';
    return url.toString();
  } catch {
    return '(an unreadable URL)';
  }
}
