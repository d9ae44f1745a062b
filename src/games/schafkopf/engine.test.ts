import { describe, expect, it } from 'vitest';
import { SCHAFKOPF_24, SCHAFKOPF_32 } from '../../cards/pack.js';
import { formatAction, parseAction, sameAction, type SchafkopfAction } from './notation.js';
import { schafkopf } from './game.js';
import type { SchafkopfRules } from './rules.js';
import type { SchafkopfState } from './state.js';
import { act, card, deal, handCodes, play, rulesOf } from './testing.js';

// Deal A (see legal.test.ts): seat 0 calls the Gras-Sau, seat 2 holds it; 3 Laufende for the players.
const A = ['EO GO HO EU HA HZ G9 S7', 'SO GU HK H9 EA EZ S9 S8', 'GA GZ GK SU H8 EK E9 E8', 'HU H7 SA SZ SK E7 G8 G7'];
const A_PLAY = ['EO H9 H8 H7', 'GO HK SU HU', 'HO SO GZ G7', 'EU GU GK G8', 'HA S8 E8 E7', 'HZ S9 E9 SK', 'S7 EZ EK SA', 'SZ G9 EA GA'];
// Deal H (see scoring.test.ts): Herz-Solo of seat 0, Schneider, 4 Laufende: 100 from each opponent.
const H = ['EO GO HO SO HA HZ HK E7', 'EU GU H9 EZ EK E9 GA GZ', 'HU SU H8 E8 EA GK G9 G8', 'H7 SA SZ SK S9 S8 S7 G7'];
const H_PLAY = ['EO H9 H8 H7', 'GO GU SU S7', 'HO EU HU S8', 'SO EZ E8 SA', 'HA GZ G8 SZ', 'HZ GA G9 SK', 'HK E9 GK G7', 'E7 EK EA S9'];

const AK = rulesOf();
const words = (s: SchafkopfState, seat = s.turn) => schafkopf.legal(s, seat).map((a) => schafkopf.formatAction(s.rules, a));
const finish = (s: SchafkopfState, tricks: string[]) => tricks.reduce((x, t) => play(x, t.split(' ').join(',')), s);

/** The action is refused with this code and message, and the state is exactly as before. */
function refused(state: SchafkopfState, seat: number, action: SchafkopfAction | string, code: string, message?: string | RegExp): void {
  const before = JSON.stringify(state);
  const clone = structuredClone(state);
  const a = typeof action === 'string' ? act(state, action) : action;
  const r = schafkopf.apply(state, seat, a);
  expect(r.ok, JSON.stringify(a)).toBe(false);
  if (!r.ok) {
    expect(r.error.code).toBe(code);
    if (typeof message === 'string') expect(r.error.message).toBe(message);
    else if (message) expect(r.error.message).toMatch(message);
  }
  expect(JSON.stringify(state)).toBe(before);
  expect(state).toEqual(clone);
}

