import { describe, expect, it } from 'vitest';
import { SeededRng } from '../../core/rng.js';
import { Solver } from '../../search/solver.js';
import { SchafkopfSearch } from './search.js';
import { randomPlayState, VARIANTS } from './testing.js';

/**
 * The solver's values do not change with its speed (issue 23): seeded
 * deals of every variant, each from its second or third trick on, valued
 * for the side to move and for another side, against the values the solver
 * gave before the endgame searches (`LastTricks`: the last two tricks in
 * `futureBounds`, the last three in `futureSearch`) and the smaller tables
 * (computed with commit 47c2c30). The whole-deal searches reach those
 * endgames along many paths; the endgames themselves are checked against
 * minimax in solver.test.ts.
 */
const BEFORE: readonly (readonly [number, number] | null)[] = [
  [-300, 100], [50, -50], [100, -300], [-360, 120], [60, -180], [200, -600], [160, -480], [-600, 200], [130, -390], [100, -300], [200, -600],
  [280, -840], [-300, 100], null, [-360, 120], [-6240, 2080], [800, -2400], [560, -1680], null, [320, -960], [130, -390], [60, -180], [400, -1200],
  null, [200, -600], [520, -1560], [-600, 200], [200, -600], [200, -600], [60, -180], [140, -420], [120, -360], [-1200, 400], [180, -540],
  [200, -600], [180, -540], [100, -300], [480, -1440], [40, -40], null, [280, -840], [220, -660], [60, -180], [800, -2400], [320, -960], [180, -540],
  [200, -600], [200, -600], [560, -1680], [160, -480], null, [-1680, 560], [-2880, 960], null, [-80, 80], [1440, -4320], [1600, -4800], [960, -2880],
  [180, -540], [-2880, 960], [70, -210], [150, -450], [140, -420], [-150, 50], [220, -660], [120, -360], [200, -600], [60, -180], [-100, 300],
  [-10, 10], [150, -450], [-10, 10],
];

describe('the solver on whole Schafkopf deals', () => {
  it('gives the values it gave before its endgame searches', () => {
    const rng = new SeededRng('solver-old-values');
    const values: ([number, number] | null)[] = [];
    for (const { rules } of VARIANTS) {
      for (let d = 0; d < 12; d++) {
        const played = (rng.int(2) + 1) * 4;
        const start = randomPlayState(rules, rng, played);
        if (!start || start.phase !== 'play') {
          values.push(null);
          continue;
        }
        const s = SchafkopfSearch.fromState(start)!;
        const solver = new Solver();
        const side = s.side(s.toMove());
        values.push([solver.value(s), solver.value(s, s.sides() === 2 ? 1 - side : (side + 1) % 4)]);
      }
    }
    expect(values).toEqual(BEFORE);
    expect(values.filter((v) => v !== null).length).toBeGreaterThan(60);
  }, 120_000);
});
