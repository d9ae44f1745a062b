import { describe, expect, it } from 'vitest';
import { formatMask } from '../../cards/notation.js';
import { SCHAFKOPF_24, SCHAFKOPF_32 } from '../../cards/pack.js';
import { announceableGames, cannotAnnounce, gameRank } from './bidding.js';
import { formatChoice, type GameChoice } from './contract.js';
import { schafkopf } from './game.js';
import type { SchafkopfRules } from './rules.js';
import type { SchafkopfState } from './state.js';
import { act, deal, deckFor, handCodes, play, rulesOf } from './testing.js';

// Deal P (dealer seat 3, so seat 0 is Vorhand). Who may call what:
// seat 0: Eichel (holds EZ EK E9, not EA); seat 1: nothing (no plain Eichel or Gras, holds SA);
// seat 2: Eichel or Gras; seat 3: Gras or Schelln (holds EA). Seat 1 holds the Eichel-Ober.
const P = ['GA EZ EK E9 HA HZ HK H9', 'EO GO HO SO HU H8 SA S9', 'EU GU SU GZ GK G9 E8 E7', 'EA H7 SZ SK S8 S7 G8 G7'];
// Deal Q: seat 0 holds all three callable Saue (gesperrt), seat 1 a Sie.
const Q = ['EA GA SA EZ GZ SZ HA HZ', 'EO GO HO SO EU GU HU SU', 'EK E9 E8 E7 GK G9 G8 G7', 'HK H9 H8 H7 SK S9 S8 S7'];

const AK = rulesOf();
const bidWords = (s: SchafkopfState, seat = s.turn) => schafkopf.legal(s, seat).map((a) => schafkopf.formatAction(s.rules, a));

function expectRejected(state: SchafkopfState, seat: number, text: string, code: string, message: string | RegExp): void {
  const before = JSON.stringify(state);
  const r = schafkopf.apply(state, seat, act(state, text));
  expect(r.ok).toBe(false);
  if (!r.ok) {
    expect(r.error.code).toBe(code);
    if (typeof message === 'string') expect(r.error.message).toBe(message);
    else expect(r.error.message).toMatch(message);
  }
  expect(JSON.stringify(state)).toBe(before);
}

