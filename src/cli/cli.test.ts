import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { withoutServeEnvironment } from './config.js';

/**
 * The `stich` command as users run it: the built binary (npm test builds
 * before it runs the tests).
 */
const BIN = join(process.cwd(), 'dist/cli/main.js');
const CONFORMANCE = '../shared/conformance/schafkopf/sauspiel-games.jsonl';

function stich(args: string[], input?: string): { code: number; out: string; err: string } {
  const r = spawnSync(process.execPath, [BIN, ...args], { input, encoding: 'utf8', timeout: 60_000, env: withoutServeEnvironment() });
  return { code: r.status ?? -1, out: r.stdout, err: r.stderr };
}

const tmp = mkdtempSync(join(tmpdir(), 'stich-cli-'));

describe('stich play schafkopf', () => {
  it('runs 200 bot deals unattended and prints the ledger (issue 2, done-when 3)', () => {
    const r = stich(['play', 'schafkopf', '--seats', 'bot,bot,bot,bot', '--deals', '200', '--seed', '1']);
    expect(r.code).toBe(0);
    expect(r.out.match(/^Deal \d+:/gm)).toHaveLength(200);
    expect(r.out).toContain('Ledger after 200 deals:');
    const balances = [...r.out.slice(r.out.lastIndexOf('Ledger')).matchAll(/([+−-]?)(\d+),(\d\d) €/g)].map((m) => (m[1] === '-' || m[1] === '−' ? -1 : 1) * (Number(m[2]) * 100 + Number(m[3])));
    expect(balances.slice(0, 4).reduce((a, b) => a + b, 0)).toBe(0);
  });

  it('runs the sauspiel preset the same way', () => {
    const r = stich(['play', 'schafkopf', '--preset', 'sauspiel', '--seats', 'bot,bot,bot,bot', '--deals', '200', '--seed', '1']);
    expect(r.code).toBe(0);
    expect(r.out).toContain('Ledger after 200 deals:');
  });

  it('is reproducible with a seed', () => {
    const a = stich(['play', 'schafkopf', '--seats', 'bot,random,bot,random', '--deals', '20', '--seed', 'x']);
    const b = stich(['play', 'schafkopf', '--seats', 'bot,random,bot,random', '--deals', '20', '--seed', 'x']);
    expect(a.out).toBe(b.out);
  });

  it('lets a human seat play from standard input, explaining wrong input', () => {
    // Always the first menu entry, after some nonsense at the first prompt.
    const input = ['blah', '0', 'EX', ...Array(60).fill('1')].join('\n') + '\n';
    const r = stich(['play', 'schafkopf', '--seed', '3', '--deals', '1'], input);
    expect(r.code).toBe(0);
    expect(r.out).toContain('"blah" is nothing you can do now. You may now: ');
    expect(r.out).toContain('There is no choice 0');
    expect(r.out).toContain('unknown rank "X"');
    expect(r.out).toContain('Your hand:');
    expect(r.out).toMatch(/Deal 1: /);
  });

  it('records a sitting that replays', () => {
    const file = join(tmp, 'sitting.json');
    const r = stich(['play', 'schafkopf', '--seats', 'bot,bot,random,bot', '--deals', '12', '--seed', '4', '--record', file, '--rule', 'allPass=stock']);
    expect(r.code).toBe(0);
    const replay = stich(['replay', file]);
    expect(replay.err).toBe('');
    expect(replay.code).toBe(0);
    expect(replay.out).toContain('12 deals');
    expect(replay.out).toContain('Ledger after 12 deals');
  });

  it('deals fairly without --seed: its record verifies with stich verify; a --seed record has no proof to verify', () => {
    const fair = join(tmp, 'fair.json');
    expect(stich(['play', 'talonschnapsen', '--seats', 'bot,bot,bot', '--deals', '3', '--record', fair]).code).toBe(0);
    const ok = stich(['verify', fair]);
    expect(ok.err).toBe('');
    expect(ok.code).toBe(0);
    expect(ok.out.match(/deal \d: verified/g)).toHaveLength(3);
    expect(ok.out).toContain('all 3 decks verified');
    const record = JSON.parse(readFileSync(fair, 'utf8'));
    expect(record.deals[0].fair.contributions).toEqual([null, null, null]);
    record.deals[2].fair.seed = record.deals[1].fair.seed;
    writeFileSync(fair, JSON.stringify(record));
    const bad = stich(['verify', fair]);
    expect(bad.code).toBe(1);
    expect(bad.err).toMatch(/deal 3: FAILS: the commitment published before the deal does not fit the seed and deal revealed after it/);

    const seeded = join(tmp, 'seeded.json');
    expect(stich(['play', 'talonschnapsen', '--seats', 'bot,bot,bot', '--deals', '2', '--seed', '5', '--record', seeded]).code).toBe(0);
    const none = stich(['verify', seeded]);
    expect(none.code).toBe(1);
    expect(none.err).toContain('deal 1: FAILS: no fairness proof');
    expect(stich(['replay', seeded]).code).toBe(0);

    // A person at the terminal contributes locally; the bots are substituted.
    const human = join(tmp, 'human-fair.json');
    const input = Array(80).fill('1').join('\n') + '\n';
    expect(stich(['play', 'schafkopf', '--deals', '1', '--record', human], input).code).toBe(0);
    const played = JSON.parse(readFileSync(human, 'utf8'));
    expect(played.deals[0].fair.contributions[0]).toMatch(/^[0-9a-f]{64}$/);
    expect(played.deals[0].fair.contributions.slice(1)).toEqual([null, null, null]);
    expect(stich(['verify', human]).code).toBe(0);
  });

  it('rejects a record with an illegal action, naming deal and action', () => {
    const file = join(tmp, 'sitting2.json');
    expect(stich(['play', 'schafkopf', '--seats', 'bot,bot,bot,bot', '--deals', '2', '--seed', '9', '--record', file]).code).toBe(0);
    const record = JSON.parse(readFileSync(file, 'utf8'));
    const actions = record.deals[1].actions as [number, string][];
    // Seat plays the card the next seat plays: never in its own hand.
    const i = actions.findIndex(([, a]) => /^[EGHS][AZKOU987]$/.test(a));
    actions[i] = [actions[i][0], actions[i + 1][1]];
    writeFileSync(file, JSON.stringify(record));
    const r = stich(['replay', file]);
    expect(r.code).toBe(2);
    expect(r.err).toContain(`stich: ${file}: deal 2, action ${i + 1}: seat ${actions[i][0]} "${actions[i][1]}": you do not hold ${actions[i][1]}`);
  });

  it('rejects a file that is not a record', () => {
    const file = join(tmp, 'broken.json');
    writeFileSync(file, '{"format": "stich-record", ');
    const r = stich(['replay', file]);
    expect(r.code).toBe(2);
    expect(r.err).toContain('not valid JSON');
    const missing = stich(['replay', join(tmp, 'nope.json')]);
    expect(missing.code).toBe(2);
    expect(missing.err).toContain('no such file');
  });

  it('replay, verify and analyze report a bad record alike: "stich: FILE: why" on one line, status 2 (a missing file too)', () => {
    const broken = join(tmp, 'broken-alike.json');
    writeFileSync(broken, '{"format": "stich-record", ');
    const other = join(tmp, 'other-game.json');
    expect(stich(['play', 'talonschnapsen', '--seats', 'bot,bot,bot', '--deals', '1', '--seed', '5', '--record', other]).code).toBe(0);
    const record = JSON.parse(readFileSync(other, 'utf8'));
    record.game = 'skat';
    writeFileSync(other, JSON.stringify(record));
    for (const [file, why] of [
      [broken, 'not valid JSON'],
      [other, 'unknown game "skat"'],
      [join(tmp, 'nope-alike.json'), 'no such file'],
    ]) {
      for (const command of ['replay', 'verify', 'analyze']) {
        const r = stich([command, file]);
        expect(r.code, `${command} ${file}`).toBe(2);
        expect(r.err.trim().split('\n'), `${command} ${file}`).toHaveLength(1);
        expect(r.err, `${command} ${file}`).toMatch(new RegExp(`^stich: (cannot read )?${file.replace(/[.]/g, '\\.')}: .*${why}`));
        expect(r.out).toBe('');
      }
    }
  });

  it('explains bad options and exits non-zero', () => {
    const cases: [string[], RegExp][] = [
      [['play', 'schafkopf', '--preset', 'wirtshaus', '--seats', 'bot,bot,bot,bot'], /unknown preset "wirtshaus"/],
      [['play', 'schafkopf', '--rule', 'colour=red', '--seats', 'bot,bot,bot,bot'], /unknown house rule "colour"/],
      [['play', 'schafkopf', '--rule', 'stossDepth=9', '--seats', 'bot,bot,bot,bot'], /above the maximum/],
      [['play', 'schafkopf', '--rule', 'klopfen', '--seats', 'bot,bot,bot,bot'], /not name=value/],
      [['play', 'schafkopf', '--seats', 'bot,bot,bot'], /needs 4 seats/],
      [['play', 'schafkopf', '--seats', 'bot,bot,bot,genius'], /unknown seat "genius"/],
      [['play', 'schafkopf', '--seats', 'bot,bot,bot,bot', '--deals', 'many'], /--deals must be a whole number/],
      [['play', 'skat'], /unknown game "skat"/],
      [['play', 'schafkopf', '--colour', 'red'], /unknown option/],
    ];
    for (const [args, message] of cases) {
      const r = stich(args);
      expect(r.code, args.join(' ')).not.toBe(0);
      expect(r.err, args.join(' ')).toMatch(message);
    }
  });
});

