import { describe, expect, it } from 'vitest';
import { act, card, passToPlay, playAll, rulesOf, start, rejects } from './testing.js';
import { legal, toAct } from './engine.js';
import type { KarnoeffelAction, KarnoeffelState } from './state.js';

const RAISE: KarnoeffelAction = { type: 'raise' };
const PASS: KarnoeffelAction = { type: 'pass' };
const ACCEPT: KarnoeffelAction = { type: 'accept' };
const REFUSE: KarnoeffelAction = { type: 'refuse' };
const ANNOUNCE: KarnoeffelAction = { type: 'announce' };

/** Four players, dealer seat 0: Vorhand is seat 1, the pairs are (1, 2) and (3, 0); team 0 = seats 0 and 2, team 1 = seats 1 and 3. */
const four = () => start(rulesOf({ players: 4 }), 0, {});

const kinds = (s: KarnoeffelState, seat: number) => legal(s, seat).filter((a) => a.type !== 'advise').map((a) => a.type);

describe('raising during the deal (000 "Kartengeben und Steigern"; 001 "Das Reizen beginnt")', () => {
  it('000 "Der Wert jeder Spielrunde ist zunächst vier Punkte": the round starts at 4; after the first pair Vorhand may raise by 3 or pass', () => {
    const s = four();
    expect(s.value).toBe(4);
    expect(toAct(s)).toEqual([1]);
    expect(kinds(s, 1)).toEqual(['raise', 'pass']);
    expect(kinds(s, 2)).toEqual([]);
  });

  it('000: the other player of the pair answers a raise: accept (the round is worth 7 and the deal goes on), refuse or raise again', () => {
    let s = act(four(), 1, RAISE);
    expect(s.pause).toMatchObject({ stage: 'answer', raiser: 1, bid: 7 });
    expect(toAct(s)).toEqual([2]);
    expect(kinds(s, 2)).toEqual(['accept', 'refuse', 'raise']);
    s = act(s, 2, ACCEPT);
    expect(s.value).toBe(7);
    expect(s.pause).toMatchObject({ a: 3, b: 0, stage: 'first' });
    expect(s.received).toEqual([1, 1, 1, 1]);
  });

  it('000 "die Partei der Vorhand hat die Spielrunde mit vier Punkten gewonnen": a refused raise gives the raisers the value before it; the cards are thrown in', () => {
    const s = act(act(four(), 1, RAISE), 2, REFUSE);
    expect(s.phase).toBe('done');
    expect(toAct(s)).toEqual([]);
    expect(s.outcome).toEqual({
      score: [0, 4, 0, 4],
      winner: 1,
      value: 4,
      by: 'refusal',
      tricks: [0, 0],
      trump: -1,
      points: [0, 4],
      matchOver: false,
    });
  });

  it('000 "so gewinnt die Partei des Gegners die Spielrunde mit sieben Punkten": raise to 7, raised again to 10, refused: the re-raisers score 7', () => {
    let s = act(act(four(), 1, RAISE), 2, RAISE);
    expect(s.pause).toMatchObject({ stage: 'answer', raiser: 2, bid: 10 });
    expect(toAct(s)).toEqual([1]);
    expect(kinds(s, 1)).toEqual(['accept', 'refuse', 'raise']);
    s = act(s, 1, REFUSE);
    expect(s.outcome).toMatchObject({ winner: 0, value: 7, by: 'refusal', score: [7, 0, 7, 0] });
  });

  it('000: raised again and accepted, the round is worth 10', () => {
    const s = act(act(act(four(), 1, RAISE), 2, RAISE), 1, ACCEPT);
    expect(s.value).toBe(10);
    expect(s.pause).toMatchObject({ a: 3, b: 0, stage: 'first' });
  });

  it('000 "Wenn der Vorhandspieler keine Steigerung ansagt …": Vorhand passes, the other may raise; a refusal then gives the dealer\'s side 4', () => {
    let s = act(four(), 1, PASS);
    expect(toAct(s)).toEqual([2]);
    expect(kinds(s, 2)).toEqual(['raise', 'pass']);
    s = act(s, 2, RAISE);
    expect(toAct(s)).toEqual([1]);
    expect(kinds(s, 1)).toEqual(['accept', 'refuse', 'raise']);
    s = act(s, 1, REFUSE);
    expect(s.outcome).toMatchObject({ winner: 0, value: 4 });
  });

  it('both pass: the pause ends and the dealer deals to the next pair', () => {
    const s = act(act(four(), 1, PASS), 2, PASS);
    expect(s.pause).toMatchObject({ a: 3, b: 0, stage: 'first' });
    expect(s.value).toBe(4);
  });

  it('an accepted raise ends the pause: the one who accepted does not get a second turn to raise', () => {
    const s = act(act(four(), 1, RAISE), 2, ACCEPT);
    expect(toAct(s)).toEqual([3]);
  });

  it('000 "und es wird weitergereizt wie vorher": raising goes on in the pauses of the face-down rounds, each raise 3 more', () => {
    let s = four();
    const values: number[] = [];
    while (s.phase === 'deal') {
      const seat = toAct(s)[0];
      if (s.pause!.stage === 'first') s = act(s, seat, RAISE);
      else s = act(s, seat, ACCEPT);
      values.push(s.value);
    }
    expect(values.filter((_, i) => i % 2 === 1)).toEqual([7, 10, 13, 16, 19, 22]);
    expect(s.phase).toBe('play');
  });
});