describe('Stoß and Re (002 6.4.4, house rules stoss and stossDepth)', () => {
  const rufspiel = (rules: SchafkopfRules = AK) => play(deal(rules, A), 'rufspiel G, weiter, weiter, weiter');

  it('002 6.4.4: before the first card every non-declarer is asked in turn; nobody gives Stoß, nothing doubles', () => {
    let s = rufspiel();
    expect(s.phase).toBe('stoss');
    expect(s.stossAsk).toEqual([1, 2, 3]);
    expect(words(s)).toEqual(['weiter', 'stoss']);
    refused(s, 0, 'stoss', 'notYourTurn', "it is seat 1's turn to give Stoß or pass, not seat 0's");
    s = play(s, 'weiter, weiter, weiter');
    expect(s.phase).toBe('play');
    expect(s.turn).toBe(0);
    expect(schafkopf.outcome(finish(s, A_PLAY))!.score).toEqual([40, -40, 40, -40]);
  });

  it('002 6.4.4: a Stoß doubles, the answer (Re, "Zruck") doubles again', () => {
    let s = play(rufspiel(), 'stoss');
    expect(s.stoss).toEqual([1]);
    // The declaring side answers; in a Rufspiel every seat that might be the partner is asked, so nobody learns who is.
    expect(s.stossAsk).toEqual([0, 2, 3]);
    expect(s.turn).toBe(0);
    expect(words(s)).toEqual(['weiter', 'stoss']);
    s = play(s, 'stoss');
    expect(s.stoss).toEqual([1, 0]);
    // stossDepth 2 (default): no further answers.
    expect(s.phase).toBe('play');
    const o = schafkopf.outcome(finish(s, A_PLAY))!;
    expect(o.multiplier).toBe(4);
    expect(o.score).toEqual([160, -160, 160, -160]);
  });

  it('002 6.4.4: the partner of a Rufspiel may not give Stoß (he is asked like everyone, but may only pass)', () => {
    let s = play(rufspiel(), 'weiter');
    expect(s.turn).toBe(2);
    expect(words(s)).toEqual(['weiter']);
    refused(s, 2, 'stoss', 'illegalStoss', 'only an opponent of the declaring party may give Stoß (002 6.4.4)');
    s = play(s, 'weiter', 'stoss');
    expect(s.stoss).toEqual([3]);
    expect(s.stossAsk).toEqual([0, 1, 2]);
  });

  it('002 6.4.4: the partner may answer the Stoß, and so makes himself known; an opponent may not answer', () => {
    let s = play(rufspiel(), 'stoss', 'weiter');
    expect(s.turn).toBe(2);
    expect(schafkopf.view(s, 1).partner).toBeNull();
    expect(schafkopf.view(s, 0).partner).toBeNull();
    expect(schafkopf.view(s, 2).partner).toBe(2);
    s = play(s, 'stoss');
    expect(s.stoss).toEqual([1, 2]);
    for (const seat of [0, 1, 2, 3]) expect(schafkopf.view(s, seat).partner).toBe(2);
    let t = play(rufspiel(), 'stoss', 'weiter', 'weiter');
    expect(t.turn).toBe(3);
    expect(words(t)).toEqual(['weiter']);
    refused(t, 3, 'stoss', 'illegalStoss', 'only the declarer or the partner may answer the Stoß (002 6.4.4)');
    t = play(t, 'weiter');
    expect(t.phase).toBe('play');
    expect(t.stoss).toEqual([1]);
    expect(schafkopf.outcome(finish(t, A_PLAY))!.score).toEqual([80, -80, 80, -80]);
  });

  it('002 6.4.4 "je nach Vereinbarung verlängert" (stossDepth=3): the opponents may answer the Re once more', () => {
    let s = play(rufspiel(rulesOf('aumer-koller', { stossDepth: 3 })), 'stoss', 'stoss');
    expect(s.phase).toBe('stoss');
    expect(s.stossAsk).toEqual([1, 2, 3]);
    s = play(s, 'weiter');
    expect(words(s)).toEqual(['weiter']); // seat 2 is the partner
    s = play(s, 'weiter', 'stoss');
    expect(s.stoss).toEqual([1, 0, 3]);
    expect(s.phase).toBe('play');
    expect(schafkopf.outcome(finish(s, A_PLAY))!.score).toEqual([320, -320, 320, -320]);
  });

  it('002 6.4.4 (stossDepth=1): only the Stoß, no answer', () => {
    const s = play(rufspiel(rulesOf('aumer-koller', { stossDepth: 1 })), 'stoss');
    expect(s.phase).toBe('play');
    expect(schafkopf.outcome(finish(s, A_PLAY))!.score).toEqual([80, -80, 80, -80]);
  });

  it('002 6.4.4: in a Solo only the declarer answers', () => {
    let s = play(deal(AK, H), 'solo H, weiter, weiter, weiter');
    expect(s.stossAsk).toEqual([1, 2, 3]);
    s = play(s, 'weiter', 'stoss');
    expect(s.stossAsk).toEqual([0]);
    s = play(s, 'stoss');
    expect(schafkopf.outcome(finish(s, H_PLAY))!.score).toEqual([1200, -400, -400, -400]);
  });

  it('002 6.4.4 "nur gestoßen werden, wenn man noch 8 Karten hat": no Stoß once the first card is played', () => {
    let s = play(rufspiel(), 'weiter, weiter, weiter');
    refused(s, 0, 'stoss', 'wrongAction', 'now is the time to play a card');
    s = play(s, 'EO');
    refused(s, 1, 'stoss', 'wrongAction', 'now is the time to play a card');
  });

  it('002 6.4.4 (stoss=off): no Stoß round at all; a Ramsch has none either', () => {
    const s = play(deal(rulesOf('aumer-koller', { stoss: false }), A), 'rufspiel G, weiter, weiter, weiter');
    expect(s.phase).toBe('play');
    const r = play(deal(AK, A), 'weiter, weiter, weiter, weiter');
    expect(r.contract?.kind).toBe('ramsch');
    expect(r.phase).toBe('play');
  });

  it('002 6.4.3, 6.4.4, NOTES.md Klopfen: Klopfen, Stoß, Re and Bock multiply together', () => {
    let s = deal(rulesOf('aumer-koller', { klopfen: true }), A, 3, { stock: 0, bock: 1 });
    s = play(s, 'klopfen, weiter, klopfen, weiter', 'rufspiel G, weiter, weiter, weiter', 'stoss, stoss');
    const o = schafkopf.outcome(finish(s, A_PLAY))!;
    expect(o.multiplier).toBe(32);
    expect(o.score).toEqual([1280, -1280, 1280, -1280]);
  });
});

