import { describe, expect, it } from 'vitest';
import { parseCards } from '../../cards/notation.js';
import { SCHAFKOPF_24, SCHAFKOPF_32, type Card } from '../../cards/pack.js';
import { schafkopf } from './game.js';
import { legalMask } from './legal.js';
import { playTables, trickWinnerIndex } from './tables.js';
import { act, card, deal, handCodes, legalCodes, play, rulesOf } from './testing.js';
import type { SchafkopfState } from './state.js';

const P = SCHAFKOPF_32;
const ids = (codes: string): Card[] => {
  const r = parseCards(P, codes);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};
const mask = (codes: string): number => ids(codes).reduce((m, c) => m | (1 << c), 0) >>> 0;
const codes = (m: number): string[] => P.cards.filter((c) => (m & (1 << c)) !== 0).map((c) => ['E', 'G', 'H', 'S'][Math.floor(c / 8)] + P.ranks[c % 8]).sort();

/** Rejects the card, leaves the state as it was, and says why. */
function expectIllegal(state: SchafkopfState, code: string, reason: string | RegExp): void {
  const before = JSON.stringify(state);
  const r = schafkopf.apply(state, state.turn, act(state, code));
  expect(r.ok).toBe(false);
  if (!r.ok) {
    expect(['mustLeadSau', 'mustFollow', 'mustPlaySau', 'mustBeat', 'keepSau']).toContain(r.error.code);
    expect(r.error.params?.card).toBe(code);
    expect(r.error.message).toMatch(typeof reason === 'string' ? new RegExp(reason.replace(/[()]/g, '\\$&')) : reason);
    expect(r.error.message.startsWith(`${code}: `)).toBe(true);
  }
  expect(JSON.stringify(state)).toBe(before);
}

// Deal A: seat 0 (Vorhand, the dealer is seat 3) calls the Gras-Sau; seat 2 holds it with two more Gras.
const A = ['EO GO HO EU HA HZ G9 S7', 'SO GU HK H9 EA EZ S9 S8', 'GA GZ GK SU H8 EK E9 E8', 'HU H7 SA SZ SK E7 G8 G7'];
// Deal B: as A, but seat 2 holds the Gras-Sau with three more Gras (GZ GK G9): Davonlaufen.
const B = ['EO GO HO SO HA HZ G8 S7', 'EU GU HK H9 EA EZ S9 S8', 'GA GZ GK G9 SU H8 EK E9', 'HU H7 SA SZ SK E8 E7 G7'];

const noStoss = rulesOf('aumer-koller', { stoss: false });
const rufspielG = (hands: string[]) => play(deal(noStoss, hands), 'rufspiel G, weiter, weiter, weiter');

