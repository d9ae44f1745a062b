import { describe, expect, it } from 'vitest';
import { formatCard } from '../../cards/notation.js';
import { schafkopf } from './game.js';
import { SchafkopfSearch } from './search.js';
import type { SchafkopfState } from './state.js';
import { deal, play, rulesOf } from './testing.js';

/**
 * Play-sequence counts (like chess perft): the number of distinct legal
 * card sequences from a fixed position over the next N tricks, counted by
 * recursion over `schafkopf.legal` and `schafkopf.apply`, and pinned. A
 * change in legality (following, the called Sau, Davonlaufen, Stichzwang)
 * changes a count. One count per deal is cross-checked with an independent
 * enumeration written here from the rules alone.
 */

function perft(state: SchafkopfState, cards: number): number {
  if (cards === 0 || state.phase === 'done') return 1;
  let n = 0;
  for (const a of schafkopf.legal(state, state.turn)) {
    const r = schafkopf.apply(state, state.turn, a);
    if (!r.ok) throw new Error(r.error.message);
    n += perft(r.value, cards - 1);
  }
  return n;
}

/** The same count through the search state: legalMask, play and undo. */
function searchPerft(s: SchafkopfSearch, cards: number): number {
  if (cards === 0 || s.isOver()) return 1;
  let n = 0;
  for (let m = s.legalMask(); m !== 0; m &= m - 1) {
    s.play(31 - Math.clz32(m & -m));
    n += searchPerft(s, cards - 1);
    s.undo();
  }
  return n;
}

/** The public count, checked against the search state's. */
function both(state: SchafkopfState, cards: number): number {
  const count = perft(state, cards);
  const s = SchafkopfSearch.fromState(state)!;
  expect(searchPerft(s, cards), `search state, ${cards} cards`).toBe(count);
  expect(s.depth()).toBe(0);
  return count;
}

// ---------------------------------------------------------------------------
// The independent enumeration: cards as two-letter codes, the rules of
// 002 4.2, 5.3.1.2, 5.4, 5.5.1 and NOTES.md restated from scratch.

interface Game {
  /** Trumps from the highest down. */
  readonly trumps: readonly string[];
  /** The called Sau of a Rufspiel. */
  readonly sau?: string;
  /** Bettel: Sau, König, Ober, Unter, Zehn, 9, 8, 7 and, with Stichzwang, a follower must beat the best card if he can. */
  readonly bettel?: { readonly stichzwang: boolean };
}

const PLAIN_ORDER = ['A', 'Z', 'K', 'O', 'U', '9', '8', '7'];
const BETTEL_ORDER = ['A', 'K', 'O', 'U', 'Z', '9', '8', '7'];
const HERREN = (rank: string) => ['E', 'G', 'H', 'S'].map((s) => s + rank);

function trumpsOf(kind: 'rufspiel' | 'solo' | 'wenz', suit?: string): string[] {
  if (kind === 'wenz') return HERREN('U');
  const s = kind === 'rufspiel' ? 'H' : suit!;
  return [...HERREN('O'), ...HERREN('U'), ...['A', 'Z', 'K', '9', '8', '7'].map((r) => s + r)];
}

interface Position {
  readonly hands: readonly (readonly string[])[];
  readonly leader: number;
  /** Cards of the trick on the table, in playing order. */
  readonly trick: readonly string[];
  /** Whether a trick led the called suit before the trick on the table. */
  readonly searchedBefore: boolean;
}

function isTrump(g: Game, c: string): boolean {
  return g.trumps.includes(c);
}

/** The suit a card follows: "T" for trump, else its suit letter. */
function suitOf(g: Game, c: string): string {
  return isTrump(g, c) ? 'T' : c[0];
}

function beats(g: Game, c: string, best: string, led: string): boolean {
  if (isTrump(g, c)) return !isTrump(g, best) || g.trumps.indexOf(c) < g.trumps.indexOf(best);
  if (isTrump(g, best) || suitOf(g, c) !== suitOf(g, led)) return false;
  const order = g.bettel ? BETTEL_ORDER : PLAIN_ORDER;
  return order.indexOf(c[1]) < order.indexOf(best[1]);
}

