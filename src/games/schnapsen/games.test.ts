import { describe, expect, it } from 'vitest';
import { bauernschnapsen } from './game.js';
import { attempt, newDeal, passToPlay, rulesFor, run } from './testing.js';
import type { SchnapsenState } from './state.js';

/** Rufer seat 0 (dealer 3, cutter 2). Teams: seats 0 & 2 against 1 & 3. */
function deal(hands: string[], script: string, overrides: Record<string, unknown> = {}): SchnapsenState {
  return run(newDeal('bauern', hands, { rules: rulesFor('bauern', overrides) }), '2 abheben; ' + script);
}

const HANDS = ['EA EZ EK EO GU', 'GA GZ GK HA HZ', 'HK HO HU SA SZ', 'SK SO SU EU GO'];

describe('003 "Normales Spiel"', () => {
  it('66 wins at once; 20/40 count only once the side has a trick; 3 points when the losers have no trick', () => {
    let s = passToPlay(deal(HANDS, '0 trumpf E'));
    expect(s.contract?.game).toBe('normal');
    s = run(s, '0 40 E');
    expect(s.outcome).toBeNull();
    // EO wins the first trick: 25 card points + 40 = 65, not yet 66.
    s = run(s, '0 EO; 1 HZ; 2 SZ; 3 EU');
    expect(s.outcome).toBeNull();
    s = run(s, '0 EA; 1 HA; 2 SA; 3 GO');
    expect(s.phase).toBe('done');
    expect(s.outcome).toMatchObject({ game: 'normal', won: true, base: 3, score: [3, 0, 3, 0], teamScore: [3, 0] });
    expect(s.outcome?.reason).toMatch(/with 101/);
  });

  it('a 20/40 is announced only by the player about to lead, with König and Ober of the suit, and one of them must be led', () => {
    const s = passToPlay(deal(HANDS, '0 trumpf E'));
    expect(attempt(s, '2 20 H')?.code).toBe('notYourTurn');
    expect(attempt(s, '0 20 G')?.message).toMatch(/needs König and Ober of G/);
    expect(attempt(s, '0 20 E')?.message).toMatch(/trump: König and Ober of trump are a 40/);
    const m = run(s, '0 40 E');
    expect(attempt(m, '0 EA')?.code).toBe('mustLeadPair');
    expect(attempt(m, '0 40 E')?.code).toBe('badMeld');
    expect(bauernschnapsen.legal(m, 0)).toEqual([{ type: 'play', card: 2 }, { type: 'play', card: 3 }]);
    // Following players cannot announce.
    const f = run(s, '0 EA');
    expect(attempt(f, '1 20 H')).toBeDefined();
    expect(bauernschnapsen.legal(f, 1).some((a) => a.type === 'meld')).toBe(false);
  });

  it('the winner of a trick leads the next', () => {
    const s = run(passToPlay(deal(HANDS, '0 trumpf E')), '0 GU; 1 GA; 2 SZ; 3 GO');
    expect(s.turn).toBe(1);
    expect(s.leader).toBe(1);
  });

  it('the rejected card names the duty it breaks', () => {
    const s = run(passToPlay(deal(HANDS, '0 trumpf E')), '0 GU');
    expect(attempt(s, '1 HA')?.message).toMatch(/must beat it \(GA GZ GK\)/);
    expect(attempt(s, '1 EU')?.code).toBe('notInHand');
    const t = run(s, '1 GA; 2 SZ');
    expect(attempt(t, '3 EU')?.code).toBe('mustBeat');
  });
});

describe('003 Bettler', () => {
  it('lost as soon as the Bettler player takes a trick; 4 points to the other team', () => {
    const s = passToPlay(deal(HANDS, '0 trumpf E; 0 weiter; 1 bettler; 2 weiter; 3 weiter'));
    expect(s.contract?.game).toBe('bettler');
    // GU led: seat 1 must beat it; seat 3 sits out.
    expect(bauernschnapsen.legal(s, 1)).toEqual([]);
    const t = run(s, '0 GU; 1 GK; 2 SZ');
    expect(t.outcome).toMatchObject({ game: 'bettler', declarer: 1, won: false, base: 4, score: [4, 0, 4, 0] });
  });

  it('won without a trick; no Atout (a void player need not trump)', () => {
    const hands = ['EA EZ EK GA GZ', 'EU GU HU SU SO', 'HA HZ HK HO GK', 'SA SZ SK EO GO'];
    let s = passToPlay(deal(hands, '0 trumpf E; 0 weiter; 1 bettler; 2 weiter; 3 weiter'));
    expect(s.sittingOut).toBe(3);
    s = run(s, '0 EA; 1 EU; 2 GK');
    s = run(s, '0 EZ; 1 SO; 2 HO; 0 EK; 1 SU; 2 HK; 0 GA; 1 GU; 2 HZ; 0 GZ; 1 HU; 2 HA');
    expect(s.outcome).toMatchObject({ game: 'bettler', won: true, score: [0, 4, 0, 4], teamScore: [0, 4] });
  });
});

