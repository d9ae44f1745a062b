import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCards } from '../cards/notation.js';
import { SPECTATOR } from '../games/game.js';
import type { AnyGameModule } from '../games/module.js';
import { gameById } from '../games/registry.js';
import { resolveRules, type ResolvedRules } from '../games/ruleBook.js';
import { autoplay, Client } from './client.js';
import type { NumberedTableEvent, ServerMessage } from './protocol.js';
import type { RunningServer } from './server.js';
import type { LogEntry } from './table.js';
import { seatedTable, testServer } from './testing.js';

/**
 * Hidden cards over the wire: every card in every game event a client
 * receives must be one its seat (or a spectator) may know at that moment:
 * one that `view(state, seat)` has shown by then in this deal. Cards are
 * the numbers under the keys games use for cards; the reference is
 * computed from the server's log after the play, with the module.
 */
const CARD_KEYS = new Set(['card', 'cards', 'hand', 'turned', 'talon', 'laidAway', 'faceUp', 'trick']);
const DEALS = Number(process.env.STICH_HIDDEN_DEALS ?? 40);

function cardsIn(x: unknown, key = '', out = new Set<number>()): Set<number> {
  if (Array.isArray(x)) x.forEach((v) => cardsIn(v, key, out));
  else if (x !== null && typeof x === 'object') for (const [k, v] of Object.entries(x)) cardsIn(v, k, out);
  else if (typeof x === 'number' && CARD_KEYS.has(key)) out.add(x);
  return out;
}

/** Per deal: for each event number, the cards each viewer may know by then. */
function reference(module: AnyGameModule, rules: ResolvedRules, log: LogEntry[], seats: number) {
  const { game, sitting } = module;
  const deals: { knownAt: (viewer: number, n: number) => Set<number> }[] = [];
  let sheet: unknown;
  let dealer = 0;
  let state: unknown;
  let known: Set<number>[] = [];
  let byEvent: Set<number>[][] = [];
  const record = () => {
    const count = game.events(state, SPECTATOR, 0).length;
    for (let v = -1; v < seats; v++) {
      for (const c of cardsIn(game.view(state, v))) known[v + 1].add(c);
      while (byEvent[v + 1].length < count) byEvent[v + 1].push(new Set(known[v + 1]));
    }
  };
  for (const e of log) {
    if (e.k === 'begin') {
      sheet = sitting.initialSheet(rules, e.start);
      dealer = e.firstDealer;
    } else if (e.k === 'deal') {
      const deck = parseCards(game.pack(rules), e.deck);
      if (!deck.ok) throw new Error(deck.error.message);
      const setup = game.setup(rules, { dealer, deck: deck.value, carry: sitting.carry(rules, sheet) });
      if (!setup.ok) throw new Error(setup.error.message);
      state = setup.value;
      known = Array.from({ length: seats + 1 }, () => new Set<number>());
      byEvent = Array.from({ length: seats + 1 }, () => []);
      const mine = byEvent;
      deals.push({ knownAt: (viewer, n) => mine[viewer + 1][n] });
      record();
    } else if (e.k === 'act') {
      const action = game.parseAction(rules, e.action);
      if (!action.ok) throw new Error(action.error.message);
      const next = game.apply(state, e.seat, action.value);
      if (!next.ok) throw new Error(next.error.message);
      state = next.value;
      record();
      const outcome = game.outcome(state);
      if (outcome) {
        const booked = sitting.afterDeal(rules, sheet, dealer, outcome);
        sheet = booked.sheet;
        dealer = booked.nextDealer;
      }
    }
  }
  return deals;
}

let server: RunningServer;
beforeAll(async () => {
  // The clients act as fast as the server answers: no message-rate limit here.
  server = await testServer({ limits: { messageRate: 1e6, messageBurst: 1e6 } });
});
afterAll(async () => {
  await server?.close();
});

describe('hidden cards over the wire', () => {
  const cases: [string, number, Record<string, unknown>][] = [
    ['schafkopf', 4, {}],
    ['bauernschnapsen', 4, {}],
    ['talonschnapsen', 3, {}],
    ['karnoeffel', 4, {}],
    ['karnoeffel', 2, { players: 2, twoPlayers: true }],
  ];
  for (const [game, seats, rulesIn] of cases) {
    it(`${game} with ${seats} seats: no event sent to a seat or a spectator holds a card it may not know (${DEALS} deals)`, async () => {
      const module = gameById(game)!;
      const clients = await Promise.all(Array.from({ length: seats }, (_, i) => Client.guest(server.url, `${game}${i}`)));
      const watcher = await Client.guest(server.url, `${game}-watcher`);
      const id = await seatedTable(server.url, clients[0], clients, { game, rules: rulesIn, length: { deals: DEALS } });
      await watcher.join(id);
      const ended = [...clients, watcher].map((c) => c.next((m) => m.type === 'events' && m.table === id && m.events.some((e) => e.event.type === 'sittingEnd'), 100_000));
      const stops = clients.map((c) => autoplay(c, id));
      await Promise.all(ended);
      stops.forEach((s) => s());
      const log = (await server.hall.store.tableLog(id)).map((r) => r.entry as LogEntry);
      const rules = resolveRules(module.game.ruleBook, undefined, rulesIn);
      if (!rules.ok) throw new Error(rules.error.message);
      const ref = reference(module, rules.value, log, seats);
      expect(ref.length).toBe(DEALS);
      let checked = 0;
      const leaks: string[] = [];
      for (const c of [...clients, watcher]) {
        const viewer = c.table(id).seat;
        for (const m of c.inbox as ServerMessage[]) {
          if (m.type !== 'events' || m.table !== id) continue;
          for (const { event } of m.events as NumberedTableEvent[]) {
            if (event.type !== 'game') continue;
            const known = ref[event.deal].knownAt(viewer, event.n);
            for (const card of cardsIn(event.event)) {
              checked++;
              if (!known.has(card)) leaks.push(`seat ${viewer}, deal ${event.deal}, event ${event.n}: card ${card} in ${JSON.stringify(event.event)}`);
            }
          }
        }
      }
      expect(leaks.slice(0, 5)).toEqual([]);
      expect(checked).toBeGreaterThan(DEALS * 10);
      await Promise.all([...clients, watcher].map((c) => c.close()));
    });
  }
});
