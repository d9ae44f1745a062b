import { describe, expect, it } from 'vitest';
import { decimal, signedDecimal } from './numbers.js';

describe('amounts as stich writes them', () => {
  it('with a decimal comma, the minus sign "−" and no grouping, as money reads ("−0,50 €")', () => {
    expect(decimal(38.5, 1)).toBe('38,5');
    expect(decimal(-0.5, 2)).toBe('−0,5');
    expect(decimal(-256.25, 1)).toBe('−256,3');
    expect(decimal(123456.78, 2)).toBe('123456,78');
    expect(decimal(12, 1)).toBe('12');
    expect(decimal(2 / 3, 2)).toBe('0,67');
    expect(decimal(-0.04, 1)).toBe('0');
  });

  it('signed: "+", "−", and a value that reads 0 as shown marked as zero', () => {
    expect(signedDecimal(38.5, 1)).toBe('+38,5');
    expect(signedDecimal(-669.75, 1)).toBe('−669,8');
    expect(signedDecimal(-0.04, 1)).toBe('±0');
    expect(signedDecimal(0.004, 2, '0')).toBe('0');
    expect(signedDecimal(-1.5, 2)).toBe('−1,5');
  });
});