describe('Rufspiel: the called Sau (002 5.3.1.2, NOTES.md Schafkopf)', () => {
  it('002 5.3.1.2: the holder of the called Sau must play it when its suit is first led', () => {
    let s = rufspielG(A);
    expect(s.phase).toBe('play');
    s = play(s, 'G9');
    // The suit counts as searched only once this trick is over (state.ts).
    expect(s.searched).toBe(false);
    // Seat 1 holds no plain Gras (the Gras-Unter is trump): any card.
    expect(legalCodes(s)).toEqual(handCodes(s, 1));
    s = play(s, 'S8');
    expect(legalCodes(s)).toEqual(['GA']);
    expectIllegal(s, 'GZ', 'the called suit is led for the first time: you must play the called Sau (002 5.3.1.2)');
    expectIllegal(s, 'GK', /must play the called Sau/);
    s = play(s, 'GA');
    expect(legalCodes(s)).toEqual(['G7', 'G8']);
    s = play(s, 'G8');
    expect(s.tricks[0]).toEqual({ leader: 0, cards: ids('G9 S8 GA G8'), winner: 2 });
    expect(s.searched).toBe(true);
    // Once the suit was led the Sau is spent and its holder leads what he likes.
    expect(legalCodes(s)).toEqual(handCodes(s, 2));
  });

  it('002 5.3.1.2: before its suit is led, the holder may lead that suit only with the Sau (three Gras are not enough to run away)', () => {
    let s = rufspielG(A);
    s = play(s, 'S7', 'S8');
    // NOTES.md Schafkopf: void in Schellen, seat 2 may play anything but the called Sau.
    expect(legalCodes(s)).toEqual(['E8', 'E9', 'EK', 'GK', 'GZ', 'H8', 'SU']);
    expectIllegal(s, 'GA', 'the called Sau may not be thrown off before its suit has been led, except in the last trick');
    s = play(s, 'SU');
    expect(legalCodes(s)).toEqual(['SA', 'SK', 'SZ']);
    s = play(s, 'SK');
    expect(s.tricks[0].winner).toBe(2);
    expect(s.turn).toBe(2);
    expect(legalCodes(s)).toEqual(['E8', 'E9', 'EK', 'GA', 'H8']);
    expectIllegal(s, 'GZ', /its Sau must be led if you lead that suit, unless you hold four of it \(Davonlaufen, 002 5\.3\.1\.2\)/);
    expectIllegal(s, 'GK', /Davonlaufen/);
  });

  it('002 5.3.1.2 Davonlaufen: with the Sau and three more of its suit the holder may lead another card of it, and the Sau is free from then on', () => {
    let s = rufspielG(B);
    s = play(s, 'S7', 'S9');
    expect(legalCodes(s)).toEqual(['E9', 'EK', 'G9', 'GK', 'GZ', 'H8', 'SU']);
    s = play(s, 'SU', 'SA');
    expect(s.turn).toBe(2);
    expect(legalCodes(s)).toEqual(['E9', 'EK', 'G9', 'GA', 'GK', 'GZ', 'H8']);
    s = play(s, 'G9');
    expect(legalCodes(s)).toEqual(['G7']);
    s = play(s, 'G7');
    expect(legalCodes(s)).toEqual(['G8']);
    s = play(s, 'G8', 'H9');
    expect(s.tricks[1].winner).toBe(1);
    expect(s.searched).toBe(true);
    s = play(s, 'S8');
    // The suit has been led: void in Schellen, the holder may now throw the Sau off.
    expect(legalCodes(s)).toEqual(['E9', 'EK', 'GA', 'GK', 'GZ', 'H8']);
  });

  it('NOTES.md Schafkopf: the called Sau may not be thrown off before its suit was led, except in the last trick (and 002 6.4.1: the game pays 1 GE + 3 Laufende)', () => {
    let s = rufspielG(A);
    s = play(s, 'EO', 'H9', 'H8', 'H7'); // trick 1, seat 0
    s = play(s, 'GO', 'HK', 'SU', 'HU'); // trick 2, seat 0
    s = play(s, 'HO', 'SO');
    // Seat 2 is out of trump: anything but the Gras-Sau.
    expect(legalCodes(s)).toEqual(['E8', 'E9', 'EK', 'GK', 'GZ']);
    s = play(s, 'GZ', 'G7'); // trick 3, seat 0
    s = play(s, 'EU', 'GU', 'GK', 'G8'); // trick 4, seat 0
    s = play(s, 'HA', 'S8', 'E8', 'E7'); // trick 5, seat 0
    s = play(s, 'HZ', 'S9', 'E9', 'SK'); // trick 6, seat 0
    s = play(s, 'S7', 'EZ');
    expect(legalCodes(s)).toEqual(['EK']);
    s = play(s, 'EK', 'SA'); // trick 7, seat 3
    expect(s.searched).toBe(false);
    s = play(s, 'SZ', 'G9', 'EA');
    expect(legalCodes(s)).toEqual(['GA']);
    s = play(s, 'GA');
    expect(s.phase).toBe('done');
    expect(s.tricks.map((t) => t.winner)).toEqual([0, 0, 0, 0, 0, 0, 3, 3]);
    const o = schafkopf.outcome(s)!;
    expect(o.party).toEqual([0, 2]);
    expect(o.points).toEqual([63, 0, 0, 57]);
    expect(o.won).toBe(true);
    expect(o.laufende).toBe(3); // EO GO HO with the players, SO against them
    expect(o.amount).toBe(40);
    expect(o.score).toEqual([40, -40, 40, -40]);
  });

  it('002 5.3.1.2: only the holder of the called Sau is bound; the caller leads the called suit freely', () => {
    let s = rufspielG(A);
    expect(legalCodes(s)).toEqual(handCodes(s, 0));
  });
});

