import cliProgress from 'cli-progress';
import { CryptoRng } from '../core/rng.js';
import { quote } from '../core/text.js';
import type { GameTypes } from '../games/game.js';
import type { GameModule } from '../games/module.js';
import { formatArena, mergeArenaReports, runArena, type ArenaEntrant, type ArenaReport } from '../search/arena.js';
import { CliError, lookupGame, rulesFromOptions, splitSeats, type PlayOptions } from './play.js';
import { botEntrant, closeAll, parseCount, parseThink, type Closable } from './seats.js';
import { readFileSync, renameSync, writeFileSync } from 'node:fs';

export interface ArenaCliOptions extends PlayOptions {
  readonly bots?: string;
  readonly json?: boolean;
  readonly think?: string;
  readonly samples?: string;
  readonly nodes?: string;
  readonly epsilon?: string;
  readonly cardWeight?: string;
  readonly bidNodes?: string;
  readonly save?: string;
  readonly firstDeck?: string;
}

/** How often, at most, --save rewrites its file with the running results. */
const SAVE_EVERY_MS = 20_000;

/** `stich arena GAME --bots A,B[,…]`: the duplicate arena (src/search/arena.ts). */
export async function arenaCommand(gameName: string, opts: ArenaCliOptions, out: NodeJS.WritableStream, errOut: NodeJS.WritableStream): Promise<number> {
  return arenaModule(lookupGame(gameName), opts, out, errOut);
}

async function arenaModule<T extends GameTypes>(module: GameModule<T>, opts: ArenaCliOptions, out: NodeJS.WritableStream, errOut: NodeJS.WritableStream): Promise<number> {
  const rules = rulesFromOptions(module, opts);
  const seats = module.game.seatCount(rules);
  if (opts.bots === undefined) throw new CliError('--bots names the bots to compare, e.g. --bots easy,random');
  const words = splitSeats(opts.bots);
  if (words.length < 2) throw new CliError('--bots names at least two bots, separated by commas');
  if (words.length > seats) throw new CliError(`${module.game.title} with these rules seats ${seats} players; --bots names ${words.length}`);
  const decksText = opts.deals ?? '100';
  if (!/^\d+$/.test(decksText) || Number(decksText) < 1 || Number(decksText) > 1_000_000) {
    throw new CliError(`--deals must be a whole number of decks from 1 to 1000000, not ${quote(decksText, 20)}`);
  }
  const think = parseThink(opts.think);
  const samples = parseCount('--samples', opts.samples, 1, 10_000, 'a number of worlds per decision');
  const nodes = parseCount('--nodes', opts.nodes, 1, 1_000_000_000, 'a number of solver nodes per decision');
  const epsilon = parseEpsilon(opts.epsilon);
  const cardWeight = parseEpsilon(opts.cardWeight, '--card-weight');
  const bidNodes = parseCount('--bid-nodes', opts.bidNodes, 1, 1_000_000_000, 'a number of solver nodes per decision outside the card play');
  const firstDeck = parseCount('--first-deck', opts.firstDeck, 0, 1_000_000_000, 'a deck number');
  /** The thinking budget as given (the levels' own defaults for what is not given), recorded in the JSON report. */
  const budget = { thinkMs: think, samples, nodes, ...(epsilon === undefined ? {} : { epsilon }), ...(cardWeight === undefined ? {} : { cardWeight }), ...(bidNodes === undefined ? {} : { bidNodes }) };
  const seed = opts.seed ?? String(new CryptoRng().int(2 ** 32));
  const closables: Closable[] = [];
  const substitutions = new Map<string, Map<string, number>>();
  const onSubstitute = (word: string, _seat: number, reason: string) => {
    const m = substitutions.get(word) ?? new Map<string, number>();
    m.set(reason, (m.get(reason) ?? 0) + 1);
    substitutions.set(word, m);
  };
  const entrants: ArenaEntrant<T>[] = words.map((w) => botEntrant(module, w, { think, budget: { samples, nodes, epsilon, cardWeight, bidNodes }, log: errOut, closables, onSubstitute }));
  const bar =
    opts.json || (errOut as NodeJS.WriteStream).isTTY !== true
      ? undefined
      : new cliProgress.SingleBar({ stream: errOut, format: 'arena {bar} {value}/{total} deals | {eta_formatted} left', hideCursor: true, clearOnComplete: true }, cliProgress.Presets.shades_classic);
  try {
    bar?.start(Number(decksText) * 1, 0);
    let started = false;
    const subsObject = () => Object.fromEntries([...substitutions].map(([w, m]) => [w, Object.fromEntries(m)]));
    const asJson = (report: ArenaReport) => JSON.stringify({ ...report, rules, budget, substitutions: subsObject() });
    /** The running results to --save, written whole to a new file and renamed, so that the file is never half written. */
    const save = (text: string) => {
      if (opts.save === undefined) return;
      writeFileSync(`${opts.save}.part`, text + '\n');
      renameSync(`${opts.save}.part`, opts.save);
    };
    let lastSave = performance.now();
    const report = await runArena({
      module,
      rules,
      entrants,
      decks: Number(decksText),
      firstDeck,
      seed,
      onProgress: (done, total) => {
        if (!bar) return;
        if (!started) {
          bar.setTotal(total);
          started = true;
        }
        bar.update(done);
      },
      onDeck: (decksDone, partial) => {
        if (opts.save === undefined || decksDone === Number(decksText) || performance.now() - lastSave < SAVE_EVERY_MS) return;
        lastSave = performance.now();
        save(asJson(partial()));
      },
    });
    save(asJson(report));
    bar?.stop();
    const subs = subsObject();
    if (opts.json) out.write(asJson(report) + '\n');
    else {
      out.write(formatArena(report) + '\n');
      for (const [w, m] of Object.entries(subs)) {
        out.write(`\n${w}: decisions made by easy instead: ${Object.entries(m).map(([r, c]) => `${c} ${r}`).join(', ')}\n`);
      }
    }
    return 0;
  } finally {
    bar?.stop();
    await closeAll(closables);
  }
}