describe('003 Schnapser: the Rufer makes 66 in three tricks; a beaten lead loses', () => {
  it('three tricks to 66', () => {
    const hands = ['EA EZ HA SA GA', 'EK GZ HZ SZ GU', 'EO GK HK SK HU', 'EU GO HO SO SU'];
    let s = passToPlay(deal(hands, '0 trumpf E; 0 schnapser'));
    s = run(s, '0 EA; 1 EK; 2 EO; 3 EU; 0 EZ; 1 GZ; 2 GK; 3 GO');
    expect(s.outcome).toBeNull();
    s = run(s, '0 HA; 1 HZ; 2 HK; 3 HO');
    expect(s.outcome).toMatchObject({ game: 'schnapser', declarer: 0, won: true, base: 6, score: [6, 0, 6, 0] });
  });

  it('one trick and a 40 to 66', () => {
    const hands = ['EA EK EO GA HA', 'EZ GZ HZ SZ GU', 'EU GK HK SK HU', 'GO HO SO SU SA'];
    const s = run(passToPlay(deal(hands, '0 trumpf E; 0 schnapser')), '0 EA; 1 EZ; 2 EU; 3 SA; 0 40 E');
    expect(s.outcome).toMatchObject({ game: 'schnapser', won: true });
    expect(s.outcome?.reason).toMatch(/reached 74 in 1 trick/);
  });

  it('two tricks and a 20 to 66', () => {
    const hands = ['EA EZ GK GO HA', 'EK GZ HZ SZ GU', 'EO GA HK SK HU', 'EU HO SO SU SA'];
    const s = run(passToPlay(deal(hands, '0 trumpf E; 0 schnapser')), '0 EA; 1 EK; 2 EO; 3 EU; 0 EZ; 1 SZ; 2 SK; 3 SA; 0 20 G');
    expect(s.outcome).toMatchObject({ won: true });
    expect(s.outcome?.reason).toMatch(/reached 75 in 2 tricks/);
  });

  it('"Sticht jemand eine seiner ausgespielten Karten, verliert das Team": 6 points to the other team', () => {
    const hands = ['EA EZ GK GO HA', 'EK GZ HZ SZ GU', 'EO GA HK SK HU', 'EU HO SO SU SA'];
    const s = run(passToPlay(deal(hands, '0 trumpf E; 0 schnapser')), '0 GK; 1 GZ; 2 GA; 3 EU');
    expect(s.outcome).toMatchObject({ game: 'schnapser', won: false, score: [0, 6, 0, 6] });
  });

  it('"Wenn der eigene Mitspieler eine Karte des Rufers sticht, geht das Spiel ebenfalls verloren"; not so with "Schnapser mit Mann"', () => {
    const hands = ['EA EZ EK GU HA', 'SZ HU SU SO SK', 'GA GZ GK HK HO', 'EO EU HZ SA GO'];
    const lost = run(passToPlay(deal(hands, '0 trumpf E; 0 schnapser')), '0 GU; 1 SZ; 2 GA; 3 GO');
    expect(lost.outcome).toMatchObject({ won: false });
    const mitMann = run(passToPlay(deal(hands, '0 trumpf E; 0 schnapser', { schnapserMitMann: true })), '0 GU; 1 SZ; 2 GA; 3 GO');
    expect(mitMann.outcome).toBeNull();
    expect(mitMann.turn).toBe(2);
  });

  it('003 Kontraschnapser (regional) "Schnapser zusammen": the Rufer\'s partner announces, the two make 66 in three tricks together', () => {
    const hands = ['EA EZ EK GU HA', 'SZ HU SU SO SK', 'GA GZ GK HK HO', 'EO EU HZ SA GO'];
    let s = passToPlay(deal(hands, '0 trumpf E; 0 weiter; 1 weiter; 2 schnapserzusammen; 3 weiter', { schnapserZusammen: true }));
    expect(s.contract).toEqual({ game: 'schnapserzusammen', declarer: 2, ohne: false });
    expect(s.turn).toBe(0);
    // The partner's trick counts for the pair: 26.
    s = run(s, '0 GU; 1 SZ; 2 GA; 3 GO');
    expect(s.outcome).toBeNull();
    s = run(s, '2 GZ; 3 EU; 0 EA; 1 SK');
    s = run(s, '0 EZ; 1 SO; 2 GK; 3 EO');
    expect(s.outcome).toMatchObject({ game: 'schnapserzusammen', won: true, base: 6, teamScore: [6, 0] });
    const lost = run(passToPlay(deal(hands, '0 trumpf E; 0 weiter; 1 weiter; 2 schnapserzusammen; 3 weiter', { schnapserZusammen: true })), '0 EA; 1 SK; 2 HO; 3 EU; 0 EK; 1 SO; 2 HK; 3 EO; 0 GU; 1 SU; 2 GK; 3 GO');
    expect(lost.outcome).toMatchObject({ won: false, teamScore: [0, 6] });
    expect(lost.outcome?.reason).toMatch(/only 45 after 3 tricks/);
  });

  it('three tricks without 66 lose', () => {
    const hands = ['EA EZ EK GU HA', 'SZ HU SU SO SK', 'GA GZ GK HK HO', 'EO EU HZ SA GO'];
    const s = run(passToPlay(deal(hands, '0 trumpf E; 0 schnapser')), '0 EA; 1 SK; 2 HO; 3 EU; 0 EZ; 1 SO; 2 HK; 3 EO; 0 EK; 1 SU; 2 GK; 3 GO');
    expect(s.outcome).toMatchObject({ won: false });
    expect(s.outcome?.reason).toMatch(/after 3 tricks/);
  });
});

