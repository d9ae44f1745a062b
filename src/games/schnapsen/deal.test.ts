import { describe, expect, it } from 'vitest';
import { parseCards } from '../../cards/notation.js';
import { unwrap } from '../../core/result.js';
import { jsonEqual } from '../../core/json.js';
import { PACK } from './cards.js';
import { bauernschnapsen, talonschnapsen } from './game.js';
import { attempt, newDeal, rulesFor, run } from './testing.js';

const cards = (text: string) => unwrap(parseCards(PACK, text)).sort((a, b) => a - b);
// Rufer seat 0, dealer seat 3, the player right of the dealer (cuts or knocks) seat 2.
const HANDS = ['EA EZ EK EO GU', 'GA GZ GK HA HZ', 'HK HO HU SA SZ', 'SK SO SU EU GO'];

describe('003 "Beginn und Ende": cutting or knocking', () => {
  it('the player right of the dealer cuts or knocks first; nobody else may act', () => {
    const s = newDeal('bauern', HANDS);
    expect(bauernschnapsen.toAct(s)).toEqual([2]);
    expect(s.dealer).toBe(3);
    expect(s.rufer).toBe(0);
    const e = attempt(s, '0 trumpf E');
    expect(e?.code).toBe('notYourTurn');
    expect(attempt(s, '2 trumpf E')?.code).toBe('wrongAction');
    expect(bauernschnapsen.legal(s, 2).map((a) => a.type)).toEqual(['cut', 'knock']);
  });

  it('after a cut each gets three cards; the Rufer calls trump from his first three; then two more each', () => {
    const s = run(newDeal('bauern', HANDS), '2 abheben');
    expect(s.phase).toBe('trump');
    expect(bauernschnapsen.view(s, 0).hand).toEqual(cards('EA EZ EK'));
    expect(bauernschnapsen.view(s, 1).hand).toEqual(cards('GA GZ GK'));
    const t = run(s, '0 trumpf E');
    expect(t.trump).toBe(0);
    expect(bauernschnapsen.view(t, 0).hand).toEqual(cards(HANDS[0]));
    expect(bauernschnapsen.view(t, 3).hand).toEqual(cards(HANDS[3]));
  });

  it('after a knock all five come at once, but the Rufer still sees only three before he calls trump', () => {
    const s = run(newDeal('bauern', HANDS, { knocked: true }), '2 klopfen');
    expect(s.knocked).toBe(true);
    expect(bauernschnapsen.view(s, 0).hand).toEqual(cards('EA EZ EK'));
    expect(bauernschnapsen.view(s, 1).hand).toEqual([]);
    const t = run(s, '0 trumpf E');
    for (let seat = 0; seat < 4; seat++) expect(bauernschnapsen.view(t, seat).hand).toEqual(cards(HANDS[seat]));
  });

  it('"aus seinen ersten drei Karten": trump must be a suit among the first three cards', () => {
    const s = run(newDeal('bauern', HANDS), '2 abheben');
    expect(attempt(s, '0 trumpf G')?.code).toBe('badTrump');
    expect(attempt(s, '0 trumpf G')?.message).toMatch(/first three cards/);
    expect(bauernschnapsen.legal(s, 0).filter((a) => a.type === 'trump')).toEqual([{ type: 'trump', suit: 0 }]);
  });

  it('the Rufer may turn up one of his last two cards; its suit is trump and everybody sees the card', () => {
    const s = run(newDeal('bauern', HANDS), '2 abheben; 0 aufdecken 2');
    expect(s.trump).toBe(1);
    for (let seat = 0; seat < 4; seat++) expect(bauernschnapsen.view(s, seat).turned).toBe(cards('GU')[0]);
    const t = run(newDeal('bauern', HANDS, { knocked: true }), '2 klopfen; 0 aufdecken 1');
    expect(t.turned).toBe(cards('EO')[0]);
    expect(attempt(run(newDeal('bauern', HANDS), '2 abheben'), '0 aufdecken 3')?.code).toBe('badTurn');
  });

  it('Talonschnapsen: the Rufer may turn up one of the three cards still to come (decision)', () => {
    const s = newDeal('talon', ['EA EZ EK EO GU GA', 'GZ GK HA HZ HK HO', 'HU SA SZ SK SO SU'], { talon: 'EU GO' });
    const t = run(s, '1 abheben; 0 aufdecken 3');
    expect(t.turned).toBe(cards('GA')[0]);
    expect(t.trump).toBe(1);
    expect(talonschnapsen.legal(run(s, '1 abheben'), 0).filter((a) => a.type === 'turn')).toHaveLength(3);
  });
});

