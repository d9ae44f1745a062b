import { describe, expect, it } from 'vitest';
import { DECLARER_WINS, OPPONENTS_WIN, UNDECIDED, judgeBauernNormal, judgeTalonNormal, normalGamePoints, sidePoints } from './judge.js';

describe('003 "Normales Spiel": judgement and points', () => {
  it('1 point if the losers have 33 or more, 2 below 33, 3 without a trick', () => {
    expect(normalGamePoints(33, 2)).toBe(1);
    expect(normalGamePoints(32, 1)).toBe(2);
    expect(normalGamePoints(0, 0)).toBe(3);
  });

  it('20 and 40 count only once the side has a trick', () => {
    expect(sidePoints(0, 40, 0)).toBe(0);
    expect(sidePoints(12, 40, 1)).toBe(52);
  });

  it('the first side to 66 wins; else the last trick decides', () => {
    expect(judgeBauernNormal(66, 10, 2, false)).toBe(DECLARER_WINS);
    expect(judgeBauernNormal(20, 70, 3, true)).toBe(OPPONENTS_WIN);
    expect(judgeBauernNormal(60, 50, 4, true)).toBe(UNDECIDED);
    expect(judgeBauernNormal(60, 60, 5, true)).toBe(DECLARER_WINS);
    expect(judgeBauernNormal(65, 55, 5, false)).toBe(OPPONENTS_WIN);
  });

  it('Talonschnapsen: the Rufer needs 66; lost when he cannot reach it and the points of the loss are fixed', () => {
    expect(judgeTalonNormal(66, 2, 100, 3)).toBe(DECLARER_WINS);
    expect(judgeTalonNormal(40, 2, 60, 4)).toBe(OPPONENTS_WIN);
    // No trick yet: a trick could still change 3 points into 2; play on.
    expect(judgeTalonNormal(0, 0, 30, 4)).toBe(UNDECIDED);
    // Below 33 but able to reach 33: the loss may still shrink to 1; play on.
    expect(judgeTalonNormal(20, 1, 50, 4)).toBe(UNDECIDED);
    expect(judgeTalonNormal(20, 1, 30, 4)).toBe(OPPONENTS_WIN);
    expect(judgeTalonNormal(65, 3, 65, 6)).toBe(OPPONENTS_WIN);
  });
});
