import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { SeededRng } from '../core/rng.js';
import type { AnyGameModule } from '../games/module.js';
import { gameById } from '../games/registry.js';
import type { Hint } from '../search/hint.js';
import { withoutServeEnvironment } from './config.js';
import { hintLines } from './hint.js';

/** The strong bot's answer for the tests of the text alone (the binary below is a process of its own: it asks the real bot). */
const next = vi.hoisted(() => ({ hint: undefined as Hint | undefined }));
vi.mock('../search/hint.js', () => ({ hint: async () => next.hint }));

/** `hint` at the terminal (issue 22), as users run it: the built binary (npm test builds before it runs the tests). */
const BIN = join(process.cwd(), 'dist/cli/main.js');

function stich(args: string[], input: string): { code: number; out: string } {
  const r = spawnSync(process.execPath, [BIN, ...args], { input, encoding: 'utf8', timeout: 60_000, env: withoutServeEnvironment() });
  return { code: r.status ?? -1, out: r.stdout };
}

/** The hint blocks of a transcript: the heading and the lines of estimates under it. */
function hints(out: string): { heading: string; lines: string[] }[] {
  const found: { heading: string; lines: string[] }[] = [];
  const lines = out.split('\n');
  lines.forEach((l, i) => {
    // (Piped input is not echoed: the hint follows the prompt on its line.)
    if (!l.includes('  Hint: ') || !lines[i + 1]?.startsWith('  (the strong bot')) return;
    const below: string[] = [];
    for (let j = i + 2; j < lines.length && /^ {4}[→ ] /.test(lines[j]); j++) below.push(lines[j]);
    found.push({ heading: `${l.slice(l.indexOf('  Hint: '))}\n${lines[i + 1]}`, lines: below });
  });
  return found;
}

describe('the hint text', () => {
  const text = (game: string, h: Hint) => {
    next.hint = h;
    const m = gameById(game) as AnyGameModule;
    // Rules and view are the bot's business (mocked here); no legal action is named, so the notation stands.
    return hintLines(m, undefined as never, undefined as never, 0, [], new SeededRng('t'), undefined, (a) => String(a));
  };

  it("shows a mean in cents as the browser's Tipp does, to a tenth at most, aligned, written as money is (decimal comma, the minus sign −)", async () => {
    const h: Hint = {
      choice: 'weiter',
      worlds: 24,
      estimates: [
        { action: 'solo-tout E', value: 12.5 },
        { action: 'weiter', value: -0.04 },
        { action: 'solo S', value: -5 },
        { action: 'wenz', value: -256.25 },
        { action: 'solo G', value: -669.75 },
      ],
    };
    expect(await text('schafkopf', h)).toBe(
      [
        '  Hint: weiter.',
        '  (the strong bot, over 24 worlds dealt from your view; your expected result in cents)',
        '       +12,5 ct  solo-tout E',
        '    →     ±0 ct  weiter',
        '          −5 ct  solo S',
        '      −256,3 ct  wenz',
        '      −669,8 ct  solo G',
        '  (The bot keeps its usual choice unless the worlds show another to be better with confidence; over few worlds the estimates are uncertain.)',
      ].join('\n'),
    );
  });

  it('shows game points to a hundredth at most, as the browser does', async () => {
    const h: Hint = { choice: 'a', worlds: 1, estimates: [{ action: 'a', value: 2 / 3 }, { action: 'b', value: -1.5 }, { action: 'c', value: -2 }] };
    expect(await text('bauernschnapsen', h)).toBe(
      [
        '  Hint: a.',
        '  (the strong bot, over 1 world dealt from your view; your expected result in game points)',
        '    → +0,67 GP  a',
        '       −1,5 GP  b',
        '         −2 GP  c',
      ].join('\n'),
    );
    // Estimated by the side's points less the other side's (the Schnapsen games, Karnöffel), the heading says so.
    expect((await text('bauernschnapsen', { ...h, margin: true })).split('\n').slice(0, 2)).toEqual([
      '  Hint: a.',
      "  (the strong bot, over 1 world dealt from your view; your side's expected game points less the other side's)",
    ]);
  });

  it("says why Karnöffel's raise and playing on stand alike, and from what chance the bot raises", async () => {
    const h: Hint = { choice: 'raise', worlds: 12, chance: 0.75, estimates: [{ action: 'raise', value: 21.5 }, { action: 'pass', value: 21.5 }] };
    const lines = (await text('karnoeffel', h)).split('\n');
    expect(lines.at(-1)).toBe('  (Raising and playing on are worth the same: between good players the raising goes on until a side would win the match with the round. The bot raises when its side wins in at least 55%.)');
    const refused: Hint = { choice: 'accept', worlds: 12, chance: 0.5, estimates: [{ action: 'accept', value: 0 }, { action: 'refuse', value: -4 }] };
    expect(await text('karnoeffel', refused)).not.toContain('worth the same');
  });
});

