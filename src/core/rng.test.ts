import { describe, expect, it } from 'vitest';
import { CryptoRng, SeededRng, shuffled } from './rng.js';

describe('SeededRng', () => {
  it('gives the same sequence for the same seed', () => {
    const a = new SeededRng(42);
    const b = new SeededRng(42);
    const xs = Array.from({ length: 20 }, () => a.int(1000));
    const ys = Array.from({ length: 20 }, () => b.int(1000));
    expect(xs).toEqual(ys);
  });

  it('gives different sequences for different seeds, numbers or words', () => {
    const xs = Array.from({ length: 8 }, ((r) => () => r.int(1 << 30))(new SeededRng(1)));
    const ys = Array.from({ length: 8 }, ((r) => () => r.int(1 << 30))(new SeededRng('1x')));
    expect(xs).not.toEqual(ys);
  });

  it('stays in range and is roughly uniform', () => {
    const rng = new SeededRng(7);
    const counts = new Array(6).fill(0);
    for (let i = 0; i < 60000; i++) counts[rng.int(6)]++;
    for (const c of counts) {
      expect(c).toBeGreaterThan(9400);
      expect(c).toBeLessThan(10600);
    }
  });

  it('covers large ranges without leaving them', () => {
    const rng = new SeededRng(11);
    for (const n of [2 ** 21 + 1, 3_000_000_000, 2 ** 32, 2 ** 40 + 7]) {
      let max = 0;
      for (let i = 0; i < 2000; i++) {
        const x = rng.int(n);
        expect(Number.isInteger(x) && x >= 0 && x < n).toBe(true);
        max = Math.max(max, x);
      }
      expect(max).toBeGreaterThan(n / 2);
    }
  });

  it('shuffles into a permutation', () => {
    const items = Array.from({ length: 32 }, (_, i) => i);
    const s = shuffled(items, new SeededRng(3));
    expect([...s].sort((x, y) => x - y)).toEqual(items);
    expect(s).not.toEqual(items);
  });
});

describe('CryptoRng', () => {
  it('stays in range', () => {
    const rng = new CryptoRng();
    for (let i = 0; i < 1000; i++) {
      const x = rng.int(32);
      expect(x).toBeGreaterThanOrEqual(0);
      expect(x).toBeLessThan(32);
    }
  });
});