describe('following (002 5.4, 4.2)', () => {
  it('002 5.4: a trump led must be answered with trump; Ober, Unter and Herz are trump in the Rufspiel', () => {
    let s = rufspielG(A);
    s = play(s, 'HA');
    expect(legalCodes(s)).toEqual(['GU', 'H9', 'HK', 'SO']);
    expectIllegal(s, 'EA', 'a trump was led and you hold trump: you must play trump (002 5.4)');
  });

  it('002 5.4: a suit led must be followed; an Ober or Unter of that suit is trump and does not follow it', () => {
    let s = rufspielG(A);
    s = play(s, 'S7');
    expect(legalCodes(s)).toEqual(['S8', 'S9']);
    expectIllegal(s, 'SO', 'you must follow the suit led (002 5.4)');
    const tables = playTables(P, 'rufspiel');
    // Eichel led; the hand holds the Eichel-Ober and -Unter but no plain Eichel: void, any card.
    expect(codes(legalMask(tables, mask('EO EU H7 G9'), ids('E9')[0], ids('E9')[0], -1, false))).toEqual(['EO', 'EU', 'G9', 'H7']);
  });

  it('002 5.4: void of the suit led, any card, trump or not (nobody must win the trick)', () => {
    let s = rufspielG(A);
    s = play(s, 'G9');
    expect(legalCodes(s)).toEqual(['EA', 'EZ', 'GU', 'H9', 'HK', 'S8', 'S9', 'SO']);
  });

  it('002 5.3.2: in a Wenz only the Unter are trump; Ober and Herz follow their suits', () => {
    const t = playTables(P, 'wenz');
    expect(codes(t.trumps)).toEqual(['EU', 'GU', 'HU', 'SU']);
    expect(codes(legalMask(t, mask('EO HA SU G7'), ids('E9')[0], ids('E9')[0], -1, false))).toEqual(['EO']);
    expect(codes(legalMask(t, mask('EO HA SU G7'), ids('GU')[0], ids('GU')[0], -1, false))).toEqual(['SU']);
    expect(codes(legalMask(t, mask('EO HA G7'), ids('HK')[0], ids('HK')[0], -1, false))).toEqual(['HA']);
  });

  it('002 5.3.3: in a Solo the chosen suit is trump with Ober and Unter; Herz is a plain suit', () => {
    const t = playTables(P, 'solo', 0);
    expect(codes(t.trumps)).toEqual(['E7', 'E8', 'E9', 'EA', 'EK', 'EO', 'EU', 'EZ', 'GO', 'GU', 'HO', 'HU', 'SO', 'SU']);
    expect(codes(legalMask(t, mask('HA H7 GO'), ids('E7')[0], ids('E7')[0], -1, false))).toEqual(['GO']);
    expect(codes(legalMask(t, mask('HA H7 EA'), ids('HK')[0], ids('HK')[0], -1, false))).toEqual(['H7', 'HA']);
  });

  it('002 5.3.6.1 / 5.3.6.2: Farbwenz (Unter and a suit), Geier (Ober only), Farbgeier (Ober and a suit)', () => {
    expect(codes(playTables(P, 'farbwenz', 1).trumps)).toEqual(['EU', 'G7', 'G8', 'G9', 'GA', 'GK', 'GO', 'GU', 'GZ', 'HU', 'SU']);
    expect(codes(playTables(P, 'geier').trumps)).toEqual(['EO', 'GO', 'HO', 'SO']);
    expect(codes(playTables(P, 'farbgeier', 3).trumps)).toEqual(['EO', 'GO', 'HO', 'S7', 'S8', 'S9', 'SA', 'SK', 'SO', 'SU', 'SZ']);
    // Geier: the Unter follows its suit.
    expect(codes(legalMask(playTables(P, 'geier'), mask('SU HA'), ids('S9')[0], ids('S9')[0], -1, false))).toEqual(['SU']);
  });

  it('NOTES.md Schafkopf Bettel: no trump at all; Ober and Unter follow their suits', () => {
    const t = playTables(P, 'bettel');
    expect(t.trumps).toBe(0);
    expect(codes(legalMask(t, mask('EO HU G7'), ids('EA')[0], ids('EA')[0], -1, false))).toEqual(['EO']);
    expect(codes(legalMask(t, mask('EO HU G7'), ids('H9')[0], ids('H9')[0], -1, false))).toEqual(['HU']);
  });

  it('conformance README Bettel "stichzwang": a player must win the trick if able, else any card that follows', () => {
    const t = playTables(P, 'bettel');
    const led = ids('EK')[0];
    expect(codes(legalMask(t, mask('EA E7 G9'), led, led, -1, true))).toEqual(['EA']);
    expect(codes(legalMask(t, mask('EA E7 G9'), led, led, -1, false))).toEqual(['E7', 'EA']);
    // The best card so far is the Eichel-Sau: nothing beats it, any Eichel.
    expect(codes(legalMask(t, mask('EZ E7 G9'), led, ids('EA')[0], -1, true))).toEqual(['E7', 'EZ']);
    // Void: anything, even with Stichzwang.
    expect(codes(legalMask(t, mask('GZ G9'), led, led, -1, true))).toEqual(['G9', 'GZ']);
  });

  it('NOTES.md Schafkopf (kurzeKarte): without 8 and 7 there are 12 trumps in the Rufspiel and 4 plain cards per suit', () => {
    const t = playTables(SCHAFKOPF_24, 'rufspiel');
    expect(t.trumpOrder).toHaveLength(12);
    expect(t.plain.map((m) => m.toString(2).split('1').length - 1)).toEqual([4, 4, 0, 4]);
  });
});

