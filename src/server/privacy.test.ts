import { Writable } from 'node:stream';
import WebSocket from 'ws';
import { afterEach, describe, expect, it } from 'vitest';
import { autoplay, Client } from './client.js';
import type { PlayerPage } from './protocol.js';
import type { RunningServer } from './server.js';
import { get, seatedTable, testServer } from './testing.js';

/** A sitting of one deal at a table of `player` and three bots, public or private; resolves with the table id. */
async function sitting(server: RunningServer, player: Client, isPublic: boolean): Promise<string> {
  const table = await seatedTable(server.url, player, [player], { game: 'schafkopf', seats: ['open', 'bot', 'bot', 'bot:random'], length: { deals: 1 }, public: isPublic });
  const ended = player.next((m) => m.type === 'events' && m.table === table && m.events.some((e) => e.event.type === 'sittingEnd'), 60_000);
  const stop = autoplay(player, table);
  await ended;
  stop();
  return table;
}

const page = async (server: RunningServer, name: string, token?: string) => {
  const res = await fetch(`${server.url}/api/players/${encodeURIComponent(name)}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  return (await res.json()) as PlayerPage;
};

describe('private sittings and chat (issue 20)', () => {
  let server: RunningServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it("a private sitting is on its player's own page only: no table id or record of it for anyone else", async () => {
    server = await testServer();
    const resi = await Client.account(server.url, 'Resi', 'her password');
    const open = await sitting(server, resi, true);
    const secret = await sitting(server, resi, false);
    const tables = (p: PlayerPage) => p.sittings.map((s) => s.table);
    expect(tables(await page(server, 'Resi', resi.token)).sort()).toEqual([open, secret].sort());
    const stranger = await Client.guest(server.url, 'Fremder');
    for (const seen of [await page(server, 'Resi'), await page(server, 'Resi', stranger.token)]) {
      expect(tables(seen)).toEqual([open]);
      expect(JSON.stringify(seen)).not.toContain(secret);
    }
    // Nor does the lobby or the list of tables lead there.
    expect(JSON.stringify((await get(server.url, '/api/tables?limit=100')).body)).not.toContain(secret);
    await resi.close();
    await stranger.close();
  });

  it('chat only from a connection that follows the table or a player seated there', async () => {
    server = await testServer();
    const [anna, bert] = await Promise.all([Client.guest(server.url, 'Anna'), Client.guest(server.url, 'Bert')]);
    const made = await fetch(`${server.url}/api/tables`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${anna.token}` }, body: JSON.stringify({ game: 'schafkopf' }) });
    const id = ((await made.json()) as { id: string }).id;
    await anna.join(id);
    const refused = await bert.request({ type: 'chat', table: id, text: 'Servus von draußen' });
    expect(refused).toMatchObject({ type: 'error', code: 'notJoined' });
    expect(server.hall.tables.get(id)!.state.sitting.logLength).toBe(0);
    await bert.join(id);
    expect((await bert.request({ type: 'chat', table: id, text: 'Servus' })).type).toBe('ok');
    bert.send({ type: 'unjoin', table: id });
    await new Promise((r) => setTimeout(r, 200));
    expect(await bert.request({ type: 'chat', table: id, text: 'noch einmal' })).toMatchObject({ type: 'error', code: 'notJoined' });
    expect((await anna.request({ type: 'chat', table: id, text: 'Pfiat di' })).type).toBe('ok');
    await anna.close();
    await bert.close();
  });
});

describe("a client's protocol errors are no errors of the server (issue 20)", () => {
  it('a flood of malformed and refused messages, bad bodies and oversized frames writes nothing at error level and no stack trace', async () => {
    const lines: { level: number; msg: string; err?: unknown }[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        for (const line of chunk.toString().split('\n')) if (line.trim()) lines.push(JSON.parse(line) as { level: number; msg: string });
        done();
      },
    });
    const { testServer: start } = await import('./testing.js');
    const server = await start({ logLevel: 'debug', logStream: stream, limits: { messageRate: 1000, messageBurst: 1000, strikes: 1000 } });
    try {
      const c = await Client.guest(server.url, 'Stoerer');
      const junk = ['nope', '{"type":"x"}', '[]', 'null', '{"type":"act","table":"zz","cseq":1,"action":"a"}', '{"type":"act","table":"zz","cseq":-4,"action":"a"}', '{"type":"chat","table":"zz","text":"hi"}', '{"type":"sit","table":"zz","seat":99}', '{"type":"lobby","limit":100000}'];
      for (let i = 0; i < 300; i++) c.sendRaw(junk[i % junk.length]);
      const last = c.next((m) => m.type === 'error' && m.table === 'nosuchtable');
      c.send({ type: 'chat', table: 'nosuchtable', text: 'x' });
      await last;
      for (const body of ['{bad', '{"game":"zz"}', '[1,2]', 'x'.repeat(70_000)]) {
        await fetch(`${server.url}/api/tables`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${c.token}` }, body });
      }
      await fetch(`${server.url}/api/guest`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":' });
      // A frame over the size limit closes that socket.
      const { ticket } = (await (await fetch(`${server.url}/api/ticket`, { method: 'POST', headers: { authorization: `Bearer ${c.token}` } })).json()) as { ticket: string };
      const ws = new WebSocket(`${server.url.replace(/^http/, 'ws')}/ws?ticket=${encodeURIComponent(ticket)}`);
      await new Promise((r) => ws.once('open', r));
      const closed = new Promise((r) => ws.once('close', r));
      ws.send('x'.repeat(100_000));
      await closed;
      await c.close();
      await new Promise((r) => setTimeout(r, 200));
    } finally {
      await server.close();
    }
    expect(lines.length).toBeGreaterThan(10);
    expect(lines.filter((l) => l.level >= 50)).toEqual([]);
    expect(lines.filter((l) => JSON.stringify(l).includes('    at '))).toEqual([]);
    expect(lines.some((l) => l.msg === 'closed a socket after a protocol error' || l.msg === 'socket error')).toBe(true);
  });
});
