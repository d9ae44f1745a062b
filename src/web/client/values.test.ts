import { describe, expect, it } from 'vitest';
import { formatValue } from './values.js';

describe("the browser's values in the game's unit (Tipp, Analyse)", () => {
  it('are written as money is, in both languages: a decimal comma and the minus sign "−", as many decimals as the terminal', () => {
    for (const lang of ['de', 'en'] as const) {
      expect(formatValue(38.5, { symbol: 'ct' }, lang)).toBe('+38,5\u00a0ct');
      expect(formatValue(-256.25, { symbol: 'ct' }, lang)).toBe('−256,3\u00a0ct');
      expect(formatValue(-0.04, { symbol: 'ct' }, lang)).toBe('0\u00a0ct');
      expect(formatValue(12345, { symbol: 'ct' }, lang)).toBe('+12345\u00a0ct');
      expect(formatValue(1.5, { symbol: 'ct' }, lang, false)).toBe('1,5\u00a0ct');
    }
    expect(formatValue(-0.5, { symbol: 'GP' }, 'en')).toBe('−0,5\u00a0GP');
    expect(formatValue(2 / 3, { symbol: 'GP' }, 'de')).toBe('+0,67\u00a0Pkt.');
  });
});