describe('stich rules', () => {
  it('lists every Schafkopf house rule with its default and its source', () => {
    const r = stich(['rules', 'schafkopf']);
    expect(r.code).toBe(0);
    for (const name of ['kurzeKarte', 'herzSoloFirst', 'allPass', 'klopfen', 'stossDepth', 'laufende', 'tarifSolo', 'ramschJungfrau', 'bettelStichzwang']) {
      expect(r.out).toMatch(new RegExp(`${name} = \\S+ .*\\[(002|NOTES)`));
    }
    expect(r.out).toContain('aumer-koller (default)');
    expect(r.out).toContain('sauspiel');
  });

  it('names every rule and preset in words, in English or German (--lang de), as the browser\'s rules page does', () => {
    const en = stich(['rules', 'schafkopf']);
    expect(en.out).toContain('Aumer/Koller (the book) = aumer-koller (default)');
    expect(en.out).toContain('Laufende in a Rufspiel from: laufendeFromRufspiel = 3');
    const de = stich(['rules', 'schafkopf', '--lang', 'de']);
    expect(de.code).toBe(0);
    expect(de.out).toContain('Online-Regeln = sauspiel');
    expect(de.out).toContain('Laufende im Rufspiel ab: laufendeFromRufspiel = 3');
    expect(de.out).toContain('ramsch = Ramsch; mussspiel = Muss-Spiel (der Eichel-Ober spielt)');
    // The sources are cited in German too, the documents and sections as in English.
    expect(de.out).toContain('kurzeKarte = off  (on|off)  [002 3.2 (32 Karten); NOTES.md (24 als Hausregel)]');
    expect(de.out).toContain('[NOTES.md (nicht in 002; auf den Online-Seiten gespielt)]');
    expect(de.out).not.toMatch(/32 cards|as a house rule|online sites|conformance README/);
    expect(en.out).toContain('[002 3.2 (32 cards); NOTES.md (24 as a house rule)]');
    const talon = stich(['rules', 'talonschnapsen', '--lang', 'de']);
    expect(talon.out).toContain('[003 Talonschnapsen (erste Regel zum Erhöhen)]');
    expect(talon.out).not.toMatch(/rule on raising|regional differences|records version/);
    const bad = stich(['rules', 'schafkopf', '--lang', 'fr']);
    expect(bad.code).not.toBe(0);
    expect(bad.err).toContain('--lang must be de or en');
  });
});

