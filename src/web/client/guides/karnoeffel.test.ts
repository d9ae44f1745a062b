import { describe, expect, it } from 'vitest';
import { KARNOEFFEL_GUIDE } from './karnoeffel.js';

/**
 * The Karnöffel rules page says what a newcomer meets at the table (play-test: it said that "a side" may raise, not
 * who: the table asked one player of a pair, then the other, and the other of the pair answered a raise; nor who the
 * team leader is, nor that advice is heard by all).
 */
describe('the Karnöffel rules page explains the raising in pairs, the answer and the table talk (000 "Kartengeben und Steigern", "Spieldurchführung"; 001)', () => {
  const text = (lang: 'de' | 'en', id: string) => KARNOEFFEL_GUIDE[lang].sections.find((s) => s.id === id)!.text.join(' ');

  it('000: "gibt nur seinem linken Nachbar (Vorhand) und dem darauffolgenden Spieler eine Karte … und wartet dann"; the other of the pair answers a raise', () => {
    expect(text('de', 'bidding')).toContain('Der Geber gibt immer zwei Nachbarn (einem aus jedem Team) und wartet dann');
    expect(text('de', 'bidding')).toContain('Wer gesteigert wird, antwortet für seine Seite, immer der andere dieses Paares');
    expect(text('en', 'bidding')).toContain('The dealer always deals to two neighbours (one of each team) and then waits');
    expect(text('en', 'bidding')).toContain('A raise is answered for the side by the other player of that pair');
  });

  it('000: the teams alternate round the table, advice is given so that the opponents hear it, a team of six or eight has a leader', () => {
    expect(text('de', 'deal')).toContain('Die Teams sitzen abwechselnd, jeder zwischen zwei Gegnern. Beraten wird laut');
    expect(text('de', 'deal')).toContain('am Tisch oben als „Teamführer“ genannt');
    expect(text('en', 'deal')).toContain('The teams sit alternately, each player between two opponents. Advice is given aloud');
    expect(text('en', 'deal')).toContain('named at the top of the table as “Team leaders”');
  });
});
