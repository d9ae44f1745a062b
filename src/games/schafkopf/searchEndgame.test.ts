import { describe, expect, it } from 'vitest';
import { shuffleDeck } from '../../cards/deck.js';
import { SeededRng } from '../../core/rng.js';
import { resolveRules } from '../ruleBook.js';
import { schafkopfPack } from './cards.js';
import { schafkopf } from './game.js';
import { SchafkopfSearch } from './search.js';
import { playTables } from './tables.js';

describe('LastTricks', () => {
  it('gives the same values with tables that grow as with tables that do not and with no tables kept', () => {
    const rules = resolveRules(schafkopf.ruleBook, undefined, {});
    if (!rules.ok) throw new Error(rules.error.message);
    const pack = schafkopfPack(false);
    const points = playTables(pack, 'ramsch').points;
    const s = new SchafkopfSearch({ rules: rules.value, contract: { kind: 'ramsch', declarer: null }, doublings: 0, stock: 0 });
    // The Ramsch's points search asks with the aims turned round (avoiding): seat q keeps its points low. The answers are kept
    // by the cards and the leader, not the sides, so each seat asked about has tables of its own (as in ramschPoints.ts).
    const growing = [0, 1, 2, 3].map(() => s.avoidingTricks(17, 16));
    const fixed = [0, 1, 2, 3].map(() => s.avoidingTricks());
    expect(growing[0].tableBits).toEqual([15, 14]);
    const rng = new SeededRng('last-tricks-growing');
    const values = new Set<number>();
    for (let d = 0; d < 50; d++) {
      // The answers are kept by the cards still out, which within a deal say who holds them: a new deal, new answers.
      const deck = shuffleDeck(pack, rng);
      for (const t of [...growing, ...fixed]) t.forget();
      for (let i = 0; i < 20; i++) {
        // Five tricks left: five of each seat's eight cards (the tricks before need not have been possible for the values to be compared).
        const hands = new Int32Array(4);
        let left = 0;
        for (let t = 0; t < 4; t++) {
          const mine = deck.slice(8 * t, 8 * t + 8);
          for (let k = 0; k < 5; k++) {
            const c = mine.splice(rng.int(mine.length), 1)[0];
            hands[t] |= 1 << c;
            left += points[c];
          }
        }
        const q = i % 4;
        const sides = Int8Array.from([0, 1, 2, 3], (t) => (t === q ? 0 : 1));
        const leader = (d + i) % 4;
        const v = growing[q].search(hands, leader, sides, false, left, -1, 1000);
        expect(fixed[q].search(hands, leader, sides, false, left, -1, 1000), `deal ${d}, position ${i}`).toBe(v);
        if (i % 5 === 0) expect(s.avoidingTricks().search(hands, leader, sides, false, left, -1, 1000), `deal ${d}, position ${i}, afresh`).toBe(v);
        // A null window around the value answers on the right side of it.
        expect(growing[q].search(hands, leader, sides, false, left, v - 1, v)).toBeGreaterThanOrEqual(v);
        expect(growing[q].search(hands, leader, sides, false, left, v, v + 1)).toBeLessThanOrEqual(v);
        values.add(v);
      }
    }
    // The tables grew, their answers kept.
    for (const g of growing) {
      expect(g.tableBits[0]).toBeGreaterThan(15);
      expect(g.tableBits[1]).toBeGreaterThan(14);
    }
    expect(values.size).toBeGreaterThan(10);
  });
});
