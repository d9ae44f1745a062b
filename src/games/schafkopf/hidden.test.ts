import { describe, expect, it } from 'vitest';
import { cardOf, type Card } from '../../cards/pack.js';
import { SeededRng, type Rng } from '../../core/rng.js';
import { SPECTATOR, type Seat } from '../game.js';
import { schafkopfPack } from './cards.js';
import { schafkopf } from './game.js';
import type { SchafkopfState } from './state.js';
import { advance, deal, play, randomDeal, rulesOf, VARIANTS } from './testing.js';

/**
 * Hidden information (issue 8 §2, issue 7 §2): who may act, the numbered
 * event stream of every seat and of a spectator, views and events that are
 * fresh values, and nothing a seat sees, may do or is told depends on cards
 * hidden from it.
 */

const SEATS: readonly Seat[] = [0, 1, 2, 3, SPECTATOR];

/** A plain assertion for the hot loops. */
function assert(condition: boolean, message: () => string): void {
  if (!condition) throw new Error(message());
}

/** Swaps cards x and y wherever they sit in the hands as dealt, held and seen in the Klopfen round. */
function swapped(state: SchafkopfState, x: Card, y: Card): SchafkopfState {
  const swap = (m: number) => (((m >> x) & 1) !== ((m >> y) & 1) ? (m ^ (1 << x) ^ (1 << y)) >>> 0 : m);
  return { ...state, hands: state.hands.map(swap), dealt: state.dealt.map(swap), firstHalf: state.firstHalf.map(swap) };
}

/**
 * The cards hidden from a seat that may trade places without breaking what
 * the seat knows: the other seats' cards (in the Klopfen round also its own
 * second half), but not a card the table has seen the place of (the Sie, the
 * Eichel-Ober of a Mussspiel, a called Sau whose holder the seat knows).
 */
function hiddenCards(state: SchafkopfState, seat: Seat): Card[] {
  const pack = schafkopfPack(state.rules.kurzeKarte);
  const own = seat === SPECTATOR ? 0 : state.phase === 'klopfen' ? state.firstHalf[seat] : state.hands[seat];
  let hidden = 0;
  for (let s = 0; s < 4; s++) if (s !== seat || state.phase === 'klopfen') hidden |= state.hands[s];
  hidden &= ~own;
  if (state.events.some((e) => e.type === 'mussspiel')) hidden &= ~(1 << cardOf(pack, 0, 'O')!);
  const c = state.contract;
  if (c?.kind === 'sie') hidden = 0;
  if (c?.kind === 'rufspiel' && schafkopf.view(state, seat).partner !== null) hidden &= ~(1 << cardOf(pack, c.suit!, 'A')!);
  return pack.cards.filter((x) => ((hidden >>> x) & 1) === 1);
}

/** Everything a seat gets from the rules in a position: its view, its events, its legal actions, who acts, whether the deal is over. */
function face(state: SchafkopfState, seat: Seat): string {
  return JSON.stringify({
    view: schafkopf.view(state, seat),
    events: schafkopf.events(state, seat, 0),
    legal: seat === SPECTATOR ? [] : schafkopf.legal(state, seat),
    toAct: schafkopf.toAct(state),
    mayAct: schafkopf.mayAct(state),
    over: schafkopf.outcome(state) !== undefined,
  });
}

function holder(state: SchafkopfState, c: Card): Seat {
  return state.hands.findIndex((h) => ((h >>> c) & 1) === 1);
}

function checkSwaps(state: SchafkopfState, rng: Rng, where: string): number {
  let checked = 0;
  for (const seat of SEATS) {
    const cards = hiddenCards(state, seat);
    if (cards.length < 2) continue;
    const before = face(state, seat);
    for (let k = 0; k < 3; k++) {
      const x = cards[rng.int(cards.length)];
      const y = cards[rng.int(cards.length)];
      if (x === y || (holder(state, x) === holder(state, y) && state.phase !== 'klopfen')) continue;
      assert(face(swapped(state, x, y), seat) === before, () => `${where}: seat ${seat} notices that hidden cards ${x} and ${y} traded places`);
      checked++;
    }
  }
  return checked;
}

