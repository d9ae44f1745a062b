import { describe, expect, it } from 'vitest';
import { talonschnapsen } from './game.js';
import { attempt, newDeal, passToPlay, rulesFor, run } from './testing.js';
import type { SchnapsenState } from './state.js';

/** Talonschnapsen: Rufer seat 0, dealer seat 2, seat 1 cuts; each hand: first three, then three more. */
function deal(hands: string[], talon: string, script: string, overrides: Record<string, unknown> = {}): SchnapsenState {
  return run(newDeal('talon', hands, { talon, rules: rulesFor('talon', overrides) }), '1 abheben; ' + script);
}

const STRONG = ['EA EZ EK GA HA SA', 'EO GZ HZ SZ GK HK', 'EU GO HO SK SO SU'];
const STRONG_TALON = 'GU HU';
const STRONG_PLAY = '0 EA; 1 EO; 2 EU; 0 EZ; 1 SZ; 2 SK; 0 EK; 1 GK; 2 SO; 0 GA; 1 GZ; 2 GO';

describe('003 Talonschnapsen: six cards each and a talon of two', () => {
  it('3 cards each, trump called, the talon laid away face down, 3 more each', () => {
    const s = run(newDeal('talon', STRONG, { talon: STRONG_TALON }), '1 abheben');
    expect(s.phase).toBe('trump');
    expect(talonschnapsen.view(s, 0).hand).toHaveLength(3);
    const t = run(s, '0 trumpf E');
    for (let seat = 0; seat < 3; seat++) {
      expect(talonschnapsen.view(t, seat).hand).toHaveLength(6);
      expect(talonschnapsen.view(t, seat).talon).toBeNull();
    }
  });

  it('nobody announces: the Rufer may look at the talon and exchange; the others never see it; the cards laid away stay hidden', () => {
    const s = deal(STRONG, STRONG_TALON, '0 trumpf E; 0 weiter; 1 weiter; 2 weiter');
    expect(s.contract?.game).toBe('normal');
    expect(s.phase).toBe('talon');
    expect(talonschnapsen.view(s, 0).talon).toEqual([9, 14]);
    expect(talonschnapsen.view(s, 1).talon).toBeNull();
    expect(attempt(s, '0 lege EA EA')?.code).toBe('badLay');
    expect(attempt(s, '0 lege EO GU')?.code).toBe('notInHand');
    const t = run(s, '0 lege SA HU');
    expect(talonschnapsen.view(t, 0).hand).toContain(9);
    expect(talonschnapsen.view(t, 0).laidAway).toEqual([14, 15]);
    expect(talonschnapsen.view(t, 1).laidAway).toBeNull();
    expect(talonschnapsen.view(t, 2).laidAway).toBeNull();
    // The event tells everybody that the talon was taken up; only the Rufer gets the cards.
    expect(talonschnapsen.view(t, 1).events.at(-1)).toEqual({ type: 'talon', seat: 0, talon: null, cards: null });
    expect(talonschnapsen.events(t, 2, 0).at(-1)?.event).toEqual({ type: 'talon', seat: 0, talon: null, cards: null });
    expect(talonschnapsen.events(t, -1, 0).at(-1)?.event).toEqual({ type: 'talon', seat: 0, talon: null, cards: null });
    expect(talonschnapsen.events(t, 0, 0).at(-1)?.event).toEqual({ type: 'talon', seat: 0, talon: [9, 14], cards: [14, 15] });
  });

  it('normal game: the Rufer against the two others needs 66; he wins alone', () => {
    const s = run(passToPlay(deal(STRONG, STRONG_TALON, '0 trumpf E; 0 weiter; 1 weiter; 2 weiter; 0 lege GU HU')), STRONG_PLAY);
    expect(s.outcome).toMatchObject({ game: 'normal', declarer: 0, won: true, base: 3, score: [3, 0, 0] });
  });

  it('normal game lost: each of the two others gets the points; no last-trick rule for the Rufer', () => {
    const hands = ['EO GU HU SU EU GO', 'EA EZ GA HA SA GZ', 'EK HZ SZ GK HK SK'];
    let s = passToPlay(deal(hands, 'HO SO', '0 trumpf E; 0 weiter; 1 weiter; 2 weiter; 0 lege HO SO'));
    s = run(s, '0 EO; 1 EA; 2 EK; 1 EZ; 2 SK; 0 EU; 1 GA; 2 GK; 0 GO; 1 HA; 2 HK; 0 HU; 1 SA; 2 SZ; 0 SU; 1 GZ; 2 HZ; 0 GU');
    expect(s.outcome).toMatchObject({ won: false, base: 3, score: [0, 3, 3], teamScore: [0, 3, 3] });
  });

  it('"dabei werden die im Talon liegenden Karten zu den von ihm erzielten Stichen nicht dazugezählt"', () => {
    const s = run(passToPlay(deal(STRONG, STRONG_TALON, '0 trumpf E; 0 weiter; 1 weiter; 2 weiter; 0 lege GU HU')), STRONG_PLAY);
    expect(s.outcome?.cardPoints[0]).toBe(75);
    expect(s.laidAway).toBe((1 << 9) | (1 << 14));
  });

  it('the Schnapser takes four tricks ("um auf die 12 Karten zu kommen") and is paid to the Rufer alone', () => {
    let s = passToPlay(deal(STRONG, STRONG_TALON, '0 trumpf E; 0 schnapser; 1 weiter; 2 weiter; 0 lege GU HU'));
    s = run(s, '0 EA; 1 EO; 2 EU; 0 EZ; 1 SZ; 2 SK; 0 EK; 1 GK; 2 SO');
    expect(s.outcome).toBeNull();
    s = run(s, '0 GA; 1 GZ; 2 GO');
    expect(s.outcome).toMatchObject({ game: 'schnapser', won: true, base: 6, score: [6, 0, 0] });
  });

  it('the Farbenring is played and needs all six tricks', () => {
    const hands = ['EA EZ EK HA HZ SZ', 'GA GZ GK GO GU SA', 'HK HO HU SK SO SU'];
    let s = deal(hands, 'EO EU', '0 trumpf E; 0 weiter; 1 farbenringerl; 2 weiter');
    expect(s.phase).toBe('talon');
    expect(s.turn).toBe(1);
    s = passToPlay(run(s, '1 lege EO EU'));
    expect(s.turn).toBe(1);
    s = run(s, '1 SA; 2 SU; 0 SZ; 1 GA; 2 SO; 0 HZ; 1 GZ; 2 SK; 0 HA; 1 GK; 2 HU; 0 EK; 1 GO; 2 HO');
    expect(s.outcome).toBeNull();
    s = run(s, '0 EZ; 1 GU; 2 HK; 0 EA');
    expect(s.outcome).toMatchObject({ game: 'farbenringerl', won: true, base: 18, score: [0, 18, 0] });
  });

  it('Kontra games: the announcer takes the talon, the Rufer leads and plays with the third player against him', () => {
    let s = deal(STRONG, STRONG_TALON, '0 trumpf E; 0 weiter; 1 kontraschnapser; 2 weiter');
    expect(s.phase).toBe('talon');
    expect(s.turn).toBe(1);
    s = run(s, '1 lege GU HU');
    // Spritzen: the Rufer and the third player are one side; asked from the declarer's left.
    expect(s.turn).toBe(2);
    s = run(s, '2 spritzen; 1 weiter');
    expect(s.phase).toBe('play');
    expect(s.turn).toBe(0);
    const done = run(s, '0 EA; 1 EO; 2 EU');
    expect(done.outcome).toMatchObject({ game: 'kontraschnapser', won: false, spritz: 2, score: [24, 0, 24] });
  });

  it('"den Vortritt, der ohne die Talonkarten spielen kann": the same game without the talon goes first, and nobody sees the talon', () => {
    const s = deal(STRONG, STRONG_TALON, '0 trumpf E; 0 weiter; 1 gang');
    expect(attempt(deal(STRONG, STRONG_TALON, '0 trumpf E; 0 weiter; 1 gang ohne'), '2 gang')?.code).toBe('tooLow');
    const t = run(s, '2 gang ohne');
    expect(t.contract).toEqual({ game: 'gang', declarer: 2, ohne: true });
    expect(t.phase).toBe('spritzen');
    for (let seat = 0; seat < 3; seat++) expect(talonschnapsen.view(t, seat).talon).toBeNull();
    expect(attempt(deal(STRONG, STRONG_TALON, '0 trumpf E'), '0 trumpfringerl ohne')?.code).toBe('badAnnouncement');
  });

  it('Spritzen "bis die erste Spielkarte ausgespielt wurde, egal ob der Talon angesehen wurde oder nicht"', () => {
    const s = deal(STRONG, STRONG_TALON, '0 trumpf E; 0 weiter; 1 weiter; 2 weiter; 0 lege GU HU');
    expect(s.phase).toBe('spritzen');
    expect(talonschnapsen.legal(s, 1).map((a) => a.type)).toEqual(['pass', 'spritzen']);
  });
});

