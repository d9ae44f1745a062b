import { readFileSync } from 'node:fs';
import { describeRuleBook } from '../games/ruleBook.js';
import { findGame, gameIds } from '../games/registry.js';
import { checkConformanceText } from '../games/schafkopf/conformance.js';
import { parseRecord, replayRecord } from '../records/record.js';
import { findCliGame } from './games.js';
import { CliError, lookupGame } from './play.js';

function readText(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (e) {
    throw new CliError(`cannot read ${file}: ${(e as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (e as Error).message}`);
  }
}

/** `stich rules GAME`: every house rule with its default and source, and the presets. */
export function rulesCommand(gameId: string, out: NodeJS.WritableStream): number {
  const cli = lookupGame(gameId);
  out.write(describeRuleBook(cli.entry.game.ruleBook) + '\n');
  if (cli.playOptions && cli.playOptions.length > 0) {
    out.write('\nOptions of "stich play ' + gameId + '":\n');
    for (const o of cli.playOptions) out.write(`  ${o.flag}  ${o.description} (sets ${o.rule})\n`);
  }
  return 0;
}

/** `stich replay FILE`: re-checks every action of a record and prints the outcome of each deal. */
export function replayCommand(file: string, out: NodeJS.WritableStream, errOut: NodeJS.WritableStream): number {
  const record = parseRecord(readText(file));
  if (!record.ok) {
    errOut.write(`${file}: ${record.error.message}\n`);
    return 1;
  }
  const entry = findGame(record.value.game);
  if (!entry) {
    errOut.write(`${file}: unknown game "${record.value.game}"; games: ${gameIds().join(', ')}\n`);
    return 1;
  }
  const replay = replayRecord(record.value, entry);
  if (!replay.ok) {
    errOut.write(`${file}: ${replay.error.message}\n`);
    return 1;
  }
  const cli = findCliGame(entry.game.id);
  const r = record.value;
  out.write(`${entry.game.title}, ${r.deals.length} deal${r.deals.length === 1 ? '' : 's'}, rules ${r.rules.preset}: every action checked.\n`);
  r.deals.forEach((d, i) => {
    const line = cli ? cli.summarizeDeal(r.rules, replay.value.finalStates[i], d.outcome, r.players) : JSON.stringify(d.outcome);
    out.write(`Deal ${i + 1}: ${line}\n`);
  });
  out.write(entry.sitting.describeSheet(r.rules, replay.value.sheet, r.players) + '\n');
  return 0;
}

/** `stich conformance FILE`: one line per failing game, then "N passed, M failed". */
export function conformanceCommand(file: string, out: NodeJS.WritableStream): number {
  const { verdicts, errors } = checkConformanceText(readText(file));
  for (const e of errors) out.write(`${e}\n`);
  let passed = 0;
  for (const v of verdicts) {
    if (v.passed) {
      passed++;
      continue;
    }
    const actual = v.actual ? `payout ${JSON.stringify(v.actual.payout)} stock ${v.actual.stockPayout}` : `not replayable: ${v.problem}`;
    out.write(`${v.id}: expected payout ${JSON.stringify(v.expected.payout)} stock ${v.expected.stockPayout}, got ${actual}\n`);
  }
  const failed = verdicts.length - passed + errors.length;
  out.write(`${passed} passed, ${failed} failed\n`);
  return failed === 0 ? 0 : 1;
}
