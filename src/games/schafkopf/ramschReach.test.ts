import { describe, expect, it } from 'vitest';
import { resolveRules } from '../ruleBook.js';
import { schafkopfPack } from './cards.js';
import { schafkopf } from './game.js';
import { RamschSolver } from './ramsch.js';
import { reachablePoints } from './ramschReach.js';
import { playTables } from './tables.js';
import { ramschEndgame } from './testing.js';

describe('reachablePoints', () => {
  it("is at least the card points a seat can be made to take from here (the others' trumps above its highest never fall in a trick it takes), by the exact points search card by card", () => {
    const rules = resolveRules(schafkopf.ruleBook, undefined, { ramschDurchmarsch: 'off' });
    if (!rules.ok) throw new Error(rules.error.message);
    const t = playTables(schafkopfPack(false), 'ramsch');
    let below = 0;
    let tight = 0;
    for (let d = 0; d < 60; d++) {
      // Two to four tricks left, between tricks.
      const s = ramschEndgame(rules.value, 800 + d, [8, 12, 16][d % 3]);
      const hands = [0, 1, 2, 3].map((q) => s.handOf(q));
      const exact = new RamschSolver();
      exact.endgame = false;
      exact.reachCut = false;
      for (let q = 0; q < 4; q++) {
        const bound = reachablePoints(t, hands, q, s.pointsLeft());
        const forced = exact.forced(s, q) - s.seatPointsOf(q);
        expect(bound, `deal ${d}, seat ${q}`).toBeGreaterThanOrEqual(forced);
        if (bound < s.pointsLeft()) below++;
        if (bound === forced) tight++;
      }
    }
    // The bound bites, and is sometimes the exact value.
    expect(below).toBeGreaterThan(100);
    expect(tight).toBeGreaterThan(5);
  });

  it('leaves the points forced and "does it pay?" as they are when the points search\'s last tricks (LastTricks, avoiding) are cut by it', () => {
    const rules = resolveRules(schafkopf.ruleBook, undefined, {});
    if (!rules.ok) throw new Error(rules.error.message);
    for (let d = 0; d < 16; d++) {
      // Four and five tricks left, some mid-trick.
      const s = ramschEndgame(rules.value, 850 + d, 16 + (d % 5));
      const cut = new RamschSolver();
      const plain = new RamschSolver();
      plain.reachCut = false;
      const a = cut.solve(s);
      const b = plain.solve(s);
      expect(a.seats, `deal ${d}`).toEqual(b.seats);
    }
  });
});
