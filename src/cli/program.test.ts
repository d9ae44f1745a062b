import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { commandWords } from '../sitting/program.js';

const BIN = join(process.cwd(), 'dist/cli/main.js');
const BROKEN = 'exec:node src/sitting/fixtures/broken-bot.mjs';
const tmp = mkdtempSync(join(tmpdir(), 'stich-program-'));

function stich(args: string[]): { code: number; out: string; err: string } {
  const r = spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', timeout: 90_000 });
  return { code: r.status ?? -1, out: r.stdout, err: r.stderr };
}

interface Rec {
  version: number;
  substitutions: { deal: number; action: number; seat: number; reason: string }[];
  deals: { actions: [number, string][] }[];
}

/** Plays two deals with the program at seat 0; --think 150 for bots that never answer in time, else a generous 3000 (a busy machine starts node slowly). */
function playWith(seat0: string, name: string, think = 3000): { r: ReturnType<typeof stich>; record: Rec } {
  const file = join(tmp, `${name}.json`);
  const r = stich(['play', 'talonschnapsen', '--seats', `${seat0},bot,bot`, '--deals', '2', '--seed', '5', '--think', String(think), '--record', file]);
  expect(r.code).toBe(0);
  const record = JSON.parse(readFileSync(file, 'utf8')) as Rec;
  const replay = stich(['replay', file]);
  expect(replay.code).toBe(0);
  return { r, record };
}

const seat0Decisions = (record: Rec) => record.deals.reduce((n, d) => n + d.actions.filter(([s]) => s === 0).length, 0);

describe('outside programs (docs/bot-protocol.md)', () => {
  it('splits command lines without a shell', () => {
    expect(commandWords('node  "my bot.mjs" --x \'a b\' c\\ d')).toEqual(['node', 'my bot.mjs', '--x', 'a b', 'c d']);
  });

  it('the example bot plays whole deals with no substitution', () => {
    const { record, r } = playWith('exec:node examples/random-bot.mjs', 'example');
    expect(record.version).toBe(3);
    expect(record.substitutions).toEqual([]);
    expect(r.err).toBe('');
  });

  for (const [mode, reason] of [
    ['silent', 'timeout'],
    ['slow', 'timeout'],
    ['garbage', 'malformed'],
    ['illegal', 'illegal'],
  ] as const) {
    it(`a ${mode} bot: every decision is made by easy and recorded as ${reason}`, () => {
      const { record, r } = playWith(`${BROKEN} ${mode}`, mode, reason === 'timeout' ? 150 : 3000);
      expect(record.substitutions.length).toBe(seat0Decisions(record));
      expect(new Set(record.substitutions.map((s) => s.reason))).toEqual(new Set([reason]));
      for (const s of record.substitutions) {
        expect(s.seat).toBe(0);
        expect(record.deals[s.deal].actions[s.action][0]).toBe(0);
      }
      expect(r.err).toContain('the easy bot decides instead');
    });
  }

  it('a bot that crashes is replaced by easy for the rest of the sitting', () => {
    const { record, r } = playWith(`${BROKEN} crash`, 'crash');
    expect(record.substitutions.length).toBe(seat0Decisions(record) - 2);
    expect(record.substitutions.every((s) => s.reason === 'crashed')).toBe(true);
    expect(r.err).toContain('exited with status 3');
  });

  it('a late answer is ignored, not taken for the next decision', () => {
    const { record, r } = playWith(`${BROKEN} late`, 'late', 1000);
    expect(record.substitutions.map((s) => s.reason)).toEqual(['timeout']);
    expect(r.err).toMatch(/ignored/);
  });

  it('a command that cannot start is a crashed seat', () => {
    const { record } = playWith('exec:/no/such/program', 'missing');
    expect(record.substitutions.length).toBe(seat0Decisions(record));
    expect(record.substitutions.every((s) => s.reason === 'crashed')).toBe(true);
  });

  it('takes part in the arena', () => {
    const r = stich(['arena', 'talonschnapsen', '--bots', 'exec:node examples/random-bot.mjs,easy', '--deals', '4', '--seed', '1', '--json']);
    expect(r.code).toBe(0);
    const report = JSON.parse(r.out);
    expect(report.bots[0].name).toBe('exec:node examples/random-bot.mjs');
    expect(report.bots[0].decisions).toBeGreaterThan(0);
    expect(report.substitutions).toEqual({});
  });
});
