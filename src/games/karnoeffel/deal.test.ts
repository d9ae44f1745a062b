import { describe, expect, it } from 'vitest';
import { act, card, cards, deckFor, rulesOf, start } from './testing.js';
import { unwrap } from '../../core/result.js';
import { SeededRng } from '../../core/rng.js';
import { shuffleDeck } from '../../cards/deck.js';
import { PACK, SUIT_EICHEL, SUIT_GRUEN, SUIT_HERZ, SUIT_SCHELLEN, suitOfCard } from './cards.js';
import { dealOrder, drawForTrump, handPosition, pairCount, trumpOfDraw } from './deal.js';
import { setup, toAct } from './engine.js';
import { maskCards } from '../../cards/mask.js';

describe('the deal (000 "Kartengeben und Steigern")', () => {
  it('five cards each: one face up, then two and two face down, to two players at a time, Vorhand first, with a pause after each pair', () => {
    const rules = rulesOf({ players: 4 });
    const hands = { 1: 'E2 E3 E4 E5 E6', 2: 'G2 G3 G4 G5 G6', 3: 'H2 H3 H4 H5 H6', 0: 'S2 S3 S4 S5 S6' };
    let s = start(rules, 0, hands);
    const pauses: number[][] = [];
    const receivedAtPause: number[][] = [];
    while (s.phase === 'deal') {
      if (s.pause!.stage === 'first') {
        pauses.push([s.pause!.a, s.pause!.b]);
        receivedAtPause.push([...s.received]);
      }
      s = act(s, toAct(s)[0], { type: 'pass' });
    }
    expect(pauses).toEqual([[1, 2], [3, 0], [1, 2], [3, 0], [1, 2], [3, 0]]);
    expect(receivedAtPause).toEqual([
      [0, 1, 1, 0],
      [1, 1, 1, 1],
      [1, 3, 3, 1],
      [3, 3, 3, 3],
      [3, 5, 5, 3],
      [5, 5, 5, 5],
    ]);
    for (const [seat, codes] of Object.entries(hands)) {
      expect(maskCards(s.hands[Number(seat)]).sort((a, b) => a - b)).toEqual(cards(codes).sort((a, b) => a - b));
    }
    expect(s.faceUp).toEqual(cards('S2 E2 G2 H2'));
    expect(pairCount(4)).toBe(6);
    expect(pairCount(8)).toBe(12);
    expect(pairCount(2)).toBe(3);
  });

  it('two players: the pair is Vorhand and the dealer, three pauses', () => {
    const rules = rulesOf({ players: 2 });
    let s = start(rules, 0, {});
    let pauses = 0;
    while (s.phase === 'deal') {
      expect([s.pause!.a, s.pause!.b]).toEqual([1, 0]);
      if (s.pause!.stage === 'first') pauses++;
      s = act(s, toAct(s)[0], { type: 'pass' });
    }
    expect(pauses).toBe(3);
    expect(s.turn).toBe(1);
  });

  it('deck positions: round one position i, then n + 2i, n + 2i + 1, 3n + 2i, 3n + 2i + 1', () => {
    expect([0, 1, 2, 3, 4].map((j) => handPosition(4, 2, j))).toEqual([2, 8, 9, 16, 17]);
    expect([0, 1, 2, 3, 4].map((j) => handPosition(8, 0, j))).toEqual([0, 8, 9, 24, 25]);
  });

  it('000: the lowest face-up card sets trump; it is known once everyone has the first card', () => {
    const rules = rulesOf({ players: 4 });
    let s = start(rules, 0, { 1: 'EK E3 E4 E5 E6', 2: 'G9 G3 G4 G5 G6', 3: 'H4 H3 HK H5 H6', 0: 'SZ S3 S4 S5 S6' });
    expect(s.trump).toBe(-1);
    s = act(s, 1, { type: 'pass' });
    s = act(s, 2, { type: 'pass' });
    expect(s.trump).toBe(SUIT_HERZ);
    expect(s.events.find((e) => e.type === 'trump')).toEqual({ type: 'trump', suit: SUIT_HERZ, card: card('H4') });
  });

  it('000 "so gilt die Farbe jener Karte als Trumpf, welche als erste ausgeteilt wurde": equal ranks, the card dealt first', () => {
    const rules = rulesOf({ players: 4 });
    const s = start(rules, 2, { 3: 'E7 EK EO EU EZ', 0: 'G3 GK GO GU GZ', 1: 'S3 SK SO SU SZ', 2: 'H3 HK HO HU HZ' });
    // Dealing order from dealer 2: seats 3, 0, 1, 2; the first Drei dealt is Grün (seat 0).
    const passed = act(act(s, 3, { type: 'pass' }), 0, { type: 'pass' });
    expect(passed.trump).toBe(SUIT_GRUEN);
  });

  it('the Daus (2) is the lowest card, below the 3 (000 "Einleitung und Vorbereitung")', () => {
    const rules = rulesOf({ players: 2 });
    const s = start(rules, 1, { 0: 'S3 SK SO SU SZ', 1: 'E2 EK EO EU EZ' });
    expect(s.trump).toBe(SUIT_EICHEL);
  });

  it('001 "Wer rechterhand vom Geber sitzt": with direction=right the player right of the dealer is dealt first and leads', () => {
    const rules = rulesOf({}, 'landsknecht');
    expect(dealOrder(0, -1, 4)).toEqual([3, 2, 1, 0]);
    let s = start(rules, 0, {}, [0, 0], 'S2 E9 H9 G9');
    expect([s.pause!.a, s.pause!.b]).toEqual([3, 2]);
    while (s.phase === 'deal') s = act(s, toAct(s)[0], { type: 'pass' });
    expect(s.turn).toBe(3);
    const first = toAct(s)[0];
    s = act(s, first, { type: 'play', card: maskCards(s.hands[first]).find((c) => suitOfCard(c) !== s.trump || c % 12 !== 6)! });
    expect(toAct(s)).toEqual([2]);
  });

  it('001 "Nun ziehet jeder eine Kart, die niedrigste ist die Trumpffarb": trump=drawn sets trump before the deal from the lowest card drawn', () => {
    const rules = rulesOf({}, 'landsknecht');
    const s = start(rules, 0, {}, [0, 0], 'EK G4 S2 H3');
    expect(s.trump).toBe(SUIT_SCHELLEN);
    expect(s.drawn).toEqual(cards('EK G4 S2 H3'));
    expect(s.events[0]).toEqual({ type: 'draw', cards: cards('EK G4 S2 H3') });
    expect(trumpOfDraw(cards('H2 E9 S2'))).toBe(SUIT_HERZ);
  });

  it('the draw for trump comes from its own shuffle keyed by the deck: the same deck gives the same draw, and the suits come out evenly', () => {
    const rules = rulesOf({}, 'landsknecht');
    const deck = deckFor(rules, 0, {});
    expect(drawForTrump(deck, 4)).toEqual(drawForTrump([...deck], 4));
    const a = unwrap(setup(rules, { dealer: 0, deck, carry: { points: [0, 0] } }));
    expect(a.drawn).toEqual(drawForTrump(deck, 4));
    expect(new Set(a.drawn).size).toBe(4);
    const counts = [0, 0, 0, 0];
    let overlapWithFaceUp = 0;
    const rng = new SeededRng(11);
    for (let i = 0; i < 4000; i++) {
      const d = shuffleDeck(PACK, rng);
      const drawn = drawForTrump(d, 4);
      counts[trumpOfDraw(drawn)]++;
      if (drawn.includes(d[0])) overlapWithFaceUp++;
    }
    for (const c of counts) expect(c).toBeGreaterThan(850);
    // independent of the deal: a drawn card is the first dealt card about 4 times in 48
    expect(overlapWithFaceUp).toBeLessThan(600);
  });

  it('setup rejects a broken deck, a dealer who is not at the table and a bad carry, with reasons', () => {
    const rules = rulesOf({ players: 4 });
    const deck = deckFor(rules, 0, {});
    const cases: [Parameters<typeof setup>[1], RegExp][] = [
      [{ dealer: 0, deck: deck.slice(1), carry: { points: [0, 0] } }, /each of the 48/],
      [{ dealer: 0, deck: [deck[1], ...deck.slice(1)], carry: { points: [0, 0] } }, /each of the 48/],
      [{ dealer: 4, deck, carry: { points: [0, 0] } }, /dealer must be a seat from 0 to 3/],
      [{ dealer: 0, deck, carry: { points: [0] } }, /carry/],
      [{ dealer: 0, deck, carry: { points: [41, 0] } }, /already won/],
    ];
    for (const [deal, message] of cases) {
      const r = setup(rules, deal);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error.message).toMatch(message);
    }
  });
});