describe('the exotic games at the table (002 5.3.6, house rules farbwenz, geier, farbgeier)', () => {
  const exotic = rulesOf('aumer-koller', { stoss: false, geier: true, farbwenz: true, farbgeier: true });
  // Deal W (scoring.test.ts): seat 0 holds EU GU and Saue and Zehner, seat 3 all four Ober.
  const W = ['EU GU EA EZ GA GZ SA S7', 'HU EK E9 GK G9 SK S9 H7', 'SU E8 E7 G8 G7 S8 SZ H8', 'EO GO HO SO HA HZ HK H9'];

  it('002 5.3.6.2 Geier: an Unter led is a plain card of its suit; the Ober are trump and take it', () => {
    let s = play(deal(exotic, W), 'weiter, weiter, weiter, geier');
    expect(s.contract).toEqual({ kind: 'geier', declarer: 3 });
    s = play(s, 'EU');
    expect(legalCodes(s)).toEqual(['E9', 'EK']);
    s = play(s, 'EK', 'E8');
    // Seat 3 holds no plain Eichel (the Eichel-Ober is trump): any card.
    expect(legalCodes(s)).toEqual(handCodes(s, 3));
    s = play(s, 'SO');
    expect(s.tricks[0].winner).toBe(3);
  });

  it('002 5.3.6.1 Farbwenz: the Unter and the chosen suit are trump, the Ober follow their suits', () => {
    let s = play(deal(exotic, W), 'farbwenz G, weiter, weiter, weiter');
    s = play(s, 'EA');
    expect(legalCodes(s)).toEqual(['E9', 'EK']);
    s = play(s, 'E9', 'E7');
    expect(legalCodes(s)).toEqual(['EO']);
    s = play(s, 'EO');
    expect(s.tricks[0].winner).toBe(0);
    s = play(s, 'GA');
    // Gras is trump: seat 1 must answer with the Herz-Unter or a Gras card.
    expect(legalCodes(s)).toEqual(['G9', 'GK', 'HU']);
  });

  it('002 5.3.6.2 Farbgeier: the Ober and the chosen suit are trump, the Unter follow their suits', () => {
    let s = play(deal(exotic, W), 'weiter, weiter, weiter, farbgeier H');
    s = play(s, 'GU');
    expect(legalCodes(s)).toEqual(['G9', 'GK']);
    s = play(s, 'GK', 'G8');
    // Seat 3: Gras-Ober and Herz are trump, no plain Gras: any card; the Herz-Neun takes the trick.
    expect(legalCodes(s)).toEqual(handCodes(s, 3));
    s = play(s, 'H9');
    expect(s.tricks[0].winner).toBe(3);
  });
});

