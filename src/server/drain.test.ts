import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { autoplay, Client, RESTART_CODE } from './client.js';
import { serveChild, type ServeChild } from './clusterHarness.js';
import { get, post, seatedTable, tempDb, testServer, until } from './testing.js';

/**
 * Draining a single process (drain.ts): what SIGTERM does, against the real server: not ready and no new sockets or
 * tables while it drains; every acknowledged action stored; clients told to reconnect with 4001, which the test
 * client and the example client do, resuming at the restarted process from their last event; exit code 0.
 */

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

/** SIGTERM, resolved with the exit code and what the process printed. */
function terminate(s: ServeChild): Promise<{ code: number | null; out: string }> {
  let out = '';
  s.child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  // 'close', not 'exit': the last lines printed may still be unread at 'exit'.
  const exited = new Promise<{ code: number | null; out: string }>((r) => s.child.once('close', (code) => r({ code, out })));
  s.child.kill('SIGTERM');
  return exited;
}

/** Every player's action in the SQLite log, TABLE/USER/CSEQ with how often it is there. */
function loggedCounts(file: string): Map<string, number> {
  const db = new Database(file, { readonly: true });
  const counts = new Map<string, number>();
  for (const row of db.prepare('SELECT table_id, entry FROM table_log').all() as { table_id: string; entry: string }[]) {
    const e = JSON.parse(row.entry) as { k: string; user?: string; cseq?: number };
    if (e.k !== 'act' || !e.user) continue;
    const key = `${row.table_id}/${e.user}/${e.cseq}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  db.close();
  return counts;
}

describe('draining one process', () => {
  const children: ServeChild[] = [];
  const clients: Client[] = [];
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close().catch(() => undefined)));
    for (const c of children) if (!c.exited) c.child.kill('SIGKILL');
  });

  it('while it drains: /readyz is 503, new sockets and tables are refused with Retry-After, the rest answers', async () => {
    const server = await testServer();
    const c = await Client.guest(server.url, 'Early');
    clients.push(c);
    expect((await get<{ ready: boolean }>(server.url, '/readyz')).status).toBe(200);
    const { ticket } = (await post<{ ticket: string }>(server.url, '/api/ticket', {}, c.token)).body;
    server.draining.active = true;
    const ready = await get<{ ready: boolean; checks: Record<string, string> }>(server.url, '/readyz');
    expect(ready).toEqual({ status: 503, body: { ready: false, checks: { store: 'ok', accepting: 'draining: the process is shutting down' } } });
    const refused = await new Promise<{ status?: number; retry?: string }>((resolve) => {
      const ws = new WebSocket(`${server.url.replace(/^http/, 'ws')}/ws?ticket=${encodeURIComponent(ticket)}`);
      ws.on('unexpected-response', (req, res) => {
        resolve({ status: res.statusCode, retry: res.headers['retry-after'] });
        req.destroy();
      });
      ws.on('open', () => resolve({}));
      ws.on('error', () => undefined);
    });
    expect(refused).toEqual({ status: 503, retry: '1' });
    const made = await post<{ error: { code: string } }>(server.url, '/api/tables', { game: 'schafkopf' }, c.token);
    expect(made.status).toBe(503);
    expect(made.body.error.code).toBe('restarting');
    expect((await get<{ tables: unknown[] }>(server.url, '/api/tables')).status).toBe(200);
    expect((await get<{ ok: boolean }>(server.url, '/healthz')).status).toBe(200);
    // The socket opened before goes on until the drain closes it with 4001.
    const closed = new Promise<number>((r) => c.socket.once('close', (code) => r(code)));
    c.reconnectOnRestart = false;
    const report = await server.drain();
    expect(await closed).toBe(RESTART_CODE);
    expect(report).toMatchObject({ tables: 0, sockets: 1, unsettled: 0 });
  });

  it('the drain gives each socket a single-use ticket for its reconnect, just before the close (4001), that another process of the same store takes', async () => {
    const db = tempDb();
    const server = await testServer({ db });
    const c = await Client.guest(server.url, 'Leaving');
    clients.push(c);
    const { ticket } = (await post<{ ticket: string }>(server.url, '/api/ticket', {}, c.token)).body;
    const ws = new WebSocket(`${server.url.replace(/^http/, 'ws')}/ws?ticket=${encodeURIComponent(ticket)}`);
    const heard: { type: string; ticket?: string; expires?: number }[] = [];
    ws.on('message', (d) => heard.push(JSON.parse(d.toString()) as { type: string }));
    await new Promise((r) => ws.once('open', r));
    const closed = new Promise<number>((r) => ws.once('close', (code) => r(code)));
    const t0 = Date.now();
    await server.drain();
    expect(await closed).toBe(RESTART_CODE);
    const last = heard.at(-1)!;
    expect(last).toMatchObject({ type: 'restart', ticket: expect.stringMatching(/^[\w-]{20,}$/) });
    expect(last.expires).toBeGreaterThan(t0);
    // Another process of the same store (here: the restarted one) takes it, once.
    const next = await testServer({ db });
    const open = (t: string) =>
      new Promise<number>((resolve) => {
        const s = new WebSocket(`${next.url.replace(/^http/, 'ws')}/ws?ticket=${encodeURIComponent(t)}`);
        s.on('unexpected-response', (req, res) => {
          resolve(res.statusCode ?? 0);
          req.destroy();
        });
        s.on('open', () => {
          resolve(101);
          s.close();
        });
        s.on('error', () => undefined);
      });
    expect(await open(last.ticket!)).toBe(101);
    expect(await open(last.ticket!)).toBe(401);
    await next.close();
  });

  it('on SIGTERM stores every acknowledged action, tells clients to reconnect (4001) and exits 0; the clients resume at the restarted process', async () => {
    const db = tempDb();
    const port = await freePort();
    const args = ['--port', String(port), '--db', db];
    const first = await serveChild(args);
    children.push(first);
    const tables: { id: string; clients: Client[] }[] = [];
    for (let t = 0; t < 3; t++) {
      const players = await Promise.all([0, 1, 2, 3].map((i) => Client.guest(first.url, `p${t}${i}`)));
      for (const p of players) p.keepInbox = false;
      clients.push(...players);
      const id = await seatedTable(first.url, players[0], players, { game: 'schafkopf', clockMs: 0, botDelayMs: 0, length: { deals: 100 } });
      tables.push({ id, clients: players });
    }
    const acked: string[] = [];
    const closes: number[] = [];
    for (const t of tables) for (const c of t.clients) c.socket.once('close', (code) => closes.push(code));
    const stops = tables.flatMap((t) => t.clients.map((c) => autoplay(c, t.id, { pause: () => 2, onAck: () => acked.push(`${t.id}/${c.user.id}/${c.table(t.id).cseq}`) })));
    await sleep(1500);
    await until('more than 20 acknowledged actions', () => acked.length > 20, 60_000);

    const t0 = performance.now();
    const { code, out } = await terminate(first);
    const drainMs = performance.now() - t0;
    expect(code).toBe(0);
    expect(out).toMatch(/stich server drained in \d+ ms: 12 sockets told to reconnect; 3 tables stored/);
    await until('every socket to be closed', () => closes.length === 12);
    expect(closes.every((c) => c === RESTART_CODE)).toBe(true);
    const atStop = acked.length;
    // Everything acknowledged is in the log once.
    const stored = loggedCounts(db);
    expect(acked.filter((a) => !stored.has(a))).toEqual([]);
    expect([...stored.values()].filter((n) => n > 1)).toEqual([]);

    // The process comes back on the same port and database; the clients find it by themselves and play on.
    await sleep(500);
    const lastAt = new Map(tables.flatMap((t) => t.clients.map((c) => [c, c.table(t.id).last] as const)));
    const second = await serveChild(args);
    children.push(second);
    await until('every client to see its table go on', () => acked.length > atStop && tables.every((t) => t.clients.every((c) => !c.restarting && c.table(t.id).last > lastAt.get(c)!)), 60_000);
    await sleep(500);
    stops.forEach((s) => s());
    // Each reconnected with the ticket the drain sent it, without asking for one.
    expect(tables.flatMap((t) => t.clients.filter((c) => !c.lastOpen.restartTicket).map((c) => c.user.name))).toEqual([]);
    expect(acked.length).toBeGreaterThan(atStop);
    for (const t of tables) for (const c of t.clients) expect(c.table(t.id).problems).toEqual([]);
    second.child.kill('SIGTERM');
    await new Promise((r) => second.child.once('exit', r));
    const after = loggedCounts(db);
    expect(acked.filter((a) => !after.has(a))).toEqual([]);
    expect([...after.values()].filter((n) => n > 1)).toEqual([]);
    console.log(`single process: drained in ${Math.round(drainMs)} ms (SIGTERM to exit), ${atStop} actions acknowledged before, ${acked.length} in all, every one stored once`);
  });

  it('the example client reconnects after a restart (4001) and finishes its sitting', async () => {
    const db = tempDb();
    const port = await freePort();
    const args = ['--port', String(port), '--db', db];
    const first = await serveChild(args);
    children.push(first);
    const script = fileURLToPath(new URL('../../examples/client.mjs', import.meta.url));
    const example = spawn(process.execPath, [script, first.url, 'bauernschnapsen'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    example.stdout.on('data', (d: Buffer) => (out += d.toString()));
    example.stderr.on('data', (d: Buffer) => (out += d.toString()));
    // 'close', not 'exit': its last lines may still be unread at 'exit'.
    const exited = new Promise<number | null>((r) => example.once('close', r));
    try {
      await until('the first deal to be played', () => out.includes('deal 1 over'), 60_000);
      expect((await terminate(first)).code).toBe(0);
      await sleep(300);
      const second = await serveChild(args);
      children.push(second);
      expect(await exited).toBe(0);
    } finally {
      example.kill('SIGKILL');
    }
    expect(out).toMatch(/the server restarts: reconnecting in \d+ ms/);
    expect(out).toContain('reconnected');
    expect(out).toMatch(/sitting over after 2 deals/);
    expect(out).not.toMatch(/gap: expected/);
  });
});
