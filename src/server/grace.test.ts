import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerMessage } from './protocol.js';
import type { RunningServer } from './server.js';
import { testServer, twoAtTable as twoAtKarnoeffel } from './testing.js';

/** The reconnect grace over real WebSockets: a lost connection is not handed to a bot at once. */
let server: RunningServer;
beforeAll(async () => {
  // Deals start at once (no wait for the players' shuffle contributions), so that the clock runs from the start.
  server = await testServer({ tableDefaults: { botDelayMs: 0, contributionMs: 0 } });
});
afterAll(async () => {
  await server?.close();
});

type Status = Extract<ServerMessage, { type: 'status' }>;
const isStatus = (id: string, test: (m: Status) => boolean) => (m: ServerMessage): m is Status => m.type === 'status' && m.table === id && test(m);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const twoAtTable = (settings: Record<string, unknown>) => twoAtKarnoeffel(server.url, settings);

describe('reconnect grace', () => {
  it('shows the seat as disconnected, keeps it for its holder within the grace period, then lets a bot play', async () => {
    // 3 s of grace: the return (a ticket, a socket, a join) 400 ms after the loss comes within it on a loaded machine
    // too (with 1.5 s it could come after the bot had played).
    const { id, victim, other, seat } = await twoAtTable({ graceMs: 3000, clockMs: 0 });
    const before = other.table(id).last;

    const shown = other.next(isStatus(id, (m) => m.disconnected.some((d) => d.seat === seat)), 5000);
    const t0 = Date.now();
    victim.kill();
    const status = await shown;
    const until = status.disconnected.find((d) => d.seat === seat)!.until;
    expect(until - t0).toBeGreaterThan(2500);
    expect(until - t0).toBeLessThan(4000);
    expect(status.away).not.toContain(seat);
    // Within the grace period nobody plays for the seat.
    await sleep(400);
    expect(other.table(id).last).toBe(before);

    // Back in time: nothing changed, the seat is the holder's, the other side sees it connected again.
    const cleared = other.next(isStatus(id, (m) => m.disconnected.length === 0 && !m.away.includes(seat)), 5000);
    await victim.connect();
    const snap = await victim.join(id, victim.table(id).last);
    await cleared;
    expect(snap.seat).toBe(seat);
    expect(snap.last).toBe(before);
    expect(snap.disconnected).toEqual([]);
    expect(snap.seats[seat]).toMatchObject({ kind: 'human', away: false });
    expect(snap.legal.length).toBeGreaterThan(0);
    // Past the first loss's grace period: nothing happened at its end.
    await sleep(Math.max(0, until - Date.now()) + 500);
    expect(other.table(id).last).toBe(before);

    // Gone for longer than the grace period: then a bot plays for the seat.
    const away = other.next(isStatus(id, (m) => m.away.includes(seat) && m.disconnected.length === 0), 10_000);
    const played = other.next((m) => m.type === 'events' && m.table === id && m.events.length > 0, 15_000);
    const t1 = Date.now();
    victim.kill();
    await away;
    expect(Date.now() - t1).toBeGreaterThanOrEqual(2900);
    await played;
    expect(other.table(id).last).toBeGreaterThan(before);
    await other.close();
  });

  it('the clock runs on during the grace period', async () => {
    const { id, victim, other, seat } = await twoAtTable({ graceMs: 20_000, clockMs: 2000 });
    const clock = victim.table(id).snapshot!.clocks.find((c) => c.seat === seat);
    expect(clock).toBeDefined();
    const disconnected = other.next(isStatus(id, (m) => m.disconnected.some((d) => d.seat === seat) && !m.away.includes(seat)), 3000);
    // The seat's clock runs out long before the grace period ends: the bot plays for the seat then, still within the grace period.
    const away = other.next(isStatus(id, (m) => m.away.includes(seat) && m.disconnected.some((d) => d.seat === seat)), 5000);
    victim.kill();
    await disconnected;
    await away;
    expect(Date.now()).toBeGreaterThanOrEqual(clock!.deadline - 50);
    expect(Date.now()).toBeLessThan(clock!.deadline + 2000);
    await other.next((m) => m.type === 'events' && m.table === id && m.events.length > 0, 5000);
    await other.close();
  });

  it('a table without a grace period hands the seat to a bot at once; a bad grace period is refused', async () => {
    const { id, victim, other, seat } = await twoAtTable({ graceMs: 0, clockMs: 0 });
    const away = other.next(isStatus(id, (m) => m.away.includes(seat) && m.disconnected.length === 0), 3000);
    victim.kill();
    await away;
    const made = await fetch(`${server.url}/api/tables`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${other.token}` },
      body: JSON.stringify({ game: 'schafkopf', graceMs: -5 }),
    });
    expect(made.status).toBe(400);
    expect(((await made.json()) as { error: { message: string } }).error.message).toMatch(/graceMs/);
    await other.close();
  });

  it('joining again after one\'s clock ran out does not start a fresh clock: the bot makes that decision, within the clock and the bot delay', async () => {
    // A bot delay long enough for a client to join again between the clock's end and the bot's move.
    const slow = await testServer({ tableDefaults: { botDelayMs: 1500, contributionMs: 0 } });
    try {
      const { id, victim, other, seat } = await twoAtKarnoeffel(slow.url, { clockMs: 1000 });
      const t0 = Date.now();
      const from = other.table(id).last;
      // The stalling player: each time a bot is to play for him, he joins again (before, that gave him a fresh clock each time).
      let rejoins = 0;
      const off = victim.on((m) => {
        if (m.type === 'status' && m.table === id && m.away.includes(seat)) {
          rejoins++;
          victim.send({ type: 'join', table: id });
        }
      });
      const moved = await other.next((m) => m.type === 'events' && m.table === id && m.events.some((e) => e.e > from && e.event.type === 'game'), 8000);
      off();
      expect(moved.type).toBe('events');
      expect(rejoins).toBeGreaterThanOrEqual(1);
      // The clock (1 s) and the bot's delay (1.5 s), and some slack for a loaded machine: not a fresh clock after each join.
      expect(Date.now() - t0).toBeLessThan(1000 + 1500 + 1500);
      await Promise.all([victim.close(), other.close()]);
    } finally {
      await slow.close();
    }
  }, 20_000);
});
