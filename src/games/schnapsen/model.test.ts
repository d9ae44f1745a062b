import { describe, expect, it } from 'vitest';
import { shuffleDeck } from '../../cards/deck.js';
import { SeededRng } from '../../core/rng.js';
import { unwrap } from '../../core/result.js';
import { sampleWeightedWorld } from '../decisionModel.js';
import { SPECTATOR, type Seat } from '../game.js';
import { decide } from './bots/ruleBot.js';
import { PACK, SUIT_MASK } from './cards.js';
import { schnapsenDisagreements } from './model.js';
import { bauernschnapsenModule, talonschnapsenModule } from './module.js';
import type { Variant } from './rules.js';
import type { SchnapsenState } from './state.js';
import { gameOf, randomDeal, rulesFor, SCHNAPSEN_CONFIGS } from './testing.js';

/*
 * Worlds weighted by the announcements (issue 9 §2; src/games/decisionModel.ts,
 * model.ts): the easy bot as the model of the other seats' decisions
 * before the card play, in Bauernschnapsen and Talonschnapsen.
 */

function popcount(m: number): number {
  let n = 0;
  for (; m; m &= m - 1) n++;
  return n;
}

/** A deal played by the easy bot at every seat until its card play (or its end). */
function easyDeal(variant: Variant, rules: ReturnType<typeof rulesFor>, rng: SeededRng, dealer: Seat): SchnapsenState {
  const game = gameOf(variant);
  let s = unwrap(game.setup(rules, { dealer, deck: shuffleDeck(PACK, rng), carry: game.initialCarry(rules) }));
  while (s.phase !== 'done' && s.phase !== 'play') {
    const legal = game.legal(s, s.turn);
    s = unwrap(game.apply(s, s.turn, decide(game.view(s, s.turn), legal, rng)));
  }
  return s;
}

const moduleOf = (variant: Variant) => (variant === 'bauern' ? bauernschnapsenModule : talonschnapsenModule);

describe('the announcements as evidence (Schnapsen)', () => {
  it('the true deal of easy bots has no disagreement, for every seat and a spectator (7 rule sets)', () => {
    let deals = 0;
    for (const [variant, preset, overrides] of SCHNAPSEN_CONFIGS) {
      const rules = rulesFor(variant, overrides, preset);
      const rng = new SeededRng(`model-${variant}-${preset}-${JSON.stringify(overrides)}`);
      const n = gameOf(variant).seatCount(rules);
      for (let d = 0; d < 40; d++) {
        const s = easyDeal(variant, rules, rng, d % n);
        for (let seat = -1; seat < n; seat++) expect(schnapsenDisagreements(s, seat), `${variant} ${preset} deal ${d} seat ${seat}`).toBe(0);
        deals++;
      }
    }
    expect(deals).toBe(7 * 40);
  });

  it('weighted worlds of random deals show the seat exactly its view, and same seed gives the same worlds (7 rule sets)', () => {
    let checked = 0;
    let disagreeing = 0;
    for (const [variant, preset, overrides] of SCHNAPSEN_CONFIGS) {
      const rules = rulesFor(variant, overrides, preset);
      const game = gameOf(variant);
      const search = moduleOf(variant).search!;
      const rng = new SeededRng(`weighted-${variant}-${preset}-${JSON.stringify(overrides)}`);
      for (let i = 0; i < 60; i++) {
        const { states } = randomDeal(variant, rules, rng, i % game.seatCount(rules));
        const s = states[rng.int(states.length)];
        const seats = [...Array.from({ length: s.seats }, (_, x) => x), SPECTATOR];
        const seat = seats[rng.int(seats.length)];
        const v = game.view(s, seat);
        const seed = rng.int(2 ** 32);
        const w = sampleWeightedWorld(search, v, seat, new SeededRng(seed));
        expect(JSON.stringify(game.view(w, seat)), `${variant} ${preset} ${s.phase} seat ${seat}`).toBe(JSON.stringify(v));
        expect(JSON.stringify(sampleWeightedWorld(search, v, seat, new SeededRng(seed)))).toBe(JSON.stringify(w));
        if (schnapsenDisagreements(s, seat) > 0) disagreeing++;
        checked++;
      }
    }
    expect(checked).toBe(7 * 60);
    // Random bids disagree with the easy bot in the true deal more often than not.
    expect(disagreeing).toBeGreaterThan(100);
  });

  it('after a trump call, weighted worlds give the Rufer more trumps than uniform worlds (Bauernschnapsen, seeded batch)', () => {
    const rules = rulesFor('bauern', { blindRufen: false });
    const game = gameOf('bauern');
    const search = bauernschnapsenModule.search!;
    const rng = new SeededRng('trump-call');
    let deals = 0;
    let truth = 0;
    let uniform = 0;
    let weighted = 0;
    let n = 0;
    for (let d = 0; deals < 30; d++) {
      const s = easyDeal('bauern', rules, rng, d % 4);
      if (s.phase !== 'play' || s.trump < 0 || s.turned >= 0) continue;
      const viewer = (s.rufer + 1) % 4;
      const v = game.view(s, viewer);
      const trumps = SUIT_MASK[s.trump];
      deals++;
      truth += popcount(s.hands[s.rufer] & trumps);
      for (let i = 0; i < 30; i++) {
        uniform += popcount(search.sampleWorld(v, viewer, rng).hands[s.rufer] & trumps);
        weighted += popcount(sampleWeightedWorld(search, v, viewer, rng).hands[s.rufer] & trumps);
        n++;
      }
    }
    console.log(`Rufer's trumps: true ${(truth / deals).toFixed(2)}, uniform ${(uniform / n).toFixed(2)}, weighted ${(weighted / n).toFixed(2)}`);
    expect(weighted / n).toBeGreaterThan(uniform / n + 0.1);
  });
});