describe('stich conformance', () => {
  it('replays the shared games: every one of the 138 passes', () => {
    const r = stich(['conformance', CONFORMANCE]);
    expect(r.out.trim()).toBe('138 passed, 0 failed');
    expect(r.code).toBe(0);
  });

  it('passes other games in the same format, and names bad lines', () => {
    const lines = readFileSync(CONFORMANCE, 'utf8').split('\n').filter((l) => l.trim());
    const mine = lines.slice(0, 30);
    const good = join(tmp, 'good.jsonl');
    writeFileSync(good, mine.join('\n') + '\n');
    const ok = stich(['conformance', good]);
    expect(ok.out.trim()).toBe('30 passed, 0 failed');
    expect(ok.code).toBe(0);
    const bad = join(tmp, 'bad.jsonl');
    const wrongPayout = JSON.parse(mine[0]);
    wrongPayout.payout = wrongPayout.payout.map((x: number) => -x);
    writeFileSync(bad, [mine[1], '{not json', JSON.stringify(wrongPayout)].join('\n'));
    const r = stich(['conformance', bad]);
    expect(r.code).toBe(1);
    expect(r.out).toContain('line 2: not valid JSON');
    expect(r.out).toContain(`${wrongPayout.id}: expected payout ${JSON.stringify(wrongPayout.payout)}`);
    expect(r.out.trim().split('\n').pop()).toBe('1 passed, 2 failed');
  });
});