describe('003 Talonschnapsen: the two regional rules on raising (house rules, off by default)', () => {
  it('off: the outbid first announcer gets no second word', () => {
    const s = deal(STRONG, STRONG_TALON, '0 trumpf E; 0 schnapser; 1 weiter; 2 gang');
    expect(s.contract?.game).toBe('gang');
    expect(s.phase).toBe('talon');
  });

  it('talonRaiseBeforeTalon: "Der Rufer (der als erstes ein Spiel angesagt hat) kann vor Aufnehmen des Talons noch einmal erhöhen"', () => {
    const rules = { talonRaiseBeforeTalon: true };
    const s = deal(STRONG, STRONG_TALON, '0 trumpf E; 0 schnapser; 1 weiter; 2 gang', rules);
    expect(s.phase).toBe('raise');
    expect(s.turn).toBe(0);
    expect(attempt(s, '0 bettler')?.code).toBe('tooLow');
    const t = run(s, '0 bauernschnapser');
    expect(t.contract).toEqual({ game: 'bauernschnapser', declarer: 0, ohne: false });
    expect(t.turn).toBe(0);
    expect(run(s, '0 weiter').contract?.declarer).toBe(2);
    // Not outbid: no second word.
    expect(deal(STRONG, STRONG_TALON, '0 trumpf E; 0 schnapser; 1 weiter; 2 weiter', rules).phase).toBe('talon');
  });

  it('talonRaiseAfterTalon: after the talon the declarer may announce a higher game; in a normal game the Rufer may still announce', () => {
    const rules = { talonRaiseAfterTalon: true };
    const s = deal(STRONG, STRONG_TALON, '0 trumpf E; 0 weiter; 1 weiter; 2 weiter; 0 lege GU HU', rules);
    expect(s.phase).toBe('raiseAfter');
    expect(attempt(s, '0 kontraschnapser')?.code).toBe('badAnnouncement');
    const t = run(s, '0 schnapser');
    expect(t.contract).toEqual({ game: 'schnapser', declarer: 0, ohne: false });
    expect(t.phase).toBe('spritzen');
    const g = deal(STRONG, STRONG_TALON, '0 trumpf E; 0 weiter; 1 gang; 2 weiter; 1 lege GU HU', rules);
    expect(attempt(g, '1 bettler')?.code).toBe('tooLow');
    expect(run(g, '1 weiter').phase).toBe('spritzen');
  });
});
