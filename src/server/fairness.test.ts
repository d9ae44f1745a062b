import { afterAll, describe, expect, it } from 'vitest';
import { parseCards } from '../cards/notation.js';
import { verifyDeal } from '../core/fairness.js';
import { gameById } from '../games/registry.js';
import { resolveRules } from '../games/ruleBook.js';
import { parseRecord } from '../records/record.js';
import { verifyRecord } from '../records/verify.js';
import { autoplay, Client } from './client.js';
import type { FairCommitment, FairReveal, NumberedTableEvent, ServerMessage } from './protocol.js';
import type { RunningServer } from './server.js';
import type { LogEntry } from './table.js';
import { dealt, get, seatedTable, tempDb, testServer } from './testing.js';

/**
 * Provably fair deals over the wire (docs/fairness.md): clients connected to
 * the real server see the commitment before the cards, their contributions
 * in the reveal, never the seed (or the deck) before the deal is over, and a
 * reveal that verifies.
 */
const servers: RunningServer[] = [];
afterAll(async () => {
  for (const s of servers) await s.close().catch(() => undefined);
});

async function server(options: Parameters<typeof testServer>[0] = {}): Promise<RunningServer> {
  const s = await testServer(options);
  servers.push(s);
  return s;
}

/** Every frame a client receives, as the text that came over the socket, in order. */
function recordFrames(c: Client): string[] {
  const frames: string[] = [];
  c.socket.on('message', (data) => frames.push(data.toString()));
  return frames;
}

const eventsOf = (m: ServerMessage): NumberedTableEvent[] => (m.type === 'events' ? [...m.events] : []);

async function verifies(game: string, rulesIn: Record<string, unknown>, r: FairReveal) {
  const module = gameById(game)!;
  const rules = resolveRules(module.game.ruleBook, undefined, rulesIn);
  if (!rules.ok) throw new Error(rules.error.message);
  const pack = module.game.pack(rules.value);
  const deck = parseCards(pack, r.deck);
  if (!deck.ok) throw new Error(deck.error.message);
  return verifyDeal({ pack, commitment: r.commitment, serverSeed: r.seed, contributions: r.contributions, context: r.context, deck: deck.value });
}

