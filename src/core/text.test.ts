import { describe, expect, it } from 'vitest';
import { excerptJson, quote } from './text.js';

describe('quote', () => {
  it('cuts long input to a short excerpt and escapes control characters', () => {
    const huge = 'x'.repeat(50 * 1024 * 1024);
    const q = quote(huge);
    expect(q.length).toBeLessThan(50);
    expect(q).toBe(`"${'x'.repeat(40)}…"`);
    expect(quote('a\nb')).toBe('"a\\nb"');
    expect(quote('kurz')).toBe('"kurz"');
  });
});

describe('excerptJson', () => {
  it('shows small values whole and cuts long or deep ones', () => {
    expect(excerptJson({ a: [1, 2], b: 'x' })).toBe('{"a":[1,2],"b":"x"}');
    const long = excerptJson(Array.from({ length: 1000 }, (_, i) => i));
    expect(long.length).toBeLessThanOrEqual(121);
    expect(long.endsWith('…')).toBe(true);
    let deep: unknown = 0;
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(() => excerptJson(deep)).not.toThrow();
    expect(excerptJson(deep).length).toBeLessThanOrEqual(121);
  });
});
