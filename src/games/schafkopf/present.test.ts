import { describe, expect, it } from 'vitest';
import type { Seat } from '../game.js';
import { cardLabel } from '../../cards/labels.js';
import { presentationOf } from '../presentations.js';
import { schafkopfPresentation } from './present.js';
import type { SchafkopfOutcome } from './scoring.js';
import type { SchafkopfState } from './state.js';
import { advance, play, randomDeal, rulesOf } from './testing.js';
import { SeededRng } from '../../core/rng.js';
import { schafkopf } from './game.js';
import { schafkopfText } from './text.js';

/**
 * Laufende in words (play-test): one is "1 Laufender" (German singular, in both languages), several "Laufende";
 * and only those the table's rules pay are listed with the result (a Rufspiel pays them from 3 by default).
 */

const NAMES = ['Anna', 'Sepp', 'Resi', 'Schorsch'];
const p = presentationOf('schafkopf');

/** A Rufspiel on the Eichel-Sau by Anna with Resi, won with 71 Augen, not Schneider: `laufende` of them, `amount` a player. */
function rufspiel(laufende: number, amount: number): SchafkopfOutcome {
  return {
    score: [amount, -amount, amount, -amount],
    stock: 0,
    bock: 0,
    thrownIn: false,
    contract: { kind: 'rufspiel', suit: 0, declarer: 0 },
    party: [0, 2],
    points: [50, 30, 21, 19],
    tricks: [3, 2, 2, 1],
    won: true,
    schneider: false,
    schwarz: false,
    laufende,
    multiplier: 1,
    amount,
  } as SchafkopfOutcome;
}

/** A state for the terminal's summary: Anna dealt every card (so the party holds the top trump: "mit"), Schorsch dealt. */
const state = { dealer: 3 as Seat, dealt: [0xffffffff, 0, 0, 0] } as unknown as SchafkopfState;

describe('Laufende in the Schafkopf summary, Spielzettel and terminal', () => {
  it('one Laufender paid (Rufspiel from 1): "1 Laufender" in German and in English, never "1 Laufende"', () => {
    const from1 = rulesOf('aumer-koller', { laufendeFromRufspiel: 1 });
    const o = rufspiel(1, 20);
    for (const lang of ['de', 'en'] as const) {
      const summary = p.dealSummary(o, lang, NAMES, undefined, from1).join('\n');
      const row = p.scoreSheet([o], lang, NAMES, from1).rows[0];
      expect(summary).toContain('1 Laufender');
      expect(row.result).toMatch(/, 1 Laufender$/);
      expect(`${summary}\n${row.result}`).not.toMatch(/1 Laufende\b/);
    }
    expect(p.scoreSheet([o], 'en', NAMES, from1).rows[0].result).toBe('won with 71 points, 1 Laufender');
    expect(schafkopfText.summarizeDeal(from1, state, o, NAMES)).toContain('mit 1: 1 Laufender paid');
  });

  it('several paid: "3 Laufende"', () => {
    const rules = rulesOf('aumer-koller');
    expect(p.scoreSheet([rufspiel(3, 40)], 'de', NAMES, rules).rows[0].result).toBe('gewonnen mit 71 Augen, 3 Laufende');
    expect(schafkopfText.summarizeDeal(rules, state, rufspiel(3, 40), NAMES)).toContain('mit 3: 3 Laufende paid');
  });

  it('Laufende the rules do not pay (2 in a Rufspiel paying from 3, or a tariff of 0) are not listed as if paid', () => {
    const book = rulesOf('aumer-koller');
    const free = rulesOf('aumer-koller', { laufendeFromRufspiel: 1, tarifLaufende: 0 });
    for (const [rules, o] of [
      [book, rufspiel(2, 10)],
      [free, rufspiel(2, 10)],
    ] as const) {
      for (const lang of ['de', 'en'] as const) {
        expect(p.dealSummary(o, lang, NAMES, undefined, rules).join('\n')).not.toMatch(/Laufende/);
        expect(p.scoreSheet([o], lang, NAMES, rules).rows[0].result).not.toMatch(/Laufende/);
      }
      expect(schafkopfText.summarizeDeal(rules, state, o, NAMES)).not.toMatch(/Laufende/);
    }
    // The summary at the table finds the rules in the deal's view.
    expect(p.dealSummary(rufspiel(2, 10), 'de', NAMES, { rules: book }).join('\n')).not.toMatch(/Laufende/);
  });
});

