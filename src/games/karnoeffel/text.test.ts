import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SeededRng } from '../../core/rng.js';
import { SPECTATOR } from '../game.js';
import { legal, toAct } from './engine.js';
import { karnoeffel } from './game.js';
import { karnoeffelSitting } from './sitting.js';
import { act, passToPlay, playAll, randomDeal, rulesOf, start } from './testing.js';
import { karnoeffelText } from './text.js';
import { view } from './view.js';

const BIN = join(process.cwd(), 'dist/cli/main.js');
const stich = (args: string[], input: string) => spawnSync(process.execPath, [BIN, ...args], { input, encoding: 'utf8', timeout: 120_000 }).stdout;

/** Lines that conjugate "You" like a third person. */
const BAD_GRAMMAR = /\bYou (plays|raises|passes|accepts|refuses|takes|gets|says|holds|wins)\b/;

describe('one name per player, after the lots (issue 7 §3)', () => {
  for (const [players, seed] of [
    [4, '3'],
    [6, '11'],
  ] as const) {
    it(`${players} players, seed ${seed}: "You" sits where the lots put the person, and the table names that seat "You" everywhere`, () => {
      const rules = rulesOf({ players });
      const seatOfHuman = karnoeffelSitting.begin(rules, new SeededRng(seed)).seatOf![0];
      expect(seatOfHuman).not.toBe(0); // the lots moved the person away from the first seat
      const out = stich(['play', 'karnoeffel', '--players', String(players), '--seats', ['human', ...Array(players - 1).fill('bot')].join(','), '--deals', '1', '--seed', seed, '--pace', '0'], Array(200).fill('1').join('\n') + '\n');
      // the sitting's header lists the players in playing order, seat by seat
      const header = /in playing order: (.*)$/m.exec(out)?.[1] ?? '';
      expect(header.split(', ').map((p) => p.replace(/ \(.*\)$/, '')).indexOf('You')).toBe(seatOfHuman);
      expect(out).not.toMatch(BAD_GRAMMAR);
      expect(out).not.toMatch(/\bseat \d\b(?! *\d*[),])/);
      // every table the person is shown: the face-up card named "You" is in "Your hand"; each card "You play" was in the hand shown before
      let hand: string[] = [];
      let faceUp: string | undefined;
      let plays = 0;
      for (const line of out.split('\n')) {
        const up = /^Face up: .*\bYou ([EGHS][KOUZ2-9])\b/.exec(line);
        if (up) faceUp = up[1];
        const h = /^Your hand: (.*)$/.exec(line);
        if (h) {
          hand = [...h[1].matchAll(/\b([EGHS][KOUZ2-9])\b/g)].map((m) => m[1]);
          if (faceUp !== undefined) expect(hand).toContain(faceUp);
          faceUp = undefined;
        }
        const played = /(?:^|: )You play ([EGHS][KOUZ2-9])\b/.exec(line);
        if (played) {
          expect(hand).toContain(played[1]);
          plays++;
        }
      }
      expect(plays).toBeGreaterThan(0);
    });
  }
});

