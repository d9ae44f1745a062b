/**
 * Test helpers for the stores (not part of the build): a fresh PostgreSQL
 * database from STICH_PG_URL, and a fresh store of either kind.
 *
 * STICH_PG_URL names a PostgreSQL server and a database to connect to for
 * creating and dropping test databases (e.g. postgres://postgres@127.0.0.1:5432/test);
 * its user must be allowed to create databases. The tests never touch that
 * database itself, only the ones they create (named stich_test_…) and drop.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { expect } from 'vitest';
import { PgStore } from './postgres.js';
import { SqliteStore } from './sqlite.js';
import { isStoreError, type Store, type StoreErrorCode } from './store.js';

/** The one line printed when the PostgreSQL tests are left out. */
export const PG_HINT = 'PostgreSQL tests left out: set STICH_PG_URL=postgres://postgres@127.0.0.1:5432/test (a server whose user may create databases) to run them';
/** The one line printed when the cluster tests are left out. */
export const CLUSTER_HINT = 'cluster tests left out: set STICH_PG_URL=postgres://postgres@127.0.0.1:5432/test and STICH_REDIS_URL=redis://127.0.0.1:6379 to run them';

/** STICH_REDIS_URL, or undefined when the cluster tests are left out. */
export function redisUrl(): string | undefined {
  const url = process.env.STICH_REDIS_URL;
  return url && url.trim() !== '' ? url.trim() : undefined;
}

/** STICH_PG_URL, or undefined when PostgreSQL tests are to be skipped. */
export function pgUrl(): string | undefined {
  const url = process.env.STICH_PG_URL;
  return url && url.trim() !== '' ? url.trim() : undefined;
}

/** Vitest's global setup (vitest.config.ts, which leaves those test files out): says once per run which tests need a service that is not named, and how to name it. */
export default function announce(): void {
  if (!pgUrl()) console.log(PG_HINT);
  if (!pgUrl() || !redisUrl()) console.log(CLUSTER_HINT);
}

export interface FreshDatabase {
  /** The new database's URL. */
  readonly url: string;
  readonly name: string;
  /** Drops the database (closing whatever connections are still open to it). */
  drop(): Promise<void>;
}

async function admin<R>(url: string, fn: (client: pg.Client) => Promise<R>): Promise<R> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Creates an empty database with a random name on the server of STICH_PG_URL (or `base`). */
export async function freshPgDatabase(base = pgUrl()): Promise<FreshDatabase> {
  if (!base) throw new Error(PG_HINT);
  const name = `stich_test_${randomBytes(6).toString('hex')}`;
  await admin(base, (c) => c.query(`CREATE DATABASE ${name}`));
  const url = new URL(base);
  url.pathname = `/${name}`;
  let dropped = false;
  return {
    url: url.toString(),
    name,
    drop: async () => {
      if (dropped) return;
      dropped = true;
      await admin(base, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

export type StoreKind = 'sqlite' | 'postgres';

/** The kinds of store to test on this machine: SQLite always, PostgreSQL when STICH_PG_URL is set. */
export const STORE_KINDS: readonly StoreKind[] = pgUrl() ? ['sqlite', 'postgres'] : ['sqlite'];

/** Where a test server or store keeps its data: a fresh SQLite file or a fresh PostgreSQL database. */
export interface TestDatabase {
  readonly kind: StoreKind;
  /** The server's options for it: `{ db }` or `{ pg }`. */
  readonly options: { db: string } | { pg: string };
  open(): Promise<Store>;
  drop(): Promise<void>;
}

export async function testDatabase(kind: StoreKind): Promise<TestDatabase> {
  if (kind === 'sqlite') {
    const db = join(mkdtempSync(join(tmpdir(), 'stich-store-')), 'test.db');
    return { kind, options: { db }, open: async () => new SqliteStore(db), drop: async () => undefined };
  }
  const fresh = await freshPgDatabase();
  return { kind, options: { pg: fresh.url }, open: () => PgStore.open(fresh.url), drop: () => fresh.drop() };
}

/** A unique id for a test row: the prefix and 48 random bits. */
export const testId = (prefix: string): string => `${prefix}-${randomBytes(6).toString('base64url')}`;

/** Expects the store call to fail with this code; returns the error's message. */
export async function failsWith(p: Promise<unknown>, code: StoreErrorCode): Promise<string> {
  const e = await p.then(
    () => undefined,
    (x: unknown) => x,
  );
  expect(isStoreError(e) ? e.code : e).toBe(code);
  return (e as Error).message;
}
