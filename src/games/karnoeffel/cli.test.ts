import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { shuffleDeck } from '../../cards/deck.js';
import { SeededRng } from '../../core/rng.js';
import { heuristicBot } from './bots/heuristic.js';
import { randomBot } from './bots/random.js';
import { PACK } from './cards.js';
import { legal } from './engine.js';
import { maskCards } from '../../cards/mask.js';
import type { KarnoeffelState } from './state.js';
import { view } from './view.js';
import { playDeal } from '../../sitting/play.js';
import { act, passToPlay, rulesOf, start, KARNOEFFEL_CONFIGS } from './testing.js';
import { karnoeffelText } from './text.js';
import { findGame } from '../registry.js';
import { karnoeffelModule } from './module.js';

const NAMES = ['Sepp', 'Resi', 'Schorsch', 'Vroni', 'Wastl', 'Kathi', 'Michl', 'Burgl'];

/** Card codes a text names, leaving out the names of the trump suit's special cards in the "Trumpf:" line. */
function codesIn(text: string): string[] {
  const cleaned = text.replace(/^Trumpf: .*$/m, '');
  return [...cleaned.matchAll(/\b([EGHS][KOUZ2-9])\b/g)].map((m) => m[1]);
}

function knowableCodes(state: KarnoeffelState, seat: number): Set<string> {
  const v = view(state, seat);
  const ids = [
    ...v.hand,
    ...v.seen.flatMap((h) => h.cards),
    ...v.faceUp.filter((c) => c >= 0),
    ...v.trick,
    ...v.tricks.flatMap((t) => t.cards),
    ...(v.drawn ?? []),
    ...v.events.flatMap((e) => (e.type === 'advise' && e.card !== undefined ? [e.card] : [])),
  ];
  const texts = v.events.flatMap((e) => (e.type === 'advise' ? codesIn(e.message) : []));
  return new Set([...ids.map((c) => karnoeffelModule.game.formatAction(state.rules, { type: 'play', card: c }).slice(5)), ...texts]);
}

describe('the terminal face of Karnöffel', () => {
  it('is registered for `stich play`', () => {
    expect(findGame('Karnöffel')).toBe(karnoeffelModule);
    expect(karnoeffelModule.text).toBe(karnoeffelText);
    expect(karnoeffelModule.bots.random).toBeDefined();
    expect(karnoeffelModule.bots[karnoeffelModule.defaultBot]).toBeDefined();
    expect(karnoeffelModule.playOptions?.map((o) => o.rule)).toEqual(['players', 'target', 'stake']);
  });

  it('what it shows a seat, and what it narrates, names no card the seat may not know', async () => {
    for (const n of [2, 4, 6, 8]) {
      const rules = rulesOf({ players: n });
      const rng = new SeededRng(`cli-${n}`);
      const agents = Array.from({ length: n }, (_, s) => (s % 3 === 1 ? randomBot(rng) : heuristicBot(rules)));
      for (let d = 0; d < 15; d++) {
        await playDeal(karnoeffelModule, rules, { dealer: d % n, deck: shuffleDeck(PACK, rng), carry: { points: [d, 2 * d] } }, agents, {
          onAction(_seat, _action, _before, after) {
            for (let seat = 0; seat < n; seat++) {
              const v = view(after, seat);
              const own = legal(after, seat);
              const text = [
                karnoeffelText.renderView(rules, v, NAMES, own),
                ...karnoeffelText.narrate(rules, v, karnoeffelModule.game.events(after, seat, 0), NAMES),
                ...own.map((a) => karnoeffelText.describeAction(rules, v, a)),
              ].join('\n');
              // help names cards only as examples and as the trump suit's special cards; it stays short
              expect(karnoeffelText.help!(rules, v, own).split('\n').length).toBeLessThanOrEqual(15);
              const known = knowableCodes(after, seat);
              const leaked = codesIn(text).filter((c) => !known.has(c));
              if (leaked.length > 0) expect.fail(`seat ${seat} is shown ${leaked.join(' ')}:\n${text}`);
            }
          },
        });
      }
    }
  });

  it('shows the hand with trumps first, the partner\'s hand, and marks the Devil that may not be led yet', () => {
    const rules = rulesOf({ players: 4 });
    const s = passToPlay(start(rules, 0, { 1: 'E9 S7 E8 H8 H9', 2: 'EK G3 G4 G5 G6', 3: 'E7 H3 H4 H5 H6', 0: 'S2 E6 E5 E4 GK' }));
    const v = view(s, 1);
    const text = karnoeffelText.renderView(rules, v, ['Sepp', 'You', 'Resi', 'Vroni'], legal(s, 1));
    expect(text).toContain('Trumpf: Schellen');
    expect(text).toContain('Your hand: S7 (Teufel) [not now]  E9  E8  H9  H8');
    expect(text).toContain('Vroni holds: E7  H6  H5  H4  H3');
    expect(text).toContain('Geber: Sepp · Vorhand: You · play goes clockwise');
    expect(text).toContain('Blue: Sepp, Resi · Red: You, Vroni');
    const menu = karnoeffelText.orderActions!(rules, v, legal(s, 1)).map((a) => karnoeffelText.describeAction(rules, v, a));
    expect(menu).toEqual(['play E9', 'play E8', 'play H9', 'play H8']);
    expect(maskCards(s.hands[1])).toHaveLength(5);
  });

  it('narrates the deal: raises, answers, advice and tricks', () => {
    const rules = rulesOf({ players: 4 });
    let s = start(rules, 0, {});
    const next = karnoeffelModule.game.events(s, 3, 0).length;
    s = act(s, 3, { type: 'advise', to: 1, message: 'raise, partner' });
    s = act(s, 1, { type: 'raise' });
    s = act(s, 2, { type: 'refuse' });
    const names = ['Sepp', 'Resi', 'You', 'Vroni'];
    const lines = karnoeffelText.narrate(rules, view(s, 2), karnoeffelModule.game.events(s, 2, next), names);
    expect(lines).toEqual([
      'Vroni says to Resi: "raise, partner"',
      'Resi raises to 7',
      'You refuse; the cards are thrown in',
      'Red (Resi, Vroni) win the round (refusal): 4 points',
    ]);
    expect(karnoeffelText.summarizeDeal(rules, s, s.outcome!, names)).toBe(
      'Geber Sepp, Trumpf none yet: Red (Resi, Vroni) win as the raise to 7 was refused, 4 points; Partie 0:4',
    );
  });
});

