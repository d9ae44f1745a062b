import { describe, expect, it } from 'vitest';
import { karnoeffelSitting } from '../../games/karnoeffel/sitting.js';
import { schafkopfSitting } from '../../games/schafkopf/sitting.js';
import { schnapsenSitting } from '../../games/schnapsen/sitting.js';
import { tableTerms, UNIT_OF } from './terms.js';

describe('a table’s terms in words', () => {
  it('names the preset and each house rule the host changed, then length, clock and who finds the table', () => {
    const settings = { length: { deals: 2 }, clockMs: 30_000, public: false, rated: false } as const;
    const de = tableTerms('schafkopf', { preset: 'aumer-koller', klopfen: true, tarifRufspiel: 20 }, settings, 'de');
    expect(de.rules).toBe('Aumer/Koller (Buch) · Klopfen: an · Preis Rufspiel (Cent): 20');
    expect(de.setup).toBe('2 Spiele · Bedenkzeit je Zug: 30 s · privat · ungewertet');
    const en = tableTerms('schafkopf', { preset: 'aumer-koller', klopfen: true, tarifRufspiel: 20 }, settings, 'en');
    expect(en.rules).toBe('Aumer/Koller (the book) · Klopfen (knocking): on · Price of a Rufspiel (cents): 20');
    expect(en.setup).toBe('2 deals · Time per move: 30 s · private · unrated');
  });

  it('counts a sitting in the game’s unit, and says when there is no clock', () => {
    expect(tableTerms('bauernschnapsen', {}, { length: { units: 2 }, clockMs: 0, public: true, rated: true }, 'de').setup).toBe('2 Bummerl · Bedenkzeit je Zug: keine · öffentlich · gewertet');
    expect(tableTerms('karnoeffel', { players: 6 }, { length: { units: 1 }, clockMs: 120_000, public: true, rated: false }, 'en')).toEqual({
      rules: 'von Leyden/Dummett (1978) · Players: 6',
      setup: '1 match · Time per move: 2 min · public · unrated',
    });
    expect(tableTerms('schafkopf', {}, { length: { units: 1 }, clockMs: 60_000, public: true, rated: false }, 'de').setup).toBe('1 Runde · Bedenkzeit je Zug: 1 min · öffentlich · ungewertet');
  });

  it('knows each game’s unit as its sitting does', () => {
    expect(UNIT_OF).toEqual({ schafkopf: schafkopfSitting.unit, bauernschnapsen: schnapsenSitting('bauern').unit, talonschnapsen: schnapsenSitting('talon').unit, karnoeffel: karnoeffelSitting.unit });
  });
});