describe('003 "Beginn und Ende": three Unter allow a new deal', () => {
  const UNTER = ['EU GU HU EO GO', 'GA GZ GK HA HZ', 'HK HO SU SA SZ', 'SK SO EA EZ EK'];

  it('the Rufer whose first three cards are Unter may ask for a new deal: the deal ends and scores nothing', () => {
    const s = run(newDeal('bauern', UNTER), '2 abheben');
    expect(s.phase).toBe('threeUnter');
    const t = run(s, '0 neu');
    expect(t.phase).toBe('done');
    expect(t.outcome?.game).toBe('redeal');
    expect(t.outcome?.score).toEqual([0, 0, 0, 0]);
    // He shows the three Unter.
    expect(bauernschnapsen.view(t, 1).events.find((e) => e.type === 'threeUnter')).toMatchObject({ seat: 0, redeal: true, cards: cards('EU GU HU') });
  });

  it('he may keep them and call trump as usual; keeping is not announced to the others', () => {
    const s = run(newDeal('bauern', UNTER), '2 abheben; 0 behalten');
    expect(s.phase).toBe('trump');
    expect(bauernschnapsen.view(s, 1).events.some((e) => e.type === 'threeUnter')).toBe(false);
  });

  it('without three Unter there is no such choice', () => {
    const s = run(newDeal('bauern', HANDS), '2 abheben');
    expect(attempt(s, '0 neu')?.code).toBe('wrongAction');
  });

  it('003 Blinder Bettler (house rule): with three Unter he may play a Bettler blind, before picking up the rest', () => {
    const off = run(newDeal('bauern', UNTER), '2 abheben');
    expect(attempt(off, '0 blinderbettler')?.code).toBe('badAnnouncement');
    const rules = rulesFor('bauern', { blinderBettler: true });
    const s = run(newDeal('bauern', UNTER, { rules }), '2 abheben');
    expect(bauernschnapsen.view(s, 0).hand).toEqual(cards('EU GU HU'));
    const t = run(s, '0 blinderbettler');
    expect(t.contract).toEqual({ game: 'blinderbettler', declarer: 0, ohne: true });
    expect(t.trump).toBe(-1);
    expect(t.sittingOut).toBe(2);
    expect(t.phase).toBe('spritzen');
    // Nobody else may announce: the blind announcement closes the announcements (decision).
    expect(t.bids).toHaveLength(1);
  });
});

describe('003 Kontra-Herrenbauer, "Blind-Rufen" (house rule blindRufen)', () => {
  const rules = rulesFor('bauern', { blindRufen: true });

  it('the first Rufer of a Bummerl calls trump before seeing a card, any suit', () => {
    const s = run(newDeal('bauern', HANDS, { rules }), '2 abheben');
    expect(s.phase).toBe('blindTrump');
    expect(bauernschnapsen.view(s, 0).hand).toEqual([]);
    const t = run(s, '0 trumpf S');
    expect(t.trump).toBe(3);
    expect(t.trumpBlind).toBe(true);
    expect(t.phase).toBe('announce');
    expect(t.outcome).toBeNull();
  });

  it('the trump stays for the rest of the Bummerl: later deals carry it and nobody calls', () => {
    const s = run(newDeal('bauern', HANDS, { rules, carry: { points: [3, 5], trump: 2 } }), '2 abheben');
    expect(s.phase).toBe('announce');
    expect(s.trump).toBe(2);
    const done = run(s, '0 weiter; 1 weiter; 2 weiter; 3 weiter; 1 weiter; 3 weiter; 0 EA; 1 HA; 2 HO; 3 EU');
    expect(done.phase).toBe('play');
  });
});

describe('bad input at the deal', () => {
  it('setup rejects an incomplete deck, a bad dealer or a bad carry, with a reason', () => {
    const rules = rulesFor('bauern');
    const deck = PACK.cards.slice();
    expect(bauernschnapsen.setup(rules, { dealer: 0, deck: deck.slice(1), carry: { points: [0, 0], trump: null } }).ok).toBe(false);
    expect(bauernschnapsen.setup(rules, { dealer: 4, deck, carry: { points: [0, 0], trump: null } }).ok).toBe(false);
    const r = bauernschnapsen.setup(rules, { dealer: 0, deck, carry: { points: [0, 0, 0], trump: null } });
    expect(!r.ok && r.error.message).toMatch(/team/);
  });

  it('a rejected action leaves the state as it was', () => {
    const s = run(newDeal('bauern', HANDS), '2 abheben');
    const before = JSON.parse(JSON.stringify(s));
    for (const step of ['0 trumpf G', '1 trumpf E', '0 EA', '0 aufdecken 5', '0 weiter']) expect(attempt(s, step)).toBeDefined();
    expect(jsonEqual(s, before)).toBe(true);
  });
});
