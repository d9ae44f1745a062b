import { describe, expect, it } from 'vitest';
import { card, cards, passToPlay, playAll, rulesOf, start } from './testing.js';
import { SUIT_EICHEL, SUIT_GRUEN, SUIT_HERZ } from './cards.js';
import { apply, legal } from './engine.js';
import { bannedCard, DEVIL_NO_LEAD, DEVIL_NO_PLAY, power, trickWinnerIndex } from './tables.js';

const G = SUIT_GRUEN;
const H = SUIT_HERZ;

/** The winner (index in play order) of a trick given as codes. */
const winner = (trump: number, codes: string) => trickWinnerIndex(trump, cards(codes));
const beats = (trump: number, led: string, a: string, b: string) => power(trump, card(led), card(a)) > power(trump, card(led), card(b));

describe('trick powers on a plain lead (000 "Spieldurchführung")', () => {
  it('000 "Spieldurchführung": without trumps the highest card of the led suit takes the trick, in the order König, Ober, Unter, Banner, 9 … Daus', () => {
    expect(winner(G, 'S9 SK S2')).toBe(1);
    expect(winner(G, 'E3 EZ EU EO')).toBe(3);
    expect(winner(G, 'H2 H3')).toBe(1);
    const order = cards('SK SO SU SZ S9 S8 S7 S6 S5 S4 S3 S2');
    for (let i = 0; i + 1 < order.length; i++) expect(power(G, card('S5'), order[i])).toBeGreaterThan(power(G, card('S5'), order[i + 1]));
  });

  it('000 "Spieldurchführung": cards of a third suit never take the trick', () => {
    expect(winner(G, 'S2 EK HK')).toBe(0);
    expect(power(G, card('S2'), card('EK'))).toBe(0);
  });

  it('000 "Spieldurchführung": Karnöffel, Papst and Kaiser beat every card of the led suit; Karnöffel > Papst > Kaiser', () => {
    for (const top of ['GU', 'G6', 'G2']) expect(winner(G, `S9 SK ${top}`)).toBe(2);
    expect(winner(G, 'SK G2 G6 GU')).toBe(3);
    expect(winner(G, 'SK GU G6 G2')).toBe(1);
    expect(winner(G, 'SK G2 G6')).toBe(2);
  });

  it('000 "Spieldurchführung": trump 5 beats the led suit\'s Daus to Banner but not its Unter, Ober or König', () => {
    for (const low of ['S2', 'S3', 'S9', 'SZ']) expect(beats(G, 'S7', 'G5', low)).toBe(true);
    for (const high of ['SU', 'SO', 'SK']) expect(beats(G, 'S7', high, 'G5')).toBe(true);
  });

  it('000 "Spieldurchführung": trump 4 beats trump 5, the Unter and every number of the led suit, not the Ober or König', () => {
    for (const low of ['G5', 'SU', 'SZ', 'S2']) expect(beats(G, 'S7', 'G4', low)).toBe(true);
    for (const high of ['SO', 'SK']) expect(beats(G, 'S7', high, 'G4')).toBe(true);
  });

  it('000 "Spieldurchführung": trump 3 beats trump 4 and 5 and every card of the led suit but the König', () => {
    for (const low of ['G4', 'G5', 'SO', 'SU', 'S2']) expect(beats(G, 'S7', 'G3', low)).toBe(true);
    expect(beats(G, 'S7', 'SK', 'G3')).toBe(true);
    for (const top of ['G2', 'G6', 'GU']) expect(beats(G, 'S7', top, 'G3')).toBe(true);
  });

  it('000 "Spieldurchführung": trump König, Ober, Banner, 9 and 8 have no power when a plain suit is led', () => {
    for (const weak of ['GK', 'GO', 'GZ', 'G9', 'G8']) {
      expect(power(G, card('S2'), card(weak))).toBe(0);
      expect(winner(G, `S2 ${weak}`)).toBe(0);
    }
  });

  it('000 "Spieldurchführung": the eight-player example — Grün trump, Schellen 9 led, then Grün 5, Schellen Unter, Grün 4, Schellen Ober, Grün 3, Schellen König, Papst: each card beats all before it', () => {
    const played = cards('S9 G5 SU G4 SO G3 SK G6');
    for (let k = 1; k < played.length; k++) {
      expect(trickWinnerIndex(G, played, k + 1)).toBe(k);
    }
  });

  it('000 "Spieldurchführung": the eight-player example played out at the table, each card taking the lead in turn', () => {
    const rules = rulesOf({ players: 8 });
    // Dealer seat 7: Vorhand seat 0 leads. Grün is trump: the lowest face-up card is Grün-Daus (Kaiser) of seat 1.
    const hands: Record<number, string> = {
      0: 'S9 E9 EZ EO EK',
      1: 'G2 G5 H9 HZ HO',
      2: 'E8 SU H8 S8 SZ',
      3: 'HK G4 E7 H7 S7',
      4: 'E6 SO EU E5 E4',
      5: 'H6 G3 H5 H4 H3',
      6: 'E3 SK GK GO GZ',
      7: 'S6 G6 G9 G8 S5',
    };
    let s = passToPlay(start(rules, 7, hands));
    expect(s.trump).toBe(G);
    expect(s.turn).toBe(0);
    const sequence = 'S9 G5 SU G4 SO G3 SK G6'.split(' ');
    for (let k = 0; k < sequence.length; k++) {
      s = playAll(s, sequence[k]);
      if (k < sequence.length - 1) expect(trickWinnerIndex(G, s.trick)).toBe(k);
    }
    expect(s.tricks[0].winner).toBe(7);
    expect(s.turn).toBe(7);
  });
});

