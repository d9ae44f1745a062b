import { describe, expect, it } from 'vitest';
import { shuffleDeck } from '../cards/deck.js';
import { jsonEqual } from '../core/json.js';
import { SeededRng } from '../core/rng.js';
import { unwrap } from '../core/result.js';
import { SPECTATOR, type GameTypes, type Seat } from './game.js';
import type { GameModule } from './module.js';
import { GAMES } from './registry.js';
import { resolveRules } from './ruleBook.js';

/**
 * The contract of the module interface (docs/architecture.md), checked the
 * same way for every registered game: random deals under every preset, with
 * every decision taken at random among the legal actions of every seat that
 * may act.
 */
const DEALS_PER_PRESET = 40;

function everyDeal<T extends GameTypes>(module: GameModule<T>, visit: (state: T['state'], rules: T['rules'], step: number) => void): void {
  const { game } = module;
  for (const preset of game.ruleBook.presets) {
    const rules = unwrap(resolveRules(game.ruleBook, preset.name));
    const rng = new SeededRng(`${game.id}/${preset.name}`);
    const seats = game.seatCount(rules);
    for (let d = 0; d < DEALS_PER_PRESET; d++) {
      let state = unwrap(game.setup(rules, { dealer: d % seats, deck: shuffleDeck(game.pack(rules), rng), carry: game.initialCarry(rules) }));
      for (let step = 0; step < 2000; step++) {
        visit(state, rules, step);
        const actors = game.mayAct(state);
        if (game.toAct(state).length === 0) break;
        const seat = actors[rng.int(actors.length)];
        const legal = game.legal(state, seat);
        state = unwrap(game.apply(state, seat, legal[rng.int(legal.length)]));
      }
      expect(game.outcome(state), `${game.id} ${preset.name} deal ${d} ends`).toBeDefined();
    }
  }
}

/** Sets every number in a JSON value to -7 and every string to "x", and empties every array, in place. */
function vandalise(value: unknown): void {
  if (value === null || typeof value !== 'object') return;
  if (Array.isArray(value)) {
    for (const x of value) vandalise(x);
    value.length = 0;
    return;
  }
  for (const key of Object.keys(value)) {
    const v = (value as Record<string, unknown>)[key];
    if (typeof v === 'number') (value as Record<string, unknown>)[key] = -7;
    else if (typeof v === 'string') (value as Record<string, unknown>)[key] = 'x';
    else vandalise(v);
  }
}

for (const module of GAMES) {
  const { game } = module;
  describe(`the module contract: ${game.id}`, () => {
    it('mayAct lists exactly the seats with a legal action, and toAct is among them', () => {
      everyDeal(module, (state, rules) => {
        const may = game.mayAct(state);
        for (let seat = 0; seat < game.seatCount(rules); seat++) {
          expect(may.includes(seat), `seat ${seat}`).toBe(game.legal(state, seat).length > 0);
        }
        for (const seat of game.toAct(state)) expect(may).toContain(seat);
      });
    });

    it('every seat and the spectator get every event number, from 0 and without gaps; a later call continues where asked', () => {
      everyDeal(module, (state, rules, step) => {
        if (step % 7 !== 0 && game.toAct(state).length > 0) return;
        const seats: Seat[] = [SPECTATOR, ...Array.from({ length: game.seatCount(rules) }, (_, s) => s)];
        const counts = seats.map((seat) => {
          const events = game.events(state, seat, 0);
          events.forEach((e, i) => expect(e.n).toBe(i));
          const tail = game.events(state, seat, Math.floor(events.length / 2));
          expect(tail.map((e) => e.n)).toEqual(events.slice(Math.floor(events.length / 2)).map((e) => e.n));
          return events.length;
        });
        expect(new Set(counts).size, 'the same number of events for every seat').toBe(1);
      });
    });

    it('views and events are fresh values: changing them changes neither the state nor later views', () => {
      everyDeal(module, (state, rules, step) => {
        if (step % 5 !== 0) return;
        for (const seat of [SPECTATOR, ...Array.from({ length: game.seatCount(rules) }, (_, s) => s)]) {
          const before = JSON.stringify(game.view(state, seat));
          const eventsBefore = JSON.stringify(game.events(state, seat, 0));
          vandalise(game.view(state, seat));
          vandalise(game.events(state, seat, 0));
          expect(JSON.stringify(game.view(state, seat))).toBe(before);
          expect(JSON.stringify(game.events(state, seat, 0))).toBe(eventsBefore);
        }
      });
    });

    it('states, views, events and outcomes survive JSON unchanged', () => {
      everyDeal(module, (state, rules, step) => {
        if (step % 9 !== 0) return;
        expect(jsonEqual(JSON.parse(JSON.stringify(state)), state)).toBe(true);
        for (let seat = 0; seat < game.seatCount(rules); seat++) {
          const view = game.view(state, seat);
          expect(jsonEqual(JSON.parse(JSON.stringify(view)), view)).toBe(true);
        }
        const outcome = game.outcome(state);
        if (outcome) expect(jsonEqual(JSON.parse(JSON.stringify(outcome)), outcome)).toBe(true);
      });
    });

    it('every legal action reads back from its notation', () => {
      everyDeal(module, (state, rules, step) => {
        if (step % 3 !== 0) return;
        for (const seat of game.mayAct(state)) {
          for (const action of game.legal(state, seat)) {
            const text = game.formatAction(rules, action);
            const back = game.parseAction(rules, text);
            expect(back.ok, text).toBe(true);
            if (back.ok) expect(game.formatAction(rules, back.value)).toBe(text);
          }
        }
      });
    });
  });
}