function winnerOf(g: Game, trick: readonly string[]): number {
  let best = 0;
  for (let i = 1; i < trick.length; i++) if (beats(g, trick[i], trick[best], trick[0])) best = i;
  return best;
}

function choices(g: Game, p: Position): string[] {
  const seat = (p.leader + p.trick.length) % 4;
  const hand = p.hands[seat];
  const holdsSau = g.sau !== undefined && hand.includes(g.sau);
  const calledSuit = g.sau?.[0];
  if (p.trick.length === 0) {
    // 002 5.3.1.2: before the called suit was led, its Sau's holder leads that suit only with the Sau, unless he holds four of it.
    if (holdsSau && !p.searchedBefore) {
      const ofSuit = hand.filter((c) => suitOf(g, c) === calledSuit);
      if (ofSuit.length < 4) return hand.filter((c) => suitOf(g, c) !== calledSuit || c === g.sau);
    }
    return [...hand];
  }
  const led = suitOf(g, p.trick[0]);
  const follow = hand.filter((c) => suitOf(g, c) === led);
  if (follow.length > 0) {
    // 002 5.3.1.2: the first time the called suit is led, its Sau must be played.
    if (holdsSau && !p.searchedBefore && led === calledSuit) return [g.sau!];
    if (g.bettel?.stichzwang) {
      const best = p.trick[winnerOf(g, p.trick)];
      const winning = follow.filter((c) => beats(g, c, best, p.trick[0]));
      if (winning.length > 0) return winning;
    }
    return follow;
  }
  // NOTES.md: the called Sau is not thrown off before its suit was led, except in the last trick.
  if (holdsSau && !p.searchedBefore && hand.length > 1) return hand.filter((c) => c !== g.sau);
  return [...hand];
}

function bruteForce(g: Game, p: Position, cards: number): number {
  if (cards === 0 || p.hands.every((h) => h.length === 0)) return 1;
  const seat = (p.leader + p.trick.length) % 4;
  let n = 0;
  for (const c of choices(g, p)) {
    const hands = p.hands.map((h, s) => (s === seat ? h.filter((x) => x !== c) : h));
    const trick = [...p.trick, c];
    if (trick.length < 4) {
      n += bruteForce(g, { ...p, hands, trick }, cards - 1);
    } else {
      const searched = p.searchedBefore || (g.sau !== undefined && suitOf(g, trick[0]) === g.sau[0]);
      n += bruteForce(g, { hands, leader: (p.leader + winnerOf(g, trick)) % 4, trick: [], searchedBefore: searched }, cards - 1);
    }
  }
  return n;
}

/** The brute-force position of an engine state (hands, the trick on the table, whether the called suit was led). */
function positionOf(g: Game, state: SchafkopfState): Position {
  const pack = schafkopf.pack(state.rules);
  const codes = (m: number) => pack.cards.filter((c) => ((m >> c) & 1) === 1).map((c) => formatCard(pack, c));
  return {
    hands: state.hands.map(codes),
    leader: state.trick ? state.trick.leader : state.turn,
    trick: state.trick ? state.trick.cards.map((c) => formatCard(pack, c)) : [],
    searchedBefore: g.sau !== undefined && state.tricks.some((t) => suitOf(g, formatCard(pack, t.cards[0])) === g.sau![0]),
  };
}

// ---------------------------------------------------------------------------

const noStoss = rulesOf('aumer-koller', { stoss: false });

// Deal A (legal.test.ts): Rufspiel on the Gras-Sau, held by seat 2 with two more Gras.
const A = ['EO GO HO EU HA HZ G9 S7', 'SO GU HK H9 EA EZ S9 S8', 'GA GZ GK SU H8 EK E9 E8', 'HU H7 SA SZ SK E7 G8 G7'];
// Deal B (legal.test.ts): as A, but seat 2 may run away with four Gras.
const B = ['EO GO HO SO HA HZ G8 S7', 'EU GU HK H9 EA EZ S9 S8', 'GA GZ GK G9 SU H8 EK E9', 'HU H7 SA SZ SK E8 E7 G7'];
// Deal H (scoring.test.ts): Herz-Solo of seat 0.
const H = ['EO GO HO SO HA HZ HK E7', 'EU GU H9 EZ EK E9 GA GZ', 'HU SU H8 E8 EA GK G9 G8', 'H7 SA SZ SK S9 S8 S7 G7'];
// Deal W (scoring.test.ts): Wenz of seat 0.
const W = ['EU GU EA EZ GA GZ SA S7', 'HU EK E9 GK G9 SK S9 H7', 'SU E8 E7 G8 G7 S8 SZ H8', 'EO GO HO SO HA HZ HK H9'];