describe('bad input says what and where, and changes nothing (ARCHITECTURE.md "One interface"; issue 2)', () => {
  it('an action out of turn, in every phase', () => {
    let s = deal(rulesOf('aumer-koller', { klopfen: true, allPass: 'mussspiel' }), A);
    refused(s, 1, 'klopfen', 'notYourTurn', "it is seat 0's turn to knock or pass, not seat 1's");
    s = play(s, 'weiter, weiter, weiter, weiter');
    refused(s, 3, 'weiter', 'notYourTurn', "it is seat 0's turn to bid, not seat 3's");
    s = play(s, 'weiter, weiter, weiter, weiter');
    expect(s.phase).toBe('mussspiel');
    refused(s, 1, 'solo E', 'notYourTurn', "it is seat 0's turn to choose the Mussspiel, not seat 1's");
    s = play(s, 'solo H');
    refused(s, 0, 'stoss', 'notYourTurn', "it is seat 1's turn to give Stoß or pass, not seat 0's");
    s = play(s, 'weiter, weiter, weiter');
    refused(s, 2, 'S7', 'notYourTurn', "it is seat 0's turn to play, not seat 2's");
  });

  it('a card not in the hand; a card that is not a card', () => {
    const s = play(deal(AK, A), 'rufspiel G, weiter, weiter, weiter', 'weiter, weiter, weiter');
    refused(s, 0, 'EA', 'notInHand', 'you do not hold EA');
    refused(s, 0, { type: 'play', card: 32 }, 'badCard', 'card 32 is not in the pack');
    refused(s, 0, { type: 'play', card: -1 }, 'badCard', 'card -1 is not in the pack');
    refused(s, 0, { type: 'play', card: 1.5 }, 'badCard', 'card 1.5 is not in the pack');
    refused(s, 0, { type: 'play', card: 'EO' } as unknown as SchafkopfAction, 'badCard');
    const short = deal(rulesOf('aumer-koller', { kurzeKarte: true, stoss: false }), ['EO GO HO SO HA HZ', 'E9 EZ GU HU SU GZ', 'EA GA HK H9 G9 S9', 'EK EU GK SA SZ SK']);
    const t = play(short, 'solo H, weiter, weiter, weiter');
    refused(t, 0, { type: 'play', card: 24 }, 'badCard', 'card 24 is not in the pack');
  });

  it('an illegal card says which rule it breaks', () => {
    let s = play(deal(AK, A), 'rufspiel G, weiter, weiter, weiter', 'weiter, weiter, weiter', 'S7');
    refused(s, 1, 'EA', 'mustFollow', 'EA: you must follow the suit led (002 5.4)');
    s = play(s, 'S8');
    refused(s, 2, 'GA', 'keepSau', 'GA: the called Sau may not be thrown off before its suit has been led, except in the last trick');
  });

  it('an action of the wrong phase', () => {
    let s = deal(AK, A);
    refused(s, 0, 'stoss', 'wrongAction', 'now is the time to bid: say weiter or announce a game');
    refused(s, 0, 'EO', 'wrongAction', 'now is the time to bid: say weiter or announce a game');
    s = play(s, 'rufspiel G, weiter, weiter, weiter');
    refused(s, 1, 'solo E', 'wrongAction', 'now is the time to give Stoß or say weiter');
    refused(s, 1, 'GU', 'wrongAction', 'now is the time to give Stoß or say weiter');
    s = play(s, 'weiter, weiter, weiter');
    refused(s, 0, 'weiter', 'wrongAction', 'now is the time to play a card');
    refused(s, 0, 'wenz', 'wrongAction', 'now is the time to play a card');
    const done = finish(s, A_PLAY);
    refused(done, 0, 'weiter', 'dealOver', 'the deal is over');
    expect(schafkopf.legal(done, 0)).toEqual([]);
    expect(schafkopf.toAct(done)).toEqual([]);
  });

  it('an illegal bid or call', () => {
    const s = deal(AK, A);
    refused(s, 0, 'rufspiel E', 'illegalBid', 'Rufspiel auf die Eichel-Sau: you must hold a card of the called suit that is not trump (002 5.3.1.1)');
    refused(s, 0, 'rufspiel H', 'illegalBid', 'Rufspiel auf die Herz-Sau: the Herz-Sau cannot be called: Herz is trump (002 5.3.1.1)');
    refused(s, 0, 'sie', 'illegalBid', 'Sie: a Sie needs all four Ober and all four Unter');
    const t = play(s, 'solo S');
    refused(t, 1, 'solo E', 'illegalBid', /^Eichel-Solo does not outrank Schellen-Solo/);
    refused(t, 1, 'rufspiel E', 'illegalBid', /^Rufspiel auf die Eichel-Sau: you hold the Eichel-Sau yourself/);
  });

  it('a seat that does not exist; something that is not an action', () => {
    const s = deal(AK, A);
    refused(s, 4, 'weiter', 'badSeat', 'seat 4 does not exist (0..3)');
    refused(s, -1, 'weiter', 'badSeat', 'seat -1 does not exist (0..3)');
    refused(s, 0, null as unknown as SchafkopfAction, 'badAction', 'not an action');
    const before = JSON.stringify(s);
    expect(schafkopf.apply(s, 0, 'weiter' as unknown as SchafkopfAction)).toEqual({ ok: false, error: { code: 'badAction', message: 'not an action' } });
    expect(JSON.stringify(s)).toBe(before);
  });

  it('a bid whose game is malformed is refused as bad input, never thrown, and a bid cannot smuggle fields into the contract', () => {
    const s = deal(AK, A);
    const bad = (game: unknown) => ({ type: 'bid', game }) as unknown as SchafkopfAction;
    refused(s, 0, { type: 'bid' } as unknown as SchafkopfAction, 'badAction', /needs a game/);
    refused(s, 0, bad(null), 'badAction', /needs a game/);
    refused(s, 0, bad({ kind: 'skat' }), 'badAction', /unknown game "skat"/);
    refused(s, 0, bad({ kind: 'rufspiel', suit: 7 }), 'badAction', /needs a suit/);
    refused(s, 0, bad({ kind: 'solo' }), 'badAction', /needs a suit/);
    refused(s, 0, bad({ kind: 'wenz', suit: 1 }), 'badAction', /takes no suit/);
    refused(s, 0, bad({ kind: 'solo', suit: 1, tout: 'yes' }), 'badAction', /tout/);
    refused(s, 0, bad({ kind: 'rufspiel', suit: 1, tout: true }), 'badAction', /cannot be played tout/);
    refused(s, 0, { type: 'shuffle' } as unknown as SchafkopfAction, 'badAction', /unknown action/);
    // Extra fields are dropped: a "mussspiel" smuggled into an ordinary Solo does not make 60 win.
    const r = schafkopf.apply(s, 0, bad({ kind: 'solo', suit: 2, mussspiel: true, declarer: 3 }));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const t = play(r.value, 'weiter, weiter, weiter');
    expect(t.contract).toEqual({ kind: 'solo', suit: 2, declarer: 0 });
    expect(t.events[0]).toEqual({ type: 'bid', seat: 0, game: { kind: 'solo', suit: 2 } });
  });
});