describe('stich bench', () => {
  it('prints one JSON object with the playout rates', () => {
    const r = stich(['bench', '--json', '--seconds', '0.2', '--analysis-deals', '0']);
    expect(r.code).toBe(0);
    const report = JSON.parse(r.out);
    expect(report.schafkopf.playoutsPerSecond).toBeGreaterThan(1000);
    expect(report.schafkopf.apiDealsPerSecond).toBeGreaterThan(10);
    expect(report.schafkopf.ramschSolveP95Ms).toBeGreaterThanOrEqual(report.schafkopf.ramschSolveMs);
    expect(report.schafkopf.ramschSolveDeals).toBe(20);
    expect(report.schafkopf.analysisMs).toBeUndefined();
  });

  it('times the analysis of a sitting of easy bots per game (issue 22), as the server computes it', () => {
    const r = stich(['bench', '--json', '--seconds', '0.2', '--game', 'karnoeffel', '--analysis-deals', '2']);
    expect(r.code, r.err).toBe(0);
    const report = JSON.parse(r.out);
    expect(Object.keys(report)).toEqual(['karnoeffel']);
    expect(report.karnoeffel.analysisDeals).toBe(2);
    expect(report.karnoeffel.analysisMs).toBeGreaterThan(0);
    expect(report.karnoeffel.analysisDealMaxMs).toBeGreaterThan(0);
    expect(report.karnoeffel.analysisDealMaxMs).toBeLessThanOrEqual(report.karnoeffel.analysisMs);
  });
});

describe('bad input on the command line (issue 7): a one-line error, never a stack trace', () => {
  const oneLine = (r: { code: number; out: string; err: string }) => {
    expect(r.code).toBe(2);
    expect(r.err.trim().split('\n')).toHaveLength(1);
    expect(r.err).not.toMatch(/\n\s+at /);
    return r.err.trim();
  };

  it('serve --pg: a URL that is not PostgreSQL\'s, or a server that cannot be reached, is refused without showing the password', () => {
    expect(oneLine(stich(['serve', '--port', '0', '--pg', 'mysql://root@localhost/x']))).toMatch(/--pg takes a PostgreSQL URL/);
    const refused = oneLine(stich(['serve', '--port', '0', '--pg', 'postgres://stich:geheim@127.0.0.1:1/stich']));
    expect(refused).toMatch(/^stich: cannot start the server on PostgreSQL postgres:\/\/stich:\*\*\*@127\.0\.0\.1:1\/stich: .*ECONNREFUSED/);
    expect(refused).not.toContain('geheim');
  });

  it('bench --seconds abc, 0 and -1 are refused', () => {
    for (const s of ['abc', '0', '-1']) expect(oneLine(stich(['bench', '--seconds', s]))).toMatch(/--seconds must be a number of seconds above 0/);
    for (const n of ['x', '-1', '1.5', '101']) expect(oneLine(stich(['bench', '--analysis-deals', n]))).toMatch(/--analysis-deals must be a whole number of deals from 0 to 100/);
    expect(oneLine(stich(['bench', '--game', 'skat']))).toMatch(/unknown game "skat"; games: schafkopf, bauernschnapsen, talonschnapsen, karnoeffel/);
  });

  it('--record into a folder that does not exist is refused before the first card is dealt', () => {
    const r = stich(['play', 'schafkopf', '--seed', '1', '--pace', '0', '--record', '/nonexistent/x.json'], '1\n');
    expect(oneLine(r)).toBe('stich: --record /nonexistent/x.json: the folder /nonexistent does not exist');
    expect(r.out).toBe('');
  });

  it('options of another game are refused', () => {
    expect(oneLine(stich(['play', 'schafkopf', '--faces', 'french']))).toBe('stich: --faces is an option of bauernschnapsen and talonschnapsen, not of schafkopf');
    expect(oneLine(stich(['play', 'schafkopf', '--players', '6']))).toBe('stich: --players is an option of karnoeffel, not of schafkopf');
  });

  it('a tariff beyond its range is refused: --rule tarifSolo=1e308', () => {
    expect(oneLine(stich(['play', 'schafkopf', '--rule', 'tarifSolo=1e308', '--seats', 'bot,bot,bot,bot']))).toMatch(/tarifSolo.*not a whole number/);
    expect(oneLine(stich(['play', 'schafkopf', '--rule', 'tarifSolo=100000000', '--seats', 'bot,bot,bot,bot']))).toMatch(/above the maximum 100000/);
    expect(oneLine(stich(['play', 'schafkopf', '--rule', '__proto__=1', '--seats', 'bot,bot,bot,bot']))).toMatch(/unknown house rule "__proto__"/);
  });

  it('a huge player word is quoted as a short excerpt', () => {
    const r = stich(['play', 'schafkopf', '--seats', `${'x'.repeat(100_000)},bot,bot,bot`]);
    expect(oneLine(r).length).toBeLessThan(200);
  });

  it('game names are matched without regard to case or umlauts; --version prints the version', () => {
    expect(stich(['rules', 'Karnöffel']).code).toBe(0);
    expect(stich(['rules', 'SCHAFKOPF']).code).toBe(0);
    const v = stich(['--version']);
    expect(v.code).toBe(0);
    expect(v.out.trim()).toMatch(/^\d+\.\d+\.\d+$/);
  });
});