describe('fair deals over the wire', () => {
  it('two players and two bots: commitment first, blind contributions, no seed or deck before the end, a reveal that verifies', async () => {
    const s = await server();
    const clients = await Promise.all([0, 1].map((i) => Client.guest(s.url, `fair${i}`)));
    const watcher = await Client.guest(s.url, 'fair-watcher');
    const frames = clients.map(recordFrames);
    const watched = recordFrames(watcher);
    const id = await seatedTable(s.url, clients[0], clients, { game: 'schafkopf', seats: ['open', 'bot', 'open', 'bot'], length: { deals: 3 } });
    await watcher.join(id, -1);
    const ended = [...clients, watcher].map((c) => c.next((m) => m.type === 'events' && m.table === id && m.events.some((e) => e.event.type === 'sittingEnd'), 30_000));
    const stops = clients.map((c) => autoplay(c, id));
    await Promise.all(ended);
    stops.forEach((stop) => stop());

    for (const [k, c] of [...clients, watcher].entries()) {
      const seat = c.table(id).seat;
      const all = c.table(id).events.map((x) => x.event);
      const starts = all.filter((e) => e.type === 'dealStart');
      const reveals = all.flatMap((e) => (e.type === 'dealEnd' && e.fair ? [{ deal: e.deal, fair: e.fair }] : []));
      expect(reveals.map((r) => r.deal)).toEqual([0, 1, 2]);
      for (const { deal, fair } of reveals) {
        // The commitment came with the deal's first event, before its cards, and is the one revealed.
        const start = starts.find((e) => e.type === 'dealStart' && e.deal === deal) as { fair?: FairCommitment } | undefined;
        expect(start?.fair?.commitment).toBe(fair.commitment);
        expect(fair.context).toEqual({ game: 'schafkopf', table: id, deal });
        const iStart = all.indexOf(start as (typeof all)[number]);
        const iDealt = all.findIndex((e) => e.type === 'dealt' && e.deal === deal);
        const iGame = all.findIndex((e) => e.type === 'game' && e.deal === deal);
        expect(iStart).toBeGreaterThanOrEqual(0);
        expect(iDealt).toBeGreaterThan(iStart);
        if (iGame >= 0) expect(iGame).toBeGreaterThan(iDealt);
        // The bots' seats are substituted; each player finds its own contribution at its seat.
        expect(fair.contributions[1]).toBeNull();
        expect(fair.contributions[3]).toBeNull();
        if (k < 2) expect(fair.contributions[seat]).toBe(c.table(id).contributions.get(deal));
        const other = k < 2 ? clients[1 - k] : clients[0];
        expect(fair.contributions[other.table(id).seat]).toBe(other.table(id).contributions.get(deal));
        // The reveal verifies, and the deck it names is the one the server dealt (its log).
        const checked = await verifies('schafkopf', {}, fair);
        expect(checked.ok, checked.ok ? '' : checked.error.message).toBe(true);
      }
    }

    // Nothing before a deal's end holds its seed or its deck, in any frame to a player or the spectator.
    const log = (await s.hall.store.tableLog(id)).map((r) => r.entry as LogEntry);
    const decks = log.flatMap((e) => (e.k === 'deal' ? [e.deck] : []));
    const seeds = log.flatMap((e) => (e.k === 'commit' ? [e.seed] : []));
    expect(seeds.length).toBe(3);
    for (const stream of [...frames, watched]) {
      for (let deal = 0; deal < 3; deal++) {
        const end = stream.findIndex((f) => f.includes('"dealEnd"') && JSON.parse(f).events?.some((x: NumberedTableEvent) => x.event.type === 'dealEnd' && x.event.deal === deal));
        expect(end).toBeGreaterThan(0);
        const before = stream.slice(0, end);
        expect(before.filter((f) => f.includes(seeds[deal]))).toEqual([]);
        expect(before.filter((f) => f.includes(JSON.stringify(decks[deal])))).toEqual([]);
        expect(stream[end]).toContain(seeds[deal]);
      }
    }

    // The record carries every proof, and `stich verify` passes it.
    const sittingEnd = clients[0].table(id).events.find((x) => x.event.type === 'sittingEnd')!.event as { record: string };
    const rec = await get<unknown>(s.url, `/api/records/${sittingEnd.record}`);
    const parsed = parseRecord(JSON.stringify(rec.body));
    if (!parsed.ok) throw new Error(parsed.error.message);
    expect(parsed.value.version).toBe(3);
    const verdict = await verifyRecord(parsed.value, gameById('schafkopf')!);
    expect(verdict.deals.map((d) => d.ok)).toEqual([true, true, true]);
    await Promise.all([...clients, watcher].map((c) => c.close()));
  });

  it('a player who sends nothing is substituted after the table\'s time; bad contributions are refused and change nothing', async () => {
    const s = await server();
    const [quick, silent] = await Promise.all([Client.guest(s.url, 'quick'), Client.guest(s.url, 'silent')]);
    silent.contribute = false;
    const made = await seatedTableNoWait(s.url, quick, [quick, silent], { game: 'talonschnapsen', seats: ['open', 'open', 'bot'], length: { deals: 1 }, contributionMs: 400 });
    const id = made;
    const snap = await silent.join(id, silent.table(id).last);
    expect(snap.fair?.collecting).toBe(true);
    const deal = snap.fair!.context.deal;
    const isError = (m: ServerMessage) => m.type === 'error';
    const expectRefused = async (c: Client, m: Record<string, unknown>, code: string) => {
      const reply = c.next(isError, 2000);
      c.send(m);
      expect(((await reply) as { code: string }).code).toBe(code);
    };
    const hex = 'ab'.repeat(32);
    await expectRefused(silent, { type: 'contribute', table: id, deal, contribution: 'AB'.repeat(32) }, 'badMessage');
    await expectRefused(silent, { type: 'contribute', table: id, deal, contribution: 'ab' }, 'badMessage');
    await expectRefused(silent, { type: 'contribute', table: id, deal: deal + 1, contribution: hex }, 'notCollecting');
    const outsider = await Client.guest(s.url, 'outsider');
    await expectRefused(outsider, { type: 'contribute', table: id, deal, contribution: hex }, 'notSeated');
    await expectRefused(quick, { type: 'contribute', table: id, deal, contribution: hex }, 'duplicateContribution');
    // Still collecting: the silent seat holds the deal up until its time is over, then it is substituted.
    expect((await silent.join(id, silent.table(id).last)).fair?.collecting).toBe(true);
    await dealt(silent, id, deal);
    const after = await silent.join(id, silent.table(id).last);
    expect(after.fair).toMatchObject({ collecting: false, contributed: false });
    const ended = quick.next((m) => eventsOf(m).some((e) => e.event.type === 'dealEnd'), 20_000);
    const stops = [autoplay(quick, id), autoplay(silent, id)];
    const end = eventsOf(await ended).find((e) => e.event.type === 'dealEnd')!.event as { fair: FairReveal };
    stops.forEach((stop) => stop());
    const seatQuick = quick.table(id).seat;
    const seatSilent = silent.table(id).seat;
    expect(end.fair.contributions[seatQuick]).toBe(quick.table(id).contributions.get(deal));
    expect(end.fair.contributions[seatSilent]).toBeNull();
    expect(end.fair.contributions[2]).toBeNull();
    const checked = await verifies('talonschnapsen', {}, end.fair);
    expect(checked.ok).toBe(true);
    await Promise.all([quick, silent, outsider].map((c) => c.close()));
  });

  it('the next deal waits for a player still reading the last one (up to the server\'s readingMs), and begins as soon as he contributes', async () => {
    // A reading time of 3 s: the bounds below keep their distance from it on a loaded machine (with 1.5 s, a
    // contribution 300 ms after the deal's end had to start the deal within 900 ms to be told from the time's end).
    const s = await server({ limits: { readingMs: 3000 } });
    const [a, b] = await Promise.all([Client.guest(s.url, 'quickReader'), Client.guest(s.url, 'slowReader')]);
    const id = await seatedTable(s.url, a, [a, b], { game: 'talonschnapsen', seats: ['open', 'open', 'bot'], length: { deals: 3 }, contributionMs: 200 });
    // From here b's client contributes only when told to, as the browser does when its player closes the summary.
    b.contribute = false;
    const at = (pred: (e: NumberedTableEvent) => boolean) => a.next((m) => eventsOf(m).some(pred), 30_000).then(() => performance.now());
    const endOf = (deal: number) => at((e) => e.event.type === 'dealEnd' && e.event.deal === deal);
    const cardsOf = (deal: number) => at((e) => (e.event.type === 'dealt' || e.event.type === 'game') && e.event.deal === deal);
    const [end0, cards1, end1, cards2] = [endOf(0), cardsOf(1), endOf(1), cardsOf(2)];
    const stops = [autoplay(a, id), autoplay(b, id)];
    // b never contributes to deal 1: it begins after the reading time, not after the table's 200 ms.
    const waited = (await cards1) - (await end0);
    expect(waited).toBeGreaterThanOrEqual(2500);
    // b contributes to deal 2 300 ms after deal 1's end: it begins then, long before the reading time is over.
    const ended1 = await end1;
    await new Promise((r) => setTimeout(r, 300));
    b.send({ type: 'contribute', table: id, deal: 2, contribution: 'cd'.repeat(32) });
    const waited2 = (await cards2) - ended1;
    expect(waited2).toBeGreaterThanOrEqual(250);
    expect(waited2).toBeLessThan(2000);
    const last = a.next((m) => eventsOf(m).some((e) => e.event.type === 'sittingEnd'), 30_000);
    await last;
    stops.forEach((stop) => stop());
    const deals = a.table(id).events.filter((e) => e.event.type === 'dealEnd').map((e) => (e.event as unknown as { fair: FairReveal }).fair);
    const seatB = b.table(id).seat;
    expect(deals.map((f) => f.contributions[seatB] !== null)).toEqual([true, false, true]);
    await Promise.all([a, b].map((c) => c.close()));
  });

  it('a sitting begun again by one player waits for the other still reading the last one\'s summary (up to readingMs)', async () => {
    const s = await server({ limits: { readingMs: 3000 } });
    const [a, b] = await Promise.all([Client.guest(s.url, 'againQuick'), Client.guest(s.url, 'againReader')]);
    const id = await seatedTable(s.url, a, [a, b], { game: 'talonschnapsen', seats: ['open', 'open', 'bot'], length: { deals: 1 }, contributionMs: 200 });
    const stops = [autoplay(a, id), autoplay(b, id)];
    await a.next((m) => eventsOf(m).some((e) => e.event.type === 'sittingEnd'), 30_000);
    b.contribute = false;
    const begun = a.next((m) => eventsOf(m).some((e) => e.event.type === 'sittingStart'), 5000).then(() => performance.now());
    const dealt = a.next((m) => eventsOf(m).some((e) => (e.event.type === 'dealt' || e.event.type === 'game') && e.event.deal === 1), 10_000).then(() => performance.now());
    expect((await a.request({ type: 'again', table: id })).type).toBe('ok');
    expect((await dealt) - (await begun)).toBeGreaterThanOrEqual(2500);
    stops.forEach((stop) => stop());
    await Promise.all([a, b].map((c) => c.close()));
  });

  it('a server that stops while it collects comes back with the same commitment, and the deal still verifies', async () => {
    const db = tempDb();
    const first = await server({ db });
    const [a, b] = await Promise.all([Client.guest(first.url, 'crashA'), Client.guest(first.url, 'crashB')]);
    b.contribute = false;
    const id = await seatedTableNoWait(first.url, a, [a, b], { game: 'schafkopf', seats: ['open', 'open', 'bot', 'bot'], length: { deals: 1 }, contributionMs: 30_000 });
    const before = await b.join(id, b.table(id).last);
    expect(before.fair?.collecting).toBe(true);
    await first.close();
    servers.splice(servers.indexOf(first), 1);

    const second = await server({ db });
    for (const c of [a, b]) {
      c.base = second.url;
      await c.connect();
    }
    const snapA = await a.join(id, a.table(id).last);
    expect(snapA.fair).toMatchObject({ collecting: true, commitment: before.fair!.commitment });
    b.contribute = true;
    await b.join(id, b.table(id).last);
    await dealt(a, id, 0);
    const ended = a.next((m) => eventsOf(m).some((e) => e.event.type === 'dealEnd'), 20_000);
    const stops = [autoplay(a, id), autoplay(b, id)];
    const end = eventsOf(await ended).find((e) => e.event.type === 'dealEnd')!.event as { fair: FairReveal };
    stops.forEach((stop) => stop());
    expect(end.fair.commitment).toBe(before.fair!.commitment);
    expect(end.fair.contributions[a.table(id).seat]).toBe(a.table(id).contributions.get(0));
    expect(end.fair.contributions[b.table(id).seat]).toBe(b.table(id).contributions.get(0));
    expect((await verifies('schafkopf', {}, end.fair)).ok).toBe(true);
    await Promise.all([a, b].map((c) => c.close()));
  });
});

/** Like `seatedTable`, without waiting for the cards (a silent player holds them up). */
async function seatedTableNoWait(base: string, owner: Client, clients: readonly Client[], settings: Record<string, unknown>): Promise<string> {
  const { post } = await import('./testing.js');
  const made = await post<{ id: string; seats: { kind: string }[] }>(base, '/api/tables', settings, owner.token);
  if (made.status !== 200) throw new Error(`create table: ${JSON.stringify(made.body)}`);
  const id = made.body.id;
  const open = made.body.seats.flatMap((x, i) => (x.kind === 'open' ? [i] : []));
  for (let i = 0; i < clients.length; i++) {
    await clients[i].join(id);
    const r = await clients[i].request({ type: 'sit', table: id, seat: open[i] });
    if (r.type !== 'ok') throw new Error(`sit: ${JSON.stringify(r)}`);
  }
  await Promise.all(clients.map((c) => c.join(id, c.table(id).last)));
  return id;
}
