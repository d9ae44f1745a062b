import { shuffleDeck } from '../../cards/deck.js';
import { SeededRng } from '../../core/rng.js';
import { percentile } from '../../core/stats.js';
import { schafkopfPack } from './cards.js';
import { RamschSolver, RamschTimeout } from './ramsch.js';
import type { SchafkopfRules } from './rules.js';
import { SchafkopfSearch } from './search.js';

/**
 * The Ramsch solve's speed (issue 22): `deals` seeded Ramsch deals decided
 * whole from the first card, each by a new solver: for every seat, can the
 * three others make it pay (`RamschSolver.decide`, the question per
 * seat; the exact points forced on each seat, `solve`, are not timed here). The median (`ramschSolveMs`) and 95th
 * percentile (`ramschSolveP95Ms`) of the process's CPU time in
 * milliseconds; a deal not solved within `capMillis` of wall clock counts
 * at the cap (`ramschUnsolvedDeals`). `ramschSolveNodes`: the median of the
 * positions searched per deal (up to the cap; the last three tricks, of the
 * points searches by `LastTricks` and of "does it pay?" by `RamschLastTricks`, are not counted), which the
 * machine's load does not change.
 */
export function ramschSolveBench(rules: SchafkopfRules, deals = 20, capMillis = 2_000): Record<string, number> {
  const times: number[] = [];
  const nodes: number[] = [];
  let unsolved = 0;
  for (let d = 0; d < deals; d++) {
    const s = ramschBenchDeal(rules, d);
    const solver = new RamschSolver();
    solver.deadline = performance.now() + capMillis;
    const cpu = process.cpuUsage();
    try {
      solver.decide(s);
      const used = process.cpuUsage(cpu);
      times.push((used.user + used.system) / 1000);
    } catch (e) {
      if (!(e instanceof RamschTimeout)) throw e;
      times.push(capMillis);
      unsolved++;
    }
    nodes.push(solver.nodes);
  }
  times.sort((a, b) => a - b);
  nodes.sort((a, b) => a - b);
  return { ramschSolveMs: percentile(times, 0.5), ramschSolveP95Ms: percentile(times, 0.95), ramschSolveNodes: percentile(nodes, 0.5), ramschUnsolvedDeals: unsolved, ramschSolveDeals: deals };
}

/** The bench's seeded Ramsch deal number `d` (from 0), at its first card: seed `ramsch-solve/d`, the first seat to lead `d % 4`. */
export function ramschBenchDeal(rules: SchafkopfRules, d: number): SchafkopfSearch {
  const pack = schafkopfPack(rules.kurzeKarte);
  const perHand = pack.size / 4;
  const deck = shuffleDeck(pack, new SeededRng(`ramsch-solve/${d}`));
  const hands = [0, 0, 0, 0];
  deck.forEach((c, i) => (hands[Math.floor(i / perHand)] |= 1 << c));
  const s = new SchafkopfSearch({ rules, contract: { kind: 'ramsch', declarer: null }, doublings: 0, stock: 0 });
  s.deal(hands, d % 4);
  return s;
}
