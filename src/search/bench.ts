import { shuffleDeck } from '../cards/deck.js';
import { SeededRng } from '../core/rng.js';
import type { GameTypes } from '../games/game.js';
import type { GameModule } from '../games/module.js';
import { toRecord } from '../records/record.js';
import { playSitting } from '../sitting/play.js';
import { analyzeGameRecord } from './analysis.js';
import { percentile } from '../core/stats.js';
import type { SearchState } from '../games/search.js';
import { Solver, SolverTimeout } from './solver.js';

/** One whole solve by a new solver: its value and the process's CPU time, or undefined past the cap of wall clock. */
function solveTimed(s: SearchState, capMillis: number): { value: number; millis: number } | undefined {
  const cpu = process.cpuUsage();
  const solver = new Solver();
  // No single solve may run past its cap: a deal not solved by then counts at the cap.
  solver.deadline = performance.now() + capMillis;
  try {
    const value = solver.value(s);
    const used = process.cpuUsage(cpu);
    return { value, millis: (used.user + used.system) / 1000 };
  } catch (e) {
    if (!(e instanceof SolverTimeout)) throw e;
    return undefined;
  }
}

/**
 * The solver's speed on a game (issue 9: `schafkopf.solveMs` …): seeded
 * deals are bid by the `easy` bot up to their first card, then solved
 * whole, with all cards known, for the side to lead, each by a new solver,
 * twice, the second time in a pass after all the first solves (the better
 * time counts: see below; the two values must agree).
 * Reports the median (`solveMs`) and 95th percentile (`solveP95Ms`) in
 * milliseconds of the process's CPU time (like the rest of the bench, so
 * that other work on a shared machine does not distort it; on an idle
 * machine it is the wall clock) over `deals` deals (deals that end before a
 * card is played are skipped). A deal not solved within `capMillis` of wall
 * clock is counted (`unsolvedDeals`) and enters the percentiles at the cap,
 * so a percentile equal to the cap means "at least the cap".
 */
export async function solveBench<T extends GameTypes>(module: GameModule<T>, rules: T['rules'], deals = 200, capMillis = 2_000): Promise<Record<string, number>> {
  const { game, search } = module;
  if (!search) return {};
  const easy = module.bots.easy ?? module.bots[module.defaultBot];
  const pack = game.pack(rules);
  const n = game.seatCount(rules);
  const times: number[] = [];
  const solved: { deal: number; state: T['state']; value: number; at: number }[] = [];
  let timeouts = 0;
  for (let d = 0; times.length < deals && d < deals * 5; d++) {
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
    const first = solveTimed(s, capMillis);
    if (first === undefined) {
      times.push(capMillis);
      timeouts++;
      continue;
    }
    solved.push({ deal: d, state, value: first.value, at: times.length });
    times.push(first.millis);
  }
  // The better of two solves, each by a new solver: the cost of the deal's own work, without the garbage and the cold
  // code that other work leaves behind. The second solves run in a pass of their own, after all the first: a deal past
  // its cap (a Ramsch, which the generic solver does not finish) leaves so much behind that the deals right after it
  // paid for it twice over when both solves followed it (docs/measurements.md, "The better of two solves").
  // A state loaded afresh: the first solve's answers kept in the state (the last tricks') must not help the second.
  for (const { deal, state, value, at } of solved) {
    const again = solveTimed(search.load(state)!, capMillis);
    if (again === undefined) continue;
    if (again.value !== value) throw new Error(`the solver gave ${value} and then ${again.value} for deal ${deal}`);
    times[at] = Math.min(times[at], again.millis);
  }
  times.sort((a, b) => a - b);
  const report: Record<string, number> = { solvedDeals: times.length - timeouts, unsolvedDeals: timeouts, solveCapMs: capMillis };
  if (times.length > 0) Object.assign(report, { solveMs: percentile(times, 0.5), solveP95Ms: percentile(times, 0.95) });
  return report;
}

/**
 * The analysis's speed on a game (issue 22: "report the times per game"):
 * a seeded sitting of `deals` deals of `easy` bots is recorded, then
 * analysed whole as the server's `GET /api/records/:id/analysis` does it
 * (`analyzeGameRecord`: every decision valued by the solver and from the
 * player's own view by the strong bot). Reports the process's CPU time of
 * the whole analysis (`analysisMs`) and of its slowest deal
 * (`analysisDealMaxMs`) in milliseconds, and the deals analysed
 * (`analysisDeals`).
 */
export async function analysisBench<T extends GameTypes>(module: GameModule<T>, rules: T['rules'], deals = 4, seed = 'bench-analysis'): Promise<Record<string, number>> {
  if (!module.search || deals <= 0) return {};
  const { game } = module;
  const easy = module.bots.easy ?? module.bots[module.defaultBot];
  const n = game.seatCount(rules);
  const agents = Array.from({ length: n }, (_, s) => ({ ...easy.create(rules, s, new SeededRng(`${seed}/${s}`)), name: `Bot ${s + 1}` }));
  const result = await playSitting(module, rules, agents, { length: { deals }, rng: new SeededRng(seed) });
  const record = toRecord(game.id, result);
  const dealTimes: number[] = [];
  let last = process.cpuUsage();
  const start = last;
  const analysis = await analyzeGameRecord(record, {
    seed,
    onDeal: () => {
      const used = process.cpuUsage(last);
      last = process.cpuUsage();
      dealTimes.push((used.user + used.system) / 1000);
    },
  });
  const used = process.cpuUsage(start);
  return { analysisMs: (used.user + used.system) / 1000, analysisDealMaxMs: Math.max(0, ...dealTimes), analysisDeals: analysis.deals.length };
}
