import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lowestBit32, nthBit32, popcount32 } from './bits.js';
import { CardSet } from './cardSet.js';

const cardList = fc.uniqueArray(fc.integer({ min: 0, max: 47 }), { maxLength: 48 });

describe('CardSet', () => {
  it('holds exactly the cards put in, across both words', () => {
    fc.assert(
      fc.property(cardList, (cards) => {
        const set = CardSet.from(cards);
        expect(set.size()).toBe(cards.length);
        expect(set.toArray()).toEqual([...cards].sort((a, b) => a - b));
        for (let c = 0; c < 48; c++) expect(set.has(c)).toBe(cards.includes(c));
      }),
    );
  });

  it('round-trips through a plain-number mask', () => {
    fc.assert(
      fc.property(cardList, (cards) => {
        const set = CardSet.from(cards);
        const back = CardSet.fromMask(JSON.parse(JSON.stringify(set.mask)));
        expect(back.equals(set)).toBe(true);
      }),
    );
  });

  it('agrees with set algebra', () => {
    fc.assert(
      fc.property(cardList, cardList, (xs, ys) => {
        const a = CardSet.from(xs);
        const b = CardSet.from(ys);
        const inB = new Set(ys);
        expect(a.union(b).toArray()).toEqual([...new Set([...xs, ...ys])].sort((p, q) => p - q));
        expect(a.intersect(b).toArray()).toEqual(xs.filter((x) => inB.has(x)).sort((p, q) => p - q));
        expect(a.diff(b).toArray()).toEqual(xs.filter((x) => !inB.has(x)).sort((p, q) => p - q));
        expect(a.intersects(b)).toBe(xs.some((x) => inB.has(x)));
        expect(a.intersect(b).isSubsetOf(a)).toBe(true);
      }),
    );
  });

  it('adds and removes single cards without touching the original', () => {
    const a = CardSet.of(3, 40);
    const b = a.with(33).without(3);
    expect(a.toArray()).toEqual([3, 40]);
    expect(b.toArray()).toEqual([33, 40]);
    expect(b.first()).toBe(33);
    expect(b.last()).toBe(40);
    expect(CardSet.EMPTY.first()).toBeUndefined();
  });

  it('builds full packs', () => {
    expect(CardSet.full(20).size()).toBe(20);
    expect(CardSet.full(32).size()).toBe(32);
    expect(CardSet.full(48).size()).toBe(48);
    expect(CardSet.full(48).has(47)).toBe(true);
    expect(CardSet.full(48).has(48)).toBe(false);
  });
});

describe('bits', () => {
  it('counts and finds bits', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0xffffffff }), (x) => {
        const bits = [...x.toString(2)].filter((b) => b === '1').length;
        expect(popcount32(x | 0)).toBe(bits);
        if (x !== 0) {
          const binary = x.toString(2);
          expect(lowestBit32(x | 0)).toBe(binary.length - 1 - binary.lastIndexOf('1'));
          for (let k = 0; k < bits; k++) expect(((x >>> nthBit32(x | 0, k)) & 1) === 1).toBe(true);
        }
      }),
    );
  });
});
