import { describe, expect, it } from 'vitest';
import { parseCard, parseCards } from '../../cards/notation.js';
import { unwrap } from '../../core/result.js';
import { ASS_LOW, NORMAL, PACK, maskPoints } from './cards.js';
import { maskCards, maskOf } from '../../cards/mask.js';
import { legalPlayMask, trickWinnerIndex } from './tricks.js';
import { formatCards } from '../../cards/notation.js';

const E = 0;
const NONE = -1;
const card = (c: string) => unwrap(parseCard(PACK, c));
const hand = (cs: string) => maskOf(unwrap(parseCards(PACK, cs)));
const show = (mask: number) => formatCards(PACK, maskCards(mask));
const legal = (h: string, led: string, trump: number, order: 0 | 1 = NORMAL) => show(legalPlayMask(hand(h), card(led), trump, order));
const winner = (cs: string, trump: number, order: 0 | 1 = NORMAL) => {
  const ids = unwrap(parseCards(PACK, cs));
  return trickWinnerIndex(ids, ids.length, trump, order);
};

describe('003 "Spielkarten": the 20 cards and their points', () => {
  it('Ass 11, Zehner 10, König 4, Ober 3, Unter 2: 120 in the pack', () => {
    expect(maskPoints(hand('EA EZ EK EO EU'))).toBe(30);
    expect(maskPoints((1 << 20) - 1)).toBe(120);
  });
});

describe('003 "Normales Spiel": Farb- und Stichzwang against the card led', () => {
  it('a higher card of the led suit must be played (stechen)', () => {
    expect(legal('GK GU HA SA EU', 'GO', E)).toBe('GK');
    expect(legal('GA GK GU HA', 'GO', E)).toBe('GA GK');
  });

  it('else a lower card of the led suit (zugeben)', () => {
    expect(legal('GU HA SA EA', 'GO', E)).toBe('GU');
  });

  it('else a trump (mit Trumpf stechen)', () => {
    expect(legal('HA SA EU EZ', 'GO', E)).toBe('EZ EU');
  });

  it('else any card (abwerfen)', () => {
    expect(legal('HA SA HU', 'GO', E)).toBe('HA HU SA');
  });

  it('trump led: beat it with a higher trump, else a lower trump, else anything', () => {
    expect(legal('EA EU GA', 'EO', E)).toBe('EA');
    expect(legal('EU GA', 'EO', E)).toBe('EU');
    expect(legal('GA HZ', 'EO', E)).toBe('GA HZ');
  });

  it('003 note 3: the duty refers to the first card; a trick already trumped still demands a trump from a player void in the led suit, and no overtrumping', () => {
    // GO led, the next player trumped with EA; a player without Grün holding EU must play a trump, even though EU cannot win.
    expect(legal('EU HA SA', 'GO', E)).toBe('EU');
    // He holds a higher Grün than the led Ober: he must play it, although the trick is trumped and it cannot win.
    expect(legal('GK EU HA', 'GO', E)).toBe('GK');
  });

  it('games without Atout ("kein Atout"): no duty to trump, any card when void', () => {
    expect(legal('HA SA EU EZ', 'GO', NONE)).toBe('EZ EU HA SA');
  });

  it('003 Assenbettler / Zehnergang: with the Ass lowest, the Zehner is the top card and an Ass never beats', () => {
    expect(legal('GA GZ HA', 'GK', NONE, ASS_LOW)).toBe('GZ');
    expect(legal('GA HA', 'GU', NONE, ASS_LOW)).toBe('GA');
    expect(legal('GA GO', 'GU', NONE, ASS_LOW)).toBe('GO');
  });
});

describe('003 "Beginn und Ende": who takes the trick', () => {
  it('the highest card of the led suit; cards of other suits cannot win ("nur zugegeben")', () => {
    expect(winner('GU HA SA GO', E)).toBe(3);
    expect(winner('GU HA SA EU', NONE)).toBe(0);
  });

  it('the trump suit beats all others, the highest trump wins', () => {
    expect(winner('GA EU GZ EO', E)).toBe(3);
  });

  it('in the Ass-low order the Zehner wins and the Ass loses', () => {
    expect(winner('GA GU GO', NONE, ASS_LOW)).toBe(2);
    expect(winner('GK GA GZ', NONE, ASS_LOW)).toBe(2);
  });
});
