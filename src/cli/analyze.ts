import { quote } from '../core/text.js';
import type { GameTypes } from '../games/game.js';
import type { GameModule } from '../games/module.js';
import { rulesFromJson } from '../games/ruleBook.js';
import { replayRecord, type GameRecord } from '../records/record.js';
import { loadRecord } from './commands.js';
import { ANALYSIS_ESTIMATE, analysisUnit, analyzeRecord } from '../search/analysis.js';
import { analysisHeader, formatDealAnalysis } from '../search/analysisText.js';
import { CliError } from './play.js';
import { parseThink } from './seats.js';

export interface AnalyzeOptions {
  readonly deal?: string;
  readonly json?: boolean;
  readonly think?: string;
}

/** `stich analyze RECORD [--deal K] [--json] [--think MS]`: every decision of the record, valued with all cards known and from the player's view (src/search/analysis.ts). */
export async function analyzeCommand(file: string, opts: AnalyzeOptions, out: NodeJS.WritableStream): Promise<number> {
  const { record, module } = loadRecord(file);
  if (!module.search) throw new CliError(`${module.game.title} has no search support yet: analysis needs its search state and world sampler`);
  const replay = replayRecord(record, module);
  if (!replay.ok) throw new CliError(`${file}: ${replay.error.message}`);
  return analyzeModule(module, record, opts, out);
}

async function analyzeModule<T extends GameTypes>(module: GameModule<T>, record: GameRecord, opts: AnalyzeOptions, out: NodeJS.WritableStream): Promise<number> {
  const rules = rulesFromJson(module.game.ruleBook, record.rules);
  if (!rules.ok) throw new CliError(rules.error.message);
  const count = record.deals.length;
  let which: number[] = Array.from({ length: count }, (_, i) => i);
  if (opts.deal !== undefined) {
    if (!/^\d+$/.test(opts.deal) || Number(opts.deal) < 1 || Number(opts.deal) > count) {
      throw new CliError(`--deal must be a deal of the record, from 1 to ${count}, not ${quote(opts.deal, 20)}`);
    }
    which = [Number(opts.deal) - 1];
  }
  const think = parseThink(opts.think);
  const estimateOptions = think === undefined ? ANALYSIS_ESTIMATE : { ...ANALYSIS_ESTIMATE, thinkMs: think, samples: 10_000 };
  // The text comes deal by deal as each is analysed (a deal takes seconds); the JSON once, whole.
  if (!opts.json) out.write(analysisHeader(which.length, analysisUnit(record.game)) + '\n');
  const analysis = await analyzeRecord(module, rules.value as T['rules'], record, {
    deals: which.map((i) => i + 1),
    estimate: true,
    estimateOptions,
    seed: 'analyze',
    onDeal: (d) => {
      if (!opts.json) out.write('\n' + formatDealAnalysis(d, record.players, analysisUnit(record.game)) + '\n');
    },
  });
  if (opts.json) out.write(JSON.stringify(analysis) + '\n');
  return 0;
}
