import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { gameById } from '../../games/registry.js';
import { replayRecord, type GameRecord } from '../../records/record.js';
import type { RunningServer } from '../server.js';
import { finishedSitting, get, testServer } from '../testing.js';
import { freshPgDatabase, type FreshDatabase } from './testing.js';

/** PostgreSQL's client programs, which the backup needs (.ci/run installs them when they are missing). */
const binaries = ['pg_dump', 'pg_restore'].every((b) => spawnSync(b, ['--version']).status === 0);
if (!binaries) throw new Error('this test needs pg_dump and pg_restore on the PATH: apt-get install postgresql-client');

/** docs/deploy.md's backup of a PostgreSQL store: pg_dump in the custom format, pg_restore into an empty database. */
describe('a PostgreSQL store backed up with pg_dump and restored with pg_restore (docs/deploy.md)', () => {
  const databases: FreshDatabase[] = [];
  const servers: RunningServer[] = [];
  afterAll(async () => {
    for (const s of servers) await s.close();
    for (const d of databases) await d.drop();
  });

  it('a server on the restored database has every finished sitting, its players, its schema and its moderation', async () => {
    const live = await freshPgDatabase();
    databases.push(live);
    const server = await testServer({ pg: live.url });
    servers.push(server);
    const sittings = [await finishedSitting(server, 'Vroni'), await finishedSitting(server, 'Vroni'), await finishedSitting(server, 'Kathi')];
    const admin = await server.hall.store.findPlayer('Kathi');
    await server.hall.store.moderation!.setRole(admin!.id, 'admin', true, { at: Date.now(), actorId: null, actorName: 'command line', action: 'grant', userId: admin!.id, userName: 'Kathi', reason: 'test' });

    // Dumped while the server runs: pg_dump reads one snapshot.
    const dump = join(mkdtempSync(join(tmpdir(), 'stich-pgdump-')), 'stich.dump');
    const t0 = performance.now();
    execFileSync('pg_dump', ['--format=custom', '--no-owner', `--file=${dump}`, live.url]);
    const restored = await freshPgDatabase();
    databases.push(restored);
    execFileSync('pg_restore', ['--no-owner', '--exit-on-error', `--dbname=${restored.url}`, dump]);
    console.log(`pg_dump and pg_restore of ${sittings.length} finished sittings: ${Math.round(performance.now() - t0)} ms`);

    const again = await testServer({ pg: restored.url });
    servers.push(again);
    expect((await get(again.url, '/readyz')).status).toBe(200);
    for (const { table, record } of sittings) {
      expect(await again.hall.store.recordsOfTable(table)).toEqual([record]);
      const rec = await get<GameRecord>(again.url, `/api/records/${record}`);
      expect(rec.status).toBe(200);
      const replay = replayRecord(rec.body, gameById('schafkopf')!);
      expect(replay.ok ? 'ok' : replay.error.message).toBe('ok');
    }
    const page = async (name: string) => (await get<{ sittings: { record: string }[] }>(again.url, `/api/players/${name}`)).body.sittings.map((s) => s.record).sort();
    // finishedSitting plays each sitting as a new guest; the player page shows the latest guest of the name.
    expect(await page('Vroni')).toEqual([sittings[1].record]);
    expect(await page('Kathi')).toEqual([sittings[2].record]);
    expect(await again.hall.store.moderation!.hasRole(admin!.id, 'admin')).toBe(true);
    expect((await again.hall.store.moderation!.auditLog(10)).map((a) => a.action)).toEqual(['grant']);
  });
});