describe('the match announcement (000 "Kartengeben und Steigern", the last paragraphs)', () => {
  it('000: a side that would win the match with the current value may say so, any member at any time of the deal; then nobody may raise', () => {
    const s = start(rulesOf({ players: 4 }), 0, {}, [38, 0]);
    // Team 0 (seats 0, 2): 38 + 4 = 42 >= 41 — "schon mit dem Basiswert … von vier Punkten"
    expect(legal(s, 0).map((a) => a.type)).toContain('announce');
    expect(legal(s, 2).map((a) => a.type)).toContain('announce');
    expect(legal(s, 1).map((a) => a.type)).not.toContain('announce');
    expect(legal(s, 3).map((a) => a.type)).not.toContain('announce');
    rejects(s, 1, ANNOUNCE, 'cannotAnnounce', /0 points; with the round at 4 that makes 4, short of the target 41/);
    const after = act(s, 0, ANNOUNCE);
    expect(after.announcedBy).toBe(0);
    // No pause needs a word any more: the dealer deals to the end.
    expect(after.phase).toBe('play');
    expect(after.received).toEqual([5, 5, 5, 5]);
    expect(after.value).toBe(4);
    expect(after.events.some((e) => e.type === 'announce' && e.seat === 0 && e.team === 0)).toBe(true);
  });

  it('000 "so ist er nicht dazu verpflichtet, dies seinen Gegnern mitzuteilen": until the announcement the other side may go on raising, and it stands', () => {
    let s = start(rulesOf({ players: 4 }), 0, {}, [38, 0]);
    s = act(s, 1, RAISE); // team 1 raises although team 0 would win the match
    s = act(s, 2, ACCEPT);
    expect(s.value).toBe(7);
    s = act(s, 3, RAISE);
    expect(toAct(s)).toEqual([0]);
    // The announcement while a raise is pending: the raise stays valid and must be answered, but nobody raises again.
    s = act(s, 2, ANNOUNCE);
    expect(toAct(s)).toEqual([0]);
    expect(kinds(s, 0)).toEqual(['accept', 'refuse']);
    rejects(s, 0, RAISE, 'raisingStopped', /announced .*no more raising/);
    s = act(s, 0, ACCEPT);
    expect(s.value).toBe(10);
    expect(s.phase).toBe('play');
  });

  it('a raise can make a side eligible; the other side is not', () => {
    let s = start(rulesOf({ players: 4 }), 0, {}, [30, 20]);
    expect(legal(s, 0).map((a) => a.type)).not.toContain('announce');
    s = act(act(s, 1, RAISE), 2, RAISE); // bid 10, value 7 (raising again accepts the 7)
    s = act(s, 1, ACCEPT); // value 10: 30 + 10 = 40 < 41
    expect(legal(s, 0).map((a) => a.type)).not.toContain('announce');
    s = act(act(s, 3, RAISE), 0, ACCEPT); // value 13: 43 ≥ 41 for team 0; 20 + 13 = 33 for team 1
    expect(legal(s, 2).map((a) => a.type)).toContain('announce');
    expect(legal(s, 1).map((a) => a.type)).not.toContain('announce');
  });

  it('no announcement once the cards are played, and only once', () => {
    let s = start(rulesOf({ players: 4 }), 0, {}, [38, 0]);
    s = act(s, 0, ANNOUNCE);
    rejects(s, 2, ANNOUNCE, 'cannotAnnounce', /cards are being played/);
    let t = start(rulesOf({ players: 4 }), 0, {}, [38, 39]);
    t = act(t, 1, RAISE);
    t = act(t, 0, ANNOUNCE);
    rejects(t, 3, ANNOUNCE, 'cannotAnnounce', /seat 0 has already announced/);
  });
});