describe('003 Gangl: all five tricks, no Atout, the announcer leads', () => {
  const RINGS = ['EA EZ EK HA HZ', 'GA GZ GK GO GU', 'EO EU HK HO HU', 'SA SZ SK SO SU'];

  it('won with every trick: 9 points', () => {
    let s = passToPlay(deal(RINGS, '0 trumpf E; 0 weiter; 1 weiter; 2 weiter; 3 gang'));
    expect(s.turn).toBe(3);
    // No Atout: seat 0 without Schellen need not trump.
    s = run(s, '3 SA');
    expect(bauernschnapsen.legal(s, 0)).toHaveLength(5);
    s = run(s, '0 HZ; 1 GU; 2 HU; 3 SZ; 0 HA; 1 GO; 2 HO; 3 SK; 0 EK; 1 GK; 2 HK; 3 SO; 0 EZ; 1 GZ; 2 EU; 3 SU; 0 EA; 1 GA; 2 EO');
    expect(s.outcome).toMatchObject({ game: 'gang', declarer: 3, won: true, score: [0, 9, 0, 9] });
  });

  it('"Ein Stich des Partners führt zu Spielverlust"', () => {
    const hands = ['EA EZ EK EO GU', 'GZ GK HA HZ SA', 'HK HO HU SZ SK', 'GA GO SO SU EU'];
    const s = run(passToPlay(deal(hands, '0 trumpf E; 0 weiter; 1 gang; 2 weiter; 3 weiter')), '1 GK; 2 SZ; 3 GA; 0 GU');
    expect(s.outcome).toMatchObject({ game: 'gang', won: false, score: [9, 0, 9, 0] });
  });
});

describe('003 Bauernschnapser: all five tricks, with Atout', () => {
  it('the same hand that wins a Gang loses a Bauernschnapser to a trump', () => {
    const RINGS = ['EA EZ EK HA HZ', 'GA GZ GK GO GU', 'EO EU HK HO HU', 'SA SZ SK SO SU'];
    let s = passToPlay(deal(RINGS, '0 trumpf E; 0 weiter; 1 weiter; 2 weiter; 3 bauernschnapser'));
    s = run(s, '3 SA');
    expect(bauernschnapsen.legal(s, 0).map((a) => a.type === 'play' && a.card)).toEqual([0, 1, 2]);
    s = run(s, '0 EA; 1 GU; 2 EU');
    expect(s.outcome).toMatchObject({ game: 'bauernschnapser', won: false, base: 12, score: [12, 0, 12, 0] });
  });
});

