import { shuffleDeck } from '../../cards/deck.js';
import { SeededRng } from '../../core/rng.js';
import { unwrap } from '../../core/result.js';
import { rate, type GameBench } from '../bench.js';
import { resolveRules } from '../ruleBook.js';
import { bauernschnapsen, talonschnapsen } from './game.js';
import { NormalPlayout } from './playout.js';
import type { SchnapsenRules, Variant } from './rules.js';
import { sampleWorld } from './sample.js';
import type { SchnapsenView } from './view.js';
import type { SchnapsenState } from './state.js';

/**
 * `stich bench` for Bauernschnapsen or Talonschnapsen, on one thread:
 * complete random deals of the normal game, from the shuffle to the last
 * card, the card play through the search state (`playoutsPerSecond`);
 * sampled worlds from views in the middle of the card play
 * (`sampleWorldPerSecond`); and whole deals through the public immutable API
 * with every announcement and Spritzen passed (`apiDealsPerSecond`).
 */
export function schnapsenBench(variant: Variant): GameBench {
  const game = variant === 'bauern' ? bauernschnapsen : talonschnapsen;
  const seats = variant === 'bauern' ? 4 : 3;
  return {
    run(millis: number): Record<string, number> {
      const fastMillis = Math.max(1, Math.round(millis * 0.4));
      const playout = new NormalPlayout(variant, new SeededRng(20240501));
      let dealer = 0;
      // Warm up before measuring, until the compiler has settled (a tenth of the time, at least 20000 deals).
      const warm = performance.now();
      for (let i = 0; i < 20000 || performance.now() - warm < millis * 0.2; i++) playout.run(i % seats);
      const playoutsPerSecond = rate(fastMillis, 10000, () => {
        playout.run(dealer);
        dealer = (dealer + 1) % seats;
      });

      const rules = unwrap(resolveRules(game.ruleBook));
      const rng = new SeededRng(7);
      const carry = game.initialCarry(rules);

      // Sampled worlds from views in the middle of the card play, each seat's in turn.
      const views: [SchnapsenView, number][] = [];
      while (views.length < 200) {
        const states = normalDeal(game, rules, rng, views.length % seats).filter((st) => st.phase === 'play');
        if (states.length === 0) continue;
        const st = states[rng.int(states.length)];
        const seat = rng.int(seats);
        views.push([game.view(st, seat), seat]);
      }
      // Search draws many worlds from one view: the first draw of each view prepares it, then measure.
      for (const [view, seat] of views) sampleWorld(view, seat, rng);
      let next = 0;
      const sampleWorldPerSecond = rate(Math.max(1, Math.round(millis * 0.2)), 20, () => {
        const [view, seat] = views[next++ % views.length];
        sampleWorld(view, seat, rng);
      });

      let apiDeals = 0;
      const apiDealsPerSecond = rate(Math.max(1, Math.round(millis * 0.2)), 16, () => {
        const setup = game.setup(rules, { dealer: apiDeals++ % seats, deck: shuffleDeck(game.pack(rules), rng), carry });
        if (!setup.ok) throw new Error(setup.error.message);
        let state: SchnapsenState = setup.value;
        while (state.phase !== 'done') {
          const seat = state.turn;
          const legal = game.legal(state, seat);
          const pass = state.phase === 'announce' || state.phase === 'spritzen' ? legal.find((a) => a.type === 'pass') : undefined;
          const next = game.apply(state, seat, pass ?? legal[rng.int(legal.length)]);
          if (!next.ok) throw new Error(next.error.message);
          state = next.value;
        }
      });
      return { playoutsPerSecond, sampleWorldPerSecond, apiDealsPerSecond };
    },
  };
}

/** A deal of the normal game through the public API (everybody passes the announcements and Spritzen), every state of it. */
function normalDeal(game: typeof bauernschnapsen, rules: SchnapsenRules, rng: SeededRng, dealer: number): SchnapsenState[] {
  let state = unwrap(game.setup(rules, { dealer, deck: shuffleDeck(game.pack(rules), rng), carry: game.initialCarry(rules) }));
  const out = [state];
  while (state.phase !== 'done') {
    const legal = game.legal(state, state.turn);
    const pass = state.phase === 'announce' || state.phase === 'spritzen' ? legal.find((a) => a.type === 'pass') : undefined;
    state = unwrap(game.apply(state, state.turn, pass ?? legal[rng.int(legal.length)]));
    out.push(state);
  }
  return out;
}
