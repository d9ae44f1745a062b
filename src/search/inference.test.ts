import { describe, expect, it } from 'vitest';
import { SeededRng } from '../core/rng.js';
import { unwrap } from '../core/result.js';
import { schafkopfRuleBot } from '../games/schafkopf/bots/index.js';
import { schafkopf } from '../games/schafkopf/game.js';
import { schafkopfModule, schafkopfSearch } from '../games/schafkopf/module.js';
import type { SchafkopfState } from '../games/schafkopf/state.js';
import { randomDeal, rulesOf } from '../games/schafkopf/testing.js';
import { handReading } from './handReading.js';
import { drawByLikelihood, normalized, systematic } from './inference.js';

/*
 * Inference from the whole play (issue 23): worlds weighted by the
 * likelihood of the other seats' decisions, the cards included.
 */

const easy = schafkopfRuleBot('easy');

/** A Schafkopf deal of easy bots at every seat, `cards` cards into its play. */
function easyDeal(rng: SeededRng, cards: number): SchafkopfState {
  let s = randomDeal(rulesOf('aumer-koller'), rng);
  let played = 0;
  while (s.phase !== 'done' && !(s.phase === 'play' && played >= cards)) {
    const legal = schafkopf.legal(s, s.turn);
    if (s.phase === 'play') played++;
    s = unwrap(schafkopf.apply(s, s.turn, easy.choose(schafkopf.view(s, s.turn), legal, s.turn) as (typeof legal)[number]));
  }
  return s;
}

describe('worlds weighted by the whole play', () => {
  it('systematic resampling draws exactly `count` worlds, in proportion to the weights', () => {
    const rng = new SeededRng('sys');
    const w = normalized([0, Math.log(3), -Infinity, Math.log(4)]);
    expect(w.map((x) => +x.toFixed(6))).toEqual([0.125, 0.375, 0, 0.5]);
    const counts = systematic(w, 8, rng);
    expect(counts).toEqual([1, 3, 0, 4]);
    for (let i = 0; i < 50; i++) expect(systematic(normalized([-5000, -5001, -4999.5]), 7, rng).reduce((a, b) => a + b, 0)).toBe(7);
    // Log weights far below any float still give weights (the largest is taken as 1).
    expect(normalized([-1e6, -1e6 - 1]).every((x) => x > 0)).toBe(true);
  });

  it('the likelihood of a world is never zero, and the drawn worlds agree with the view', () => {
    const rng = new SeededRng('never-zero');
    let worlds = 0;
    for (let d = 0; d < 8; d++) {
      const state = easyDeal(rng, 4 + 3 * d);
      if (state.phase !== 'play') continue;
      const seat = state.turn;
      const view = schafkopf.view(state, seat);
      for (let i = 0; i < 6; i++) {
        const world = schafkopfSearch.sampleWorld(view, seat, rng);
        const log = schafkopfSearch.logLikelihood!(world, seat, { bid: 0.01, card: 0.01 });
        expect(Number.isFinite(log)).toBe(true);
        worlds++;
      }
      const drawn = drawByLikelihood(schafkopfSearch, view, seat, rng, 6);
      expect(drawn.worlds.reduce((a, w) => a + w.times, 0)).toBe(6);
      for (const w of drawn.worlds) expect(schafkopf.view(w.world, seat)).toEqual(view);
    }
    expect(worlds).toBeGreaterThan(30);
  });

  it('reads the hands better than uniform worlds on a fixed set of deals of easy bots', async () => {
    const rules = rulesOf('aumer-koller');
    const rows = await handReading({
      module: schafkopfModule,
      rules,
      deals: 4,
      seed: 'hand-reading-test',
      worlds: 12,
      table: () => schafkopfRuleBot('easy'),
    });
    const total = rows.reduce((a, r) => ({ cards: a.cards + r.cards, uniform: a.uniform + r.uniform * r.cards, weighted: a.weighted + r.weighted * r.cards }), { cards: 0, uniform: 0, weighted: 0 });
    expect(total.cards).toBeGreaterThan(200);
    // Measured on these deals: about 36% of the hidden cards in the right hand uniform, 43% weighted.
    expect(total.weighted / total.cards).toBeGreaterThan(total.uniform / total.cards + 0.03);
  });
});
