import { describe, expect, it } from 'vitest';
import { act, card, cards, passToPlay, playAll, rulesOf, start, rejects } from './testing.js';
import { legal, toAct } from './engine.js';
import { maskCards } from '../../cards/mask.js';
import { view } from './view.js';

const sorted = (xs: readonly number[]) => [...xs].sort((a, b) => a - b);

describe('what each seat sees (000 "Kartengeben und Steigern", "Spieldurchführung"; 001 "Beim Reizen könnet Ihr Euch auch die Karten untereinander zeigen")', () => {
  const hands4 = { 1: 'E9 E8 E3 H8 H9', 2: 'EK G3 G4 G5 G6', 3: 'E7 H3 H4 H5 H6', 0: 'S2 E6 E5 E4 GK' };

  it('000 "Bei vier Spielern darf jeder Spieler seine Karten seinem Partner zeigen": partners see each other\'s cards as they are dealt; opponents\' hands stay hidden', () => {
    let s = start(rulesOf({ players: 4 }), 0, hands4);
    // After the first pair: seats 1 and 2 hold one card each.
    const v3 = view(s, 3);
    expect(v3.hand).toEqual([]);
    expect(v3.seen).toEqual([{ seat: 1, cards: [card('E9')] }]);
    const v1 = view(s, 1);
    expect(v1.seen).toEqual([{ seat: 3, cards: [] }]);
    s = passToPlay(s);
    for (let seat = 0; seat < 4; seat++) {
      const v = view(s, seat);
      const partner = (seat + 2) % 4;
      expect(v.seen).toEqual([{ seat: partner, cards: maskCards(s.hands[partner]) }]);
      expect(sorted(v.hand)).toEqual(maskCards(s.hands[seat]));
    }
    // "Während des Spiels … wird jeder schon die Karten seines Partners kennen": played cards leave the partner's hand in the view
    s = playAll(s, 'E9');
    expect(view(s, 3).seen[0].cards).not.toContain(card('E9'));
  });

  it('000 "so bestimmt jede Mannschaft für sich einen Führer": with six players the leader (seat 0, seat 1) sees the teammates\' cards; they see neither his nor each other\'s', () => {
    const s = passToPlay(start(rulesOf({ players: 6 }), 5, {}));
    expect(view(s, 0).leaders).toEqual([0, 1]);
    expect(view(s, 0).seen.map((h) => h.seat)).toEqual([2, 4]);
    expect(view(s, 1).seen.map((h) => h.seat)).toEqual([3, 5]);
    for (const seat of [2, 3, 4, 5]) expect(view(s, seat).seen).toEqual([]);
    for (const h of view(s, 0).seen) expect(h.cards).toEqual(maskCards(s.hands[h.seat]));
  });

  it('with eight players: the leaders see three teammates each', () => {
    const s = passToPlay(start(rulesOf({ players: 8 }), 0, {}));
    expect(view(s, 0).seen.map((h) => h.seat)).toEqual([2, 4, 6]);
    expect(view(s, 1).seen.map((h) => h.seat)).toEqual([3, 5, 7]);
    expect(view(s, 6).seen).toEqual([]);
  });

  it('two players, and showHands=off: nobody sees another hand', () => {
    expect(view(passToPlay(start(rulesOf({ players: 2 }), 0, {})), 0).seen).toEqual([]);
    const s = passToPlay(start(rulesOf({ players: 4, showHands: false }), 0, {}));
    for (let seat = 0; seat < 4; seat++) expect(view(s, seat).seen).toEqual([]);
  });

  it('face-up cards are seen by all; cards not yet dealt and the deck by nobody', () => {
    const s = start(rulesOf({ players: 4 }), 0, hands4);
    const v = view(s, 0);
    expect(v.faceUp).toEqual([-1, card('E9'), card('EK'), -1]);
    expect(v.hand).toEqual([]);
    expect(JSON.stringify(v)).not.toContain('"deck"');
    expect('deck' in v).toBe(false);
  });
});

