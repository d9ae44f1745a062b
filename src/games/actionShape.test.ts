/**
 * Every game checks the shape of an action from outside before its rules:
 * not an object, no type, an unknown type or a field that is no part of the
 * action is `badAction`, and the state is unchanged (issue: Schnapsen's and
 * Schafkopf's apply() let extra fields through).
 */
import { describe, expect, it } from 'vitest';
import { shuffleDeck } from '../cards/deck.js';
import { unwrap } from '../core/result.js';
import { SeededRng } from '../core/rng.js';
import { replayGame } from './replays.js';
import { resolveRules } from './ruleBook.js';

describe('the shape of an action, in every game', () => {
  for (const id of ['schafkopf', 'bauernschnapsen', 'talonschnapsen', 'karnoeffel']) {
    it(`${id}: malformed actions are refused as badAction and change nothing, at every step of seeded deals`, () => {
      const game = replayGame(id)!;
      const rules = unwrap(resolveRules(game.ruleBook, undefined, {}));
      for (let seed = 1; seed <= 5; seed++) {
        const rng = new SeededRng(seed);
        let state = unwrap(game.setup(rules, { dealer: 0, deck: shuffleDeck(game.pack(rules), rng), carry: game.initialCarry(rules) }));
        for (let step = 0; step < 300; step++) {
          const seat = game.toAct(state)[0];
          if (seat === undefined) break;
          const legal = game.legal(state, seat);
          const before = JSON.stringify(state);
          const bad: unknown[] = [{}, [], null, 7, 'play', { type: 'nonsense' }, Object.create({ type: 'play', card: 0 }), ...legal.map((a) => ({ ...(a as object), extra: 1 })), ...legal.map((a) => ({ ...(a as object), __proto__: null, constructor: 1 }))];
          for (const action of bad) {
            const r = game.apply(state, seat, action as never);
            expect(r.ok, `${JSON.stringify(action)} at step ${step}`).toBe(false);
            if (!r.ok) expect(r.error.code).toBe('badAction');
          }
          expect(JSON.stringify(state)).toBe(before);
          state = unwrap(game.apply(state, seat, legal[rng.int(legal.length)]));
        }
      }
    });
  }
});
