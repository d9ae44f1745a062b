import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { gameById } from '../../games/registry.js';
import { replayRecord, type GameRecord } from '../../records/record.js';
import type { RunningServer } from '../server.js';
import { finishedSitting, get, testServer } from '../testing.js';
import { freshPgDatabase, type FreshDatabase } from './testing.js';

/** docs/deploy.md's backup of a PostgreSQL store: pg_dump in the custom format, pg_restore into an empty database. */
describe('a PostgreSQL store backed up with pg_dump and restored with pg_restore (docs/deploy.md)', () => {
  const databases: FreshDatabase[] = [];
  const servers: RunningServer[] = [];
  afterAll(async () => {
    for (const s of servers) await s.close();
    for (const d of databases) await d.drop();
  });

  it('a server on the restored database has the finished sitting, its player and its schema', async () => {
    const live = await freshPgDatabase();
    databases.push(live);
    const server = await testServer({ pg: live.url });
    servers.push(server);
    const { table, record } = await finishedSitting(server, 'Vroni');

    // Dumped while the server runs: pg_dump reads one snapshot.
    const dump = join(mkdtempSync(join(tmpdir(), 'stich-pgdump-')), 'stich.dump');
    execFileSync('pg_dump', ['--format=custom', '--no-owner', `--file=${dump}`, live.url]);
    const restored = await freshPgDatabase();
    databases.push(restored);
    execFileSync('pg_restore', ['--no-owner', '--exit-on-error', `--dbname=${restored.url}`, dump]);

    const again = await testServer({ pg: restored.url });
    servers.push(again);
    expect((await get(again.url, '/readyz')).status).toBe(200);
    expect(await again.hall.store.recordsOfTable(table)).toEqual([record]);
    const rec = await get<GameRecord>(again.url, `/api/records/${record}`);
    expect(rec.status).toBe(200);
    const replay = replayRecord(rec.body, gameById('schafkopf')!);
    expect(replay.ok ? 'ok' : replay.error.message).toBe('ok');
    const page = await get<{ sittings: { record: string }[]; ratings: unknown[] }>(again.url, '/api/players/Vroni');
    expect(page.body.sittings.map((s) => s.record)).toEqual([record]);
  });
});
