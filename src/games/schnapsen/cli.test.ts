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

  it('a human seat plays from standard input; wrong input is explained; French faces change names and card codes', () => {
    const input = ['blah', '0', 'EX', ...Array(80).fill('1')].join('\n') + '\n';
    const r = stich(['play', 'bauernschnapsen', '--seed', '3', '--deals', '2', '--faces', 'french'], input);
    expect(r.code).toBe(0);
    expect(r.out).toContain('"blah" is nothing you can do now');
    expect(r.out).toContain('There is no choice 0');
    expect(r.out).toContain('unknown rank "X"');
    expect(r.out).toMatch(/Your hand: (Kreuz|Pik|Herz|Karo) [TPHK][AZKDB]/);
    expect(r.out).not.toMatch(/Eichel|Schellen/);
    expect(r.out).toMatch(/Deal 2: /);
  });

  it('the commentary says a game with its value, as the menu offers it: "You announce Schnapser (6)", "Game: Schnapser (6) by You"', () => {
    // "schnapser" is refused where it is not allowed and the "1" after it is taken instead.
    const input = Array(300).fill('schnapser\n1').join('\n') + '\n';
    const r = stich(['play', 'bauernschnapsen', '--seed', '5', '--deals', '4'], input);
    expect(r.code).toBe(0);
    expect(r.out).toContain('3  Schnapser (6)  [schnapser]');
    // Before, the menu offered "Schnapser (6)" and the commentary went on with "You announce Schnapser".
    expect(r.out).toContain('You announce Schnapser (6)\n');
    expect(r.out).toContain('  Game: Schnapser (6) by You; You lead');
    expect(r.out).toContain('Announcements: You Schnapser (6) · Sepp weiter');
    expect(r.out).toContain('Game: Schnapser (6) by You (Rufer) · You lead');
    expect(r.out).toMatch(/Over: You (won|lost) the Schnapser \(6\): /);
    // Every game the commentary names, the normal game too, has its value.
    for (const m of r.out.matchAll(/(?:announces? |raises? to |Game: |(?:won|lost) the )(?!\d+ in )([A-Z][^:;·(\n]*?)( \(\d+\))?(?= by|:|$)/gm)) expect(m[2], m[0]).toBeDefined();
    expect(r.out).toContain('Game: Normales Spiel (1) by');
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
      expect(bad.code).toBe(2);
      expect(bad.err).toContain(`stich: ${file}: deal 1, action ${i + 1}: seat ${actions[i][0]} "${actions[i][1]}": it is seat`);
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
    expect(t.out).toMatch(/talonRaiseBeforeTalon = off .*\[003 Talonschnapsen/);
    expect(t.out).toMatch(/talonBummerlAll = off/);
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

describe('the terminal game of Schnapsen, finished (issue 24)', () => {
  it('French faces throughout: card codes shown, typed and explained as Kreuz (Treff), Pik, Herz, Karo with Dame and Bube', () => {
    const input = ['1', '1', 'XX', 'lege HO HU', 'lege HD HB', ...Array(40).fill('1')].join('\n') + '\n';
    const r = stich(['play', 'talonschnapsen', '--seed', '2', '--deals', '1', '--pace', '0', '--faces', 'french'], input);
    expect(r.code).toBe(0);
    expect(r.out).toContain('"XX": unknown suit "X"; a card is suit (T Kreuz (Treff), P Pik, H Herz, K Karo) and rank (A Ass, Z Zehner, K König, D Dame, B Bube)');
    expect(r.out).toContain('Talon: Herz HD HB');
    expect(r.out).toContain('Lay away any two cards of hand and talon (they count for nobody): type lege and the two cards, lege <card> <card>');
    // The German codes are read too; the first "lege" is taken, so the French one after it is a card of no prompt.
    expect(r.out).toContain('You take up the talon (Herz HD HB) and lay away Herz HD HB');
    const shown = r.out.split('\n').filter((l) => /^(Your hand|You may play|Talon|Laid away|First trick)|play |plays /.test(l));
    expect(shown.length).toBeGreaterThan(5);
    for (const line of shown) expect(line, line).not.toMatch(/\b(E|G|S)[AZKOU]\b|\bH[OU]\b|Eichel|Grün|Schellen|Ober|Unter/);
    // The record keeps the notation of records.
    const file = join(tmp, 'french.json');
    expect(stich(['play', 'talonschnapsen', '--seed', '2', '--deals', '1', '--pace', '0', '--faces', 'french', '--record', file], input).code).toBe(0);
    expect(JSON.parse(readFileSync(file, 'utf8')).deals[0].actions).toContainEqual([0, 'lege HO HU']);
  });

  it('the end of each Bummerl is announced: who won it, by how much, who gets it, and what a Schneider counts', () => {
    const b = stich(['play', 'bauernschnapsen', '--seats', 'bot,bot,bot,bot', '--seed', '4']);
    expect(b.out).toContain('═══ Bummerl 1 is over: Resi & Vroni won it 24 : 20 ═══\nSepp & Schorsch get the Bummerl (1).');
    expect(b.out).toContain('(Bummerl received: a Schneider counts 2, a Retourschneider 4; fewer is better)');
    const t = stich(['play', 'talonschnapsen', '--seats', 'bot,bot,bot', '--seed', '4']);
    expect(t.out).toContain('═══ Bummerl 1 is over: Schorsch won it with 24 (Sepp 21, Resi 14) ═══\nResi gets the Bummerl (1).');
    const long = stich(['play', 'bauernschnapsen', '--seats', 'bot,bot,bot,bot', '--deals', '200', '--seed', '2']);
    expect(long.out).toMatch(/ won it 24 : 0 ═══\n.* get a Schneider \(2 Bummerl: no point scored\)\./);
  });

  it('a team scores its points once: no "each" in Bauernschnapsen, "each" for the two winners of Talonschnapsen', () => {
    const b = stich(['play', 'bauernschnapsen', '--seats', 'bot,bot,bot,bot', '--deals', '100', '--seed', '1']);
    expect(b.out).toMatch(/ & \w+ score \d+\./);
    expect(b.out).not.toMatch(/score \d+ each/);
    const t = stich(['play', 'talonschnapsen', '--seats', 'bot,bot,bot', '--deals', '100', '--seed', '1']);
    expect(t.out).toMatch(/\w+ & \w+ score \d+ each\./);
  });

  it('the pause after a deal shows the last trick of Schnapsen', () => {
    const r = stich(['play', 'bauernschnapsen', '--seed', '3', '--deals', '2', '--pace', '0'], Array(80).fill('1').join('\n') + '\n');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/── Deal 1 is over ──\n(Last trick: .* → .* takes? it \(\d+\)\n)?Deal 1: /);
    expect(r.out).toContain('Press Enter for deal 2 (q to leave): ');
  });
});