describe('the deal (002 3.4)', () => {
  it('002 3.4: 2 x 4 cards to each seat, clockwise from Vorhand, the left neighbour of the dealer', () => {
    const deck = SCHAFKOPF_32.cards.slice();
    const s = schafkopf.setup(AK, { dealer: 2, deck, carry: { stock: 0, bock: 0 } });
    expect(s.ok).toBe(true);
    if (!s.ok) return;
    const codes = (m: number) => formatMask(SCHAFKOPF_32, m);
    // Vorhand is seat 3: cards 0-3 and 16-19; then seat 0 (4-7, 20-23), seat 1, and the dealer, seat 2.
    // The pack in order: EA EZ EK EO EU E9 E8 E7 GA … S7.
    expect(s.value.dealt.map(codes)).toEqual(['EU E9 E8 E7 HU H9 H8 H7', 'GA GZ GK GO SA SZ SK SO', 'GU G9 G8 G7 SU S9 S8 S7', 'EA EZ EK EO HA HZ HK HO']);
    expect(s.value.firstHalf.map(codes)).toEqual(['EU E9 E8 E7', 'GA GZ GK GO', 'GU G9 G8 G7', 'EA EZ EK EO']);
    expect(s.value.turn).toBe(3);
    expect(s.value.phase).toBe('bidding');
  });

  it('NOTES.md Schafkopf (kurzeKarte): the kurze Karte has 24 cards, without 8 and 7, dealt 2 x 3', () => {
    const rules = rulesOf('aumer-koller', { kurzeKarte: true });
    expect(schafkopf.pack(rules)).toBe(SCHAFKOPF_24);
    const s = schafkopf.setup(rules, { dealer: 3, deck: SCHAFKOPF_24.cards.slice(), carry: { stock: 0, bock: 0 } });
    expect(s.ok).toBe(true);
    if (!s.ok) return;
    expect(s.value.dealt.map((m) => formatMask(SCHAFKOPF_24, m))).toEqual(['EA EZ EK HA HZ HK', 'EO EU E9 HO HU H9', 'GA GZ GK SA SZ SK', 'GO GU G9 SO SU S9']);
    // A 32-card deck does not fit the kurze Karte.
    const bad = schafkopf.setup(rules, { dealer: 3, deck: SCHAFKOPF_32.cards.slice(), carry: { stock: 0, bock: 0 } });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.error).toEqual({ code: 'badDeal', message: 'the deck must hold each of the 24 cards of the schafkopf-24 pack exactly once' });
  });

  it('002 3.4: a deck that is not the whole pack once, a dealer who is no seat, or a bad carry is refused', () => {
    const deck = SCHAFKOPF_32.cards.slice();
    const dup = [...deck.slice(0, 31), 0];
    expect(schafkopf.setup(AK, { dealer: 0, deck: dup, carry: { stock: 0, bock: 0 } })).toEqual({
      ok: false,
      error: { code: 'badDeal', message: 'the deck must hold each of the 32 cards of the schafkopf-32 pack exactly once' },
    });
    expect(schafkopf.setup(AK, { dealer: 4, deck, carry: { stock: 0, bock: 0 } })).toEqual({ ok: false, error: { code: 'badDeal', message: 'dealer 4 is not a seat (0..3)' } });
    const carry = schafkopf.setup(AK, { dealer: 0, deck, carry: { stock: -10, bock: 0 } });
    expect(carry.ok).toBe(false);
    if (!carry.ok) expect(carry.error.code).toBe('badDeal');
  });

  it('002 3.4: whoever deals, the helper\'s deck gives each seat its hand (first halves from Vorhand, then second halves)', () => {
    for (const dealer of [0, 1, 2, 3]) {
      const s = deal(AK, P, dealer);
      for (let seat = 0; seat < 4; seat++) expect(handCodes(s, seat)).toEqual(P[seat].split(' ').sort());
      expect(s.turn).toBe((dealer + 1) % 4);
    }
    // Dealer 3: the first four cards of the deck are Vorhand's (seat 0) first four.
    expect(formatMask(SCHAFKOPF_32, deckFor(AK, P, 3).slice(0, 4).reduce((m, c) => m | (1 << c), 0))).toBe('EZ EK E9 GA');
  });
});

