import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { SeededRng } from '../core/rng.js';
import type { GameTypes } from '../games/game.js';
import type { GameModule } from '../games/module.js';
import { gameById } from '../games/registry.js';
import { resolveRules } from '../games/ruleBook.js';
import { toRecord } from '../records/record.js';
import { gradeOf, type RecordAnalysis } from '../search/analysis.js';
import { playSitting } from '../sitting/play.js';
import { analyzeCommand } from './analyze.js';
import { CliError } from './play.js';

/** A record of a sitting of `easy` bots, written to a file. */
async function recordFile(gameId: string, deals: number, seed: string, overrides: Record<string, unknown> = {}): Promise<string> {
  const module = gameById(gameId) as GameModule<GameTypes>;
  const rules = resolveRules(module.game.ruleBook, undefined, overrides);
  if (!rules.ok) throw new Error(rules.error.message);
  const rng = new SeededRng(seed);
  const n = module.game.seatCount(rules.value);
  const agents = Array.from({ length: n }, (_, s) => ({ ...module.bots.easy!.create(rules.value, s, new SeededRng(`${seed}/${s}`)), name: ['Anna', 'Bene', 'Cilli', 'Done'][s] }));
  const result = await playSitting(module, rules.value, agents, { length: { deals }, rng });
  const file = join(mkdtempSync(join(tmpdir(), 'stich-analysis-')), 'record.json');
  writeFileSync(file, JSON.stringify(toRecord(gameId, result)));
  return file;
}

async function analyze(file: string, ...args: string[]): Promise<string> {
  let out = '';
  const sink = new Writable({
    write(chunk, _enc, done) {
      out += String(chunk);
      done();
    },
  });
  const opts: Record<string, string | boolean> = {};
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--json') opts.json = true;
    else opts[args[i].slice(2)] = args[++i];
  }
  expect(await analyzeCommand(file, opts, sink)).toBe(0);
  return out;
}

/** What every analysis object must satisfy. */
function checkAnalysis(a: RecordAnalysis, game: string, deals: number): void {
  expect(a.version).toBe(2);
  expect(a.game).toBe(game);
  expect(a.deals.map((d) => d.deal)).toEqual(Array.from({ length: deals }, (_, i) => i + 1));
  for (const d of a.deals) {
    let last = 0;
    for (const x of d.decisions) {
      expect(x.index).toBeGreaterThan(last);
      last = x.index;
      if (x.card) expect(x.trick).toBeGreaterThanOrEqual(1);
      for (const values of [x.solver, x.estimate]) {
        if (!values) continue;
        expect(values.length + (values === x.solver ? (x.unsolved?.length ?? 0) : 0)).toBeGreaterThan(1);
        for (let i = 1; i < values.length; i++) expect(values[i - 1].value).toBeGreaterThanOrEqual(values[i].value);
        expect(values.map((v) => v.action)).toContain(x.action);
      }
      if (x.solver) expect(x.cost).toBeCloseTo(x.solver[0].value - x.solver.find((v) => v.action === x.action)!.value, 6);
      if (x.estimate) expect(x.estimateCost).toBeCloseTo(x.estimate[0].value - x.estimate.find((v) => v.action === x.action)!.value, 2);
      expect(x.grade).toBe(gradeOf(x.estimateCost ?? x.cost ?? 0, a.unit));
    }
    for (const s of d.seats) {
      const mine = d.decisions.filter((x) => x.seat === s.seat);
      expect(s.decisions).toBe(mine.length);
      expect(s.mistakes).toBe(mine.filter((x) => x.grade === 'mistake').length);
      expect(s.cost).toBeCloseTo(mine.reduce((t, x) => t + (x.cost ?? 0), 0), 2);
    }
  }
}

describe('stich analyze', () => {
  it('judges every decision of a Schafkopf sitting for a learner, deals from 1, in cents', async () => {
    const file = await recordFile('schafkopf', 2, 'analysis-schafkopf');
    const text = await analyze(file, '--think', '40');
    expect(text).toMatch(/^Analysis of 2 deals\. Values are each player's own result in cents \(ct\)/);
    expect(text).toContain('\nDeal 1\n');
    expect(text).toContain('\nDeal 2\n');
    expect(text).not.toContain('Deal 0');
    // Every bid is judged, before the play.
    expect(text).toMatch(/\n {2}Before the play, (Anna|Bene|Cilli|Done): [^\n]+: [+−±]\d+(,\d+)? ct/);
    // Each says what it was: a bid (weiter or a game), Klopfen, Stoß or Re, or declining one.
    expect(text).toMatch(/\n {2}Before the play, (Anna|Bene|Cilli|Done): bid /);
    expect(text).not.toMatch(/\n {2}Before the play, (Anna|Bene|Cilli|Done): weiter:/);
    expect(text).toMatch(/\n {2}Anna: \d+ decisions?, \d+ inaccurac(y|ies), \d+ mistakes?, \d+ blunders?, \d+(,\d+)? ct lost from own view, \d+(,\d+)? ct with all cards known/);
    const json = JSON.parse(await analyze(file, '--json', '--think', '40', '--deal', '2')) as RecordAnalysis;
    checkAnalysis({ ...json, deals: json.deals.map((x) => ({ ...x, deal: 1 })) }, 'schafkopf', 1);
    expect(json.deals[0].deal).toBe(2);
    expect(json.unit).toMatchObject({ symbol: 'ct', name: 'cents' });
    const d = json.deals[0];
    expect(d.decisions.some((x) => !x.card && x.trick === 0 && x.solver && x.estimate)).toBe(true);
    for (const x of d.decisions) if (!x.card) expect(x.what, x.action).toMatch(/^(bid .+|(no )?(Klopfen|Stoß|Re)|answer again|no answer)$/);
    expect(d.decisions.some((x) => x.card && x.lead && x.trick === 1)).toBe(true);
    if (d.declarers) {
      expect(d.declarers.curve[0].trick).toBe(0);
      expect(d.declarers.curve.at(-1)!.trick).toBe(8);
    }
  });

  for (const game of ['bauernschnapsen', 'talonschnapsen', 'karnoeffel']) {
    it(`analyses a ${game} deal in the game's unit`, async () => {
      const file = await recordFile(game, 1, `analysis-${game}`);
      const json = JSON.parse(await analyze(file, '--json', '--think', '30')) as RecordAnalysis;
      checkAnalysis(json, game, 1);
      expect(json.unit.name).toBe(game === 'karnoeffel' ? 'points' : 'game points');
      expect(json.deals[0].decisions.some((x) => x.card && x.solver)).toBe(true);
      // Outside the card play each decision says what it was where its notation does not ("bid weiter", "no Spritzen"); a 20/40 or a raise says it itself.
      if (game !== 'karnoeffel') for (const x of json.deals[0].decisions) if (!x.card && x.what === undefined) expect(x.action).toMatch(/^(20|40) [EGHS]$/);
      const text = await analyze(file, '--think', '30');
      expect(text).toContain('\nDeal 1\n');
      expect(text).toContain(json.unit.symbol);
    });
  }

  it('refuses a deal that is not in the record', async () => {
    const file = await recordFile('karnoeffel', 1, 'analysis-refuse');
    await expect(analyze(file, '--deal', '0')).rejects.toThrow(CliError);
    await expect(analyze(file, '--deal', '2')).rejects.toThrow(/from 1 to 1/);
  });
});