// Deal S (scoring.test.ts): a Bettel of seat 0 where Stichzwang matters.
const S = ['S9 E7 E8 G7 G8 H7 H8 EA', 'SZ S8 EZ EK EO EU GA GK', 'HA HK HO HU HZ H9 SA SK', 'SO SU S7 E9 GO GU GZ G9'];

const RUF_G: Game = { trumps: trumpsOf('rufspiel'), sau: 'GA' };

describe('play-sequence counts (perft)', () => {
  it('deal A, Rufspiel on the Gras-Sau: card by card through the first two tricks', () => {
    const s = play(deal(noStoss, A), 'rufspiel G, weiter, weiter, weiter');
    const counts = [1, 2, 3, 4, 5, 6, 7, 8].map((n) => both(s, n));
    expect(counts).toEqual(PINNED.A);
    const p = positionOf(RUF_G, s);
    expect([4, 8].map((n) => bruteForce(RUF_G, p, n))).toEqual([counts[3], counts[7]]);
  });

  it('deal B, Rufspiel on the Gras-Sau with Davonlaufen possible: the first two tricks', () => {
    const s = play(deal(noStoss, B), 'rufspiel G, weiter, weiter, weiter');
    const count = both(s, 8);
    expect(count).toBe(PINNED.B);
    expect(bruteForce(RUF_G, positionOf(RUF_G, s), 8)).toBe(count);
  });

  it('deal A from the middle: after four tricks (the Gras-Sau not yet searched), every sequence to the end', () => {
    const s = play(deal(noStoss, A), 'rufspiel G, weiter, weiter, weiter', 'S7, S8, SU, SK', 'EK, E7, EO, EA', 'HA, H9, H8, H7', 'HZ, SO, E8, HU');
    expect(s.searched).toBe(false);
    expect(s.turn).toBe(1);
    const count = both(s, 16);
    expect(count).toBe(PINNED.Amid);
    expect(bruteForce(RUF_G, positionOf(RUF_G, s), 16)).toBe(count);
  });

  it('deal H, Herz-Solo: after four tricks, every sequence to the end', () => {
    const s = play(deal(noStoss, H), 'solo H, weiter, weiter, weiter', 'EO, H9, H8, H7', 'GO, GU, SU, S7', 'HO, EU, HU, S8', 'SO, EZ, E8, SA');
    const count = both(s, 16);
    expect(count).toBe(PINNED.Hmid);
    const g: Game = { trumps: trumpsOf('solo', 'H') };
    expect(bruteForce(g, positionOf(g, s), 16)).toBe(count);
  });

  it('deal W, Wenz: the first two tricks', () => {
    const s = play(deal(noStoss, W), 'wenz, weiter, weiter, weiter');
    const count = both(s, 8);
    expect(count).toBe(PINNED.W);
    const g: Game = { trumps: trumpsOf('wenz') };
    expect(bruteForce(g, positionOf(g, s), 8)).toBe(count);
  });

  it('deal S, Bettel with and without Stichzwang: the first trick and the lead to the second', () => {
    const counts = [false, true].map((stichzwang) => {
      const rules = rulesOf('aumer-koller', { stoss: false, bettel: true, bettelStichzwang: stichzwang });
      const s = play(deal(rules, S), 'bettel, weiter, weiter, weiter');
      const count = both(s, 5);
      const g: Game = { trumps: [], bettel: { stichzwang } };
      expect(bruteForce(g, positionOf(g, s), 5)).toBe(count);
      return count;
    });
    expect(counts).toEqual(PINNED.S);
    expect(counts[1]).toBeLessThan(counts[0]);
  });
});

const PINNED = { A: [8, 34, 70, 154, 1046, 3530, 7652, 18288], B: 20850, Amid: 17280, Hmid: 141696, W: 7167, S: [7028, 6986] };
