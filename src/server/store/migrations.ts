import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * Schema migrations: numbered SQL files, one folder per database
 * (`migrations/sqlite/`, `migrations/postgres/`), named `NNN_what.sql`.
 * Each store applies the ones not yet applied on start, in order, each in a
 * transaction, and records them in its `schema_migrations` table with a
 * checksum. A migration that was changed after it was applied, or a database
 * with migrations this code does not know (a newer version), stops the start.
 * Migrations are never edited once released: a change is a new file.
 */
export interface Migration {
  readonly version: number;
  readonly name: string;
  readonly sql: string;
  readonly checksum: string;
}

export type Dialect = 'sqlite' | 'postgres';

/** The migrations of one database, in order; the files sit beside this module (copied into dist/ by the build). */
export function migrations(dialect: Dialect): Migration[] {
  const dir = fileURLToPath(new URL(`./migrations/${dialect}/`, import.meta.url));
  const out: Migration[] = [];
  for (const file of readdirSync(dir).sort()) {
    if (!file.endsWith('.sql')) continue;
    const m = /^(\d{3})_([a-z0-9_]+)\.sql$/.exec(file);
    if (!m) throw new Error(`migrations/${dialect}/${file}: a migration is named NNN_name.sql`);
    const sql = readFileSync(dir + file, 'utf8');
    out.push({ version: Number(m[1]), name: m[2], sql, checksum: createHash('sha256').update(sql).digest('hex') });
  }
  // Increasing and each number once; a gap is allowed while parallel branches add their migrations (004, 005, …) one by one.
  out.forEach((m, i) => {
    const before = i === 0 ? 0 : out[i - 1].version;
    if (m.version <= before) throw new Error(`migrations/${dialect}: migration ${m.version} (${m.name}) comes after ${before}: each number once, in order`);
  });
  return out;
}

export interface AppliedMigration {
  readonly version: number;
  readonly checksum: string;
}

/** The migrations still to apply, after checking that the applied ones are ours and unchanged. */
export function pending(all: readonly Migration[], applied: readonly AppliedMigration[], dialect: Dialect): Migration[] {
  const known = new Map(all.map((m) => [m.version, m]));
  for (const a of applied) {
    const m = known.get(a.version);
    if (!m) throw new Error(`the ${dialect} database has migration ${a.version}, which this version of stich does not know: it was made by a newer version`);
    if (m.checksum !== a.checksum) throw new Error(`${dialect} migration ${a.version} (${m.name}) was changed after it was applied to this database`);
  }
  const done = new Set(applied.map((a) => a.version));
  return all.filter((m) => !done.has(m.version));
}
