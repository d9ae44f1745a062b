import { describe, expect, it } from 'vitest';
import { schafkopfPresentation } from './present.js';

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
