import { shuffleDeck } from '../cards/deck.js';
import { SeededRng } from '../core/rng.js';
import type { GameTypes } from '../games/game.js';
import type { GameModule } from '../games/module.js';
import { percentile } from './arena.js';
import { Solver } from './solver.js';

/**
 * The solver's speed on a game (issue 9: `schafkopf.solveMs` …): seeded
 * deals are bid by the `easy` bot up to their first card, then solved
 * whole, with all cards known, for the side to lead. Reports the median
 * (`solveMs`) and 95th percentile (`solveP95Ms`) in milliseconds over
 * `deals` deals (deals that end before a card is played are skipped), or
 * fewer when `maxMillis` runs out first.
 */
export async function solveBench<T extends GameTypes>(module: GameModule<T>, rules: T['rules'], deals = 200, maxMillis = Infinity): Promise<Record<string, number>> {
  const { game, search } = module;
  if (!search) return {};
  const easy = module.bots.easy ?? module.bots[module.defaultBot];
  const pack = game.pack(rules);
  const n = game.seatCount(rules);
  const times: number[] = [];
  const start = performance.now();
  for (let d = 0; times.length < deals && d < deals * 5 && performance.now() - start < maxMillis; d++) {
    const rng = new SeededRng(`solve/${d}`);
    const setup = game.setup(rules, { dealer: d % n, deck: shuffleDeck(pack, rng), carry: game.initialCarry(rules) });
    if (!setup.ok) continue;
    let state = setup.value;
    const agents = Array.from({ length: n }, (_, s) => easy.create(rules, s, rng));
    for (let guard = 0; guard < 1000 && search.load(state) === undefined && game.outcome(state) === undefined; guard++) {
      const seat = game.toAct(state)[0];
      const legal = game.legal(state, seat);
      const next = game.apply(state, seat, await agents[seat].choose(game.view(state, seat), legal, seat));
      if (!next.ok) break;
      state = next.value;
    }
    const s = search.load(state);
    if (!s || s.isOver()) continue;
    const t0 = performance.now();
    new Solver().value(s);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return times.length === 0 ? {} : { solveMs: percentile(times, 0.5), solveP95Ms: percentile(times, 0.95), solvedDeals: times.length };
}
