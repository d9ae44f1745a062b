import { describe, expect, it } from 'vitest';
import { parseCards } from '../../cards/notation.js';
import { unwrap } from '../../core/result.js';
import { PACK } from './cards.js';
import { bauernschnapsen } from './game.js';
import { newDeal, passToPlay, rulesFor, run } from './testing.js';

const cards = (text: string) => unwrap(parseCards(PACK, text)).sort((a, b) => a - b);
const HANDS = ['EA EZ EK EO GU', 'GA GZ GK HA HZ', 'HK HO HU SA SZ', 'SK SO SU EU GO'];

describe('003 "Allgemeine Regeln": each team\'s first trick stays visible to everybody', () => {
  it('firstTricks holds the first trick of each team in every view, for the rest of the game', () => {
    let s = passToPlay(run(newDeal('bauern', HANDS), '2 abheben; 0 trumpf E'));
    for (let seat = 0; seat < 4; seat++) expect(bauernschnapsen.view(s, seat).firstTricks).toEqual([null, null]);
    s = run(s, '0 GU; 1 GA; 2 SZ; 3 GO');
    const trick = (seats: number[], codes: string, winner: number) => ({ winner, cards: unwrap(parseCards(PACK, codes)).map((card, i) => ({ seat: seats[i], card })) });
    const first1 = trick([0, 1, 2, 3], 'GU GA SZ GO', 1);
    for (let seat = 0; seat < 4; seat++) expect(bauernschnapsen.view(s, seat).firstTricks).toEqual([null, first1]);
    s = run(s, '1 GZ; 2 SA; 3 EU; 0 EO');
    const first0 = trick([1, 2, 3, 0], 'GZ SA EU EO', 0);
    s = run(s, '0 EA; 1 HZ; 2 HU; 3 SU');
    expect(s.tricks).toHaveLength(3);
    for (let seat = 0; seat < 4; seat++) expect(bauernschnapsen.view(s, seat).firstTricks).toEqual([first0, first1]);
  });

  it('a view shows the own hand and never another seat\'s hidden hand', () => {
    const s = passToPlay(run(newDeal('bauern', HANDS), '2 abheben; 0 trumpf E'));
    for (let seat = 0; seat < 4; seat++) {
      const v = bauernschnapsen.view(s, seat);
      expect(v.hand).toEqual(cards(HANDS[seat]));
      expect(v.openHands).toEqual([null, null, null, null]);
      expect(v.handSizes).toEqual([5, 5, 5, 5]);
    }
  });
});

describe('003 Plauderer: open hands by variant', () => {
  const hands = ['EA EZ EK GA GZ', 'EU GU HU SU SO', 'HA HZ HK HO GK', 'SA SZ SK EO GO'];
  const start = (variant: string) => passToPlay(run(newDeal('bauern', hands, { rules: rulesFor('bauern', { plauderer: true, plaudererVariant: variant }) }), '2 abheben; 0 trumpf E; 0 weiter; 1 plauderer; 2 weiter; 3 weiter'));

  it('(a) the opponents see each other\'s cards from before the first lead; the Plauderer and his partner do not', () => {
    const s = start('a');
    expect(s.contract?.game).toBe('plauderer');
    expect(bauernschnapsen.view(s, 0).openHands[2]).toEqual(cards(hands[2]));
    expect(bauernschnapsen.view(s, 2).openHands[0]).toEqual(cards(hands[0]));
    expect(bauernschnapsen.view(s, 1).openHands).toEqual([null, null, null, null]);
    expect(bauernschnapsen.view(s, 3).openHands).toEqual([null, null, null, null]);
    const t = run(s, '0 EA; 1 EU; 2 GK');
    expect(bauernschnapsen.view(t, 2).openHands[0]).toEqual(cards('EZ EK GA GZ'));
    const won = run(t, '0 EZ; 1 SO; 2 HO; 0 EK; 1 SU; 2 HK; 0 GA; 1 GU; 2 HZ; 0 GZ; 1 HU; 2 HA');
    expect(won.outcome).toMatchObject({ game: 'plauderer', won: true, base: 7, teamScore: [0, 7] });
  });

  it('(b) after the first trick the opponents lay their cards open for everybody', () => {
    const s = start('b');
    expect(bauernschnapsen.view(s, 1).openHands).toEqual([null, null, null, null]);
    const t = run(s, '0 EA; 1 EU; 2 GK');
    for (const seat of [1, 3]) {
      expect(bauernschnapsen.view(t, seat).openHands[0]).toEqual(cards('EZ EK GA GZ'));
      expect(bauernschnapsen.view(t, seat).openHands[2]).toEqual(cards('HA HZ HK HO'));
    }
    expect(bauernschnapsen.view(t, 1).openHands[1]).toBeNull();
    expect(bauernschnapsen.view(t, 1).events.filter((e) => e.type === 'open').map((e) => e.type === 'open' && e.seat)).toEqual([0, 2]);
  });

  it('(c) after the first trick the announcer lays his cards open; the opponents keep theirs hidden', () => {
    const t = run(start('c'), '0 EA; 1 EU; 2 GK');
    expect(bauernschnapsen.view(t, 0).openHands[1]).toEqual(cards('GU HU SU SO'));
    expect(bauernschnapsen.view(t, 0).openHands[2]).toBeNull();
    expect(bauernschnapsen.view(t, 1).openHands[0]).toBeNull();
  });
});