describe('the bidding (002 5.1, 5.2)', () => {
  it('002 5.1: each seat in turn from Vorhand says weiter or announces a game; the dealer speaks last', () => {
    let s = deal(AK, P, 1); // Vorhand is seat 2
    const turns: number[] = [];
    for (let i = 0; i < 4; i++) {
      turns.push(s.turn);
      expectRejected(s, (s.turn + 1) % 4, 'weiter', 'notYourTurn', `it is seat ${s.turn}'s turn to bid, not seat ${(s.turn + 1) % 4}'s`);
      s = play(s, 'weiter');
    }
    expect(turns).toEqual([2, 3, 0, 1]);
    expect(s.bids.map((b) => b.seat)).toEqual([2, 3, 0, 1]);
  });

  it('002 5.2, 5.3: Rufspiel < Wenz < Solo < Wenz-Tout < Solo-Tout, the Sie above all (aumer-koller)', () => {
    const order: GameChoice[] = [{ kind: 'rufspiel', suit: 0 }, { kind: 'wenz' }, { kind: 'solo', suit: 0 }, { kind: 'wenz', tout: true }, { kind: 'solo', suit: 0, tout: true }, { kind: 'sie' }];
    const ranks = order.map((g) => gameRank(AK, g));
    for (let i = 1; i < ranks.length; i++) expect(ranks[i], formatChoice(order[i])).toBeGreaterThan(ranks[i - 1]);
    // Every suit of Solo ranks alike except Herz (next test).
    expect(gameRank(AK, { kind: 'solo', suit: 1 })).toBe(gameRank(AK, { kind: 'solo', suit: 3 }));
  });

  it('002 5.2: a later seat must announce a stronger game; the strongest wins the bidding', () => {
    let s = play(deal(AK, P), 'rufspiel E');
    expect(bidWords(s)).not.toContain('rufspiel E');
    expectRejected(s, 1, 'rufspiel S', 'illegalBid', 'Rufspiel auf die Schellen-Sau: you hold the Schellen-Sau yourself: call a Sau you do not hold (002 5.3.1.1)');
    s = play(s, 'wenz');
    expectRejected(
      s,
      2,
      'rufspiel G',
      'illegalBid',
      'Rufspiel auf die Gras-Sau does not outrank Wenz, and on equal games the earlier seat keeps the game (002 5.2): announce a higher game or say weiter',
    );
    expect(bidWords(s).sort()).toEqual(['solo E', 'solo G', 'solo H', 'solo S', 'solo-tout E', 'solo-tout G', 'solo-tout H', 'solo-tout S', 'weiter', 'wenz-tout']);
    s = play(s, 'solo G');
    expect(bidWords(s).sort()).toEqual(['solo H', 'solo-tout E', 'solo-tout G', 'solo-tout H', 'solo-tout S', 'weiter', 'wenz-tout']);
    s = play(s, 'wenz-tout');
    expect(s.contract).toEqual({ kind: 'wenz', tout: true, declarer: 3 });
    expect(s.phase).toBe('stoss');
  });

  it('002 5.2: between equal games the seat nearer the dealer’s left (the earlier one) keeps the game', () => {
    let s = play(deal(AK, P), 'solo G');
    expectRejected(s, 1, 'solo E', 'illegalBid', /^Eichel-Solo does not outrank Gras-Solo, and on equal games the earlier seat keeps the game \(002 5\.2\)/);
    expectRejected(s, 1, 'solo S', 'illegalBid', /does not outrank/);
    s = play(s, 'weiter', 'weiter', 'weiter');
    expect(s.contract).toEqual({ kind: 'solo', suit: 1, declarer: 0 });
    // Two Wenz: the first keeps it.
    let w = play(deal(AK, P), 'weiter', 'wenz');
    expectRejected(w, 2, 'wenz', 'illegalBid', /^Wenz does not outrank Wenz/);
    w = play(w, 'weiter', 'weiter');
    expect(w.contract).toEqual({ kind: 'wenz', declarer: 1 });
  });

  it('002 5.3.3 (herzSoloFirst, on in aumer-koller): the Herz-Solo outranks the other Soli, the Herz-Solo tout the other touts', () => {
    expect(AK.herzSoloFirst).toBe(true);
    let s = play(deal(AK, P), 'solo G', 'solo H');
    expect(s.turn).toBe(2);
    s = play(s, 'solo-tout E', 'solo-tout H');
    expect(s.contract).toEqual({ kind: 'solo', suit: 2, tout: true, declarer: 3 });
    expect(gameRank(AK, { kind: 'solo', suit: 2 })).toBeLessThan(gameRank(AK, { kind: 'wenz', tout: true }));
  });

  it('NOTES.md Schafkopf (herzSoloFirst off in sauspiel): the Herz-Solo ranks with the other Soli', () => {
    const r = rulesOf('aumer-koller', { herzSoloFirst: false });
    const s = play(deal(r, P), 'solo G');
    expectRejected(s, 1, 'solo H', 'illegalBid', /^Herz-Solo does not outrank Gras-Solo/);
  });

  it('NOTES.md Schafkopf (soloRanking=equal, the sauspiel preset): Wenz and every Solo rank alike, as do the touts', () => {
    const r = rulesOf('sauspiel');
    expect(r.soloRanking).toBe('equal');
    let s = play(deal(r, P), 'weiter, weiter, weiter, weiter'); // Klopfen
    s = play(s, 'wenz');
    expectRejected(s, 1, 'solo H', 'illegalBid', /^Herz-Solo does not outrank Wenz/);
    s = play(s, 'solo-tout E');
    expectRejected(s, 2, 'wenz-tout', 'illegalBid', /^Wenz tout does not outrank Eichel-Solo tout/);
    expect(bidWords(s)).toEqual(['weiter']);
  });

  it('002 5.3.6 (exotic games as house rules): Bettel between Rufspiel and Wenz, Geier with the Wenz, Farbwenz and Farbgeier with the Solo', () => {
    const r = rulesOf('aumer-koller', { bettel: true, geier: true, farbwenz: true, farbgeier: true });
    const rank = (g: GameChoice) => gameRank(r, g);
    expect(rank({ kind: 'rufspiel', suit: 0 })).toBeLessThan(rank({ kind: 'bettel' }));
    expect(rank({ kind: 'bettel' })).toBeLessThan(rank({ kind: 'wenz' }));
    expect(rank({ kind: 'geier' })).toBe(rank({ kind: 'wenz' }));
    expect(rank({ kind: 'farbwenz', suit: 0 })).toBe(rank({ kind: 'solo', suit: 0 }));
    expect(rank({ kind: 'farbgeier', suit: 1 })).toBe(rank({ kind: 'solo', suit: 1 }));
    let s = play(deal(r, P), 'rufspiel E', 'bettel', 'geier');
    expectRejected(s, 3, 'wenz', 'illegalBid', /^Wenz does not outrank Geier/);
    s = play(s, 'farbgeier S');
    expect(s.contract).toEqual({ kind: 'farbgeier', suit: 3, declarer: 3 });
    expect(bidWords(play(deal(r, P), 'weiter'))).toEqual(
      expect.arrayContaining(['bettel', 'geier', 'geier-tout', 'farbwenz E', 'farbwenz-tout S', 'farbgeier H', 'farbgeier-tout G']),
    );
  });

  it('002 5.3.6: exotic games and touts are refused unless the house rule allows them; a Ramsch is never announced', () => {
    const s = deal(AK, P);
    for (const [text, rule] of [['geier', 'geier'], ['farbwenz E', 'farbwenz'], ['farbgeier E', 'farbgeier'], ['bettel', 'bettel']]) {
      expectRejected(s, 0, text, 'illegalBid', new RegExp(`is not played at this table \\(house rule ${rule}\\)$`));
    }
    expectRejected(s, 0, 'ramsch', 'illegalBid', 'Ramsch: a Ramsch is not announced; it is played when everyone passes');
    const noTout = rulesOf('aumer-koller', { tout: false });
    expectRejected(deal(noTout, P), 0, 'solo-tout E', 'illegalBid', 'Eichel-Solo tout: tout games are not played at this table (house rule tout)');
    expect(bidWords(deal(noTout, P)).some((w) => w.includes('tout'))).toBe(false);
  });
});