describe('hint at the terminal', () => {
  it("shows the strong bot's choice and its estimate for each legal action in the game's unit, and the game goes on", () => {
    const r = stich(['play', 'schafkopf', '--seed', '3', '--deals', '1', '--pace', '0', '--think', '150'], ['?', 'hint', '1', 'tipp', ...Array(40).fill('1')].join('\n') + '\n');
    expect(r.code).toBe(0);
    expect(r.out).toContain("hint (the strong bot's advice)");
    const [bid, stoss] = hints(r.out);
    // The bidding: eleven choices (weiter, Wenz, every Solo and tout), each with a value in cents, the best first;
    // a mean in cents shows at most one decimal, as the browser's Tipp shows it ("−256,3 ct", not "−256,25 ct"), with the decimal comma and the minus sign of money ("−0,50 €").
    expect(bid.heading).toMatch(/^ {2}Hint: .+\.\n {2}\(the strong bot, over \d+ worlds? dealt from your view; your expected result in cents\)$/);
    expect(bid.lines).toHaveLength(11);
    for (const l of bid.lines) expect(l).toMatch(/^ {4}[→ ] +[+−±]\d+(,\d)? ct {2}\S/);
    const values = bid.lines.map((l) => Number(/([+−±])(\d+(?:,\d)?) ct/.exec(l)!.slice(1).join('').replace(',', '.').replace('−', '-').replace('±', '').replace('+', '')));
    expect([...values].sort((a, b) => b - a)).toEqual(values);
    expect(bid.lines.filter((l) => l.startsWith('    → '))).toHaveLength(1);
    expect(bid.lines.some((l) => l.includes('weiter (pass)  [weiter]'))).toBe(true);
    // After the pass, the Stoß: two choices; `tipp` is the German word for it.
    expect(stoss.lines).toHaveLength(2);
    expect(stoss.lines.join('\n')).toContain('[stoss]');
    // The hint changes nothing: the deal is played to its end.
    expect(r.out).toMatch(/^Deal 1: /m);
  }, 60_000);

  it('the record notes each hint taken: the deal, the action it came before and the seat (version 4)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'stich-hint-'));
    const file = join(dir, 'sitting.json');
    const r = stich(['play', 'schafkopf', '--seed', '3', '--deals', '1', '--pace', '0', '--think', '100', '--record', file], ['hint', 'hint', ...Array(40).fill('1')].join('\n') + '\n');
    expect(r.code).toBe(0);
    const record = JSON.parse(readFileSync(file, 'utf8')) as { version: number; hints: { deal: number; action: number; seat: number }[]; deals: { actions: [number, string][] }[] };
    expect(record.version).toBe(4);
    // Asked twice at the first decision of the person (seat 0): noted once, before that decision's action.
    expect(record.hints).toHaveLength(1);
    const [h] = record.hints;
    expect(h.deal).toBe(0);
    expect(h.seat).toBe(0);
    expect(record.deals[0].actions[h.action][0]).toBe(0);
    expect(record.deals[0].actions.slice(0, h.action).every(([seat]) => seat !== 0)).toBe(true);
  }, 60_000);

  it('names the unit of each game: game points in Schnapsen, the side\'s less the other side\'s', () => {
    const r = stich(['play', 'bauernschnapsen', '--seed', '2', '--deals', '1', '--pace', '0', '--think', '150'], ['hint', ...Array(60).fill('1')].join('\n') + '\n');
    expect(r.code).toBe(0);
    const [first] = hints(r.out);
    // Only the winners score in Schnapsen: the estimates are the side's points less the other side's, as in the analysis.
    expect(first.heading).toContain("your side's expected game points less the other side's");
    expect(first.lines.length).toBeGreaterThan(1);
    for (const l of first.lines) expect(l).toMatch(/^ {4}[→ ] +[+−±]\d+(,\d{1,2})? GP {2}\S/);
  }, 60_000);
});
