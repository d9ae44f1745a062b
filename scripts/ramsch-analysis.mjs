// The analysis of a sitting of Ramsch deals, as the server computes it (analyzeGameRecord: every decision valued by the
// solver and from the player's own view), and its CPU time per deal: the Ramsch's per-trick points and answers
// (DealAnalysis.standings) cost solves of their own. A seeded sitting of `easy` bots who all pass (allPass=ramsch), so
// every deal is a Ramsch. Beside it, as `stich bench` measures it, the seeded four deals of easy bots (mostly not Ramsch).
// node scripts/ramsch-analysis.mjs [DEALS] [SEED] (after npm run build; 4 deals, seed "ramsch-analysis" by default).
import { SeededRng } from '../dist/core/rng.js';
import { resolveRules } from '../dist/games/ruleBook.js';
import { schafkopfModule } from '../dist/games/schafkopf/module.js';
import { toRecord } from '../dist/records/record.js';
import { analyzeGameRecord } from '../dist/search/analysis.js';
import { analysisBench } from '../dist/search/bench.js';
import { playSitting } from '../dist/sitting/play.js';

const deals = Number(process.argv[2] ?? 4);
const seed = process.argv[3] ?? 'ramsch-analysis';
const rules = resolveRules(schafkopfModule.game.ruleBook, undefined, { allPass: 'ramsch' }).value;
const agents = [0, 1, 2, 3].map((s) => {
  const easy = schafkopfModule.bots.easy.create(rules, s, new SeededRng(`${seed}/${s}`));
  // Everyone says "weiter": a Ramsch.
  return { name: `Bot ${s + 1}`, kind: 'bot', choose: (view, legal, seat) => legal.find((a) => a.type === 'weiter') ?? easy.choose(view, legal, seat) };
});
const result = await playSitting(schafkopfModule, rules, agents, { length: { deals }, rng: new SeededRng(seed) });
const record = toRecord('schafkopf', result);
const times = [];
let last = process.cpuUsage();
const start = last;
const t0 = performance.now();
const analysis = await analyzeGameRecord(record, {
  seed,
  onDeal: () => {
    const used = process.cpuUsage(last);
    last = process.cpuUsage();
    times.push((used.user + used.system) / 1000);
  },
});
const used = process.cpuUsage(start);
const wall = performance.now() - t0;
for (const [i, d] of analysis.deals.entries()) {
  const r = d.standings;
  const known = r ? r.curve.reduce((n, p) => n + p.seats.filter((s) => s.pays !== null).length, 0) : 0;
  const forced = r ? r.curve.reduce((n, p) => n + p.seats.filter((s) => s.forced !== null).length, 0) : 0;
  const open = r ? r.curve.filter((p) => p.seats.some((s) => s.pays === null || s.forced === null)).map((p) => p.trick) : [];
  console.log(`deal ${i + 1} (${record.deals[i].outcome?.contract?.kind ?? '-'}): ${times[i].toFixed(0)} ms${r ? `, ${r.curve.length} points, pays known ${known}/${r.curve.length * 4}, forced known ${forced}/${r.curve.length * 4}, unanswered after tricks ${open.join(' ') || 'none'}` : ''}`);
}
console.log(`Ramsch sitting of ${deals} deals: ${((used.user + used.system) / 1000).toFixed(0)} ms CPU, ${wall.toFixed(0)} ms wall`);
console.log('stich bench (4 seeded deals of easy bots):', JSON.stringify(await analysisBench(schafkopfModule, resolveRules(schafkopfModule.game.ruleBook, undefined, {}).value)));