describe('003 Kontraschnapser: an opponent of the Rufer makes 66 in three tricks, the Rufer leads', () => {
  it('won: 12 points', () => {
    const hands = ['EK GU HU SU SO', 'EA EZ GA HA SA', 'EO EU GO HO SK', 'GZ GK HZ HK SZ'];
    let s = passToPlay(deal(hands, '0 trumpf E; 0 weiter; 1 kontraschnapser; 2 weiter; 3 weiter'));
    expect(s.turn).toBe(0);
    s = run(s, '0 SO; 1 SA; 2 SK; 3 SZ; 1 EA; 2 EO; 3 GZ; 0 EK; 1 EZ; 2 EU; 3 HZ; 0 GU');
    expect(s.outcome).toMatchObject({ game: 'kontraschnapser', declarer: 1, won: true, base: 12, score: [0, 12, 0, 12] });
  });
});

describe('003 Farbringerl and Herrenschnapser: won by showing', () => {
  it('Farbenringerl: 18 points, the hand lies open, nothing is played', () => {
    const RINGS = ['EA EZ EK HA HZ', 'GA GZ GK GO GU', 'EO EU HK HO HU', 'SA SZ SK SO SU'];
    const s = deal(RINGS, '0 trumpf E; 0 weiter; 1 farbenringerl; 2 weiter; 3 weiter');
    expect(s.phase).toBe('done');
    expect(s.outcome).toMatchObject({ game: 'farbenringerl', declarer: 1, won: true, base: 18, score: [0, 18, 0, 18] });
    expect(bauernschnapsen.view(s, 0).openHands[1]).toEqual([5, 6, 7, 8, 9]);
  });

  it('Trumpfringerl: the Rufer with all five trumps, 24 points', () => {
    const s = deal(['EA EZ EK EO EU', 'GA GZ GK GO GU', 'HA HZ HK HO HU', 'SA SZ SK SO SU'], '0 trumpf E; 0 trumpfringerl; 1 weiter; 2 weiter; 3 weiter');
    expect(s.outcome).toMatchObject({ game: 'trumpfringerl', won: true, base: 24, teamScore: [24, 0] });
  });
});

describe('003 Kontrabauernschnapser: an opponent of the Vorhand makes all five tricks, Atout counts, the Rufer leads', () => {
  it('won: 24 points, the Bummerl ends', () => {
    const hands = ['EU GA GZ HA HZ', 'GK GO GU HK HO', 'HU SZ SK SO SU', 'EA EZ EK EO SA'];
    let s = passToPlay(deal(hands, '0 trumpf E; 0 weiter; 1 weiter; 2 weiter; 3 kontrabauernschnapser'));
    s = run(s, '0 GA; 1 GU; 2 SU; 3 EO; 3 EA; 0 EU; 1 HO; 2 SO; 3 EZ; 0 GZ; 1 HK; 2 SK; 3 EK; 0 HA; 1 GO; 2 SZ; 3 SA; 0 HZ; 1 GK; 2 HU');
    expect(s.outcome).toMatchObject({ game: 'kontrabauernschnapser', declarer: 3, won: true, base: 24, score: [0, 24, 0, 24], endsBummerl: true });
  });
});