describe('the length of a sitting and its summary (issue 7)', () => {
  it('without --deals a sitting plays one whole unit: a Bummerl of Bauernschnapsen, a Karnöffel match, a round of Schafkopf', () => {
    const b = stich(['play', 'bauernschnapsen', '--seats', 'bot,bot,bot,bot', '--seed', '4']);
    expect(b.code).toBe(0);
    expect(b.out).toMatch(/after 1 finished Bummerl/);
    const k = stich(['play', 'karnoeffel', '--seats', 'bot,bot,bot,bot', '--seed', '4']);
    expect(k.code).toBe(0);
    expect(k.out).toMatch(/won \d+ : \d+ in \d+ deals/);
    const s = stich(['play', 'schafkopf', '--seats', 'bot,bot,bot,bot', '--seed', '4']);
    expect(s.out.match(/^Deal \d+:/gm)).toHaveLength(4);
  });

  it('with a person at the table the final score sheet is printed once, and another unit is offered', () => {
    const r = stich(['play', 'schafkopf', '--seed', '2', '--pace', '0'], Array(200).fill('1').join('\n') + '\nn\n');
    expect(r.code).toBe(0);
    expect(r.out.match(/^Ledger after 4 deals:/gm)).toHaveLength(1);
    expect(r.out).toContain('Play another round? (y/n)');
  });
});

