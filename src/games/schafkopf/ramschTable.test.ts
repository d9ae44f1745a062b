import { describe, expect, it } from 'vitest';
import { SeededRng } from '../../core/rng.js';
import { KeyTable } from './ramschTable.js';

describe('the key table of the Ramsch points search', () => {
  it('keeps what a Map keeps, for keys up to 2^53, through growing, overwriting and clearing', () => {
    const rng = new SeededRng('ramsch-table');
    const table = new KeyTable(4);
    const map = new Map<number, number>();
    // Keys as futureKey makes them: a high word of up to 21 bits over 32 bits of cards; few high words, so that keys collide in the low bits.
    const key = () => rng.int(64) * 4294967296 + (rng.int(1 << 16) * 65536 + rng.int(4)) + (rng.int(2) === 0 ? 0 : 2 ** 52);
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 20_000; i++) {
        const k = key();
        const v = rng.int(2 ** 31 - 1);
        table.set(k, v);
        map.set(k, v);
        if (i % 7 === 0) {
          const probe = key();
          expect(table.get(probe)).toBe(map.get(probe) ?? -1);
        }
      }
      expect(table.size).toBe(map.size);
      for (const [k, v] of map) expect(table.get(k)).toBe(v);
      table.clear();
      map.clear();
      expect(table.size).toBe(0);
      expect(table.get(key())).toBe(-1);
    }
  });
});
