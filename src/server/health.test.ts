import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import type { RunningServer } from './server.js';
import { get, tempDb, testServer } from './testing.js';

type Ready = { ready: boolean; checks: Record<string, string> };

describe('GET /healthz and /readyz', () => {
  let server: RunningServer | undefined;
  afterEach(async () => {
    await server?.close().catch(() => undefined);
    server = undefined;
  });

  it('are 200 while the store answers with this version\'s schema', async () => {
    server = await testServer();
    expect(await get(server.url, '/healthz')).toEqual({ status: 200, body: { ok: true } });
    expect(await get<Ready>(server.url, '/readyz')).toEqual({ status: 200, body: { ready: true, checks: { store: 'ok', accepting: 'ok' } } });
  });

  it('readyz is 503 when another version migrated the database further, and says why', async () => {
    const db = tempDb();
    server = await testServer({ db });
    // A newer stich, started on the same file, applied a migration this version does not know.
    const other = new Database(db);
    other.prepare('INSERT INTO schema_migrations (version, name, checksum, applied) VALUES (999, ?, ?, ?)').run('from_the_future', 'x', Date.now());
    other.close();
    const r = await get<Ready>(server.url, '/readyz');
    expect(r.status).toBe(503);
    expect(r.body.ready).toBe(false);
    expect(r.body.checks.store).toMatch(/migration 999, which this version of stich does not know/);
    // The process itself still runs.
    expect((await get(server.url, '/healthz')).status).toBe(200);
  });

  it('readyz is 503 when the store is out of reach', async () => {
    server = await testServer();
    await server.hall.store.close();
    const r = await get<Ready>(server.url, '/readyz');
    expect(r.status).toBe(503);
    expect(r.body.checks.store).toMatch(/^the store fails: .*not open/);
    expect((await get(server.url, '/healthz')).status).toBe(200);
  });
});
