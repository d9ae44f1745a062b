import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const BIN = join(process.cwd(), 'dist/cli/main.js');

function stich(args: string[]): { code: number; out: string; err: string } {
  const r = spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', timeout: 60_000 });
  return { code: r.status ?? -1, out: r.stdout, err: r.stderr };
}

describe('stich analyze', () => {
  it('judges every decision of a recorded deal, and refuses bad records', () => {
    const dir = mkdtempSync(join(tmpdir(), 'stich-analyze-'));
    const file = join(dir, 'r.json');
    // Seed 3 deals a Karnöffel round that is played out (not thrown in by a refused raise).
    expect(stich(['play', 'karnoeffel', '--seats', 'bot,bot,bot,bot', '--deals', '1', '--seed', '3', '--record', file]).code).toBe(0);
    const r = stich(['analyze', file, '--think', '50']);
    expect(r.code).toBe(0);
    // Only the winners score in Karnöffel: the values are the side's points less the other side's (src/search/margin.ts).
    expect(r.out).toMatch(/^Analysis of one deal\. Values are each player's side's result less the other side's \(only the winners score: a game lost counts what the others get\), in points \(pt\)/);
    expect(r.out).toContain('\nDeal 1\n');
    writeFileSync(join(dir, 'bad.json'), '{');
    expect(stich(['analyze', join(dir, 'bad.json')]).err).toContain('not valid JSON');
  });
});

describe('stich arena', () => {
  it('prints a seeded report with intervals, per-seat and per-contract results', () => {
    const r = stich(['arena', 'schafkopf', '--bots', 'easy,random', '--deals', '20', '--seed', '7']);
    expect(r.code).toBe(0);
    expect(r.out).toContain('20 decks × 2 seatings (ABAB, BABA)');
    expect(r.out).toMatch(/easy − random: \+[\d.]+ per deal/);
    expect(r.out).toContain('decision times:');
    expect(r.out).toMatch(/declared \d+\/\d+ +defended/);
  });

  it('prints JSON that is the same for the same seed except times', () => {
    const a = JSON.parse(stich(['arena', 'talonschnapsen', '--bots', 'easy,random', '--deals', '10', '--seed', 's', '--json']).out);
    const b = JSON.parse(stich(['arena', 'talonschnapsen', '--bots', 'easy,random', '--deals', '10', '--seed', 's', '--json']).out);
    const strip = (r: { bots: { p50Ms: number; p99Ms: number; cpuP50Ms: number; cpuP99Ms: number }[] }) => r.bots.map((x) => ({ ...x, p50Ms: 0, p99Ms: 0, cpuP50Ms: 0, cpuP99Ms: 0 }));
    expect(strip(a)).toEqual(strip(b));
    expect(a.seatings).toEqual(['ABA', 'BAA', 'AAB']);
    expect(a.differences[0].diff.mean).toBeGreaterThan(0);
  });

  it('takes a thinking budget, records it in the JSON report and saves the report to a file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'stich-arena-'));
    const file = join(dir, 'run.json');
    const r = stich(['arena', 'karnoeffel', '--bots', 'strong,easy', '--deals', '2', '--seed', 'b', '--samples', '2', '--nodes', '5000', '--card-weight', '0.2', '--bid-nodes', '30000', '--think', '60000', '--json', '--save', file]);
    expect(r.code).toBe(0);
    const report = JSON.parse(r.out);
    expect(report.budget).toEqual({ thinkMs: 60000, samples: 2, nodes: 5000, cardWeight: 0.2, bidNodes: 30000 });
    // The thinking bot counts its decisions and those that reached the time cap (a minute here: none).
    expect(report.bots[0].estimated).toBeGreaterThan(0);
    expect(report.bots[0].capped).toBe(0);
    expect(report.bots[1].estimated).toBe(0);
    expect(report.decks).toBe(2);
    expect(report.decksPlanned).toBe(2);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(report);
    for (const [flag, value] of [
      ['--samples', '0'],
      ['--samples', 'many'],
      ['--nodes', '-5'],
      ['--card-weight', '0'],
      ['--bid-nodes', '0'],
    ]) {
      const bad = stich(['arena', 'karnoeffel', '--bots', 'strong,easy', '--deals', '2', flag, value]);
      expect(bad.code).toBe(2);
      expect(bad.err).toContain(`${flag} must be`);
    }
  });

  it('merges the parts of a run played from --first-deck', () => {
    const dir = mkdtempSync(join(tmpdir(), 'stich-arena-'));
    const run = (args: string[], file: string) => {
      const r = stich(['arena', 'karnoeffel', '--bots', 'easy,random', '--seed', 'm', '--json', ...args]);
      expect(r.code).toBe(0);
      writeFileSync(join(dir, file), r.out);
      return JSON.parse(r.out);
    };
    const whole = run(['--deals', '5'], 'whole.json');
    run(['--deals', '3'], 'a.json');
    run(['--deals', '2', '--first-deck', '3'], 'b.json');
    const merged = stich(['arena-merge', join(dir, 'b.json'), join(dir, 'a.json'), '--json']);
    expect(merged.code).toBe(0);
    expect(JSON.parse(merged.out).differences).toEqual(whole.differences);
    expect(stich(['arena-merge', join(dir, 'a.json'), join(dir, 'b.json')]).out).toContain('karnoeffel: 5 decks');
    const overlap = stich(['arena-merge', join(dir, 'a.json'), join(dir, 'whole.json')]);
    expect(overlap.code).toBe(2);
    expect(overlap.err).toContain('overlap');
    writeFileSync(join(dir, 'bad.json'), '{"bots": 1}');
    expect(stich(['arena-merge', join(dir, 'bad.json')]).err).toContain('not an arena report');
  });

  it('refuses unknown bots and too many of them', () => {
    const r = stich(['arena', 'schafkopf', '--bots', 'easy,genius']);
    expect(r.code).toBe(2);
    expect(r.err).toContain('unknown bot "genius"');
    expect(stich(['arena', 'talonschnapsen', '--bots', 'easy,random,easy,random']).err).toContain('seats 3 players');
    expect(stich(['arena', 'schafkopf', '--bots', 'easy']).err).toContain('at least two');
  });
});