describe('calling a Sau (002 5.3.1.1, NOTES.md Schafkopf)', () => {
  it('002 5.3.1.1: only the Eichel, Gras or Schelln Sau can be called, by a seat holding a card of that suit that is not trump, and not the Sau', () => {
    const s = deal(AK, P);
    expect(bidWords(s, 0).filter((w) => w.startsWith('rufspiel'))).toEqual(['rufspiel E']);
    expectRejected(s, 0, 'rufspiel H', 'illegalBid', 'Rufspiel auf die Herz-Sau: the Herz-Sau cannot be called: Herz is trump (002 5.3.1.1)');
    expectRejected(s, 0, 'rufspiel G', 'illegalBid', 'Rufspiel auf die Gras-Sau: you hold the Gras-Sau yourself: call a Sau you do not hold (002 5.3.1.1)');
    expectRejected(s, 0, 'rufspiel S', 'illegalBid', 'Rufspiel auf die Schellen-Sau: you must hold a card of the called suit that is not trump (002 5.3.1.1)');
    const pack = SCHAFKOPF_32;
    const hands = s.dealt;
    const callable = (seat: number) => [0, 1, 3].filter((suit) => cannotAnnounce(AK, pack, hands[seat], { kind: 'rufspiel', suit: suit as 0 | 1 | 3 }) === undefined);
    expect([0, 1, 2, 3].map(callable)).toEqual([[0], [], [0, 1], [1, 3]]);
  });

  it('002 5.3.1.1: the Ober and Unter of a suit are trump: holding only them does not allow calling that suit', () => {
    // Seat 1 holds the Eichel-Ober and the Gras-Ober but no plain Eichel or Gras.
    const s = play(deal(AK, P), 'weiter');
    expect(bidWords(s).filter((w) => w.startsWith('rufspiel'))).toEqual([]);
    expectRejected(s, 1, 'rufspiel E', 'illegalBid', /you must hold a card of the called suit that is not trump/);
  });

  it('NOTES.md Schafkopf: whoever holds all three callable Saue cannot call (gesperrt)', () => {
    const s = deal(AK, Q);
    const words = bidWords(s);
    expect(words.filter((w) => w.startsWith('rufspiel'))).toEqual([]);
    expect(words).toEqual(['weiter', 'wenz', 'wenz-tout', 'solo E', 'solo-tout E', 'solo G', 'solo-tout G', 'solo H', 'solo-tout H', 'solo S', 'solo-tout S']);
    for (const suit of ['E', 'G', 'S']) expectRejected(s, 0, `rufspiel ${suit}`, 'illegalBid', /yourself: call a Sau you do not hold/);
  });

  it('002 5.3.1.1 with the kurze Karte (NOTES.md): the plain cards of a suit are Sau, Zehn, König, Neun', () => {
    const r = rulesOf('aumer-koller', { kurzeKarte: true });
    // Seat 0 holds only the Eichel-Ober of Eichel, seat 1 the Eichel-Neun.
    const s = deal(r, ['EO GO HO SO HA HZ', 'E9 EZ GU HU SU GZ', 'EA GA HK H9 G9 S9', 'EK EU GK SA SZ SK']);
    expect(bidWords(s).filter((w) => w.startsWith('rufspiel'))).toEqual([]);
    expect(bidWords(play(s, 'weiter')).filter((w) => w.startsWith('rufspiel'))).toEqual(['rufspiel E', 'rufspiel G']);
  });
});

