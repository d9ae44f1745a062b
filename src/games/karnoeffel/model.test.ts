import { describe, expect, it } from 'vitest';
import { shuffleDeck } from '../../cards/deck.js';
import { maskCards } from '../../cards/mask.js';
import { SeededRng } from '../../core/rng.js';
import { unwrap } from '../../core/result.js';
import { DISAGREE_WEIGHT, sampleWeightedWorld } from '../decisionModel.js';
import { SPECTATOR } from '../game.js';
import { heuristicBot } from './bots/heuristic.js';
import { worth } from './bots/knowledge.js';
import { PACK } from './cards.js';
import { apply, legal, setup, toAct } from './engine.js';
import { KARNOEFFEL_DISAGREE_WEIGHT, karnoeffelDisagreements } from './model.js';
import { karnoeffelModule } from './module.js';
import type { KarnoeffelRules } from './rules.js';
import type { KarnoeffelState } from './state.js';
import { randomDeal, rulesOf, KARNOEFFEL_CONFIGS } from './testing.js';
import { view } from './view.js';

/*
 * Worlds weighted by the raising (issue 9 §2; src/games/decisionModel.ts,
 * model.ts): the easy bot as the model of the other seats' raises, passes,
 * acceptances and refusals.
 */

const search = karnoeffelModule.search!;

/** A deal decided by the easy bot at every seat (no table talk) until `stop` says so or it ends. */
function easyDeal(rules: KarnoeffelRules, rng: SeededRng, stop: (s: KarnoeffelState) => boolean): KarnoeffelState {
  const bot = heuristicBot(rules);
  const deal = { dealer: rng.int(rules.players), deck: shuffleDeck(PACK, rng), carry: { points: [rng.int(5), rng.int(5)] } };
  let s = unwrap(setup(rules, deal));
  while (s.phase !== 'done' && !stop(s)) {
    const seat = toAct(s)[0];
    const options = legal(s, seat).filter((a) => a.type !== 'advise');
    s = unwrap(apply(s, seat, bot.choose(view(s, seat), options, seat) as (typeof options)[number]));
  }
  return s;
}

describe('the raising as evidence (Karnöffel)', () => {
  for (const [preset, n] of KARNOEFFEL_CONFIGS) {
    it(`${preset}, ${n} players: the true deal of easy bots has no disagreement; weighted worlds of random deals show the view and repeat with the seed`, () => {
      const rules = rulesOf({ players: n }, preset);
      const rng = new SeededRng(`model-${preset}-${n}`);
      for (let d = 0; d < 30; d++) {
        const s = easyDeal(rules, rng, (x) => x.phase === 'play');
        for (let seat = -1; seat < n; seat++) expect(karnoeffelDisagreements(s, seat)).toBe(0);
      }
      for (let d = 0; d < 30; d++) {
        const deal = randomDeal(rules, rng, d % 2 === 0 ? 'deal' : 'any');
        const seat = d % 3 === 0 ? SPECTATOR : rng.int(n);
        const v = view(deal.state, seat);
        const seed = rng.int(2 ** 32);
        const w = sampleWeightedWorld(search, v, seat, new SeededRng(seed));
        expect(view(w, seat)).toEqual(v);
        expect(JSON.stringify(sampleWeightedWorld(search, v, seat, new SeededRng(seed)))).toBe(JSON.stringify(w));
      }
    });
  }

  it('right after a raise, weighted worlds give the raiser stronger cards than uniform worlds (4 players, seeded batch, ε 0.15 and the game\'s 0.4)', () => {
    expect(search.disagreeWeight).toBe(KARNOEFFEL_DISAGREE_WEIGHT);
    const rules = rulesOf({ players: 4 });
    const deals = new SeededRng('raised');
    const rng = new SeededRng('raised-worlds');
    let found = 0;
    let truth = 0;
    let uniform = 0;
    let small = 0;
    let own = 0;
    let n = 0;
    const strength = (s: KarnoeffelState, seat: number) => maskCards(s.hands[seat]).reduce((x, c) => x + worth(c, s.trump), 0);
    for (let d = 0; d < 4000 && found < 60; d++) {
      const s = easyDeal(rules, deals, (x) => x.events.some((e) => e.type === 'raise'));
      const raise = s.events.find((e) => e.type === 'raise');
      if (!raise || raise.type !== 'raise' || s.phase !== 'deal') continue;
      // A seat of the other side sees the raise.
      const viewer = (raise.seat + 1) % 4;
      const v = view(s, viewer);
      found++;
      truth += strength(s, raise.seat);
      for (let i = 0; i < 20; i++) {
        uniform += strength(search.sampleWorld(v, viewer, rng), raise.seat);
        small += strength(sampleWeightedWorld(search, v, viewer, rng, { epsilon: DISAGREE_WEIGHT }), raise.seat);
        own += strength(sampleWeightedWorld(search, v, viewer, rng), raise.seat);
        n++;
      }
    }
    expect(found).toBe(60);
    console.log(`raiser's card worth when raising: true ${(truth / found).toFixed(2)}, uniform ${(uniform / n).toFixed(2)}, weighted ${(small / n).toFixed(2)} (ε 0.15), ${(own / n).toFixed(2)} (ε 0.4)`);
    expect(small / n).toBeGreaterThan(own / n);
    expect(own / n).toBeGreaterThan(uniform / n);
  });
});
