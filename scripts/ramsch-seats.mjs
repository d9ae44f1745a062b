// The Ramsch solve (issue 22) seat by seat: for each of the bench's seeded Ramsch deals (src/games/schafkopf/ramschBench.ts),
// the CPU time, the answer ("P": the three others can make the seat pay) and the positions of each seat's question
// (those of the search / those of RamschLastTricks), and the deal's total.
// node scripts/ramsch-seats.mjs [CAP_MS] [DEAL ...] (after npm run build; by default the 20 deals, each capped at 5 s of wall clock).
import { percentile } from '../dist/search/arena.js';
import { resolveRules } from '../dist/games/ruleBook.js';
import { schafkopf } from '../dist/games/schafkopf/game.js';
import { RamschSolver, RamschTimeout } from '../dist/games/schafkopf/ramsch.js';
import { ramschBenchDeal } from '../dist/games/schafkopf/ramschBench.js';

const rules = resolveRules(schafkopf.ruleBook, undefined, {}).value;
const cap = Number(process.argv[2] ?? 5000);
const deals = process.argv.length > 3 ? process.argv.slice(3).map(Number) : [...Array(20).keys()];
const cpuMs = (since) => {
  const u = process.cpuUsage(since);
  return (u.user + u.system) / 1000;
};
const times = [];
for (const d of deals) {
  const s = ramschBenchDeal(rules, d);
  const solver = new RamschSolver();
  solver.deadline = performance.now() + cap;
  const seats = [];
  const start = process.cpuUsage();
  let capped = false;
  try {
    for (let q = 0; q < 4; q++) {
      const t = process.cpuUsage();
      const [n, e] = [solver.nodes, solver.endNodes];
      const pays = solver.pays(s, q);
      seats.push(`${q}:${pays ? 'P' : '-'} ${cpuMs(t).toFixed(0)} ms ${Math.round((solver.nodes - n) / 1000)}k/${Math.round((solver.endNodes - e) / 1000)}k`);
    }
  } catch (e) {
    if (!(e instanceof RamschTimeout)) throw e;
    capped = true;
  }
  const ms = capped ? cap : cpuMs(start);
  times.push(ms);
  console.log(`deal ${d}: ${ms.toFixed(0)} ms${capped ? ' (over the cap)' : ''} | ${seats.join(' | ')}`);
}
times.sort((a, b) => a - b);
console.log(`median ${percentile(times, 0.5).toFixed(0)} ms, p95 ${percentile(times, 0.95).toFixed(0)} ms, all ${times.reduce((a, b) => a + b, 0).toFixed(0)} ms`);