describe('narration speaks of each player by name, with the right verb', () => {
  it('"You play", "Sepp plays"; a side by its players; the sheet without seat numbers', () => {
    const rules = rulesOf({ players: 4 });
    const names = ['You', 'Sepp', 'Resi', 'Vroni'];
    let s = passToPlay(start(rules, 3, { 0: 'E9 S7 E8 H8 H9', 1: 'EK G3 G4 G5 G6', 2: 'E7 H3 H4 H5 H6', 3: 'S2 E6 E5 E4 GK' }));
    const from = s.events.length;
    s = playAll(s, 'E9 EK H3 E6');
    const lines = karnoeffelText.narrate(rules, view(s, 0), karnoeffel.events(s, 0, from), names);
    expect(lines).toEqual(['You play E9', 'Sepp plays EK', 'Resi plays H3', 'Vroni plays E6', 'Sepp takes the Stich']);
    const sheet = karnoeffelSitting.afterDeal(rules, karnoeffelSitting.initialSheet(rules, { lots: [], seatOf: [], firstDealer: 0 }), 0, {
      score: [41, 0, 41, 0],
      winner: 0,
      value: 41,
      by: 'tricks',
      tricks: [3, 0],
      trump: 0,
      points: [41, 0],
      matchOver: true,
    }).sheet;
    const text = karnoeffelSitting.describeSheet(rules, sheet, names);
    expect(text).toContain('Blue: You, Resi');
    expect(text).toContain('Red: Sepp, Vroni');
    expect(text).toContain('in 1 deal,');
    expect(text).not.toMatch(/\(\d\)/);
  });

  it('two players: the winner is a player, not a side', () => {
    const rules = rulesOf({ players: 2 });
    let s = start(rules, 1, {});
    s = act(s, 0, { type: 'raise' });
    s = act(s, 1, { type: 'refuse' });
    const lines = karnoeffelText.narrate(rules, view(s, 0), karnoeffel.events(s, 0, 0), ['You', 'Sepp']);
    expect(lines.slice(-3)).toEqual(['You raise to 7', 'Sepp refuses; the cards are thrown in', 'You win the round (refusal): 4 points']);
    expect(karnoeffelText.summarizeDeal(rules, s, s.outcome!, ['You', 'Sepp'])).toMatch(/^Geber Sepp, Trumpf \w+: You win as the raise to 7 was refused, 4 points/);
  });

  it('a spectator\'s table shows no hand and no table talk', () => {
    const rules = rulesOf({ players: 4 });
    const { state } = randomDeal(rules, new SeededRng(5), 'play');
    const text = karnoeffelText.renderView(rules, view(state, SPECTATOR), ['A', 'B', 'C', 'D']);
    expect(text).not.toContain('Your hand');
    expect(text).not.toContain('holds');
    expect(text).not.toContain('advise');
  });
});

describe('help: what can be done now and what it is worth', () => {
  it('in a pause: raising, accepting and refusing with the current values; advice; the trump powers; the goal', () => {
    const rules = rulesOf({ players: 4 });
    let s = start(rules, 0, {});
    s = act(s, 1, { type: 'raise' });
    const seat = toAct(s)[0];
    const help = karnoeffelText.help!(rules, view(s, seat), legal(s, seat));
    const lines = help.split('\n');
    expect(lines.length).toBeLessThanOrEqual(15);
    expect(lines[0]).toBe('You may: raise, accept, refuse, advise … (type it, or the number in the menu).');
    expect(help).toContain('raise: the round goes to 10');
    expect(help).toContain('accept: play on, the round is worth 7.');
    expect(help).toContain('refuse: give up now; the raisers score 4');
    expect(help).toContain(`advise @${(seat + 2) % 4} GU "take it"`);
    expect(help).toMatch(/Karnöffel .* > Papst .* > Kaiser/);
    expect(help).toContain('the first side to take three Stiche wins the round, now worth 4; the first side to 41 wins the Partie');
  });

  it('in the play: any card, no duty to follow; the Devil rule of the first trick; the announcement when the side may make it', () => {
    const rules = rulesOf({ players: 2 }, 'leyden-dummett');
    const s = passToPlay(start(rules, 1, {}, [38, 0]));
    const seat = toAct(s)[0];
    const help = karnoeffelText.help!(rules, view(s, seat), legal(s, seat));
    expect(help.split('\n')[0]).toBe('You may: play <card> (type it, or the number in the menu).');
    expect(help).toContain('no duty to follow suit');
    expect(help).toContain('The Teufel may not lead the first Stich.');
    expect(help).not.toContain('advise');
    const dealing = start(rules, 1, {}, [38, 0]);
    const announcing = karnoeffelText.help!(rules, view(dealing, 0), legal(dealing, 0));
    expect(announcing).toContain('announce: your side reaches 41 with this round');
  });
});