describe('the Rufspiel by name in English', () => {
  it('names the called Sau as the English page names the card ("Eichel Sau", as in the lesson), not "Eichel-Sau"', () => {
    const game = p.scoreSheet([rufspiel(0, 10)], 'en', NAMES, rulesOf()).rows[0].game;
    expect(game).toBe(`Rufspiel with the ${cardLabel(0, 'A', 'german', 'en')} · Anna + Resi`);
    expect(game).toBe('Rufspiel with the Eichel Sau · Anna + Resi');
    expect(p.scoreSheet([rufspiel(0, 10)], 'de', NAMES, rulesOf()).rows[0].game).toBe('Rufspiel auf die Eichel-Sau · Anna + Resi');
  });
});

const names = ['Tester (du)', 'Sepp (bot)', 'Resi (bot)', 'Schorsch (bot)'];

describe('the end of a Schafkopf sitting: who won, and the money per player ranked, the winner first', () => {
  it('names the winner and his money, then every player by place', () => {
    const sheet = { balance: [-120, 340, -200, -20], stock: 0, bock: 0, deals: 8 };
    expect(schafkopfPresentation.sittingEnd(sheet, 'de', names)).toEqual([
      'Sepp (bot) gewinnt die Sitzung mit +3,40 €.',
      '1. Sepp (bot): +3,40 €',
      '2. Schorsch (bot): −0,20 €',
      '3. Tester (du): −1,20 €',
      '4. Resi (bot): −2,00 €',
      '8 Spiele',
    ]);
    expect(schafkopfPresentation.sittingEnd(sheet, 'en', names)[0]).toBe('Sepp (bot) wins the sitting with +3,40 €.');
  });

  it('two with the same money share the first place; the Stock left on the table is said', () => {
    const sheet = { balance: [100, 100, -150, -50], stock: 100, bock: 0, deals: 4 };
    const de = schafkopfPresentation.sittingEnd(sheet, 'de', names);
    expect(de.slice(0, 3)).toEqual(['Tester (du) und Sepp (bot) gewinnen die Sitzung mit je +1,00 €.', '1. Tester (du): +1,00 €', '1. Sepp (bot): +1,00 €']);
    expect(de).toContain('Im Stock geblieben: 1,00 €');
    expect(schafkopfPresentation.sittingEnd(sheet, 'en', names)[0]).toBe('Tester (du) and Sepp (bot) win the sitting with +1,00 € each.');
  });
});

describe('the deal summary of a Ramsch names a Jungfrau only where she counts', () => {
  it('not under ramschJungfrau=off (the default); under doubleAll she is named', () => {
    const rules = rulesOf(undefined, { allPass: 'ramsch' });
    const rng = new SeededRng('jungfrau');
    let s = randomDeal(rules, rng);
    for (let d = 0; d < 400; d++) {
      s = randomDeal(rules, rng);
      while (s.phase !== 'play' && s.phase !== 'done') s = play(s, 'weiter');
      while (s.phase !== 'done') s = advance(s, rng, 1);
      const r = schafkopf.outcome(s)!.ramsch;
      if (r && r.jungfrauen.length > 0 && r.durchmarsch === null) break;
    }
    const o = schafkopf.outcome(s)!;
    expect(o.ramsch!.jungfrauen.length).toBeGreaterThan(0);
    const view = schafkopf.view(s, 0);
    for (const lang of ['de', 'en'] as const) {
      expect(schafkopfPresentation.dealSummary(o, lang, names, view).join('\n')).not.toMatch(/Jungfrau/);
      const counted = { ...view, rules: { ...view.rules, ramschJungfrau: 'doubleAll' as const } };
      expect(schafkopfPresentation.dealSummary(o, lang, names, counted).join('\n')).toContain(`Jungfrau: ${names[o.ramsch!.jungfrauen[0]]}`);
    }
  });
});