describe('regional games (house rules)', () => {
  it('003 Assenbettler: the Ass is the lowest card, so the same lead that forces a Bettler player to beat with his Ass does not here', () => {
    const hands = ['EK EZ GK GO HK', 'EA GA HA SA EU', 'EO GZ HZ HO SZ', 'GU HU SK SO SU'];
    const bettler = run(passToPlay(deal(hands, '0 trumpf E; 0 weiter; 1 bettler; 2 weiter; 3 weiter')), '0 EK');
    expect(bauernschnapsen.legal(bettler, 1)).toEqual([{ type: 'play', card: 0 }]);
    let s = passToPlay(deal(hands, '0 trumpf E; 0 weiter; 1 assenbettler; 2 weiter; 3 weiter', { assenbettler: true }));
    s = run(s, '0 EK');
    expect(bauernschnapsen.legal(s, 1).length).toBe(2);
    s = run(s, '1 EA; 2 EO; 0 EZ; 1 EU; 2 SZ; 0 GK; 1 GA; 2 GZ; 2 HZ; 0 HK; 1 HA; 2 HO; 0 GO; 1 SA');
    expect(s.outcome).toMatchObject({ game: 'assenbettler', won: true, base: 5, score: [0, 5, 0, 5] });
  });

  it('003 Ass-Bettler: 5 points, the Ass may be discarded', () => {
    const hands = ['EA EZ EK GA GZ', 'EU GU HU SU HA', 'HZ HK HO GK SO', 'SA SZ SK EO GO'];
    const s = run(passToPlay(deal(hands, '0 trumpf E; 0 weiter; 1 assbettler; 2 weiter; 3 weiter', { assBettler: true })), '0 EA; 1 EU; 2 SO; 0 EZ; 1 HA; 2 HO; 0 EK; 1 SU; 2 HK; 0 GA; 1 GU; 2 GK; 0 GZ; 1 HU; 2 HZ');
    expect(s.outcome).toMatchObject({ game: 'assbettler', won: true, base: 5, teamScore: [0, 5] });
  });

  it('003 Zehnergang: the Zehner is the top card; won with every trick, 10 points', () => {
    const hands = ['EA GA HA SA EO', 'EZ GZ HZ SZ EK', 'EU GK GO GU HK', 'HO HU SK SO SU'];
    const gang = run(passToPlay(deal(hands, '0 trumpf E; 0 weiter; 1 gang; 2 weiter; 3 weiter')), '1 EZ; 2 EU; 3 SU');
    expect(bauernschnapsen.legal(gang, 0)).toEqual([{ type: 'play', card: 0 }]);
    let s = passToPlay(deal(hands, '0 trumpf E; 0 weiter; 1 zehnergang; 2 weiter; 3 weiter', { zehnergang: true }));
    s = run(s, '1 EZ; 2 EU; 3 SU; 0 EA; 1 EK; 2 GU; 3 SO; 0 EO; 1 GZ; 2 GK; 3 SK; 0 GA; 1 HZ; 2 HK; 3 HO; 0 HA; 1 SZ; 2 GO; 3 HU; 0 SA');
    expect(s.outcome).toMatchObject({ game: 'zehnergang', won: true, base: 10, score: [0, 10, 0, 10] });
  });

  it('003 Bauernloch: the Rufer takes every trick with Atout and the Ass lowest, 12 points', () => {
    const hands = ['EZ EK EO GZ HZ', 'EA EU GA GK HA', 'GO GU HK HO HU', 'SA SZ SK SO SU'];
    let s = passToPlay(deal(hands, '0 trumpf E; 0 bauernloch; 1 weiter; 2 weiter; 3 weiter', { bauernloch: true }));
    s = run(s, '0 EZ');
    // The Ass is the lowest trump: seat 1 may play EA or EU.
    expect(bauernschnapsen.legal(s, 1).length).toBe(2);
    s = run(s, '1 EA; 2 GO; 3 SA; 0 EK; 1 EU; 2 GU; 3 SZ; 0 EO; 1 GK; 2 HO; 3 SK; 0 GZ; 1 GA; 2 HK; 3 SO; 0 HZ; 1 HA; 2 HU; 3 SU');
    expect(s.outcome).toMatchObject({ game: 'bauernloch', declarer: 0, won: true, base: 12, teamScore: [12, 0] });
  });

  it('003 Dokta: the Rufer\'s side takes every trick (the partner\'s tricks count), 5 points; one trick of the opponents loses', () => {
    const hands = ['EA EZ EK EO GU', 'GZ GK HK HO HU', 'GA HA SA HZ EU', 'GO SZ SK SO SU'];
    let s = passToPlay(deal(hands, '0 trumpf E; 0 dokta; 1 weiter; 2 weiter; 3 weiter', { dokta: true }));
    s = run(s, '0 EA; 1 HU; 2 EU; 3 SU; 0 EZ; 1 HO; 2 HZ; 3 SO; 0 EK; 1 HK; 2 HA; 3 SK; 0 GU; 1 GZ; 2 GA; 3 GO');
    expect(s.outcome).toBeNull();
    s = run(s, '2 SA; 3 SZ; 0 EO; 1 GK');
    expect(s.outcome).toMatchObject({ game: 'dokta', won: true, base: 5, teamScore: [5, 0] });
    const lost = run(passToPlay(deal(HANDS, '0 trumpf E; 0 dokta; 1 weiter; 2 weiter; 3 weiter', { dokta: true })), '0 GU; 1 GA; 2 SZ; 3 GO');
    expect(lost.outcome).toMatchObject({ won: false, teamScore: [0, 5] });
  });

  it('003 Kontra-Herrenbauer: under blind calling an opponent with all five trumps shows them: 48 points, the Bummerl ends', () => {
    const rules = { blindRufen: true, kontraHerrenbauer: true };
    const hands = ['EA EZ EK EO EU', 'SA SZ SK SO SU', 'HA HZ HK HO HU', 'GA GZ GK GO GU'];
    const s = deal(hands, '0 trumpf S; 0 weiter; 1 kontraherrenbauer; 2 weiter; 3 weiter', rules);
    expect(s.outcome).toMatchObject({ game: 'kontraherrenbauer', declarer: 1, won: true, base: 48, endsBummerl: true, teamScore: [0, 48] });
    // It cannot be outbid.
    expect(attempt(deal(hands, '0 trumpf S; 0 weiter; 1 kontraherrenbauer', rules), '2 kontrabauernschnapser')?.code).toBe('badAnnouncement');
    // Without blindRufen the house rule cannot be switched on.
    expect(() => rulesFor('bauern', { kontraHerrenbauer: true })).toThrow(/needs blindRufen/);
  });
});

