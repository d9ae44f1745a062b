import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** The `stich` command for Bauernschnapsen and Talonschnapsen, through the built binary (npm test builds first). */
const BIN = join(process.cwd(), 'dist/cli/main.js');

function stich(args: string[], input?: string): { code: number; out: string; err: string } {
  const r = spawnSync(process.execPath, [BIN, ...args], { input, encoding: 'utf8', timeout: 120_000 });
  return { code: r.status ?? -1, out: r.stdout, err: r.stderr };
}

const tmp = mkdtempSync(join(tmpdir(), 'stich-schnapsen-'));

function specialGames(out: string): string[] {
  const line = out.trim().split('\n').pop() ?? '';
  expect(line).toMatch(/^Games played: /);
  return [...line.matchAll(/([A-Za-zäöü -]+?) \d+(?:,|$)/g)].map((m) => m[1].replace('Games played: ', '').trim()).filter((g) => g !== 'Normales Spiel' && g !== 'neu gegeben');
}

describe('stich play bauernschnapsen / talonschnapsen (issue 3, done-when 2)', () => {
  it('300 deals of four bots finish, print the Bummerl tally, and the bots announce several different special games', () => {
    const r = stich(['play', 'bauernschnapsen', '--seats', 'bot,bot,bot,bot', '--deals', '300', '--seed', '1']);
    expect(r.code).toBe(0);
    expect(r.out.match(/^Deal \d+:/gm)).toHaveLength(300);
    expect(r.out).toMatch(/Bummerl tally after \d+ finished Bummerl, 300 deals: /);
    expect(specialGames(r.out).length).toBeGreaterThanOrEqual(3);
  });

  it('300 deals of three bots of Talonschnapsen likewise', () => {
    const r = stich(['play', 'talonschnapsen', '--seats', 'bot,bot,bot', '--deals', '300', '--seed', '1']);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/Bummerl tally after \d+ finished Bummerl, 300 deals: /);
    expect(specialGames(r.out).length).toBeGreaterThanOrEqual(3);
  });

  it('a human seat plays from standard input; wrong input is explained; French faces only change the names', () => {
    const input = ['blah', '0', 'EX', ...Array(80).fill('1')].join('\n') + '\n';
    const r = stich(['play', 'bauernschnapsen', '--seed', '3', '--deals', '2', '--faces', 'french'], input);
    expect(r.code).toBe(0);
    expect(r.out).toContain('is not an action');
    expect(r.out).toContain('There is no choice 0');
    expect(r.out).toContain('unknown rank "X"');
    expect(r.out).toMatch(/Your hand: (Kreuz|Pik|Herz|Karo) [EGHS][AZKOU]/);
    expect(r.out).not.toMatch(/Eichel|Schellen/);
    expect(r.out).toMatch(/Deal 2: /);
  });

  it('records of both games replay; a broken one is refused with deal and action', () => {
    for (const [game, seats] of [['bauernschnapsen', 'bot,random,bot,random'], ['talonschnapsen', 'bot,random,bot']]) {
      const file = join(tmp, `${game}.json`);
      expect(stich(['play', game, '--seats', seats, '--deals', '15', '--seed', '4', '--record', file, '--preset', 'alles']).code).toBe(0);
      const replay = stich(['replay', file]);
      expect(replay.err).toBe('');
      expect(replay.code).toBe(0);
      expect(replay.out).toContain('15 deals');
      const record = JSON.parse(readFileSync(file, 'utf8'));
      const actions = record.deals[0].actions as [number, string][];
      const i = actions.findIndex(([, a]) => /^[EGHS][AZKOU]$/.test(a));
      actions[i] = [(actions[i][0] + 1) % seats.split(',').length, actions[i][1]];
      writeFileSync(file, JSON.stringify(record));
      const bad = stich(['replay', file]);
      expect(bad.code).toBe(1);
      expect(bad.err).toContain(`deal 1, action ${i + 1}: seat ${actions[i][0]} "${actions[i][1]}": it is seat`);
    }
  });

  it('explains bad options', () => {
    const cases: [string[], RegExp][] = [
      [['play', 'bauernschnapsen', '--seats', 'bot,bot,bot'], /needs 4 seats/],
      [['play', 'talonschnapsen', '--seats', 'bot,bot,bot,bot'], /needs 3 seats/],
      [['play', 'bauernschnapsen', '--faces', 'italian', '--seats', 'bot,bot,bot,bot'], /"italian" is not one of german, french/],
      [['play', 'bauernschnapsen', '--rule', 'kontraHerrenbauer=on', '--seats', 'bot,bot,bot,bot'], /needs blindRufen=on/],
      [['play', 'talonschnapsen', '--rule', 'bettlerPartnerSitsOut=off', '--seats', 'bot,bot,bot'], /unknown house rule "bettlerPartnerSitsOut"/],
    ];
    for (const [args, message] of cases) {
      const r = stich(args);
      expect(r.code, args.join(' ')).not.toBe(0);
      expect(r.err, args.join(' ')).toMatch(message);
    }
  });
});

describe('stich rules bauernschnapsen / talonschnapsen', () => {
  it('lists every house rule with its default and source', () => {
    const r = stich(['rules', 'bauernschnapsen']);
    expect(r.code).toBe(0);
    for (const name of ['faces', 'countDown', 'herzrunde', 'bettler', 'schnapser', 'gang', 'plaudererVariant', 'zehnergangPrecedence', 'bauernloch', 'dokta', 'kontraHerrenbauer', 'blindRufen', 'bettlerPartnerSitsOut']) {
      expect(r.out).toMatch(new RegExp(`${name} = \\S+ .*\\[003`));
    }
    const t = stich(['rules', 'talonschnapsen']);
    expect(t.out).toMatch(/talonRaiseBeforeTalon = false .*\[003 Talonschnapsen/);
    expect(t.out).toMatch(/talonBummerlAll = false/);
  });
});

describe('stich bench', () => {
  it('reports bauernschnapsen.playoutsPerSecond', () => {
    const r = stich(['bench', '--json', '--seconds', '0.3']);
    expect(r.code).toBe(0);
    const report = JSON.parse(r.out);
    expect(report.bauernschnapsen.playoutsPerSecond).toBeGreaterThan(1000);
    expect(report.bauernschnapsen.apiDealsPerSecond).toBeGreaterThan(10);
  });
});