describe('views (ARCHITECTURE.md: exactly what the seat may know)', () => {
  it('a view holds the seat’s own hand and nothing of the other hands', () => {
    let s = play(deal(AK, A), 'rufspiel G, weiter, weiter, weiter', 'weiter, weiter, weiter', 'EO, H9');
    for (let seat = 0; seat < 4; seat++) {
      const v = schafkopf.view(s, seat);
      expect(v.seat).toBe(seat);
      expect(v.hand.map((c) => schafkopf.formatAction(s.rules, { type: 'play', card: c })).sort()).toEqual(handCodes(s, seat));
      expect(v.handSizes).toEqual([7, 7, 8, 8]);
      const text = JSON.stringify({ ...v, hand: [] });
      expect(text).not.toMatch(/dealt|hands|firstHalf|stossAsk/);
    }
    s = finish(play(s, 'H8, H7'), A_PLAY.slice(1));
    expect(schafkopf.view(s, 1).outcome?.score).toEqual([40, -40, 40, -40]);
  });

  it('002 5.3.1.2: the partner of a Rufspiel is known to others only once the called Sau falls', () => {
    let s = play(deal(AK, A), 'rufspiel G, weiter, weiter, weiter', 'weiter, weiter, weiter');
    expect([0, 1, 2, 3].map((seat) => schafkopf.view(s, seat).partner)).toEqual([null, null, 2, null]);
    s = play(s, 'G9, S8');
    expect([0, 1, 3].map((seat) => schafkopf.view(s, seat).partner)).toEqual([null, null, null]);
    s = play(s, 'GA');
    expect([0, 1, 2, 3].map((seat) => schafkopf.view(s, seat).partner)).toEqual([2, 2, 2, 2]);
  });

  it('the view of the seat to act offers exactly the legal actions the seat can compute from it', () => {
    const s = play(deal(AK, A), 'rufspiel G, weiter, weiter, weiter', 'weiter, weiter, weiter');
    const v = schafkopf.view(s, 0);
    expect(v.toAct).toEqual([0]);
    expect(v.phase).toBe('play');
    expect(v.contract).toEqual({ kind: 'rufspiel', suit: 1, declarer: 0 });
    expect(schafkopf.view(s, 1).toAct).toEqual([0]);
    expect(schafkopf.legal(s, 1)).toEqual([]);
  });
});