describe('the terminal game, finished (issue 24)', () => {
  const ones = (n: number) => Array(n).fill('1').join('\n') + '\n';

  it('after each deal the last trick, the result and the ledger wait for Enter; with only bots nothing waits', () => {
    const r = stich(['play', 'schafkopf', '--seed', '2', '--pace', '0'], ones(200) + 'n\n');
    expect(r.code).toBe(0);
    for (const k of [1, 2, 3]) {
      const end = r.out.indexOf(`── Deal ${k} is over ──`);
      expect(end, `deal ${k}`).toBeGreaterThan(0);
      const block = r.out.slice(end, r.out.indexOf(`Press Enter for deal ${k + 1} (q to leave): `, end));
      expect(block).toMatch(/^Last trick: You \w\w, Sepp \w\w, Resi \w\w, Schorsch \w\w → .* takes? it$|^Last trick: .* → /m);
      expect(block).toMatch(new RegExp(`^Deal ${k}: `, 'm'));
      expect(block).toContain(`Ledger after ${k} deal`);
    }
    // The last deal of the round is followed by the question for another round, not by a pause.
    expect(r.out).not.toContain('Press Enter for deal 5');
    const bots = stich(['play', 'schafkopf', '--seats', 'bot,bot,bot,bot', '--deals', '3', '--seed', '2']);
    expect(bots.out).not.toContain('Press Enter');
    expect(bots.out).not.toContain('is over ──');
  });

  it('a prompt with one answer is answered by itself and shown; --ask-always asks it', () => {
    const r = stich(['play', 'schafkopf', '--seed', '3', '--deals', '1', '--pace', '0'], ones(40));
    expect(r.code).toBe(0);
    const only = [...r.out.matchAll(/^ {2}Your only choice: play (\w\w)\n {2}You play (\w\w)$/gm)];
    expect(only.length).toBeGreaterThan(0);
    for (const m of only) expect(m[1]).toBe(m[2]);
    const asked = stich(['play', 'schafkopf', '--seed', '3', '--deals', '1', '--pace', '0', '--ask-always'], ones(40));
    expect(asked.code).toBe(0);
    expect(asked.out).not.toContain('Your only choice');
    expect(asked.out.match(/^ {3}1 {2}play \w\w\n(?! {3}2)/gm)?.length).toBeGreaterThan(0);
  });

  it('last, score and undo at a prompt; undo only against bots alone; q asks before it throws the deal away', () => {
    const input = ['last', 'score', 'undo', '1', 'q', 'n', '1', '1', 'last', 'undo', ...Array(40).fill('1')].join('\n') + '\n';
    const r = stich(['play', 'schafkopf', '--seed', '3', '--deals', '1', '--pace', '0'], input);
    expect(r.code).toBe(0);
    expect(r.out).toContain('No trick has been taken yet in this deal.');
    expect(r.out).toContain('Ledger after 0 deals:');
    expect(r.out).toContain('Cannot undo: you have made no choice in this deal yet.');
    expect(r.out).toContain('Leave the table? The running deal is thrown away, finished deals are kept. (y/n)');
    expect(r.out).toMatch(/ {2}Last trick: Sepp EO, Resi EU, Schorsch H9, You GO → Sepp takes it$/m);
    expect(r.out).toContain('Undone: you decide again.');
    // The undone card is played again, and the deal ends as a deal does.
    expect(r.out.match(/ {2}You play GO$/gm)).toHaveLength(2);
    expect(r.out).toMatch(/^Deal 1: /m);

    const two = stich(['play', 'schafkopf', '--seats', 'human,human,bot,bot', '--seed', '3', '--deals', '1', '--pace', '0'], ['1', '1', '1', 'undo', 'q', 'y'].join('\n') + '\n');
    expect(two.out).toContain('Cannot undo: only in a sitting against bots alone.');
    expect(two.out).toContain('You left the table.');
    expect(two.out).not.toMatch(/^Deal 1: /m);
  });

  it('a refusal lists what can be done now: no Klopfen where it is off, no menu numbers where actions are typed', () => {
    const r = stich(['play', 'schafkopf', '--seed', '3', '--deals', '1', '--pace', '0'], 'blah\n' + ones(40));
    expect(r.out).toContain('"blah" is nothing you can do now. You may now: weiter, wenz');
    expect(r.out).not.toMatch(/nothing you can do now.*klopfen/);
    const t = stich(['play', 'talonschnapsen', '--seed', '2', '--deals', '1', '--pace', '0'], ones(5) + 'blah\n');
    expect(t.out).toContain('Numbers do not work here: type the action. Lay away any two cards of hand and talon');
    expect(t.out).toMatch(/"blah" is nothing you can do now\. Lay away .*lege <card> <card>/);
    expect(t.out).not.toMatch(/nothing you can do now.*(abheben|klopfen|dokta)/);
  });

  it('the README example: a record of a sitting at the terminal verifies', () => {
    const file = join(tmp, 'readme-sitting.json');
    const r = stich(['play', 'schafkopf', '--record', file], ones(200) + 'n\n');
    expect(r.code).toBe(0);
    const v = stich(['verify', file]);
    expect(v.err).toBe('');
    expect(v.code).toBe(0);
    expect(v.out).toContain('all 4 decks verified, and the play follows the rules.');
  });

  it('lines are wrapped at word boundaries to the width of the terminal (COLUMNS for a pipe)', () => {
    const r = spawnSync(process.execPath, [BIN, 'play', 'schafkopf', '--seats', 'bot,bot,bot,bot', '--deals', '20', '--seed', '1'], { encoding: 'utf8', env: { ...process.env, COLUMNS: '60' } });
    const lines = r.stdout.split('\n');
    expect(lines.every((l) => [...l].length <= 60)).toBe(true);
    // A money amount is never cut in two: every continued line begins with a whole word.
    expect(r.stdout).not.toMatch(/[-+]\d,\d*\n|\n {2}(\d\d )?€/);
    expect(r.stdout).toMatch(/\n {2}\S/);
  });

  it('a paid run of Laufende says whether the party held them (mit) or not (ohne)', () => {
    const r = stich(['play', 'schafkopf', '--seats', 'bot,bot,bot,bot', '--deals', '200', '--seed', '1']);
    expect(r.out).toMatch(/\(.*mit \d: \d Laufende paid/);
    expect(r.out).toMatch(/\(.*ohne \d: \d Laufende paid/);
  });
});

describe('the server at the terminal (issue 24)', () => {
  it('a port in use is said to be in use, not a database problem', async () => {
    const { createServer } = await import('node:net');
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as { port: number }).port;
    try {
      const r = stich(['serve', '--port', String(port), '--db', join(tmp, 'port.db')]);
      expect(r.code).toBe(2);
      expect(r.err.trim()).toBe(`stich: cannot listen on 127.0.0.1:${port}: the port is in use (another stich server, or another program); stop it or choose another port with --port`);
    } finally {
      blocker.close();
    }
  });

  it('is quiet by default: no log line per request; --log info logs them; a bad level is refused', async () => {
    const { spawn } = await import('node:child_process');
    const run = async (extra: string[]) => {
      const child = spawn(process.execPath, [BIN, 'serve', '--port', '0', '--db', join(tmp, `quiet${extra.length}.db`), ...extra], { stdio: ['ignore', 'pipe', 'pipe'], env: withoutServeEnvironment() });
      let out = '';
      child.stdout.on('data', (d) => (out += d));
      child.stderr.on('data', (d) => (out += d));
      // 'close', not 'exit': the last lines (the drain's) may still be unread at 'exit'.
      const closed = new Promise((r) => child.once('close', r));
      for (const end = Date.now() + 30_000; Date.now() < end && !/listening on (http:\/\/\S+) /.test(out); ) await new Promise((r) => setTimeout(r, 50));
      const url = /listening on (http:\/\/\S+) /.exec(out)![1];
      await fetch(`${url}/api/games`).catch(() => undefined);
      await new Promise((r) => setTimeout(r, 300));
      child.kill('SIGTERM');
      await closed;
      return out;
    };
    const quiet = await run([]);
    expect(quiet).toContain('Only this computer can connect; --host lets others in');
    // Two lines when it starts, one when SIGTERM has drained it, and none per request.
    const lines = quiet.trim().split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[2]).toMatch(/^stich server drained in \d+ ms/);
    const loud = await run(['--log', 'info']);
    expect(loud).toMatch(/"msg":"(incoming request|request completed)"/);
    const bad = stich(['serve', '--port', '0', '--log', 'loud']);
    expect(bad.code).toBe(2);
    expect(bad.err).toContain('--log must be one of fatal, error, warn, info, debug, trace, silent');
  }, 90_000);
});

describe('output into a reader that stops early', () => {
  it('stich play … | head: the command ends quietly with 0 when the pipe closes, no stack trace of EPIPE', async () => {
    const { spawn } = await import('node:child_process');
    const child = spawn(process.execPath, [BIN, 'play', 'schafkopf', '--seats', 'bot,bot,bot,bot', '--deals', '200', '--seed', '1'], { env: withoutServeEnvironment() });
    let err = '';
    child.stderr.on('data', (d) => (err += d.toString()));
    // Like `head -2`: read the first chunk, then close the pipe.
    await new Promise<void>((resolve) => child.stdout.once('data', () => resolve()));
    child.stdout.destroy();
    const code = await new Promise<number | null>((resolve) => child.on('close', (c) => resolve(c)));
    expect(err).not.toMatch(/EPIPE|at /);
    expect(code).toBe(0);
  }, 60_000);
});
