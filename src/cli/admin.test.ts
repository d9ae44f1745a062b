import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { post, tempDb, testServer } from '../server/testing.js';
import type { RunningServer } from '../server/server.js';
import { freshPgDatabase, STORE_KINDS, type FreshDatabase } from '../server/store/testing.js';
import { withoutServeEnvironment } from './config.js';

/** `stich admin` as an operator runs it (the built CLI, `npm run build` first) on the database of a running server. */
const BIN = join(process.cwd(), 'dist/cli/main.js');
const stich = (args: string[], env: NodeJS.ProcessEnv = {}) => spawnSync(process.execPath, [BIN, 'admin', ...args], { encoding: 'utf8', env: { ...withoutServeEnvironment(), ...env } });

describe('stich admin', () => {
  const servers: RunningServer[] = [];
  const databases: FreshDatabase[] = [];
  afterAll(async () => {
    for (const s of servers) await s.close();
    for (const d of databases) await d.drop();
  });

  async function checkOn(server: RunningServer, where: string[], env: NodeJS.ProcessEnv = {}) {
    const reg = await post<{ token: string }>(server.url, '/api/register', { name: 'Wirtin', password: 'schenke-am-zapfhahn-7' });
    const me = async () => (await (await fetch(`${server.url}/api/admin/me`, { headers: { authorization: `Bearer ${reg.body.token}` } })).json()) as { admin: boolean };
    expect(await me()).toEqual({ admin: false });
    const grant = stich(['grant', 'Wirtin', ...where], env);
    expect([grant.status, grant.stdout, grant.stderr]).toEqual([0, 'Wirtin is an admin now\n', '']);
    // The running server sees it at once.
    expect(await me()).toEqual({ admin: true });
    expect(stich(['list', ...where], env).stdout).toBe('Wirtin\n');
    const revoke = stich(['revoke', 'wirtin', ...where, '--reason', 'zu streng'], env);
    expect([revoke.status, revoke.stdout]).toEqual([0, 'Wirtin is no longer an admin\n']);
    expect(await me()).toEqual({ admin: false });
    expect(stich(['list', ...where], env).stdout).toBe('no admins\n');
    const unknown = stich(['grant', 'Niemand', ...where], env);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toMatch(/no registered player named "Niemand"/);
  }

  it('grants, lists and revokes the admin role on a running server\'s SQLite file (--db, or STICH_DB)', async () => {
    const db = tempDb();
    const server = await testServer({ db });
    servers.push(server);
    await checkOn(server, [], { STICH_DB: db });
    const bad = stich(['promote', 'Wirtin', '--db', db]);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/stich admin grant NAME, revoke NAME or list/);
    const none = stich(['grant', 'Wirtin']);
    expect(none.status).toBe(2);
    expect(none.stderr).toMatch(/--db FILE or --pg URL/);
  });

  // Every other store kind of this run (PostgreSQL when STICH_PG_URL names one, as in CI).
  it.each(STORE_KINDS.filter((k) => k === 'postgres'))('on %s (--pg)', async () => {
    const fresh = await freshPgDatabase();
    databases.push(fresh);
    const server = await testServer({ pg: fresh.url });
    servers.push(server);
    await checkOn(server, ['--pg', fresh.url]);
  });
});
