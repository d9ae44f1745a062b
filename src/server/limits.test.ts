import { describe, expect, it } from 'vitest';
import { TokenBucket } from './limits.js';

describe('TokenBucket', () => {
  it('allows the burst, then the rate', () => {
    let now = 0;
    const bucket = new TokenBucket(2, 3, () => now);
    expect([bucket.take(), bucket.take(), bucket.take(), bucket.take()]).toEqual([true, true, true, false]);
    now += 500;
    expect(bucket.take()).toBe(true);
    expect(bucket.take()).toBe(false);
    now += 10_000;
    expect([bucket.take(), bucket.take(), bucket.take(), bucket.take()]).toEqual([true, true, true, false]);
  });
});
