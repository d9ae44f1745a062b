import { describe, expect, it } from 'vitest';
import { shuffleDeck } from '../../cards/deck.js';
import { formatCard } from '../../cards/notation.js';
import { unwrap } from '../../core/result.js';
import { SeededRng } from '../../core/rng.js';
import { analysisUnit, analyzeDeal } from '../../search/analysis.js';
import { formatDealAnalysis } from '../../search/analysisText.js';
import { Solver } from '../../search/solver.js';
import { schafkopfPack } from './cards.js';
import { schafkopf } from './game.js';
import { schafkopfModule } from './module.js';
import { RamschSolver, ramschScores } from './ramsch.js';
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

  it("follows every seat's card points after each trick and whether the others can make it pay, as a fresh solve of the position does", async () => {
    const { rules, deal, states } = playedRamsch(3);
    const a = await analyzeDeal(schafkopfModule, rules, 3, deal, { solverNodes: 1_000_000 });
    const curve = a.standings!.curve;
    // Before the first card and after each of the eight tricks.
    expect(curve.map((p) => p.trick)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    const final = schafkopf.outcome(unwrap(schafkopf.apply(states.at(-1)!, deal.actions.at(-1)![0], unwrap(schafkopf.parseAction(rules, deal.actions.at(-1)![1])))))!;
    // The first action of each trick's position (the cards before them: bids, then four a trick).
    const firstCard = deal.actions.findIndex(([, text]) => text !== 'weiter');
    for (const [i, p] of curve.entries()) {
      expect(p.seats).toHaveLength(4);
      const taken = p.seats.map((x) => x.taken);
      // A trick's points go to one seat: the sum grows by the trick's, and no seat's points go down.
      if (i === 0) expect(taken).toEqual([0, 0, 0, 0]);
      else for (let q = 0; q < 4; q++) expect(taken[q]).toBeGreaterThanOrEqual(curve[i - 1].seats[q].taken);
      for (const x of p.seats) {
        if (x.forced !== null) {
          expect(x.forced).toBeGreaterThanOrEqual(x.taken);
          expect(x.forced).toBeLessThanOrEqual(120);
          // Made to take 61 or more, a seat has the most: it pays.
          if (x.forced >= 61 && x.pays !== null) expect(x.pays).toBe(true);
        }
      }
      // From the fifth trick on the budget answers everything, and a fresh solver of the position answers the same.
      if (p.trick >= 4 && p.trick < 8) {
        const s = SchafkopfSearch.fromState(states[firstCard + 4 * p.trick])!;
        const fresh = new RamschSolver().solve(s);
        expect(p.seats, `after trick ${p.trick}`).toEqual(fresh.seats.map((x) => ({ taken: x.taken, pays: x.pays, forced: x.forced })));
      }
    }
    // At the end: 120 card points in all, nothing left to force, and the seats that pay are those the outcome charges.
    const end = curve.at(-1)!.seats;
    expect(end.reduce((n, x) => n + x.taken, 0)).toBe(120);
    for (const [q, x] of end.entries()) {
      expect(x.forced).toBe(x.taken);
      expect(x.pays).toBe(final.score[q] < 0);
    }
    expect(end.filter((x) => x.pays).length).toBeGreaterThanOrEqual(1);
    // The most points at the end pay (no Durchmarsch in this deal).
    const most = Math.max(...end.map((x) => x.taken));
    expect(end.find((x) => x.pays)!.taken).toBe(most);
    // As text (stich analyze): a line per player, its points after each trick, "!" where it can be made to pay.
    const text = formatDealAnalysis(a, ['A', 'B', 'C', 'D'], analysisUnit('schafkopf'));
    expect(text).toContain('\n  Card points after each trick ("!": the three others can make the player pay');
    for (const [q, name] of ['A', 'B', 'C', 'D'].entries()) expect(text).toContain(`\n    ${name}: ${curve.map((p) => p.seats[q].taken + (p.seats[q].pays === null ? '?' : p.seats[q].pays ? '!' : '')).join(', ')}`);
  }, 60_000);
});
