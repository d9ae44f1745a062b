import { describe, expect, it } from 'vitest';
import { AddressAllowance } from './addressLimits.js';

describe('AddressAllowance', () => {
  it('gives each address its burst, then one try per 1/rate seconds, and forgets an address once it is full again', () => {
    let now = 0;
    const a = new AddressAllowance(0.5, 2, () => now);
    a.spend('1.2.3.4');
    expect(a.wait('1.2.3.4')).toBe(0);
    a.spend('1.2.3.4');
    expect(a.wait('1.2.3.4')).toBe(2);
    expect(a.wait('5.6.7.8')).toBe(0);
    now += 2000;
    expect(a.wait('1.2.3.4')).toBe(0);
    now += 2000;
    expect(a.wait('1.2.3.4')).toBe(0);
    expect(a.size).toBe(0);
  });
});
