import { shuffleDeck } from '../../cards/deck.js';
import { SeededRng } from '../../core/rng.js';
import { rate, type GameBench } from '../bench.js';
import { bauernschnapsen } from './game.js';
import { BauernPlayout } from './playout.js';
import { resolveRules } from '../ruleBook.js';
import { unwrap } from '../../core/result.js';
import type { SchnapsenState } from './state.js';

/**
 * `stich bench`: complete random deals of the Bauernschnapsen normal game on
 * one thread, through the fast playout (`playoutsPerSecond`) and through the
 * public immutable API with every announcement and Spritzen passed
 * (`apiDealsPerSecond`).
 */
export const bauernschnapsenBench: GameBench = {
  run(millis: number): Record<string, number> {
    const fastMillis = Math.max(1, Math.round(millis * 0.6));
    const playout = new BauernPlayout(new SeededRng(20240501));
    let dealer = 0;
    // Warm up before measuring.
    for (let i = 0; i < 20000; i++) playout.run(i & 3);
    const playoutsPerSecond = rate(fastMillis, 10000, () => {
      playout.run(dealer);
      dealer = (dealer + 1) & 3;
    });

    const rules = unwrap(resolveRules(bauernschnapsen.ruleBook));
    const rng = new SeededRng(7);
    const game = bauernschnapsen;
    const carry = game.initialCarry(rules);
    let apiDeals = 0;
    const apiDealsPerSecond = rate(millis - fastMillis, 16, () => {
      const setup = game.setup(rules, { dealer: apiDeals++ & 3, deck: shuffleDeck(game.pack(rules), rng), carry });
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
    return { playoutsPerSecond, apiDealsPerSecond };
  },
};
