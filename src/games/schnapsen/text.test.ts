import { describe, expect, it } from 'vitest';
import { SeededRng } from '../../core/rng.js';
import { SPECTATOR } from '../game.js';
import { bauernschnapsenModule, talonschnapsenModule } from './module.js';
import type { Variant } from './rules.js';
import { schnapsenText as text } from './text.js';
import { gameOf, newDeal, passToPlay, randomDeal, rulesFor, run } from './testing.js';

/**
 * Issue 7 §3: the terminal as players expect it. One name per player
 * everywhere ("You", "Sepp", …), never a bare seat number; "You play", not
 * "You plays"; help tells what can be done and what the game is worth.
 */
const NAMES = ['You', 'Sepp', 'Resi', 'Schorsch'];
const BAD_GRAMMAR = /\bYou (plays|takes|has|is|loses|shows|knocks|calls|leads|sits|announces|lays|raises|turns|cuts|deals|scores|reaches|asks|wins)\b/;

describe('the terminal text names every player and speaks proper English', () => {
  it('views, narration, help and summaries of random deals: names, never "seat N", never "You plays" (both games, every seat)', () => {
    const configs: [Variant, string | undefined][] = [
      ['bauern', undefined],
      ['bauern', 'alles'],
      ['talon', undefined],
      ['talon', 'alles'],
    ];
    for (const [variant, preset] of configs) {
      const rules = rulesFor(variant, {}, preset);
      const game = gameOf(variant);
      const rng = new SeededRng(`text-${variant}-${preset}`);
      for (let i = 0; i < 60; i++) {
        const { states } = randomDeal(variant, rules, rng, i % game.seatCount(rules));
        const last = states[states.length - 1];
        for (const s of [states[rng.int(states.length)], last]) {
          for (const seat of [...Array.from({ length: s.seats }, (_, x) => x), SPECTATOR]) {
            // The person at the terminal sits at `seat`: names rotate so that "You" is there.
            const names = Array.from({ length: s.seats }, (_, x) => (x === seat ? 'You' : ['Sepp', 'Resi', 'Schorsch', 'Vroni'][x]));
            const view = game.view(s, seat);
            const legal = game.legal(s, seat);
            const out = [text.renderView(rules, view, names, legal), ...text.narrate(rules, view, game.events(s, seat, 0), names), text.help!(rules, view, legal), ...legal.map((a) => text.describeAction(rules, view, a))];
            if (s.outcome) out.push(text.summarizeDeal(rules, s, s.outcome, names));
            const all = out.join('\n');
            expect(all, all).not.toMatch(/\bseat \d/);
            expect(all).not.toMatch(/undefined|NaN|\[object/);
            expect(all, all).not.toMatch(BAD_GRAMMAR);
            // "Your first trick", not "First trick of You"; a trick's points say what the number is.
            expect(all, all).not.toMatch(/\bof You\b(?! &)/);
            expect(all, all).not.toMatch(/the trick \(\d+\)/);
            for (const m of all.matchAll(/the trick \((\d+) (points?)\)/g)) expect(m[2]).toBe(m[1] === '1' ? 'point' : 'points');
            const helpLines = text.help!(rules, view, legal).split('\n');
            expect(helpLines.length).toBeLessThanOrEqual(15);
          }
        }
      }
    }
  });

  it('a game without Atout shows no trump; a Herz call still doubles (Herzrunde)', () => {
    const hands = ['EA EZ EK EO GU', 'GA GZ GK HA HZ', 'HK HO HU SA SZ', 'SK SO SU EU GO'];
    const s = passToPlay(run(newDeal('bauern', hands), '2 abheben; 0 trumpf E; 0 weiter; 1 bettler; 2 weiter; 3 weiter'));
    const screen = text.renderView(s.rules, gameOf('bauern').view(s, 0), NAMES, gameOf('bauern').legal(s, 0));
    expect(screen).not.toMatch(/Trump: /);
    expect(screen).toMatch(/No Atout in this game \(Eichel was called\)/);
    expect(screen).toMatch(/Game: Bettler \(4\) by Sepp · You lead · Schorsch sits out/);
    const herz = passToPlay(run(newDeal('bauern', ['HA EZ EK EO GU', 'GA GZ GK EA HZ', 'HK HO HU SA SZ', 'SK SO SU EU GO']), '2 abheben; 0 trumpf H; 0 weiter; 1 bettler; 2 weiter; 3 weiter'));
    expect(text.renderView(herz.rules, gameOf('bauern').view(herz, 0), NAMES)).toMatch(/No Atout in this game \(Herz was called: Herzrunde, everything counts double\)/);
  });

  it('Talonschnapsen: six cards each when knocking; laying away is one line of instruction, the hand stays on screen', () => {
    const hands = ['EA EZ EK GA HA SA', 'EO GZ HZ SZ GK HK', 'EU GO HO SK SO SU'];
    const knocked = run(newDeal('talon', hands, { talon: 'GU HU', knocked: true }), '1 klopfen');
    expect(text.narrate(knocked.rules, gameOf('talon').view(knocked, 0), gameOf('talon').events(knocked, 0, 0), NAMES)).toEqual(['  Sepp knocks: all six cards each at once']);
    const s = run(newDeal('talon', hands, { talon: 'GU HU' }), '1 abheben; 0 trumpf E; 0 weiter; 1 weiter; 2 weiter');
    const view = gameOf('talon').view(s, 0);
    const legal = gameOf('talon').legal(s, 0);
    expect(legal.length).toBeGreaterThan(16);
    expect(text.help!(s.rules, view, legal).split('\n')[0]).toBe('Lay away any two cards of hand and talon (they count for nobody): type lege and the two cards, lege <card> <card>');
    // No two cards of the hand are named as an example: the first two were the own trump Ass and Zehner, the worst choice.
    expect(text.help!(s.rules, view, legal)).not.toMatch(/lege [EGHS][AZKOU]/);
    const screen = text.renderView(s.rules, view, NAMES, legal);
    expect(screen).toMatch(/Your hand: Eichel EA EZ EK · Gras GA · Herz HA · Schellen SA/);
    expect(screen).toMatch(/Talon: Gras GU · Herz HU/);
    expect(screen.split('\n').length).toBeLessThan(12);
  });

  it('every seat\'s answer to spritzen is told, a weiter too: "Sepp: no Spritzen", and the menu says what weiter declines', () => {
    const hands = ['EA EZ EK GA HA SA', 'EO GZ HZ SZ GK HK', 'EU GO HO SK SO SU'];
    const s = run(newDeal('talon', hands, { talon: 'GU HU' }), '1 abheben; 0 trumpf E; 0 weiter; 1 weiter; 2 weiter; 0 lege GU HU; 1 weiter; 2 spritzen; 0 retour; 1 weiter');
    const lines = text.narrate(s.rules, gameOf('talon').view(s, 0), gameOf('talon').events(s, 0, 0), NAMES);
    expect(lines.slice(-4)).toEqual(['  Sepp: no Spritzen', '  Resi: spritzen!', '  You: Retour!', '  Sepp: no Re']);
    const view = gameOf('talon').view(s, 2);
    expect(gameOf('talon').legal(s, 2).map((a) => text.describeAction(s.rules, view, a))).toEqual(['no Re  [weiter]', 'Re (double again: ×8)  [re]']);
    // The analysis names these decisions too: a weiter here is "no Re", not a bid.
    expect(gameOf('talon').legal(s, 2).map((a) => text.decisionName!(s.rules, view, a))).toEqual(['no Re', 'Re']);
    const before = run(newDeal('talon', hands, { talon: 'GU HU' }), '1 abheben; 0 trumpf E; 0 weiter; 1 weiter; 2 weiter; 0 lege GU HU');
    expect(text.decisionName!(before.rules, gameOf('talon').view(before, 1), { type: 'pass' })).toBe('no Spritzen');
    const bidding = run(newDeal('talon', hands, { talon: 'GU HU' }), '1 abheben; 0 trumpf E');
    expect(text.decisionName!(bidding.rules, gameOf('talon').view(bidding, 0), { type: 'pass' })).toBe('bid weiter');
    expect(text.decisionName!(bidding.rules, gameOf('talon').view(bidding, 0), { type: 'meld', suit: 0, points: 20 })).toBe('announce 20 in Eichel');
  });

  it('help says what each game needs and pays, with the multipliers, before one announces (a Talonschnapsen Schnapser: four tricks)', () => {
    const hands = ['EA EZ EK GA HA SA', 'EO GZ HZ SZ GK HK', 'EU GO HO SK SO SU'];
    const s = run(newDeal('talon', hands, { talon: 'GU HU' }), '1 abheben; 0 trumpf E');
    const help = text.help!(s.rules, gameOf('talon').view(s, 0), gameOf('talon').legal(s, 0));
    expect(help).toMatch(/^Announce a game, or say weiter: weiter, bettler, bettler ohne, schnapser/);
    expect(help).toMatch(/Schnapser: the Rufer takes every trick until he has 66, within four tricks \(20\/40 count\); 6/);
    expect(help).toMatch(/If nobody announces: Normales Spiel: the Rufer alone needs 66/);
    expect(help).toMatch(/Herzrunde\) ×2; gespritzt ×2, Retour ×4, Re ×8/);
    expect(help).toMatch(/A lost game pays its points to the other side/);
    const b = run(newDeal('bauern', ['EA EZ EK EO GU', 'GA GZ GK HA HZ', 'HK HO HU SA SZ', 'SK SO SU EU GO']), '2 abheben; 0 trumpf E');
    expect(text.help!(b.rules, gameOf('bauern').view(b, 0), gameOf('bauern').legal(b, 0))).toMatch(/Schnapser: the Rufer takes every trick until he has 66, within three tricks/);
    // In play: the game being played and what it is worth now.
    const p = run(passToPlay(run(newDeal('bauern', ['HA HZ HK HO GU', 'GA GZ GK EA EZ', 'EK EO HU SA SZ', 'SK SO SU EU GO']), '2 abheben; 0 trumpf H')), '');
    const playHelp = text.help!(p.rules, gameOf('bauern').view(p, 0), gameOf('bauern').legal(p, 0));
    expect(playHelp.split('\n')[0]).toMatch(/^Play a card: .*; or first announce 40 H and lead its König or Ober\.$/);
    expect(playHelp).toMatch(/Now counting ×2 \(Herzrunde\)/);
  });

  it('a finished deal reads with names: who won or lost what, why, who scores', () => {
    const hands = ['EA EZ EK EO GU', 'GA GZ GK HA HZ', 'HK HO HU SA SZ', 'SK SO SU EU GO'];
    const s = run(passToPlay(run(newDeal('bauern', hands), '2 abheben; 0 trumpf E; 0 weiter; 1 bettler; 2 weiter; 3 weiter')), '0 GU; 1 GK; 2 SZ');
    const lines = text.narrate(s.rules, gameOf('bauern').view(s, 0), gameOf('bauern').events(s, 0, 0), NAMES);
    expect(lines.at(-1)).toBe('  Over: Sepp lost the Bettler (4): Sepp took a trick. You & Resi score 4.');
    expect(text.summarizeDeal(s.rules, s, s.outcome!, NAMES)).toBe('Schorsch dealt, Eichel trump: Sepp lost the Bettler (4): Sepp took a trick. You & Resi score 4.');
  });

  it('the score sheet names the players and counts "1 deal"', () => {
    const sitting = talonschnapsenModule.sitting;
    const rules = rulesFor('talon');
    const sheet = sitting.afterDeal(rules, sitting.initialSheet(rules, { firstDealer: 0 }), 0, {
      score: [0, 2, 2],
      teamScore: [0, 2, 2],
      game: 'normal',
      declarer: 0,
      won: false,
      base: 2,
      spritz: 1,
      herzrunde: false,
      cardPoints: [20, 50, 50],
      tricks: [1, 3, 2],
      endsBummerl: false,
      bummerlTrump: null,
      reason: 'x',
    }).sheet;
    const text = sitting.describeSheet(rules, sheet, ['You', 'Sepp', 'Resi']);
    expect(text).toMatch(/You 0, Sepp 2, Resi 2/);
    expect(text).toMatch(/1 deal:/);
    expect(bauernschnapsenModule.sitting.describeSheet(rulesFor('bauern'), bauernschnapsenModule.sitting.initialSheet(rulesFor('bauern'), { firstDealer: 0 }), NAMES)).toMatch(/You & Resi 0, Sepp & Schorsch 0/);
  });
});

