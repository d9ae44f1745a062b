import { describe, expect, it } from 'vitest';
import { BOT_RATING, NEW_RATING, rateSitting } from './ratings.js';

describe('rateSitting', () => {
  it('raises the winner, lowers the loser, leaves bots out', () => {
    const out = rateSitting([
      { userId: 'a', ...NEW_RATING, total: 30 },
      { userId: 'b', ...NEW_RATING, total: -10 },
      { ...BOT_RATING, total: -20 },
    ]);
    expect(out.map((r) => r.userId)).toEqual(['a', 'b']);
    expect(out[0].mu).toBeGreaterThan(NEW_RATING.mu);
    expect(out[1].mu).toBeLessThan(out[0].mu);
  });
});