describe('the Sie (002 5.3.5 "Spezialfall", 6.4.2)', () => {
  it('002 5.3.5: only a hand with all four Ober and all four Unter may announce the Sie; it outranks every game', () => {
    const s = deal(AK, Q);
    expect(bidWords(s, 0)).not.toContain('sie');
    expectRejected(s, 0, 'sie', 'illegalBid', 'Sie: a Sie needs all four Ober and all four Unter');
    const t = play(s, 'solo-tout E');
    expect(bidWords(t)).toEqual(['weiter', 'solo-tout H', 'sie']);
    expect(bidWords(play(t, 'solo-tout H'))).toEqual(['weiter']);
  });

  it('002 6.4.2: the Sie is shown, not played, and pays 4 x (1 SE + 8 GE) from each opponent', () => {
    let s = play(deal(AK, Q), 'solo-tout E', 'sie', 'weiter', 'weiter');
    expect(s.phase).toBe('done');
    expect(s.contract).toEqual({ kind: 'sie', declarer: 1 });
    const o = schafkopf.outcome(s)!;
    expect(o.amount).toBe(4 * (50 + 8 * 10));
    expect(o.score).toEqual([-520, 1560, -520, -520]);
    expect(o.points).toEqual([0, 120, 0, 0]);
    expect(schafkopf.view(s, 0).shown?.length).toBe(8);
    // With the kurze Karte there is no Sie.
    const r = rulesOf('aumer-koller', { kurzeKarte: true });
    expect(announceableGames(r).some((g) => g.kind === 'sie')).toBe(false);
    s = deal(r, ['EO GO HO SO HA HZ', 'E9 EZ GU HU SU GZ', 'EA GA HK H9 G9 S9', 'EK EU GK SA SZ SK']);
    expectRejected(s, 0, 'sie', 'illegalBid', 'Sie: a Sie needs eight cards');
  });
});