describe('003 Flecken (Spritzen), Retour, Re and the Herzrunde', () => {
  const hands = ['EA EZ EK GA GZ', 'EU GU HU SU SO', 'HA HZ HK HO GK', 'SA SZ SK EO GO'];
  const bettlerWon = '0 EA; 1 EU; 2 GK; 0 EZ; 1 SO; 2 HO; 0 EK; 1 SU; 2 HK; 0 GA; 1 GU; 2 HZ; 0 GZ; 1 HU; 2 HA';

  it('the side against the announcer spritzt (×2), the announcer or his partner answers Retour (×4), the other side Re (×8)', () => {
    let s = deal(hands, '0 trumpf E; 0 weiter; 1 bettler; 2 weiter; 3 weiter');
    expect(s.phase).toBe('spritzen');
    // Asked first: the side against the declarer, from his left: seat 2, then seat 0.
    expect(s.turn).toBe(2);
    expect(attempt(s, '2 retour')?.code).toBe('badDouble');
    s = run(s, '2 weiter; 0 spritzen');
    // The declaring side answers: the declarer first, then his partner (who sits out but is on the team).
    expect(s.turn).toBe(1);
    s = run(s, '1 weiter; 3 retour');
    expect(s.turn).toBe(2);
    s = run(s, '2 re');
    expect(s.phase).toBe('play');
    const done = run(s, bettlerWon);
    expect(done.outcome).toMatchObject({ base: 4, spritz: 8, teamScore: [0, 32] });
  });

  it('Spritzen ends with the first card; a side nobody doubled plays for the plain value', () => {
    const s = passToPlay(deal(hands, '0 trumpf E; 0 weiter; 1 bettler; 2 weiter; 3 weiter'));
    expect(attempt(s, '2 spritzen')?.code).toBe('notYourTurn');
    expect(attempt(s, '0 spritzen')?.code).toBe('wrongAction');
    expect(run(s, bettlerWon).outcome?.teamScore).toEqual([0, 4]);
  });

  it('Herzrunde: with Herz trump every game counts double (house rule, on); off it does not', () => {
    const herz = ['HA HZ HK GA GZ', 'EU GU HU SU SO', 'EA EZ EK EO GK', 'SA SZ SK HO GO'];
    const script = '0 HA; 1 HU; 2 GK; 0 HZ; 1 SO; 2 EO; 0 HK; 1 SU; 2 EK; 0 GA; 1 GU; 2 EZ; 0 GZ; 1 EU; 2 EA';
    const on = run(passToPlay(deal(herz, '0 trumpf H; 0 weiter; 1 bettler; 2 weiter; 3 weiter')), script);
    expect(on.outcome).toMatchObject({ herzrunde: true, teamScore: [0, 8] });
    const off = run(passToPlay(deal(herz, '0 trumpf H; 0 weiter; 1 bettler; 2 weiter; 3 weiter', { herzrunde: false })), script);
    expect(off.outcome).toMatchObject({ herzrunde: false, teamScore: [0, 4] });
  });
});