describe('who takes the trick (002 5.5.1)', () => {
  const winner = (kind: Parameters<typeof playTables>[1], cards: string, suit?: 0 | 1 | 2 | 3) => trickWinnerIndex(playTables(P, kind, suit), ids(cards));

  it('002 5.5.1: the highest card of the suit led wins; a plain card of another suit never does (Eichel-As sticht nicht Gras-König)', () => {
    expect(winner('rufspiel', 'GK EA G7 SA')).toBe(0);
    expect(winner('rufspiel', 'G7 G8 GA GZ')).toBe(2);
    expect(winner('rufspiel', 'E7 EZ EK E9')).toBe(1);
  });

  it('002 5.5.1, 4.2: trump beats every plain card; Ober over Unter over Herz, Herren in the order Eichel, Gras, Herz, Schelln', () => {
    expect(winner('rufspiel', 'GA H7 GZ GK')).toBe(1);
    expect(winner('rufspiel', 'SU EU GU HU')).toBe(1);
    expect(winner('rufspiel', 'HO GO SO EU')).toBe(1);
    expect(winner('rufspiel', 'HA HZ SU H7')).toBe(2);
    expect(winner('rufspiel', 'SU SO HA HZ')).toBe(1);
    expect(winner('rufspiel', 'HZ HK HA H9')).toBe(2);
  });

  it('002 5.3.2: Wenz: only the Unter are trump; the Ober ranks in its suit between König and Neun', () => {
    expect(winner('wenz', 'EO EA E9 E7')).toBe(1);
    expect(winner('wenz', 'HA SU HZ EO')).toBe(1);
    expect(winner('wenz', 'H9 HO H8 H7')).toBe(1);
    expect(winner('wenz', 'GA HA EA SA')).toBe(0);
  });

  it('002 5.3.3: Solo: Ober, Unter, then the chosen suit (Eichel here)', () => {
    expect(winner('solo', 'EA HO EZ EK', 0)).toBe(1);
    expect(winner('solo', 'HA E7 HZ HK', 0)).toBe(1);
    expect(winner('solo', 'H7 HA G7 S7', 0)).toBe(1);
  });

  it('002 5.3.6.2: Geier: the Ober are trump, the Unter ranks in its suit; Farbgeier adds the suit', () => {
    expect(winner('geier', 'SU SA S9 S7')).toBe(1);
    expect(winner('geier', 'SA SO SZ SK')).toBe(1);
    expect(winner('farbgeier', 'GA S7 GZ GK', 3)).toBe(1);
    expect(winner('farbgeier', 'SA HO SZ SK', 3)).toBe(1);
  });

  it('002 5.3.6.1: Farbwenz: the Unter, then the chosen suit', () => {
    expect(winner('farbwenz', 'GA EU GZ GK', 1)).toBe(1);
    expect(winner('farbwenz', 'EA G7 EZ EK', 1)).toBe(1);
    expect(winner('farbwenz', 'G7 GO G8 G9', 1)).toBe(1);
  });

  it('NOTES.md Bettel: no trump, ranks Sau, König, Ober, Unter, Zehn, 9, 8, 7', () => {
    expect(winner('bettel', 'EZ EU E9 E8')).toBe(1);
    expect(winner('bettel', 'EU EO EZ E9')).toBe(1);
    expect(winner('bettel', 'EO EK EU EZ')).toBe(1);
    expect(winner('bettel', 'EK EA HO GU')).toBe(1);
    expect(winner('bettel', 'E7 HA GA SA')).toBe(0);
  });

  it('002 5.5.1: the winner of a trick leads the next', () => {
    let s = rufspielG(A);
    s = play(s, 'S7', 'S8', 'SU', 'SK');
    expect(s.tricks[0].winner).toBe(2);
    expect(s.turn).toBe(2);
    expect(schafkopf.toAct(s)).toEqual([2]);
    expect(card(s, 'SU')).toBe(s.tricks[0].cards[2]);
  });
});