describe('who may act', () => {
  it('a seat is in mayAct exactly when it has a legal action, and toAct is part of mayAct', () => {
    const rng = new SeededRng(11);
    let positions = 0;
    for (const { rules } of VARIANTS) {
      for (let d = 0; d < 60; d++) {
        let s = randomDeal(rules, rng);
        for (;;) {
          const may = schafkopf.mayAct(s);
          for (let seat = 0; seat < 4; seat++) assert(may.includes(seat) === schafkopf.legal(s, seat).length > 0, () => `seat ${seat} in ${s.phase}`);
          assert(schafkopf.toAct(s).every((seat) => may.includes(seat)), () => 'toAct is not in mayAct');
          positions++;
          if (s.phase === 'done') break;
          s = advance(s, rng, 1);
        }
        expect(schafkopf.mayAct(s)).toEqual([]);
      }
    }
    expect(positions).toBeGreaterThan(8000);
  });
});

describe('the numbered event stream', () => {
  it('every seat and a spectator get every number from 0 with no gaps, and from any point on', () => {
    const rng = new SeededRng(12);
    for (const { rules } of VARIANTS) {
      for (let d = 0; d < 40; d++) {
        const s = advance(randomDeal(rules, rng), rng, 100);
        const n = s.events.length;
        for (const seat of SEATS) {
          const all = schafkopf.events(s, seat, 0);
          expect(all.map((e) => e.n)).toEqual([...Array(n).keys()]);
          const since = rng.int(n + 2);
          expect(schafkopf.events(s, seat, since)).toEqual(all.slice(since));
        }
        expect(schafkopf.events(s, 0, -5)).toHaveLength(n);
        expect(schafkopf.events(s, 0, Number.NaN)).toHaveLength(n);
        expect(schafkopf.events(s, 0, Infinity)).toHaveLength(0);
        expect(s.events.at(-1)!.type).toBe('end');
      }
    }
  });

  it('tells a Rufspiel in order: the bidding, the contract with the called Sau and not the partner, Stoß and Re by level, cards, tricks, the end', () => {
    const A = ['EO GO HO EU HA HZ G9 S7', 'SO GU HK H9 EA EZ S9 S8', 'GA GZ GK SU H8 EK E9 E8', 'HU H7 SA SZ SK E7 G8 G7'];
    const rules = rulesOf('aumer-koller', { klopfen: true, stossDepth: 3 });
    const s = play(deal(rules, A), 'weiter, klopfen, weiter, weiter', 'rufspiel G, weiter, weiter, weiter', 'stoss, weiter, stoss, weiter, weiter', 'EO, H9, H8, H7');
    const pack = schafkopfPack(false);
    const events = schafkopf.events(s, 3, 0).map((e) => e.event);
    expect(events.slice(0, 9)).toEqual([
      { type: 'pass', seat: 0, round: 'klopfen' },
      { type: 'klopfen', seat: 1 },
      { type: 'pass', seat: 2, round: 'klopfen' },
      { type: 'pass', seat: 3, round: 'klopfen' },
      { type: 'bid', seat: 0, game: { kind: 'rufspiel', suit: 1 } },
      { type: 'pass', seat: 1, round: 'bidding' },
      { type: 'pass', seat: 2, round: 'bidding' },
      { type: 'pass', seat: 3, round: 'bidding' },
      { type: 'contract', game: { kind: 'rufspiel', suit: 1 }, declarer: 0, calledSau: cardOf(pack, 1, 'A'), mussspiel: false },
    ]);
    // Seat 1 gives Stoß; the declaring side is asked (0, 2, 3: whoever might be the partner), 0 says Re; then the third level.
    expect(events.slice(9, 14)).toEqual([
      { type: 'stoss', seat: 1, level: 1 },
      { type: 'pass', seat: 0, round: 'stoss', level: 2 },
      { type: 'stoss', seat: 2, level: 2 },
      { type: 'pass', seat: 1, round: 'stoss', level: 3 },
      { type: 'pass', seat: 3, round: 'stoss', level: 3 },
    ]);
    expect(events.slice(14)).toEqual([
      { type: 'card', seat: 0, card: cardOf(pack, 0, 'O') },
      { type: 'card', seat: 1, card: cardOf(pack, 2, '9') },
      { type: 'card', seat: 2, card: cardOf(pack, 2, '8') },
      { type: 'card', seat: 3, card: cardOf(pack, 2, '7') },
      { type: 'trick', leader: 0, cards: ['EO', 'H9', 'H8', 'H7'].map((c) => cardOf(pack, 'EGHS'.indexOf(c[0]) as 0, c[1] as 'O')), winner: 0, points: 3 },
    ]);
    // Nothing in the stream says who holds the Gras-Sau: the events are the same for every seat.
    for (const seat of SEATS) expect(schafkopf.events(s, seat, 0)).toEqual(schafkopf.events(s, 3, 0));
  });

  it('tells a thrown-in deal, a Mussspiel and a Sie', () => {
    const A = ['EO GO HO EU HA HZ G9 S7', 'SO GU HK H9 EA EZ S9 S8', 'GA GZ GK SU H8 EK E9 E8', 'HU H7 SA SZ SK E7 G8 G7'];
    const thrown = play(deal(rulesOf('aumer-koller', { allPass: 'stock' }), A), 'weiter, weiter, weiter, weiter');
    expect(thrown.events.slice(4).map((e) => e.type)).toEqual(['thrownIn', 'end']);
    expect(thrown.events[4]).toEqual({ type: 'thrownIn', bock: 0, stock: 40 });
    const muss = play(deal(rulesOf('aumer-koller', { allPass: 'mussspiel' }), A), 'weiter, weiter, weiter, weiter');
    expect(muss.events[4]).toEqual({ type: 'mussspiel', seat: 0 });
    const sie = ['EO GO HO SO EU GU HU SU', 'HA HZ HK H9 EA EZ S9 S8', 'GA GZ GK H8 H7 EK E9 E8', 'G9 G8 G7 SA SZ SK E7 S7'];
    const s = play(deal(rulesOf(), sie), 'sie, weiter, weiter, weiter');
    expect(s.events.slice(4).map((e) => e.type)).toEqual(['contract', 'sie', 'end']);
    const shown = s.events[5];
    expect(shown.type === 'sie' && shown.cards.length).toBe(8);
  });

  it('events are fresh values: changing them changes neither the state nor later events', () => {
    const rng = new SeededRng(13);
    for (const { rules } of VARIANTS) {
      const s = advance(randomDeal(rules, rng), rng, 60);
      const before = JSON.stringify(s);
      const events = schafkopf.events(s, 0, 0);
      for (const { event } of events) {
        const e = event as unknown as Record<string, unknown>;
        for (const value of Object.values(e)) {
          if (Array.isArray(value)) value.push(99);
          else if (value && typeof value === 'object') for (const k of Object.keys(value)) (value as Record<string, unknown>)[k] = 'changed';
        }
        e.type = 'changed';
      }
      expect(JSON.stringify(s)).toBe(before);
      expect(JSON.stringify(schafkopf.events(s, 0, 0))).not.toContain('changed');
    }
  });
});

