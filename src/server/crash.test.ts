import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { withoutServeEnvironment } from '../cli/config.js';
import { afterAll, describe, expect, it } from 'vitest';
import { autoplay, Client } from './client.js';
import { STORE_KINDS, testDatabase, type TestDatabase } from './store/testing.js';
import { seatedTable, until } from './testing.js';

const main = fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url));
const children: ChildProcess[] = [];
afterAll(() => children.forEach((c) => c.kill('SIGKILL')));

const databases: TestDatabase[] = [];
afterAll(async () => {
  for (const d of databases) await d.drop();
});

/** `stich serve` as a child process on that database; resolves with its address once it listens. */
function serve(database: TestDatabase): Promise<{ child: ChildProcess; url: string }> {
  const where = 'pg' in database.options ? ['--pg', database.options.pg] : ['--db', database.options.db];
  const child = spawn(process.execPath, [main, 'serve', '--port', '0', ...where, '--log', 'warn'], { stdio: ['ignore', 'pipe', 'inherit'], env: withoutServeEnvironment() });
  children.push(child);
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m) resolve({ child, url: m[1] });
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}: ${out}`)));
  });
}

describe.each(STORE_KINDS)('kill -9, stored in %s', (kind) => {
  it('loses no acknowledged action; every table and every client resumes without a gap or a duplicate', async () => {
    const db = await testDatabase(kind);
    databases.push(db);
    const first = await serve(db);
    const setups: [string, number, Record<string, unknown>][] = [
      ['schafkopf', 4, {}],
      ['schafkopf', 2, { seats: ['open', 'bot', 'open', 'bot'] }],
      ['talonschnapsen', 3, {}],
      ['karnoeffel', 4, {}],
      ['bauernschnapsen', 4, {}],
    ];
    const acked: { table: string; user: string; cseq: number }[] = [];
    const tables: { id: string; clients: Client[] }[] = [];
    for (const [game, humans, extra] of setups) {
      const clients = await Promise.all(Array.from({ length: humans }, (_, i) => Client.guest(first.url, `${game}${i}`)));
      const id = await seatedTable(first.url, clients[0], clients, { game, length: { deals: 50 }, clockMs: 0, botDelayMs: 0, ...extra });
      tables.push({ id, clients });
    }
    const stops = tables.flatMap(({ id, clients }) =>
      clients.map((c) => autoplay(c, id, { pause: () => 1, onAck: (_ms) => acked.push({ table: id, user: c.user.id, cseq: c.table(id).cseq }) })),
    );
    // Play for 1.5 s and until more than 50 actions are acknowledged (a loaded machine acknowledges fewer in 1.5 s).
    await new Promise((r) => setTimeout(r, 1500));
    await until('more than 50 acknowledged actions', () => acked.length > 50, 60_000);
    first.child.kill('SIGKILL');
    await new Promise((r) => first.child.once('exit', r));
    stops.forEach((s) => s());
    expect(acked.length).toBeGreaterThan(50);

    // Every acknowledged action is in the log.
    const store = await db.open();
    const logged = new Set<string>();
    for (const { id } of tables) {
      for (const row of await store.tableLog(id)) {
        const e = row.entry as { k: string; user?: string; cseq?: number };
        if (e.k === 'act' && e.user) logged.add(`${id}/${e.user}/${e.cseq}`);
      }
    }
    await store.close();
    const missing = acked.filter((a) => !logged.has(`${a.table}/${a.user}/${a.cseq}`));
    expect(missing).toEqual([]);

    // Restart on the same database: every table is back, every client resumes where it was.
    const second = await serve(db);
    const lastBefore = new Map<Client, number>();
    for (const { id, clients } of tables) {
      const info = await fetch(`${second.url}/api/tables/${id}`);
      expect(info.status).toBe(200);
      for (const c of clients) {
        lastBefore.set(c, c.table(id).last);
        c.base = second.url;
        await c.connect();
        const snap = await c.join(id, c.table(id).last);
        expect(snap.last).toBeGreaterThanOrEqual(lastBefore.get(c)!);
        expect(snap.cseq).toBe(c.table(id).cseq);
      }
    }
    const restops = tables.flatMap(({ id, clients }) => clients.map((c) => autoplay(c, id, { pause: () => 1 })));
    // Until every client has seen its table go on (not a fixed second: on a loaded machine a bot's table may take longer).
    await new Promise((r) => setTimeout(r, 1000));
    await until('every table to go on after the restart', () => tables.every(({ id, clients }) => clients.every((c) => c.table(id).last > lastBefore.get(c)!)), 60_000);
    restops.forEach((s) => s());
    for (const { id, clients } of tables) {
      for (const c of clients) {
        expect(c.table(id).problems).toEqual([]);
        // The table went on after the restart.
        expect(c.table(id).last).toBeGreaterThan(lastBefore.get(c)!);
      }
    }
    await Promise.all(tables.flatMap(({ clients }) => clients.map((c) => c.close())));
    second.child.kill('SIGTERM');
  });
});
