import { existsSync, renameSync, rmSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import Database from 'better-sqlite3';
import { CliError } from './play.js';

export interface BackupOptions {
  /** The server's SQLite file (default: STICH_DB). */
  readonly db?: string;
  readonly to?: string;
  /** Replace `to` if it exists. */
  readonly force?: boolean;
}

export interface BackupReport {
  readonly from: string;
  readonly to: string;
  readonly bytes: number;
  readonly pages: number;
  readonly tables: number;
  readonly records: number;
  readonly ms: number;
}

/**
 * `stich backup --db FILE --to FILE`: a consistent copy of an SQLite database, also while a server writes it. SQLite's
 * online backup (better-sqlite3's `backup`) copies every page in one step, inside one read transaction: the copy is the
 * database as it stood at one instant (in WAL mode the server's writes go on meanwhile). The copy is written beside
 * its destination, checked (`PRAGMA integrity_check`), and only then renamed into place: a failed backup leaves no
 * half-written file under the name.
 */
export async function backupCommand(opts: BackupOptions, out: NodeJS.WritableStream = process.stdout, env: NodeJS.ProcessEnv = process.env): Promise<BackupReport> {
  const t0 = performance.now();
  const from = opts.db ?? (env.STICH_DB?.trim() || undefined);
  if (from === undefined) throw new CliError('name the server\'s database with --db FILE (or STICH_DB)');
  if (opts.to === undefined || opts.to.trim() === '') throw new CliError('name the copy with --to FILE');
  const to = opts.to;
  if (/^postgres(ql)?:\/\//.test(from)) throw new CliError('stich backup copies an SQLite file; back up a PostgreSQL store with pg_dump (docs/deploy.md)');
  if (!existsSync(from)) throw new CliError(`${from}: no such file`);
  if (existsSync(to) && !opts.force) throw new CliError(`${to} exists already: name another file, or replace it with --force`);
  if (!existsSync(dirname(to) || '.')) throw new CliError(`${dirname(to)}: no such folder`);
  let source: Database.Database;
  try {
    source = new Database(from, { readonly: true, fileMustExist: true });
    source.pragma('busy_timeout = 5000');
    const stich = source.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'").get();
    if (!stich) throw new Error('not a stich database (it has no schema_migrations table)');
  } catch (e) {
    throw new CliError(`${from}: ${(e as Error).message}`);
  }
  const partial = join(dirname(to), `.${basename(to)}.partial-${process.pid}`);
  try {
    // One step for all pages: a step that finds the database changed by another connection would start again.
    const done = await source.backup(partial, { progress: () => 0x7fffffff });
    const copy = new Database(partial, { fileMustExist: true });
    try {
      const check = copy.pragma('integrity_check', { simple: true });
      if (check !== 'ok') throw new Error(`the copy fails SQLite's integrity check: ${String(check)}`);
      const count = (table: string) => (copy.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
      const report = { tables: count('tables'), records: count('records'), pages: done.totalPages };
      copy.close();
      renameSync(partial, to);
      const result: BackupReport = { from, to, bytes: statSync(to).size, ...report, ms: Math.round(performance.now() - t0) };
      out.write(`${from} backed up to ${to}: ${result.tables} table${result.tables === 1 ? '' : 's'}, ${result.records} record${result.records === 1 ? '' : 's'}, ${(result.bytes / 1024).toFixed(0)} KiB, integrity ok, in ${result.ms} ms\n`);
      return result;
    } finally {
      if (copy.open) copy.close();
    }
  } catch (e) {
    throw new CliError(`cannot back up ${from} to ${to}: ${(e as Error).message}`);
  } finally {
    source.close();
    for (const f of [partial, `${partial}-wal`, `${partial}-shm`]) rmSync(f, { force: true });
  }
}