describe('French faces at the terminal: codes, input and output follow the faces chosen (issue 24)', () => {
  const french = { ...rulesFor('talon', {}), faces: 'french' as const };
  const german = rulesFor('talon', {});

  it('every action is written in French codes and read back as the same action; German codes are read too', () => {
    const game = gameOf('talon');
    const rng = new SeededRng('french-codes');
    for (let i = 0; i < 30; i++) {
      const { states } = randomDeal('talon', french, rng, i % 3);
      for (const s of states) {
        for (const seat of game.toAct(s)) {
          for (const a of game.legal(s, seat)) {
            const typed = text.typed!.format(french, a);
            expect(typed, typed).not.toMatch(/\b[EGS][AZKOU]\b|\bH[OU]\b|trumpf [EGS]\b|^(20|40) [EGS]$/);
            const back = text.typed!.parse(french, typed);
            expect(back.ok && game.formatAction(french, back.value), typed).toBe(game.formatAction(french, a));
            const recorded = text.typed!.parse(french, game.formatAction(french, a));
            expect(recorded.ok && game.formatAction(french, recorded.value)).toBe(game.formatAction(french, a));
          }
        }
      }
    }
  });

  it('the menu\'s own verb is read before the notation: "play HZ" as the menu says "play Herz-Zehner HZ", "announce 40 H", "lay away EA EZ"', () => {
    const game = gameOf('talon');
    const rng = new SeededRng('menu-verbs');
    const seen = new Set<string>();
    for (const rules of [german, french]) {
      for (let i = 0; i < 20; i++) {
        for (const s of randomDeal('talon', rules, rng, i % 3).states) {
          for (const seat of game.toAct(s)) {
            const view = game.view(s, seat);
            for (const a of game.legal(s, seat)) {
              const menu = text.describeAction(rules, view, a);
              const typed = text.typed!.format(rules, a);
              const said = a.type === 'play' ? `play ${typed}` : a.type === 'meld' ? `announce ${typed}` : a.type === 'lay' ? typed.replace(/^lege/, 'lay away') : undefined;
              if (said === undefined) continue;
              seen.add(a.type);
              expect(menu.startsWith(said.split(' ')[0]), menu).toBe(true);
              const back = text.typed!.parse(rules, said);
              expect(back.ok && game.formatAction(rules, back.value), said).toBe(game.formatAction(rules, a));
            }
          }
        }
      }
    }
    expect([...seen].sort()).toEqual(['lay', 'meld', 'play']);
    expect(text.typed!.parse(german, 'Play hz').ok).toBe(true);
  });

  it('the codes: T Kreuz (Treff), P Pik, H Herz, K Karo; A Z K D B', () => {
    const parse = (t: string) => {
      const r = text.typed!.parse(french, t);
      return r.ok ? french && gameOf('talon').formatAction(french, r.value) : r.error.message;
    };
    expect(parse('KB')).toBe('SU');
    expect(parse('td')).toBe('EO');
    expect(parse('PA')).toBe('GA');
    expect(parse('HZ')).toBe('HZ');
    expect(parse('lege KZ TB')).toBe('lege EU SZ');
    expect(parse('trumpf K')).toBe('trumpf S');
    expect(parse('40 P')).toBe('40 G');
    expect(parse('SU')).toBe('SU');
    expect(parse('KO')).toMatch(/"KO": unknown rank "O"; a card is suit \(T Kreuz \(Treff\), P Pik, H Herz, K Karo\) and rank \(A Ass, Z Zehner, K König, D Dame, B Bube\)/);
    expect(parse('trumpf X')).toMatch(/name the suit by its letter/);
    expect(text.typed!.words(french, 'you do not hold SU, play EO or HU')).toBe('you do not hold KB, play TD or HB');
    expect(text.typed!.words(german, 'you do not hold SU')).toBe('you do not hold SU');
  });
});
