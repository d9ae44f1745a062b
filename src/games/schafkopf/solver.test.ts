import { describe, expect, it } from 'vitest';
import { SeededRng } from '../../core/rng.js';
import { checkSolverOnEndgame } from '../../search/testing.js';
import { SchafkopfSearch } from './search.js';

import { randomPlayState, VARIANTS } from './testing.js';

/**
 * The solver on Schafkopf (issue 9 §1): on random endgames of up to four
 * tricks, from every variant (every game type, Bettel with Stichzwang,
 * the kurze Karte, Ramsch), the solver equals plain minimax for every side,
 * equivalent cards are worth the same, equal hashes mean equal values, and
 * the score range holds the value.
 */
const N = Number(process.env.N ?? 150);

describe('the solver on Schafkopf endgames', () => {
  it('equals minimax, merges only equivalent cards, and keys positions exactly, in every variant', () => {
    const rng = new SeededRng('schafkopf-solver');
    const kinds = new Set<string>();
    let endgames = 0;
    let keyed = 0;
    for (const { name, rules } of VARIANTS) {
      const size = rules.kurzeKarte ? 24 : 32;
      for (let d = 0; d < N; d++) {
        // Cards left to play: up to three tricks mostly, four tricks in one endgame of ten (their trees are large).
        const left = rng.int(10) === 0 ? 13 + rng.int(4) : 1 + rng.int(12);
        const start = randomPlayState(rules, rng, size - Math.min(left, size));
        if (!start || start.phase !== 'play') continue;
        const c = start.contract!;
        kinds.add(`${c.kind}${c.tout ? '-tout' : ''}`);
        const s = SchafkopfSearch.fromState(start)!;
        keyed += checkSolverOnEndgame(s, `${name}, deal ${d} (${c.kind})`);
        endgames++;
      }
    }
    expect(endgames).toBeGreaterThan(650);
    expect(keyed).toBeGreaterThan(5000);
    for (const k of ['rufspiel', 'solo', 'wenz', 'bettel', 'ramsch', 'geier']) expect(kinds).toContain(k);
  }, 300_000);
});
