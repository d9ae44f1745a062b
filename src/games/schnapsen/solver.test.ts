import { describe, expect, it } from 'vitest';
import { popcount32 } from '../../cards/bits.js';
import { SeededRng } from '../../core/rng.js';
import { checkSolverOnEndgame } from '../../search/testing.js';
import { SchnapsenSearch } from './search.js';
import { gameOf, randomDeal, rulesFor, SCHNAPSEN_CONFIGS } from './testing.js';

/**
 * The solver on Bauern- and Talonschnapsen (issue 9 §1): from random deals
 * of every game and rule set, endgames of up to four tricks (at most 14
 * cards left in the hands, so that plain minimax gets through); the solver
 * equals minimax for both sides, equal hashes (between tricks) mean equal
 * values, and every value is one of the seat's outcomes; so also with
 * `margin` (the side's points less the other side's), every other endgame.
 */
describe('the solver on Schnapsen endgames', () => {
  it('equals minimax and keys positions exactly, in every game and rule set', () => {
    const games = new Set<string>();
    let endgames = 0;
    let keyed = 0;
    for (const [variant, preset, overrides] of SCHNAPSEN_CONFIGS) {
      const rules = rulesFor(variant, overrides, preset);
      const game = gameOf(variant);
      const rng = new SeededRng(`solver-${variant}-${preset}-${JSON.stringify(overrides)}`);
      for (let i = 0; i < 500; i++) {
        const { states } = randomDeal(variant, rules, rng, i % game.seatCount(rules));
        const late = states.flatMap((s) => {
          const x = s.phase === 'play' ? SchnapsenSearch.load(s) : undefined;
          if (!x || x.isOver()) return [];
          let held = 0;
          for (let seat = 0; seat < s.seats; seat++) held += popcount32(x.hand(seat));
          return held <= 14 ? [{ s, x }] : [];
        });
        if (late.length === 0) continue;
        const { s, x } = late[rng.int(late.length)];
        // Every other one scored as the analysis scores it: the side's game points less the other side's (SearchState.margin).
        if (i % 2 === 1) x.margin = true;
        games.add(s.contract!.game);
        keyed += checkSolverOnEndgame(x, `${variant} ${preset} ${s.contract!.game}, deal ${i}`);
        endgames++;
      }
    }
    expect(endgames).toBeGreaterThan(900);
    expect(keyed).toBeGreaterThan(2000);
    expect(games.size).toBeGreaterThan(5);
  }, 300_000);
});
