import { describe, expect, it } from 'vitest';
import type { Contract } from './contract.js';
import { dealTables } from './searchTables.js';
import { rulesOf } from './testing.js';

describe('dealTables', () => {
  it('twins: each card is paired with the next stronger card of its class when the two count the same, never with the called Sau', () => {
    const rules = rulesOf('sauspiel');
    const contracts: Contract[] = [
      { kind: 'rufspiel', suit: 0, declarer: 0 },
      { kind: 'solo', suit: 2, declarer: 1 },
      { kind: 'wenz', declarer: 2 },
    ];
    for (const contract of contracts) {
      const d = dealTables({ rules, contract, doublings: 0, stock: 0 });
      const { follow, power, points } = d.t;
      let pairs = 0;
      for (let c = 0; c < d.end; c++) {
        const twin = d.twins[c];
        // The nearest stronger card of the class, if any.
        let next = -1;
        for (let e = 0; e < d.end; e++) {
          if ((follow[c] & (1 << e)) !== 0 && power[e] > power[c] && (next < 0 || power[e] < power[next])) next = e;
        }
        const expected = next >= 0 && points[next] === points[c] && c !== d.sau && next !== d.sau ? 1 << next : 0;
        expect(twin).toBe(expected);
        if (twin !== 0) pairs++;
      }
      // At least the 8 and the 7 of every plain suit (with the 9 and the 8 above them: none counts).
      expect(pairs).toBeGreaterThanOrEqual(8);
      if (d.sau >= 0) {
        expect(d.twins[d.sau]).toBe(0);
        for (let c = 0; c < d.end; c++) expect(d.twins[c] & (1 << d.sau)).toBe(0);
      }
    }
  });
});