describe('when everybody passes (002 5.3.7, house rule allPass)', () => {
  const allPass = (r: SchafkopfRules, hands = P) => play(deal(r, hands), 'weiter, weiter, weiter, weiter');

  it('002 5.3.7 b (allPass=ramsch, the default): a Ramsch is played, Vorhand leads, no Stoß', () => {
    expect(AK.allPass).toBe('ramsch');
    const s = allPass(AK);
    expect(s.contract).toEqual({ kind: 'ramsch', declarer: null });
    expect(s.phase).toBe('play');
    expect(s.turn).toBe(0);
  });

  it('002 5.3.7 a (allPass=mussspiel): the holder of the Eichel-Ober must play a game, even without a Sau to call', () => {
    const r = rulesOf('aumer-koller', { allPass: 'mussspiel', stoss: false });
    const s = allPass(r);
    expect(s.phase).toBe('mussspiel');
    expect(s.turn).toBe(1);
    expect(schafkopf.toAct(s)).toEqual([1]);
    expectRejected(s, 1, 'weiter', 'mustPlay', 'everyone passed and you hold the Eichel-Ober: you must play a game (002 5.3.7 a)');
    expectRejected(s, 0, 'solo E', 'notYourTurn', "it is seat 1's turn to choose the Mussspiel, not seat 0's");
    expect(bidWords(s)).toEqual(['wenz', 'wenz-tout', 'solo E', 'solo-tout E', 'solo G', 'solo-tout G', 'solo H', 'solo-tout H', 'solo S', 'solo-tout S']);
    const t = play(s, 'solo S');
    expect(t.contract).toEqual({ kind: 'solo', suit: 3, declarer: 1, mussspiel: true });
    expect(t.phase).toBe('play');
    expect(t.turn).toBe(0);
    // The holder of the Eichel-Ober may also call, if he can.
    const q = allPass(r, ['EO GA SA EZ GZ SZ HA HZ', 'EA GO HO SO EU GU HU SU', 'EK E9 E8 E7 GK G9 G8 G7', 'HK H9 H8 H7 SK S9 S8 S7']);
    expect(q.turn).toBe(0);
    expect(bidWords(q).filter((w) => w.startsWith('rufspiel'))).toEqual(['rufspiel E']);
  });

  it('002 5.3.7 c (allPass=bock): the cards are thrown in and the next game counts double', () => {
    const r = rulesOf('aumer-koller', { allPass: 'bock' });
    const s = allPass(r);
    expect(s.phase).toBe('done');
    const o = schafkopf.outcome(s)!;
    expect(o.thrownIn).toBe(true);
    expect(o.bock).toBe(1);
    expect(o.score).toEqual([0, 0, 0, 0]);
    expect(o.stock).toBe(0);
  });

  it('002 5.3.7 c (allPass=stock): the cards are thrown in and everyone pays the Einsatz into the Stock', () => {
    const r = rulesOf('aumer-koller', { allPass: 'stock', stockEinsatz: 20 });
    const o = schafkopf.outcome(allPass(r))!;
    expect(o.thrownIn).toBe(true);
    expect(o.score).toEqual([-20, -20, -20, -20]);
    expect(o.stock).toBe(80);
    expect(o.bock).toBe(0);
  });

  it('002 5.3.7 c (allPass=redeal, the sauspiel preset): thrown in, nothing paid', () => {
    const r = rulesOf('sauspiel');
    const s = play(deal(r, P), 'weiter, weiter, weiter, weiter', 'weiter, weiter, weiter, weiter');
    const o = schafkopf.outcome(s)!;
    expect(o.thrownIn).toBe(true);
    expect(o.score).toEqual([0, 0, 0, 0]);
    expect([o.stock, o.bock]).toEqual([0, 0]);
    expect(schafkopf.toAct(s)).toEqual([]);
  });
});

describe('Klopfen (NOTES.md Schafkopf: house rule klopfen, on in sauspiel)', () => {
  it('NOTES.md: after the first half of the cards each seat from Vorhand may knock once; the seats see only their first four cards meanwhile', () => {
    const r = rulesOf('aumer-koller', { klopfen: true });
    let s = deal(r, P, 1); // Vorhand seat 2
    expect(s.phase).toBe('klopfen');
    expect(s.turn).toBe(2);
    expect(bidWords(s)).toEqual(['weiter', 'klopfen']);
    const v = schafkopf.view(s, 2);
    expect(v.hand).toHaveLength(4);
    expect(formatMask(SCHAFKOPF_32, v.hand.reduce((m, c) => m | (1 << c), 0))).toBe(formatMask(SCHAFKOPF_32, s.firstHalf[2]));
    expect(v.handSizes).toEqual([4, 4, 4, 4]);
    expectRejected(s, 2, 'solo E', 'wrongAction', 'now is the time to knock (klopfen) or say weiter');
    s = play(s, 'klopfen', 'weiter', 'klopfen');
    expect(s.turn).toBe(1);
    s = play(s, 'weiter');
    expect(s.phase).toBe('bidding');
    expect(s.klopfer).toEqual([2, 0]);
    expect(s.turn).toBe(2);
    expect(schafkopf.view(s, 2).hand).toHaveLength(8);
    expectRejected(s, 2, 'klopfen', 'wrongAction', 'now is the time to bid: say weiter or announce a game');
  });

  it('NOTES.md: no Klopfen round without the house rule', () => {
    const s = deal(AK, P);
    expect(s.phase).toBe('bidding');
    expectRejected(s, 0, 'klopfen', 'wrongAction', /^now is the time to bid/);
  });
});
