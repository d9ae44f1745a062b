import { describe, expect, it } from 'vitest';
import { SeededRng } from '../core/rng.js';
import { minimax, movesOf, sideToMove, Solver, SolverTimeout } from './solver.js';
import { randomTinyDeal, TinyState, type TinyDeal } from './testing.js';

/** A random endgame: a deal of up to four tricks, sometimes with a few cards of the first trick already played. */
function endgame(rng: SeededRng, ranks?: number): TinyState {
  const deal = randomTinyDeal(rng, { tricks: 1 + rng.int(4), ...(ranks ? { ranks } : {}) });
  const state = new TinyState(deal);
  const k = rng.int(deal.rules.seats);
  for (let i = 0; i < k && !state.isOver(); i++) {
    const moves = movesOf(state.legalMask());
    state.play(moves[rng.int(moves.length)]);
  }
  return state;
}

describe('the generic solver on the tiny trick game', () => {
  it('equals plain minimax on 2000 random endgames, payout and card points, with and without table and equivalence', () => {
    const rng = new SeededRng('solver');
    const variants = [new Solver(), new Solver({ table: false }), new Solver({ equivalence: false })];
    const points = new Solver({ objective: 'points' });
    let nodes = 0;
    for (let i = 0; i < 2000; i++) {
      const state = endgame(rng);
      if (state.isOver()) continue;
      const side = sideToMove(state);
      const depth = state.depth();
      const hash = state.hash();
      const expected = minimax(state, side);
      for (const solver of variants) expect(solver.value(state, side)).toBe(expected);
      expect(points.value(state, side)).toBe(minimax(state, side, 'points'));
      nodes += state.seats;
      // The other side's view of the same position (two sides: the negative of the payout).
      const other = state.sides() === 2 ? 1 - side : side;
      expect(variants[0].value(state, other)).toBe(minimax(state, other));
      expect(state.depth()).toBe(depth);
      expect(state.hash()).toBe(hash);
    }
    expect(nodes).toBeGreaterThan(4000);
  });

  it('answers threshold questions with null-window searches', () => {
    const rng = new SeededRng('thresholds');
    const solver = new Solver();
    for (let i = 0; i < 500; i++) {
      const state = endgame(rng);
      if (state.isOver()) continue;
      const side = sideToMove(state);
      const v = minimax(state, side);
      for (const t of [-3, -2, -1, 0, 1, 2, 3]) expect(solver.atLeast(state, side, t)).toBe(v >= t);
    }
  });

  it('values every legal move, equivalent moves alike', () => {
    const rng = new SeededRng('moves');
    const solver = new Solver();
    let checked = 0;
    for (let i = 0; i < 400; i++) {
      const state = endgame(rng, 8);
      if (state.isOver()) continue;
      const side = sideToMove(state);
      const values = solver.moveValues(state);
      for (const { move, value } of values) {
        state.play(move);
        expect(value).toBe(minimax(state, side));
        state.undo();
      }
      // A move left out by distinctMoves is worth what the next distinct move above it is worth.
      const distinct = state.distinctMoves();
      for (const { move, value } of values) {
        if (distinct & (1 << move)) continue;
        const rep = values.find((x) => x.move > move && distinct & (1 << x.move));
        expect(rep).toBeDefined();
        expect(value).toBe(rep!.value);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(20);
  });

  it('is stable when equivalent cards are swapped: relabelled plain suits, and equivalent cards traded within a hand', () => {
    const rng = new SeededRng('swaps');
    const solver = new Solver();
    for (let i = 0; i < 500; i++) {
      const deal = randomTinyDeal(rng, { tricks: 1 + rng.int(4) });
      const { ranks, trump } = deal.rules;
      const plain = [0, 1, 2, 3].filter((s) => s !== trump);
      const [a, b] = [plain[rng.int(plain.length)], plain[rng.int(plain.length)]];
      const swapSuit = (c: number) => {
        const s = Math.floor(c / ranks);
        const to = s === a ? b : s === b ? a : s;
        return to * ranks + (c % ranks);
      };
      const swapped: TinyDeal = { ...deal, hands: deal.hands.map((h) => h.map(swapSuit).sort((x, y) => x - y)) };
      const s1 = new TinyState(deal);
      const s2 = new TinyState(swapped);
      expect(solver.value(s2, 0)).toBe(solver.value(s1, 0));
    }
  });

  it('solves a whole 4-seat deal of 8 tricks exactly and faster with its table', () => {
    const rng = new SeededRng('whole');
    for (let i = 0; i < 3; i++) {
      const deal = randomTinyDeal(rng, { seats: 4, ranks: 8, tricks: 6, trump: 0, sides: [0, 1, 0, 1] });
      const with_ = new Solver();
      const without = new Solver({ table: false, equivalence: false });
      const s = new TinyState(deal);
      expect(with_.value(s, 0)).toBe(without.value(s, 0));
      expect(with_.nodes).toBeLessThan(without.nodes);
    }
  });
});

describe('the solver under a deadline', () => {
  it('stops with SolverTimeout when the deadline has passed, and leaves the search state as it found it', () => {
    const rng = new SeededRng('deadline');
    for (let k = 0; k < 5; k++) {
      // Whole deals of six tricks, searched without table or equivalence: thousands of nodes, so the deadline strikes mid-search.
      const state = new TinyState(randomTinyDeal(rng, { seats: 2, ranks: 8, tricks: 6 }));
      const before = state.depth();
      const fingerprint = JSON.stringify([state.toMove(), state.legalMask(), state.sidePoints(0), state.sidePoints(1)]);
      const solver = new Solver({ table: false, equivalence: false });
      solver.deadline = performance.now() - 1;
      expect(() => solver.value(state)).toThrow(SolverTimeout);
      expect(solver.nodes).toBeGreaterThanOrEqual(1024);
      expect(state.depth()).toBe(before);
      expect(JSON.stringify([state.toMove(), state.legalMask(), state.sidePoints(0), state.sidePoints(1)])).toBe(fingerprint);
      solver.deadline = Infinity;
      expect(solver.value(state)).toBe(new Solver().value(state));
    }
  });

  it('stops with SolverTimeout past its node limit, the same way on every machine', () => {
    const rng = new SeededRng('node limit');
    for (let k = 0; k < 5; k++) {
      const state = new TinyState(randomTinyDeal(rng, { seats: 2, ranks: 8, tricks: 6 }));
      const before = state.depth();
      const solver = new Solver({ table: false, equivalence: false });
      solver.nodeLimit = 1000;
      expect(() => solver.value(state)).toThrow(SolverTimeout);
      // Checked every 1,024 nodes: it stops at the first check past the limit.
      expect(solver.nodes).toBe(1024);
      expect(state.depth()).toBe(before);
      solver.nodeLimit = Infinity;
      expect(solver.value(state)).toBe(new Solver().value(state));
    }
  });
});
