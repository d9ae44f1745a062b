import { describe, expect, it } from 'vitest';
import { shuffleDeck } from '../../cards/deck.js';
import { formatCard } from '../../cards/notation.js';
import { unwrap } from '../../core/result.js';
import { SeededRng } from '../../core/rng.js';
import { analyzeDeal } from '../../search/analysis.js';
import { Solver } from '../../search/solver.js';
import { schafkopfPack } from './cards.js';
import { schafkopf } from './game.js';
import { schafkopfModule } from './module.js';
import { ramschScores } from './ramsch.js';
import { SchafkopfSearch } from './search.js';
import type { SchafkopfState } from './state.js';
import { rulesOf } from './testing.js';

/** A Ramsch (everyone says "weiter"), its cards played at random: the deck and the actions as a record has them, and every state on the way. */
function playedRamsch(d: number) {
  const rules = rulesOf(undefined, { allPass: 'ramsch' });
  const pack = schafkopfPack(false);
  const rng = new SeededRng(`ramsch-analysis/${d}`);
  const deck = shuffleDeck(pack, rng);
  const carry = { stock: 0, bock: 0 };
  let state = unwrap(schafkopf.setup(rules, { dealer: d % 4, deck, carry }));
  const actions: [number, string][] = [];
  const states: SchafkopfState[] = [];
  for (;;) {
    const seat = schafkopf.toAct(state)[0];
    if (seat === undefined) break;
    const legal = schafkopf.legal(state, seat);
    const action = state.phase === 'play' ? legal[rng.int(legal.length)] : { type: 'weiter' as const };
    states.push(state);
    actions.push([seat, schafkopf.formatAction(rules, action)]);
    state = unwrap(schafkopf.apply(state, seat, action));
  }
  expect(state.contract?.kind).toBe('ramsch');
  return { rules, deal: { dealer: d % 4, carry, deck: deck.map((c) => formatCard(pack, c)), actions }, states };
}

describe('the analysis of a Ramsch', () => {
  it("values the cards by the Ramsch's own solver, as the generic paranoid solver does where it finishes, in cents", async () => {
    let valued = 0;
    let checked = 0;
    for (let d = 0; d < 2; d++) {
      const { rules, deal, states } = playedRamsch(d);
      const a = await analyzeDeal(schafkopfModule, rules, d, deal, { solverNodes: 1_000_000 });
      const scores = ramschScores(rules.tarifRamsch, rules.ramschJungfrau);
      const cards = a.decisions.filter((x) => x.card);
      for (const x of cards) {
        if (!x.solver) {
          // Only the first tricks may be too hard for the budget.
          expect(x.trick, `deal ${d}, action ${x.index}`).toBeLessThan(5);
          continue;
        }
        valued++;
        for (const v of x.solver) expect(scores).toContain(v.value);
        expect(x.cost).toBe(x.solver[0].value - x.solver.find((v) => v.action === x.action)!.value);
        if (x.trick < 6) continue;
        // From the sixth trick on the generic paranoid solver finishes: it gives each card the same value.
        const state = states[x.index - 1];
        for (const v of x.solver) {
          const s = SchafkopfSearch.fromState(unwrap(schafkopf.apply(state, x.seat, unwrap(schafkopf.parseAction(rules, v.action)))));
          const generic = s ? new Solver().value(s, x.seat, x.seat) : schafkopf.outcome(unwrap(schafkopf.apply(state, x.seat, unwrap(schafkopf.parseAction(rules, v.action)))))!.score[x.seat];
          expect(v.value, `deal ${d}, action ${x.index}, ${v.action}`).toBe(generic);
          checked++;
        }
      }
      // No declaring side, no curve.
      expect(a.declarers).toBeUndefined();
    }
    expect(valued).toBeGreaterThan(20);
    expect(checked).toBeGreaterThan(10);
  });
});
