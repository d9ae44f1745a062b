import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { gameById } from '../games/registry.js';
import { replayRecord, type GameRecord } from '../records/record.js';
import { Client } from '../server/client.js';
import type { RunningServer } from '../server/server.js';
import { finishedSitting, get, post, tempDb, testServer } from '../server/testing.js';
import { backupCommand } from './backup.js';
import { withoutServeEnvironment } from './config.js';

const BIN = join(process.cwd(), 'dist/cli/main.js');
const servers: RunningServer[] = [];
afterAll(async () => {
  for (const s of servers) await s.close();
});

describe('stich backup (SQLite online backup of a running server)', () => {
  it('copies a running server\'s database while a table writes; a server started on the copy has the finished sitting and rebuilds the running table', async () => {
    const db = tempDb();
    // Bots acting every 20 ms keep a table writing during the backup.
    const running = await testServer({ db, tableDefaults: { clockMs: 0, botDelayMs: 20 } });
    servers.push(running);
    const { table, record } = await finishedSitting(running, 'Resi');
    const owner = await Client.guest(running.url, 'Zuschauer');
    const busy = await post<{ id: string }>(running.url, '/api/tables', { game: 'schafkopf', seats: ['bot', 'bot', 'bot', 'bot'], length: { deals: 1000 } }, owner.token);
    expect(busy.status).toBe(200);
    await expect.poll(() => running.hall.tables.get(busy.body.id)!.lastEvent, { timeout: 20_000 }).toBeGreaterThan(40);

    const copy = join(dirname(tempDb()), 'copy.db');
    const lines: string[] = [];
    const report = await backupCommand({ db, to: copy }, { write: (s: string) => lines.push(s) } as unknown as NodeJS.WritableStream, {});
    expect(report.records).toBe(1);
    expect(report.tables).toBe(2);
    expect(lines.join('')).toMatch(new RegExp(`backed up to ${copy}: 2 tables, 1 record, \\d+ KiB, integrity ok, in \\d+ ms`));
    // The running table went on writing during and after the copy.
    const at = running.hall.tables.get(busy.body.id)!.lastEvent;
    await expect.poll(() => running.hall.tables.get(busy.body.id)!.lastEvent, { timeout: 20_000 }).toBeGreaterThan(at);
    await owner.close();

    const restored = await testServer({ db: copy, tableDefaults: { clockMs: 0, botDelayMs: 20 } });
    servers.push(restored);
    expect(await restored.hall.store.recordsOfTable(table)).toEqual([record]);
    const rec = await get<GameRecord>(restored.url, `/api/records/${record}`);
    expect(rec.status).toBe(200);
    const replay = replayRecord(rec.body, gameById('schafkopf')!);
    expect(replay.ok ? 'ok' : replay.error.message).toBe('ok');
    const page = await get<{ sittings: { record: string }[] }>(restored.url, '/api/players/Resi');
    expect(page.body.sittings.map((s) => s.record)).toEqual([record]);
    // The copy's log of the table that was being played rebuilds: it is a state the table was in.
    expect(restored.hall.tables.get(busy.body.id)?.phase).toBe('playing');
    expect((await get<{ phase: string }>(restored.url, `/api/tables/${busy.body.id}`)).body.phase).toBe('playing');
  });

  it('refuses a missing source, a file that is not a stich database, and an existing copy (without --force), leaving no partial file', async () => {
    const dir = dirname(tempDb());
    const quiet = { write: () => true } as unknown as NodeJS.WritableStream;
    await expect(backupCommand({ db: join(dir, 'none.db'), to: join(dir, 'a.db') }, quiet, {})).rejects.toThrow(/none\.db: no such file/);
    writeFileSync(join(dir, 'text.db'), 'no database');
    await expect(backupCommand({ db: join(dir, 'text.db'), to: join(dir, 'a.db') }, quiet, {})).rejects.toThrow(/text\.db: file is not a database/);
    await expect(backupCommand({ to: join(dir, 'a.db') }, quiet, {})).rejects.toThrow(/--db FILE \(or STICH_DB\)/);
    await expect(backupCommand({ db: 'postgres://stich@db/stich', to: join(dir, 'a.db') }, quiet, {})).rejects.toThrow(/with pg_dump/);
    const db = tempDb();
    (await testServer({ db }).then((s) => s.close()));
    writeFileSync(join(dir, 'taken.db'), 'mine');
    await expect(backupCommand({ db, to: join(dir, 'taken.db') }, quiet, { STICH_DB: 'ignored.db' })).rejects.toThrow(/taken\.db exists already: .* --force/);
    expect((await backupCommand({ to: join(dir, 'taken.db'), force: true }, quiet, { STICH_DB: db })).records).toBe(0);
    expect(readdirSync(dir).filter((f) => f.includes('partial'))).toEqual([]);
  });

  it('runs as the stich command', async () => {
    const db = tempDb();
    const server = await testServer({ db });
    servers.push(server);
    await finishedSitting(server, 'Sepp');
    const to = join(dirname(db), 'cli-copy.db');
    const r = spawnSync(process.execPath, [BIN, 'backup', '--db', db, '--to', to], { encoding: 'utf8', env: withoutServeEnvironment() });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/backed up to .*cli-copy\.db: 1 table, 1 record, .*integrity ok/);
    expect(existsSync(to)).toBe(true);
    const again = spawnSync(process.execPath, [BIN, 'backup', '--db', db, '--to', to], { encoding: 'utf8', env: withoutServeEnvironment() });
    expect(again.status).toBe(2);
    expect(again.stderr).toMatch(/^stich: .*cli-copy\.db exists already/);
  });
});
