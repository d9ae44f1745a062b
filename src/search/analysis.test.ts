import { describe, expect, it } from 'vitest';
import { shuffleDeck } from '../cards/deck.js';
import { formatCard } from '../cards/notation.js';
import { SeededRng } from '../core/rng.js';
import { playDeal } from '../sitting/play.js';
import { analyzeDeal, formatAnalysis } from './analysis.js';
import { minimax } from './solver.js';
import { tinyGame, tinyModule, tinySearchState } from './testing.js';

const rules = { preset: 'tiny' };

describe('analysis of a played deal (tiny game)', () => {
  it('values every legal card with all cards known and from the own view, and sums the cost per player', async () => {
    const pack = tinyGame.pack(rules);
    let analysed = 0;
    for (let d = 0; d < 6; d++) {
      const rng = new SeededRng(`analysis${d}`);
      const deck = shuffleDeck(pack, rng);
      const agents = [0, 1, 2, 3].map((s) => (s % 2 === 0 ? tinyModule.bots.random : tinyModule.bots.easy).create(rules, s, new SeededRng(d * 4 + s)));
      const played = await playDeal(tinyModule, rules, { dealer: d % 4, deck, carry: null }, agents);
      const a = await analyzeDeal(tinyModule, rules, d, { dealer: d % 4, carry: null, deck: deck.map((c) => formatCard(pack, c)), actions: played.actions }, { estimate: true, estimateOptions: { samples: 6, thinkMs: 5000, evaluate: 'solver' } });
      const cards = played.actions.filter(([, t]) => /^c\d+$/.test(t)).length;
      expect(a.plays.length).toBe(cards);
      let state = tinyGame.setup(rules, { dealer: d % 4, deck, carry: null });
      if (!state.ok) throw new Error();
      let s = state.value;
      for (const [j, [seat, text]] of played.actions.entries()) {
        const p = a.plays.find((x) => x.index === j);
        if (p) {
          analysed++;
          expect(p.cost).toBeGreaterThanOrEqual(0);
          expect(p.solver[0].value - p.cost).toBe(p.solver.find((x) => x.action === text)!.value);
          // The solver's value of the card played, checked by plain minimax.
          const t = tinySearchState(s);
          t.play(Number(text.slice(1)));
          expect(minimax(t, t.side(seat))).toBe(p.solver[0].value - p.cost);
          expect(p.estimate!.length).toBe(p.solver.length);
        }
        const action = tinyGame.parseAction(rules, text);
        if (!action.ok) throw new Error();
        s = (tinyGame.apply(s, seat, action.value) as { value: typeof s }).value;
      }
      const total = a.seats.reduce((x, y) => x + y.cost, 0);
      expect(total).toBeCloseTo(a.plays.reduce((x, p) => x + p.cost, 0), 9);
      const text = formatAnalysis(a, ['A', 'B', 'C', 'D']);
      expect(text).toMatch(/^Deal \d+: \d+ plays analysed/);
    }
    expect(analysed).toBeGreaterThan(30);
  });
});

describe('solveBench', () => {
  it('times whole-deal solves from the first card', async () => {
    const { solveBench } = await import('./bench.js');
    const r = await solveBench(tinyModule, rules, 20);
    expect(r.solvedDeals).toBeGreaterThan(10);
    expect(r.solveP95Ms).toBeGreaterThanOrEqual(r.solveMs);
  });
});
