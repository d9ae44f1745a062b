import { describe, expect, it } from 'vitest';
import { SeededRng } from '../../core/rng.js';
import { movesOf } from '../../search/solver.js';
import { checkSolverOnEndgame } from '../../search/testing.js';
import { karnoeffelSearch, type KarnoeffelSearch } from './search.js';
import { randomDeal, rulesOf, KARNOEFFEL_CONFIGS } from './testing.js';

/**
 * The solver on Karnöffel (issue 9 §1): random endgames of every player
 * count and Devil rule, played on at random until at most ten cards are
 * left in the hands (up to four tricks with two players, fewer with more:
 * plain minimax has to get through them too); the solver equals minimax for
 * both teams, and equal hashes (between tricks) mean equal values.
 */
describe('the solver on Karnöffel endgames', () => {
  it('equals minimax and keys positions exactly, for every player count and Devil rule', () => {
    const rng = new SeededRng('karnoeffel-solver');
    let endgames = 0;
    let keyed = 0;
    for (const [preset, n] of KARNOEFFEL_CONFIGS) {
      for (const devil of ['no-lead', 'no-play'] as const) {
        const rules = rulesOf({ players: n, devilFirstTrick: devil }, preset);
        for (let d = 0; d < 90; d++) {
          const s = karnoeffelSearch.load(randomDeal(rules, rng, 'play').state) as KarnoeffelSearch;
          const left = 1 + rng.int(Math.min(10, 4 * n));
          const held = () => {
            let cards = 0;
            for (let seat = 0; seat < n; seat++) cards += movesOf(s.handOf(seat)).length;
            return cards;
          };
          while (!s.isOver() && held() > left) {
            const moves = movesOf(s.legalMask());
            s.play(moves[rng.int(moves.length)]);
          }
          // Every other one scored as the analysis scores it: the side's points less the other side's (SearchState.margin).
          if (d % 2 === 1) s.margin = true;
          keyed += checkSolverOnEndgame(s, `${preset}, ${n} players, Devil ${devil}, deal ${d}`);
          endgames++;
        }
      }
    }
    expect(endgames).toBe(KARNOEFFEL_CONFIGS.length * 2 * 90);
    expect(keyed).toBeGreaterThan(2000);
  }, 300_000);
});