/** Changes everything reachable in a value: numbers, strings, booleans, array lengths. */
function vandalize(x: unknown, depth = 0): void {
  if (depth > 8 || x === null || typeof x !== 'object') return;
  if (Array.isArray(x)) {
    for (const v of x) vandalize(v, depth + 1);
    for (let i = 0; i < x.length; i++) if (typeof x[i] !== 'object') x[i] = 77;
    x.push(77);
    return;
  }
  const o = x as Record<string, unknown>;
  for (const k of Object.keys(o)) {
    const v = o[k];
    if (v !== null && typeof v === 'object') vandalize(v, depth + 1);
    else o[k] = typeof v === 'number' ? 77 : typeof v === 'boolean' ? !v : 'vandal';
  }
}

describe('views', () => {
  it('are fresh values: vandalizing everything in a view changes neither the state, nor later views, nor the play', () => {
    const rng = new SeededRng(14);
    for (const { rules } of VARIANTS) {
      for (let d = 0; d < 40; d++) {
        const s = advance(randomDeal(rules, rng), rng, rng.int(50));
        const before = JSON.stringify(s);
        const views = SEATS.map((seat) => JSON.stringify(schafkopf.view(s, seat)));
        for (const seat of SEATS) vandalize(schafkopf.view(s, seat));
        expect(JSON.stringify(s)).toBe(before);
        expect(SEATS.map((seat) => JSON.stringify(schafkopf.view(s, seat)))).toEqual(views);
        // The rules object a view shows is not the state's: the next deal's rules are unchanged too.
        const v = schafkopf.view(s, 0);
        (v.rules as { tarifSolo: number }).tarifSolo = 1;
        expect(s.rules.tarifSolo).toBe(rules.tarifSolo);
        const end = advance(s, rng, 100);
        expect(schafkopf.outcome(end)).toBeDefined();
      }
    }
  });

  it('a spectator sees no hand, and the Rufspiel partner only once the table knows him', () => {
    const A = ['EO GO HO EU HA HZ G9 S7', 'SO GU HK H9 EA EZ S9 S8', 'GA GZ GK SU H8 EK E9 E8', 'HU H7 SA SZ SK E7 G8 G7'];
    let s = play(deal(rulesOf(), A), 'rufspiel G, weiter, weiter, weiter', 'weiter, weiter, weiter');
    let v = schafkopf.view(s, SPECTATOR);
    expect(v.seat).toBe(SPECTATOR);
    expect(v.hand).toEqual([]);
    expect(v.partner).toBeNull();
    expect(schafkopf.view(s, 2).partner).toBe(2);
    expect(schafkopf.view(s, 0).partner).toBeNull();
    s = play(s, 'S7, S8, SU, SK', 'EK, E7, EO, EA', 'HA, H9, H8, H7', 'HZ, SO, E8, HU', 'EZ, E9, G8');
    expect(schafkopf.view(s, SPECTATOR).partner).toBeNull();
    // The deal ends: now everyone knows.
    s = advance(s, new SeededRng(1), 20);
    v = schafkopf.view(s, SPECTATOR);
    expect(v.partner).toBe(2);
    expect(v.hand).toEqual([]);
    // Or the partner answers a Stoß: only the declaring side may.
    const re = play(deal(rulesOf(), A), 'rufspiel G, weiter, weiter, weiter', 'stoss, weiter, stoss');
    expect(schafkopf.view(re, SPECTATOR).partner).toBe(2);
    expect(schafkopf.view(re, 3).partner).toBe(2);
  });

  it('nothing a seat or a spectator sees, may do or is told changes when cards hidden from it trade places (thousands of positions, every variant)', () => {
    const rng = new SeededRng(15);
    let positions = 0;
    let swaps = 0;
    for (const { name, rules } of VARIANTS) {
      for (let d = 0; d < 45; d++) {
        let s = randomDeal(rules, rng);
        for (let step = 0; s.phase !== 'done'; step++) {
          if (rng.int(3) === 0) {
            swaps += checkSwaps(s, rng, `${name}, deal ${d}, step ${step}`);
            positions++;
          }
          s = advance(s, rng, 1);
        }
      }
    }
    expect(positions).toBeGreaterThan(2000);
    expect(swaps).toBeGreaterThan(15000);
  });
});
