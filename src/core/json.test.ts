import { describe, expect, it } from 'vitest';
import { jsonEqual, nestsDeeperThan } from './json.js';

describe('jsonEqual', () => {
  it('compares values deeply, ignoring key order and undefined members', () => {
    expect(jsonEqual({ a: 1, b: [1, { c: 2 }] }, { b: [1, { c: 2 }], a: 1 })).toBe(true);
    expect(jsonEqual({ a: 1, u: undefined }, { a: 1 })).toBe(true);
    expect(jsonEqual({ a: 1 }, { a: 2 })).toBe(false);
    expect(jsonEqual([1, 2], [2, 1])).toBe(false);
    expect(jsonEqual([1], { 0: 1 })).toBe(false);
    expect(jsonEqual(null, {})).toBe(false);
  });
});

describe('deeply nested values', () => {
  it('compare unequal instead of exhausting the stack', () => {
    let a: unknown = 0;
    let b: unknown = 0;
    for (let i = 0; i < 100_000; i++) {
      a = [a];
      b = [b];
    }
    expect(jsonEqual(a, b)).toBe(false);
    expect(nestsDeeperThan(a, 50)).toBe(true);
    expect(nestsDeeperThan({ x: [1, [2]] }, 50)).toBe(false);
  });
});
