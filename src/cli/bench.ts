import { GAMES } from '../games/registry.js';
import { resolveRules } from '../games/ruleBook.js';
import { analysisBench, solveBench } from '../search/bench.js';
import { CliError, lookupGame } from './play.js';

/** `stich bench`: complete deals per second per game, on one thread, and the other figures each game reports. */
export async function benchCommand(opts: { json?: boolean; seconds?: string; game?: string; analysisDeals?: string }, out: NodeJS.WritableStream): Promise<number> {
  const text = opts.seconds ?? '2';
  const seconds = /^\s*\d+(\.\d+)?\s*$/.test(text) ? Number(text) : NaN;
  if (!Number.isFinite(seconds) || seconds <= 0 || seconds > 3600) {
    throw new CliError(`--seconds must be a number of seconds above 0 and at most 3600, not ${JSON.stringify(text.slice(0, 20))}`);
  }
  const dealsText = opts.analysisDeals ?? '4';
  const analysisDeals = /^\s*\d{1,3}\s*$/.test(dealsText) ? Number(dealsText) : NaN;
  if (!Number.isInteger(analysisDeals) || analysisDeals > 100) {
    throw new CliError(`--analysis-deals must be a whole number of deals from 0 to 100, not ${JSON.stringify(dealsText.slice(0, 20))}`);
  }
  const only = opts.game === undefined ? undefined : lookupGame(opts.game);
  const report: Record<string, Record<string, number>> = {};
  for (const m of GAMES) {
    if (only !== undefined && m !== only) continue;
    if (!opts.json) out.write(`${m.game.id} …\n`);
    report[m.game.id] = m.bench.run(seconds * 1000);
    if (m.search) {
      // The generic solver on 200 seeded deals from their first card, each capped at the run's time per measurement (src/search/bench.ts).
      // Then the analysis of a sitting of easy bots, as the server computes it.
      const rules = resolveRules(m.game.ruleBook, undefined, {});
      if (rules.ok) Object.assign(report[m.game.id], await solveBench(m, rules.value, 200, seconds * 1000), await analysisBench(m, rules.value, analysisDeals));
    }
    if (!opts.json) for (const [k, v] of Object.entries(report[m.game.id])) out.write(`  ${k}: ${Math.round(v).toLocaleString('en')}\n`);
  }
  if (opts.json) out.write(JSON.stringify(report) + '\n');
  return 0;
}