describe('advice, always public (000 "Diese Ratschläge müssen jedoch so gegeben werden, daß auch die Gegner sie hören können"; 001 "es muss nur laut und deutlich sein")', () => {
  it('000: a partner may advise during the deal; the advice is in every seat\'s view and does not take the turn', () => {
    let s = start(rulesOf({ players: 4 }), 0, {});
    expect(toAct(s)).toEqual([1]);
    // Seat 3 (partner of seat 1) is offered ready-made advice for seat 1's decision.
    expect(legal(s, 3)).toEqual([
      { type: 'advise', to: 1, message: 'raise' },
      { type: 'advise', to: 1, message: 'pass' },
    ]);
    s = act(s, 3, { type: 'advise', to: 1, message: 'Raise, partner — we have the "Papst"!' });
    expect(toAct(s)).toEqual([1]);
    for (let seat = 0; seat < 4; seat++) {
      expect(view(s, seat).events.at(-1)).toEqual({ type: 'advise', seat: 3, to: 1, message: 'Raise, partner — we have the "Papst"!' });
    }
    // one piece of advice per seat between two decisions
    expect(legal(s, 3)).toEqual([]);
    rejects(s, 3, { type: 'advise', message: 'again' }, 'talkedAlready', /already given advice/);
    s = act(s, 1, { type: 'raise' });
    expect(legal(s, 1)).toEqual([]); // seat 2 (opponent) answers; seat 1's partner seat 3 is not to act
    expect(legal(s, 0).map((a) => a.type)).toEqual(['advise', 'advise', 'advise']);
  });

  it('the player to act may talk too, and anyone may speak to the whole team', () => {
    const s = start(rulesOf({ players: 4 }), 0, {});
    const t = act(s, 1, { type: 'advise', message: 'I think I will raise' });
    expect(t.events.at(-1)).toEqual({ type: 'advise', seat: 1, message: 'I think I will raise' });
    expect(toAct(t)).toEqual([1]);
  });

  it('in play, a partner who sees the hand is offered "play <card>" for each legal card of the partner; a suggested card travels with the advice', () => {
    let s = passToPlay(start(rulesOf({ players: 4 }), 0, { 1: 'E9 E8 E3 H8 H9', 2: 'EK G3 G4 G5 G6', 3: 'E7 H3 H4 H5 H6', 0: 'S2 E6 E5 E4 GK' }));
    const offers = legal(s, 3);
    expect(offers.map((a) => (a.type === 'advise' ? a.card : -1))).toEqual(sorted(cards('E9 E8 E3 H8 H9')));
    expect(offers[0]).toEqual({ type: 'advise', to: 1, card: card('E9'), message: 'play E9' });
    s = act(s, 3, { type: 'advise', to: 1, card: card('H9'), message: 'lead the Herz' });
    expect(view(s, 2).events.at(-1)).toEqual({ type: 'advise', seat: 3, to: 1, card: card('H9'), message: 'lead the Herz' });
  });

  it('a teammate who does not see the hand (six players, not the leader) is offered only general advice', () => {
    const s = passToPlay(start(rulesOf({ players: 6 }), 5, {}));
    expect(toAct(s)).toEqual([0]);
    expect(legal(s, 2)).toEqual([
      { type: 'advise', to: 0, message: 'take the trick' },
      { type: 'advise', to: 0, message: 'leave the trick' },
    ]);
    // the leader of team 1 is not offered advice for an opponent's decision
    expect(legal(s, 1)).toEqual([]);
  });

  it('bad advice is an error that changes nothing', () => {
    let s = start(rulesOf({ players: 4 }), 0, {});
    rejects(s, 3, { type: 'advise', to: 2, message: 'hi' }, 'badAdvice', /seat 2 is an opponent/);
    rejects(s, 3, { type: 'advise', to: 3, message: 'hi' }, 'badAdvice', /seat 3 is yourself/);
    rejects(s, 3, { type: 'advise', to: 7, message: 'hi' }, 'badAdvice', /seat 7 does not exist/);
    rejects(s, 3, { type: 'advise', message: '   ' }, 'badAdvice', /needs a message/);
    rejects(s, 3, { type: 'advise', message: 'x'.repeat(121) }, 'badAdvice', /at most 120 characters/);
    rejects(s, 3, { type: 'advise', message: 'two\nlines' }, 'badAdvice', /control characters or line breaks/);
    rejects(s, 3, { type: 'advise', message: 'hi', card: 48 }, 'badAdvice', /not a card/);
    s = passToPlay(s);
    const first = toAct(s)[0];
    const c = maskCards(s.hands[first]).find((x) => x !== s.trump * 12 + 6)!;
    s = act(s, first, { type: 'play', card: c });
    rejects(s, 3, { type: 'advise', message: 'that one', card: c }, 'badAdvice', /has already been played/);
    const two = start(rulesOf({ players: 2 }), 0, {});
    rejects(two, 0, { type: 'advise', message: 'hi' }, 'noTeam', /no partner/);
    expect(legal(two, 0)).toEqual([]);
  });

  it('advisers=leader (000 "Beim Spiel zu sechst oder zu acht hat der jeweilige Mannschaftsführer das Recht auf derartige Ratschläge"): only the leaders talk', () => {
    const s = start(rulesOf({ players: 6, advisers: 'leader' }), 5, {});
    rejects(s, 2, { type: 'advise', message: 'raise!' }, 'notLeader', /only the team leaders/);
    expect(act(s, 0, { type: 'advise', message: 'raise!' }).events.at(-1)).toMatchObject({ seat: 0 });
    const four = start(rulesOf({ players: 4, advisers: 'leader' }), 0, {});
    expect(act(four, 2, { type: 'advise', message: 'with four, partners always may' }).events.at(-1)).toMatchObject({ seat: 2 });
  });
});
