import { describe, expect, it } from 'vitest';
import { SeededRng } from '../../core/rng.js';
import { schafkopf } from '../../games/schafkopf/game.js';
import { act, handCodes, randomPlayState, rulesOf } from '../../games/schafkopf/testing.js';
import { cardName, refusal, suitName } from './refusal.js';

describe('refusals in the player\'s language (issue 18, 6)', () => {
  it('names cards and suits in words, one spelling per suit', () => {
    expect(cardName('EO', 'de')).toBe('Eichel-Ober');
    expect(cardName('SA', 'en', { pack: 'schafkopf-32' })).toBe('Schellen Sau');
    expect(cardName('GA', 'de', { pack: 'schnapsen-20' })).toBe('Gras-Ass');
    expect(cardName('GZ', 'de', { pack: 'karnoeffel-48' })).toBe('Gras-Banner');
    expect(suitName('S')).toBe('Schellen');
    expect(suitName('HK', { faces: 'french' })).toBe('Herz');
    expect(cardName('??', 'de')).toBe('??');
  });

  it('says the engine\'s code and parameters in German or English, with the document section for the rules page', () => {
    const m = { code: 'mustFollow', message: 'EA: you must follow the suit led (002 5.4)', params: { card: 'EA', led: 'GK', follow: 'suit', section: '002 5.4' } };
    expect(refusal('de', m)).toEqual({ text: 'Gras ist ausgespielt: du musst Gras zugeben, nicht Eichel-Sau.', section: '002 5.4', anchor: 'play' });
    expect(refusal('en', m)).toEqual({ text: 'Gras was led: you must follow with Gras, not the Eichel Sau.', section: '002 5.4', anchor: 'play' });
    expect(refusal('de', { code: 'mustPlay', params: { section: '002 5.3.7' } }).anchor).toBe('bidding');
    // A code without words of its own: German says so plainly, English shows the engine's sentence; never English in German.
    expect(refusal('de', { code: 'badCarry', message: 'a bad carry' })).toEqual({ text: 'Das geht gerade nicht.' });
    expect(refusal('en', { code: 'badCarry', message: 'a bad carry' })).toEqual({ text: 'a bad carry' });
    // The hints' refusals (issue 22) have words of their own.
    expect(refusal('de', { code: 'noHints', message: 'a rated table gives no hints' })).toEqual({ text: 'An einem gewerteten Tisch gibt es keine Tipps.' });
    expect(refusal('de', { code: 'noDecision', message: 'you have nothing to decide now' })).toEqual({ text: 'Für einen Tipp musst du dran sein.' });
    // A second seat for one person (a hostile client; the browser never offers it) has words of its own.
    expect(refusal('de', { code: 'alreadySeated', message: 'you sit at seat 0 of this table already', params: { seat: 0 } })).toEqual({ text: 'Du sitzt schon an diesem Tisch: jeder nimmt nur einen Platz.' });
    expect(refusal('en', { code: 'alreadySeated', message: 'you sit at seat 0 of this table already', params: { seat: 0 } })).toEqual({ text: 'You have a seat at this table already: one seat per person.' });
  });

  it('every card a Schafkopf player may not play is refused by the engine with a code this client has words for, in both languages, with its section', () => {
    const rng = new SeededRng(18);
    const seen = new Set<string>();
    for (let k = 0; k < 200; k++) {
      const rules = rulesOf(k % 2 === 0 ? 'aumer-koller' : 'sauspiel', k % 4 === 1 ? { bettel: true, bettelStichzwang: true } : {});
      const s = randomPlayState(rules, rng, 1 + rng.int(20));
      if (!s || s.phase !== 'play') continue;
      for (const code of handCodes(s, s.turn)) {
        const r = schafkopf.apply(s, s.turn, act(s, code));
        if (r.ok) continue;
        seen.add(r.error.code);
        const m = { code: r.error.code, message: r.error.message, params: r.error.params };
        const de = refusal('de', m, { pack: 'schafkopf-32' });
        const en = refusal('en', m, { pack: 'schafkopf-32' });
        expect(de.text, r.error.message).not.toMatch(/\b(you|must|the)\b|undefined/);
        expect(en.text, r.error.message).not.toMatch(/\b(du|musst)\b|undefined/);
        expect(en.text).not.toBe(r.error.message);
        expect(de.section, r.error.message).toMatch(/^002 5\./);
      }
    }
    expect(seen.has('mustFollow')).toBe(true);
  });

  it('every rule refusal code of the engines has words in both languages, naming the cards of its parameters', () => {
    const params = { card: 'EU', led: 'GK', suit: 'H', points: 40, follow: 'suit', rule: 'no-play', section: '002 5.4' };
    for (const code of ['mustFollow', 'mustBeat', 'mustTrump', 'mustLeadSau', 'mustPlaySau', 'keepSau', 'mustLeadPair', 'devilFirstTrick', 'notInHand', 'mustPlay', 'notYourTurn']) {
      const de = refusal('de', { code, message: 'english', params }).text;
      const en = refusal('en', { code, message: 'english', params }).text;
      expect(de, code).not.toMatch(/undefined|english|\b(you|must)\b/);
      expect(en, code).not.toMatch(/undefined|english|\b(du|musst)\b/);
      expect(de, code).not.toBe(en);
    }
    expect(refusal('de', { code: 'mustTrump', params }).text).toBe('Gras-König liegt und du hast kein Gras: du musst Trumpf spielen, auch wenn schon gestochen ist.');
    expect(refusal('en', { code: 'mustLeadPair', params }).text).toBe('You announced 40 in Herz: now lead its König or Ober.');
  });

  it('Karnöffel\'s Devil in the first trick is refused in words too', () => {
    const de = refusal('de', { code: 'devilFirstTrick', params: { card: 'H7', rule: 'no-lead', section: '000' } }, { pack: 'karnoeffel-48' });
    expect(de).toEqual({ text: 'Den Teufel (Herz-Sieben) darfst du nicht zum ersten Stich ausspielen.', section: '000', anchor: 'play' });
    // The English page names the card as the rules page and the lesson do: the Teufel (play-test: "The Devil" here, "The Teufel" in the lesson).
    expect(refusal('en', { code: 'devilFirstTrick', params: { card: 'H7', rule: 'no-lead', section: '000' } }, { pack: 'karnoeffel-48' }).text).toMatch(/^The Teufel \(Herz 7\) may not be led to the first trick\.$/);
  });
});