describe('a trump led (000 "Spieldurchführung"; 001 "Die Stichkraft der Trumpfkarten")', () => {
  it('000: only a trump can take the trick', () => {
    expect(winner(H, 'H8 SK EK GK')).toBe(0);
    expect(power(H, card('H8'), card('SK'))).toBe(0);
  });

  it('000 and 001: the trumps rank Karnöffel, Papst, Kaiser, König, 3, Ober, 4, 5, Banner, 9, 8', () => {
    const order = cards('HU H6 H2 HK H3 HO H4 H5 HZ H9 H8');
    for (const led of order) {
      for (let i = 0; i < order.length; i++) {
        for (let j = i + 1; j < order.length; j++) {
          expect(power(H, led, order[i])).toBeGreaterThan(power(H, led, order[j]));
        }
      }
    }
    expect(winner(H, 'HK H3')).toBe(0);
    expect(winner(H, 'HO H3')).toBe(1);
    expect(winner(H, 'H8 H9')).toBe(1);
  });

  it('000: the Devil played to a trump lead has no power; 001: "Als zweite oder dritte Kart … hat keine Stichkraft mehr"', () => {
    expect(power(H, card('H8'), card('H7'))).toBe(0);
    expect(winner(H, 'H8 H7')).toBe(0);
  });
});

describe('the Devil, trump 7 (000 "Spieldurchführung"; 001 "Beim Teufel")', () => {
  it('000: the Devil led takes the trick against everything but the Karnöffel', () => {
    expect(winner(G, 'G7 G6 G2 GK G3 SK EK HK')).toBe(0);
    expect(winner(G, 'G7 G6 GU')).toBe(2);
    expect(winner(G, 'G7 SK GU G2')).toBe(2);
  });

  it('000: not led, the Devil has no power, on a plain or a trump lead', () => {
    expect(power(G, card('S2'), card('G7'))).toBe(0);
    expect(winner(G, 'S2 G7')).toBe(0);
    expect(winner(G, 'G8 G7')).toBe(0);
  });

  it('000 "Beim ersten Stich darf der Teufel nicht ausgespielt werden": banned as the first lead only (devilFirstTrick=no-lead)', () => {
    expect(bannedCard(G, 0, true, DEVIL_NO_LEAD)).toBe(card('G7'));
    expect(bannedCard(G, 0, false, DEVIL_NO_LEAD)).toBe(-1);
    expect(bannedCard(G, 1, true, DEVIL_NO_LEAD)).toBe(-1);
  });

  it('001 "im ersten Stich dürfet ihr sie nicht gebrauchen": not played at all in the first trick (devilFirstTrick=no-play)', () => {
    expect(bannedCard(G, 0, true, DEVIL_NO_PLAY)).toBe(card('G7'));
    expect(bannedCard(G, 0, false, DEVIL_NO_PLAY)).toBe(card('G7'));
    expect(bannedCard(G, 1, false, DEVIL_NO_PLAY)).toBe(-1);
  });

  it('000: leading the Devil to the first trick is an error that changes nothing; it may be led later', () => {
    const rules = rulesOf({ players: 2 });
    // Dealer 1, Vorhand 0. Trump Eichel (E2 lowest face up, dealt first).
    let s = passToPlay(start(rules, 1, { 0: 'E2 E7 S3 S4 S5', 1: 'H2 H3 H4 H5 H6' }));
    expect(s.trump).toBe(SUIT_EICHEL);
    const before = JSON.stringify(s);
    const r = apply(s, 0, { type: 'play', card: card('E7') });
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.code).toBe('devilFirstTrick');
      expect(r.error.message).toMatch(/Teufel \(E7\) may not be led to the first trick/);
    }
    expect(JSON.stringify(s)).toBe(before);
    expect(legal(s, 0).some((a) => a.type === 'play' && a.card === card('E7'))).toBe(false);
    s = playAll(s, 'E2 H2');
    expect(s.turn).toBe(0);
    expect(legal(s, 0).some((a) => a.type === 'play' && a.card === card('E7'))).toBe(true);
    s = playAll(s, 'E7 H3');
    expect(s.tricks[1].winner).toBe(0);
  });

  it('000: the Devil may follow in the first trick (powerless); 001 forbids it', () => {
    const hands = { 0: 'E2 S3 S4 S5 S6', 1: 'H2 E7 H4 H5 H6' };
    const s000 = passToPlay(start(rulesOf({ players: 2 }), 1, hands));
    const after = playAll(s000, 'S3');
    expect(legal(after, 1).some((a) => a.type === 'play' && a.card === card('E7'))).toBe(true);
    const s001 = passToPlay(start(rulesOf({ players: 2, devilFirstTrick: 'no-play' }), 1, hands));
    const after1 = playAll(s001, 'S3');
    expect(legal(after1, 1).some((a) => a.type === 'play' && a.card === card('E7'))).toBe(false);
    const r = apply(after1, 1, { type: 'play', card: card('E7') });
    expect(!r.ok && r.error.message).toMatch(/may not be played in the first trick \(001\)/);
  });
});

describe('no duty to follow or to win (000 "Es gibt also keinen Farbzwang, aber auch keinen Stichzwang"; 001 "kein Farbzwang, kein Stichzwang")', () => {
  it('every card in hand may be played, whatever was led', () => {
    const rules = rulesOf({ players: 2 });
    let s = passToPlay(start(rules, 1, { 0: 'E2 S3 S4 S5 S6', 1: 'S2 SK HK GK EK' }));
    s = playAll(s, 'S3');
    const plays = legal(s, 1).flatMap((a) => (a.type === 'play' ? [a.card] : []));
    expect(plays.sort((a, b) => a - b)).toEqual(cards('S2 SK HK GK EK').sort((a, b) => a - b));
  });
});
