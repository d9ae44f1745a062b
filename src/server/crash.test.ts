import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { autoplay, Client } from './client.js';
import { seatedTable, tempDb } from './testing.js';

const main = fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url));
const children: ChildProcess[] = [];
afterAll(() => children.forEach((c) => c.kill('SIGKILL')));

/** `stich serve` as a child process; resolves with its address once it listens. */
function serve(db: string): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [main, 'serve', '--port', '0', '--db', db, '--log', 'warn'], { stdio: ['ignore', 'pipe', 'inherit'] });
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

describe('kill -9', () => {
  it('loses no acknowledged action; every table and every client resumes without a gap or a duplicate', async () => {
    const db = tempDb();
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
    await new Promise((r) => setTimeout(r, 1500));
    first.child.kill('SIGKILL');
    await new Promise((r) => first.child.once('exit', r));
    stops.forEach((s) => s());
    expect(acked.length).toBeGreaterThan(50);

    // Every acknowledged action is in the log.
    const sqlite = new Database(db, { readonly: true });
    const logged = new Set<string>();
    for (const row of sqlite.prepare('SELECT table_id, entry FROM table_log').all() as { table_id: string; entry: string }[]) {
      const e = JSON.parse(row.entry) as { k: string; user?: string; cseq?: number };
      if (e.k === 'act' && e.user) logged.add(`${row.table_id}/${e.user}/${e.cseq}`);
    }
    sqlite.close();
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
    await new Promise((r) => setTimeout(r, 1000));
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