describe('notation (ARCHITECTURE.md: actions as text, as records keep them)', () => {
  it('formats and reads every kind of action', () => {
    const cases: [SchafkopfAction, string][] = [
      [{ type: 'klopfen' }, 'klopfen'],
      [{ type: 'weiter' }, 'weiter'],
      [{ type: 'stoss' }, 'stoss'],
      [{ type: 'bid', game: { kind: 'rufspiel', suit: 1 } }, 'rufspiel G'],
      [{ type: 'bid', game: { kind: 'solo', suit: 2, tout: true } }, 'solo-tout H'],
      [{ type: 'bid', game: { kind: 'wenz' } }, 'wenz'],
      [{ type: 'bid', game: { kind: 'wenz', tout: true } }, 'wenz-tout'],
      [{ type: 'bid', game: { kind: 'farbwenz', suit: 3 } }, 'farbwenz S'],
      [{ type: 'bid', game: { kind: 'geier', tout: true } }, 'geier-tout'],
      [{ type: 'bid', game: { kind: 'farbgeier', suit: 0 } }, 'farbgeier E'],
      [{ type: 'bid', game: { kind: 'bettel' } }, 'bettel'],
      [{ type: 'bid', game: { kind: 'sie' } }, 'sie'],
      [{ type: 'play', card: 0 }, 'EA'],
      [{ type: 'play', card: 31 }, 'S7'],
    ];
    for (const [action, text] of cases) {
      expect(formatAction(SCHAFKOPF_32, action)).toBe(text);
      const back = parseAction(SCHAFKOPF_32, text);
      expect(back.ok && sameAction(back.value, action), text).toBe(true);
      expect(back).toEqual({ ok: true, value: action });
    }
  });

  it('reads the table words and aliases', () => {
    const read = (t: string) => parseAction(SCHAFKOPF_32, t);
    expect(read('weida')).toEqual({ ok: true, value: { type: 'weiter' } });
    expect(read('Pass')).toEqual({ ok: true, value: { type: 'weiter' } });
    expect(read('legen')).toEqual({ ok: true, value: { type: 'klopfen' } });
    for (const w of ['kontra', 're', 'zruck', 'Stoß']) expect(read(w)).toEqual({ ok: true, value: { type: 'stoss' } });
    expect(read('rufspiel auf die Gras-Sau'.replace('-', ' '))).toEqual({ ok: true, value: { type: 'bid', game: { kind: 'rufspiel', suit: 1 } } });
    expect(read('solo tout herz')).toEqual({ ok: true, value: { type: 'bid', game: { kind: 'solo', suit: 2, tout: true } } });
    expect(read('play ga')).toEqual({ ok: true, value: { type: 'play', card: 8 } });
    expect(read(' eo ')).toEqual({ ok: true, value: { type: 'play', card: 3 } });
  });

  it('an unknown card code, an unknown word or a game without its suit is an error that names it', () => {
    const read = (t: string, pack = SCHAFKOPF_32) => parseAction(pack, t);
    expect(read('XA')).toEqual({ ok: false, error: { code: 'badCard', message: '"XA": unknown suit "X" (suits are E Eichel, G Gras, H Herz, S Schellen)' } });
    expect(read('E1')).toEqual({ ok: false, error: { code: 'badCard', message: '"E1": unknown rank "1" (ranks are A Z K O U 9 8 7 6 5 4 3 2)' } });
    expect(read('E8', SCHAFKOPF_24)).toEqual({ ok: false, error: { code: 'badCard', message: '"E8": the schafkopf-24 pack has no rank "8" (it has A Z K O U 9)' } });
    expect(read('')).toEqual({ ok: false, error: { code: 'badAction', message: 'empty action' } });
    const unknown = read('grand hand');
    expect(unknown.ok).toBe(false);
    if (!unknown.ok) expect(unknown.error.message).toMatch(/^"grand hand" is not a Schafkopf action/);
    expect(read('solo')).toEqual({ ok: false, error: { code: 'badAction', message: 'name the suit: "solo E", G, H or S' } });
    expect(read('rufspiel X')).toEqual({ ok: false, error: { code: 'badAction', message: '"x" is not a suit (E Eichel, G Gras, H Herz, S Schellen)' } });
    expect(read('wenz G')).toEqual({ ok: false, error: { code: 'badAction', message: 'a wenz takes no suit' } });
    expect(read('rufspiel-tout G')).toEqual({ ok: false, error: { code: 'badAction', message: 'a rufspiel cannot be played tout' } });
    expect(read('bettel-tout')).toEqual({ ok: false, error: { code: 'badAction', message: 'a bettel cannot be played tout' } });
  });

  it('card ids in the notation match the deal helper', () => {
    const s = deal(AK, A);
    expect(card(s, 'EA')).toBe(0);
    expect(card(s, 'S7')).toBe(31);
  });
});