/** The `stich` command as users run it: the built binary (npm test builds first). */
const BIN = join(process.cwd(), 'dist/cli/main.js');
function stich(args: string[], input?: string): { code: number; out: string; err: string } {
  const r = spawnSync(process.execPath, [BIN, ...args], { input, encoding: 'utf8', timeout: 120_000 });
  return { code: r.status ?? -1, out: r.stdout, err: r.stderr };
}
const tmp = mkdtempSync(join(tmpdir(), 'stich-karnoeffel-'));

describe('stich play karnoeffel (issue 4, done-when 2 and 3)', () => {
  for (const [preset, n] of KARNOEFFEL_CONFIGS) {
    it(`${preset}, ${n} players: 300 bot deals finish, print the Partie score, and the bots raise, accept, refuse and re-raise; the record replays`, () => {
      const file = join(tmp, `${preset}-${n}.json`);
      const r = stich(['play', 'karnoeffel', '--preset', preset, '--players', String(n), '--seats', Array(n).fill('bot').join(','), '--deals', '300', '--seed', '1', '--record', file]);
      expect(r.err).toBe('');
      expect(r.code).toBe(0);
      expect(r.out.match(/^Deal \d+:/gm)).toHaveLength(300);
      expect(r.out).toMatch(n === 2 ? /Partien won: \w+ \d+, \w+ \d+; balance per player/ : /Partien won: Blue \d+, Red \d+; balance per player/);
      const record = JSON.parse(readFileSync(file, 'utf8')) as { deals: { actions: [number, string][] }[] };
      const count = { raise: 0, reraise: 0, accept: 0, refuse: 0 };
      for (const d of record.deals) {
        let previous = '';
        for (const [, a] of d.actions) {
          if (a.startsWith('advise') || a === 'announce') continue;
          if (a === 'raise') count[previous === 'raise' ? 'reraise' : 'raise']++;
          if (a === 'accept' || a === 'refuse') count[a]++;
          previous = a;
        }
      }
      for (const k of ['raise', 'reraise', 'accept', 'refuse'] as const) expect(count[k]).toBeGreaterThan(0);
      const replay = stich(['replay', file]);
      expect(replay.err).toBe('');
      expect(replay.code).toBe(0);
      expect(replay.out).toContain('300 deals');
    });
  }

  it('impossible options are clear errors', () => {
    const five = stich(['play', 'karnoeffel', '--players', '5', '--seats', 'bot,bot,bot,bot,bot']);
    expect(five.code).not.toBe(0);
    expect(five.err).toContain('Karnöffel is played by 2, 4, 6 or 8 players (two equal teams), not 5');
    const target = stich(['play', 'karnoeffel', '--target', '40', '--seats', 'bot,bot,bot,bot']);
    expect(target.err).toContain('the target must be a multiple of 10 plus 1');
    const two = stich(['play', 'karnoeffel', '--preset', 'landsknecht', '--players', '2', '--seats', 'bot,bot']);
    expect(two.err).toContain('landsknecht rules are for 4, 6 or 8 players');
  });

  it('a human seat plays from standard input; wrong input is explained', () => {
    const input = ['blah', 'accept', 'play XX', 'advise @2 "hello"', 'advise @3 "I hold the Kaiser, partner"', ...Array(80).fill('1')].join('\n') + '\n';
    const r = stich(['play', 'karnoeffel', '--seats', 'human,bot,bot,bot', '--deals', '1', '--seed', '3'], input);
    expect(r.code).toBe(0);
    expect(r.out).toContain('"blah" is nothing you can do now. You may now: raise, pass');
    expect(r.out).toContain('there is no raise to accept');
    expect(r.out).toContain('unknown suit "X"');
    // free-text advice: to an opponent it is refused, to the partner it is said aloud and the menu comes back
    expect(r.out).toContain('Not allowed: advice goes to a teammate; Sepp is an opponent');
    expect(r.out).toContain('You say to Resi: "I hold the Kaiser, partner"');
    expect(r.out).toContain('Your hand:');
    expect(r.out).toMatch(/Deal 1: Geber/);
  });

  it('a record with an illegal action is rejected, naming the deal and action', () => {
    const file = join(tmp, 'broken.json');
    expect(stich(['play', 'karnoeffel', '--seats', 'bot,bot,bot,bot', '--deals', '3', '--seed', '9', '--record', file]).code).toBe(0);
    const record = JSON.parse(readFileSync(file, 'utf8'));
    const actions = record.deals[2].actions as [number, string][];
    const i = actions.findIndex(([, a]) => a === 'pass');
    actions[i] = [actions[i][0], 'accept'];
    writeFileSync(file, JSON.stringify(record));
    const r = stich(['replay', file]);
    expect(r.code).not.toBe(0);
    expect(r.err).toContain(`deal 3, action ${i + 1}: seat ${actions[i][0]} "accept": there is no raise to accept`);
  });

  it('the terminal says Partie throughout, the Kaiser is the trump Daus, bots advise in words, and the end of a Partie is announced (issue 24)', () => {
    const input = ['?', ...Array(80).fill('1')].join('\n') + '\n';
    const r = stich(['play', 'karnoeffel', '--seats', 'human,bot,bot,bot', '--deals', '3', '--seed', '3', '--pace', '0'], input);
    expect(r.code).toBe(0);
    expect(r.out).toContain('Kaiser (trump Daus)');
    expect(r.out).toContain('the led Daus to Banner');
    expect(r.out).not.toMatch(/\bmatch\b/i);
    expect(r.out).toMatch(/^Last Stich: .* → .* takes? it$/m);
    const bots = stich(['play', 'karnoeffel', '--seats', 'bot,bot,bot,bot', '--seed', '4']);
    expect(bots.out).not.toMatch(/\bmatch\b|%/i);
    expect(bots.out).toContain('═══ Partie 1 is over: Red (Vroni, Sepp) win it, 43 : 12 in 10 deals ═══');
    expect(bots.out).toContain('The stake ×2 (Blue below half of 41): each of Blue pays each of Red 2.');
    const advised = stich(['play', 'karnoeffel', '--seats', 'human,bot,bot,bot', '--deals', '6', '--seed', '1', '--pace', '0'], Array(300).fill('1').join('\n') + '\n');
    expect(advised.out).toMatch(/\bsays to \w+: "(raise|refuse): [a-z ]+"/);
    expect(advised.out).not.toMatch(/\bsays to .*%/);
  });
});