describe('bad input during the deal changes nothing', () => {
  it('out of turn, a pass with a raise pending, an accept or refusal with no raise, a card before the play', () => {
    const s = four();
    rejects(s, 3, RAISE, 'notYourTurn', /not your turn: seat 1 may raise or pass/);
    rejects(s, 2, PASS, 'notYourTurn', /seat 1 may raise or pass/);
    rejects(s, 1, ACCEPT, 'noRaisePending', /no raise to accept/);
    rejects(s, 1, REFUSE, 'noRaisePending', /no raise to refuse/);
    rejects(s, 1, { type: 'play', card: s.deck[0] }, 'wrongAction', /still going on/);
    const raised = act(s, 1, RAISE);
    rejects(raised, 2, PASS, 'raisePending', /seat 1 raised to 7: accept, refuse or raise again/);
    rejects(raised, 1, ACCEPT, 'notYourTurn', /seat 2 must answer the raise to 7/);
    rejects(s, 9, PASS, 'badSeat', /seat 9 does not exist/);
    rejects(s, 1, { type: 'fold' } as unknown as KarnoeffelAction, 'badAction', /unknown action type "fold"/);
  });

  it('a raise, pass or accept once the cards are played is an error', () => {
    const s = passToPlay(four());
    rejects(s, 1, RAISE, 'wrongAction', /no raise now: the deal is done/);
    rejects(s, 1, ACCEPT, 'wrongAction', /no accept now/);
  });
});

describe('play (000 "Spieldurchführung")', () => {
  it('000 "Die Vorhand spielt zum ersten Stich aus, wer einen Stich gewonnen hat, spielt zum nächsten Stich aus"', () => {
    const rules = rulesOf({ players: 4 });
    // Trump Schellen (S2 lowest face up).
    let s = passToPlay(start(rules, 0, { 1: 'E9 E8 E3 H8 H9', 2: 'EK G3 G4 G5 G6', 3: 'E7 H3 H4 H5 H6', 0: 'S2 E6 E5 E4 GK' }));
    expect(s.turn).toBe(1);
    rejects(s, 2, { type: 'play', card: card('EK') }, 'notYourTurn', /seat 1 is to play/);
    s = playAll(s, 'E9 EK E7 E6');
    expect(s.tricks[0]).toEqual({ leader: 1, cards: [card('E9'), card('EK'), card('E7'), card('E6')], winner: 2 });
    expect(s.turn).toBe(2);
    expect(s.won).toEqual([1, 0]);
  });

  it('000 "Das Spiel endet, sobald eine der beiden Seiten drei Stiche gewonnen hat": the round ends at the third trick of a side, worth the round\'s value', () => {
    const rules = rulesOf({ players: 2 });
    // Trump Eichel. Seat 0 holds Karnöffel, Papst, Kaiser: three sure tricks.
    let s = passToPlay(start(rules, 1, { 0: 'E2 EU E6 S3 S4', 1: 'H2 HK GK SK SO' }));
    s = playAll(s, 'EU HK E6 GK E2 SK');
    expect(s.phase).toBe('done');
    expect(s.tricks).toHaveLength(3);
    expect(s.outcome).toEqual({ score: [4, 0], winner: 0, value: 4, by: 'tricks', tricks: [3, 0], trump: 0, points: [4, 0], matchOver: false });
    rejects(s, 0, { type: 'play', card: card('S3') }, 'dealOver', /the deal is over/);
  });

  it('a card not in hand is an error', () => {
    const s = passToPlay(start(rulesOf({ players: 2 }), 1, { 0: 'E2 EU E6 S3 S4', 1: 'H2 HK GK SK SO' }));
    rejects(s, 0, { type: 'play', card: card('HK') }, 'notInHand', /HK is not in your hand/);
    rejects(s, 0, { type: 'play', card: 99 }, 'badCard', /99 is not a card/);
  });

  it('the points of the round go to every member of the winning side; the match score comes out of the carry', () => {
    const rules = rulesOf({ players: 4 });
    let s = start(rules, 0, { 1: 'S2 SU S6 E3 E4', 2: 'H9 H3 H4 H5 H6', 3: 'G9 G3 G4 G5 G6', 0: 'E9 E8 E5 H8 HZ' }, [30, 35]);
    s = act(act(s, 1, RAISE), 2, ACCEPT); // 7
    s = passToPlay(s);
    // Schellen trump: seat 1 holds Kaiser, Karnöffel, Papst.
    s = playAll(s, 'SU H9 G9 E9');
    s = playAll(s, 'S6 H3 G3 E8');
    s = playAll(s, 'S2 H4 G4 E5');
    expect(s.outcome).toMatchObject({ winner: 1, value: 7, score: [0, 7, 0, 7], points: [30, 42], matchOver: true });
  });
});
