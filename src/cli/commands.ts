import { readFileSync } from 'node:fs';
import { quote } from '../core/text.js';
import type { GameTypes, ScoredOutcome } from '../games/game.js';
import type { GameModule } from '../games/module.js';
import { describeRuleBook, presetLabel } from '../games/ruleBook.js';
import { GAMES, gameById, gameIds } from '../games/registry.js';
import { parseRecord, replayRecord, type GameRecord } from '../records/record.js';
import { verifyRecord } from '../records/verify.js';
import { CliError, lookupGame } from './play.js';

function readText(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (e) {
    throw new CliError(`cannot read ${file}: ${(e as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (e as Error).message}`);
  }
}

/** `stich rules GAME`: every house rule with its default and source, and the presets. */
export function rulesCommand(gameName: string, out: NodeJS.WritableStream, lang = 'en'): number {
  if (lang !== 'de' && lang !== 'en') throw new CliError(`--lang must be de or en, not ${quote(lang)}`);
  const module = lookupGame(gameName);
  out.write(describeRuleBook(module.game.ruleBook, lang) + '\n');
  if (module.playOptions && module.playOptions.length > 0) {
    const de = lang === 'de';
    out.write(de ? `\nOptionen von „stich play ${module.game.id}“:\n` : `\nOptions of "stich play ${module.game.id}":\n`);
    for (const o of module.playOptions) out.write(de ? `  ${o.flag}  ${o.descriptionDe} (setzt ${o.rule})\n` : `  ${o.flag}  ${o.description} (sets ${o.rule})\n`);
  }
  return 0;
}

/**
 * Reads a record file and finds its game. A file that cannot be read or is no record of a known game is an error of
 * the command (`stich: FILE: …`, status 2), the same in replay, verify and analyze.
 */
export function loadRecord(file: string): { record: GameRecord; module: GameModule<GameTypes> } {
  const record = parseRecord(readText(file));
  if (!record.ok) throw new CliError(`${file}: ${record.error.message}`);
  const module = gameById(record.value.game);
  if (!module) throw new CliError(`${file}: unknown game ${quote(record.value.game)}; games: ${gameIds().join(', ')}`);
  return { record: record.value, module };
}

/** `stich replay FILE`: re-checks every action of a record and prints the outcome of each deal. */
export function replayCommand(file: string, out: NodeJS.WritableStream): number {
  const { record: r, module } = loadRecord(file);
  const replay = replayRecord(r, module);
  if (!replay.ok) throw new CliError(`${file}: ${replay.error.message}`);
  const actions = r.deals.reduce((n, d) => n + d.actions.length, 0);
  out.write(`${module.game.title}, ${r.deals.length} deal${r.deals.length === 1 ? '' : 's'}, ${actions} actions, rules ${presetLabel(module.game.ruleBook, r.rules.preset, 'en')} (${r.rules.preset}): every action checked.\n`);
  const names = r.players.map((p) => quote(p, 24).slice(1, -1));
  r.deals.forEach((d, i) => {
    out.write(`Deal ${i + 1}: ${module.text.summarizeDeal(r.rules, replay.value.finalStates[i], d.outcome as ScoredOutcome, names)}\n`);
  });
  out.write(module.sitting.describeSheet(r.rules, replay.value.sheet, names) + '\n');
  return 0;
}

/**
 * `stich verify FILE`: recomputes every deck of a record from its revealed seed and contributions and checks every
 * commitment (docs/fairness.md), one line per deal, and checks the play as `stich replay` does (every action, carry,
 * outcome and the sheet), one line; all in words. Status 1 if a deal or the play fails (a bad record: status 2, as
 * everywhere).
 */
export async function verifyCommand(file: string, out: NodeJS.WritableStream, errOut: NodeJS.WritableStream): Promise<number> {
  const { record, module } = loadRecord(file);
  const verdict = await verifyRecord(record, module);
  // A record whose rules cannot be read is a bad record, as in replay and analyze; a deal that fails is the verdict (status 1).
  if (verdict.problem !== undefined || verdict.play === undefined) throw new CliError(`${file}: ${verdict.problem ?? 'cannot be checked'}`);
  for (const d of verdict.deals) (d.ok ? out : errOut).write(`${file}: deal ${d.deal + 1}: ${d.ok ? '' : 'FAILS: '}${d.message}\n`);
  const { play } = verdict;
  (play.ok ? out : errOut).write(`${file}: ${play.where}${play.ok ? '' : 'FAILS: '}${play.message}\n`);
  const failed = verdict.deals.filter((d) => !d.ok).length;
  const n = verdict.deals.length;
  const decks = `${n} deck${n === 1 ? '' : 's'}`;
  if (failed === 0 && play.ok) {
    out.write(`${file}: all ${decks} verified, and the play follows the rules.\n`);
    return 0;
  }
  const why = [...(failed > 0 ? [`${failed} of ${decks} fail${failed === 1 ? 's' : ''} verification`] : []), ...(play.ok ? [] : ['the play does not follow the rules'])];
  errOut.write(`${file}: ${why.join('; ')}.\n`);
  return 1;
}

/** `stich conformance FILE [--game G]`: one line per failing game, then "N passed, M failed". */
export function conformanceCommand(file: string, opts: { game?: string }, out: NodeJS.WritableStream): number {
  const withFormat = GAMES.filter((m) => m.conformance !== undefined);
  const module = opts.game !== undefined ? lookupGame(opts.game) : withFormat[0];
  if (!module?.conformance) {
    throw new CliError(`${module ? module.game.title : 'no game'} has no conformance format; games with one: ${withFormat.map((m) => m.game.id).join(', ')}`);
  }
  const { verdicts, errors } = module.conformance.check(readText(file));
  for (const e of errors) out.write(`${e}\n`);
  let passed = 0;
  for (const v of verdicts) {
    if (v.passed) passed++;
    else out.write(`${v.id}: ${v.problem}\n`);
  }
  const failed = verdicts.length - passed + errors.length;
  out.write(`${passed} passed, ${failed} failed\n`);
  return failed === 0 ? 0 : 1;
}
