import { describe, expect, it } from 'vitest';
import { secondsLeft } from './clock.js';

describe('the move clock', () => {
  it('a 1-minute limit reads 60 at its start, also when the page\'s time lags the deadline\'s start (play-test: "61s")', () => {
    const start = 1_000_000;
    const deadline = start + 60_000;
    expect(secondsLeft(deadline, start, 60_000)).toBe(60);
    // The page's "now" was read 400 ms before the clock started (it ticks every 500 ms).
    expect(secondsLeft(deadline, start - 400, 60_000)).toBe(60);
    // The server's clock 2 s ahead of the page's.
    expect(secondsLeft(deadline, start - 2000, 60_000)).toBe(60);
  });

  it('counts down, rounded up, and stops at 0', () => {
    const deadline = 60_000;
    expect(secondsLeft(deadline, 500, 60_000)).toBe(60);
    expect(secondsLeft(deadline, 1000, 60_000)).toBe(59);
    expect(secondsLeft(deadline, 59_001, 60_000)).toBe(1);
    expect(secondsLeft(deadline, 60_000, 60_000)).toBe(0);
    expect(secondsLeft(deadline, 70_000, 60_000)).toBe(0);
  });
});