/**
 * `stich arena-merge FILE…`: one report of the parts of a measurement run
 * side by side with --first-deck and --json (src/search/arena.ts,
 * `mergeArenaReports`). The parts must agree in game, seed, bots, rules and
 * budget.
 */
export function arenaMergeCommand(files: readonly string[], opts: { readonly json?: boolean }, out: NodeJS.WritableStream): number {
  if (files.length === 0) throw new CliError('arena-merge needs the JSON reports of the parts (stich arena … --json)');
  const parts = files.map((f) => {
    let text: string;
    try {
      text = readFileSync(f, 'utf8');
    } catch (e) {
      throw new CliError(`cannot read ${f}: ${(e as Error).message}`);
    }
    let r: unknown;
    try {
      r = JSON.parse(text);
    } catch {
      throw new CliError(`${f} is not valid JSON`);
    }
    const ok = typeof r === 'object' && r !== null && Array.isArray((r as ArenaReport).bots) && Array.isArray((r as ArenaReport).differences) && Number.isInteger((r as ArenaReport).firstDeck);
    if (!ok) throw new CliError(`${f} is not an arena report with per-deck scores (stich arena … --json)`);
    return r as ArenaReport & { rules?: unknown; budget?: unknown; substitutions?: unknown };
  });
  for (const p of parts) {
    if (JSON.stringify(p.rules) !== JSON.stringify(parts[0].rules) || JSON.stringify(p.budget) !== JSON.stringify(parts[0].budget)) {
      throw new CliError('the parts were played with different rules or thinking budgets');
    }
  }
  let merged: ArenaReport;
  try {
    merged = mergeArenaReports(parts);
  } catch (e) {
    throw new CliError((e as Error).message);
  }
  if (opts.json) out.write(JSON.stringify({ ...merged, rules: parts[0].rules, budget: parts[0].budget, parts: parts.length }) + '\n');
  else out.write(formatArena(merged) + '\n');
  return 0;
}

/** --epsilon (or --card-weight): the weight of one decision against the model in weighted worlds, above 0 and at most 1. */
function parseEpsilon(text: string | undefined, flag = '--epsilon'): number | undefined {
  if (text === undefined) return undefined;
  const x = Number(text);
  if (!/^(0|1)?(\.\d+)?$/.test(text) || !(x > 0 && x <= 1)) throw new CliError(`${flag} must be a weight above 0 and at most 1, like 0.15, not ${quote(text, 20)}`);
  return x;
}
