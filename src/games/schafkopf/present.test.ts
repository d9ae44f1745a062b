import { describe, expect, it } from 'vitest';
import { SeededRng } from '../../core/rng.js';
import { schafkopf } from './game.js';
import { schafkopfPresentation } from './present.js';
import { advance, play, randomDeal, rulesOf } from './testing.js';

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
