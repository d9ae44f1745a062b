import { describe, expect, it } from 'vitest';
import { BAUERN_GUIDE, TALON_GUIDE } from './schnapsen.js';

/** The rules pages of the two Schnapsen games say what their engines do (play-test: the Talonschnapsen page's list of games gave its normal game to "whoever takes the last trick"). */
describe('the normal game on the rules pages (003 "Normales Spiel"; 003 "Talonschnapsen": "Bei einem normalen Spiel muss der Rufer auf mindestens 66 Punkte kommen")', () => {
  const normal = (guide: typeof TALON_GUIDE, lang: 'de' | 'en') => guide[lang].sections.find((s) => s.id === 'games')!.items![0][1];

  it('Talonschnapsen: the Rufer alone needs 66, the last trick decides nothing', () => {
    expect(normal(TALON_GUIDE, 'de')).toContain('der Rufer spielt allein gegen die beiden anderen und braucht 66 Augen; der letzte Stich entscheidet hier nichts');
    expect(normal(TALON_GUIDE, 'de')).not.toContain('oder den letzten Stich macht');
    expect(normal(TALON_GUIDE, 'en')).toContain('the Rufer plays alone against the other two and needs 66 points; the last trick decides nothing here');
    expect(normal(TALON_GUIDE, 'en')).not.toContain('whoever takes the last trick');
  });

  it('Bauernschnapsen keeps its last trick, and both pages the same other games', () => {
    expect(normal(BAUERN_GUIDE, 'de')).toContain('oder den letzten Stich macht');
    for (const lang of ['de', 'en'] as const) {
      const items = (g: typeof TALON_GUIDE) => g[lang].sections.find((s) => s.id === 'games')!.items!.slice(1);
      expect(items(TALON_GUIDE)).toEqual(items(BAUERN_GUIDE));
    }
  });
});
