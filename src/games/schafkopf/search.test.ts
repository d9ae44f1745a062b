import { describe, expect, it } from 'vitest';
import { nthBit32, popcount32 } from '../../cards/bits.js';
import { SeededRng } from '../../core/rng.js';
import { unwrap } from '../../core/result.js';
import { cardPoints, schafkopfPack } from './cards.js';
import { schafkopf } from './game.js';
import { partyOfState } from './derive.js';
import { SchafkopfSearch } from './search.js';
import { playTables } from './tables.js';
import type { SchafkopfState } from './state.js';
import { schafkopfSearch } from './module.js';
import { advance, randomDeal, randomPlayState, VARIANTS } from './testing.js';

/**
 * The search state against the public API (issue 8 §3): from random
 * mid-deal public states of every variant, random walks compare at every
 * node the legal moves, the seat to move, the tricks, the sides' points and
 * tricks and, at the end, every seat's score; play then undo leaves every
 * field as it was.
 */

/** Every field of a search state, typed arrays as plain arrays. */
function snapshot(s: SchafkopfSearch): string {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(s)) out[k] = ArrayBuffer.isView(v) ? Array.from(v as Int32Array) : typeof v === 'object' ? '(shared)' : v;
  return JSON.stringify(out);
}

function legalOf(state: SchafkopfState): number {
  let m = 0;
  for (const a of schafkopf.legal(state, state.turn)) if (a.type === 'play') m |= 1 << a.card;
  return m >>> 0;
}

/**
 * The card points side 0 takes from here under best play (side 0 taking the most, everyone else the least), by plain
 * minimax; where `endgame` answers (a number), its answer is taken instead of searching on.
 */
function bestFuture(s: SchafkopfSearch, endgame?: (s: SchafkopfSearch) => number | undefined): number {
  if (s.isOver()) return 0;
  const known = endgame?.(s);
  if (known !== undefined) return known;
  const max = s.side(s.toMove()) === 0;
  const before = s.sidePoints(0);
  let best = max ? -Infinity : Infinity;
  for (let m = s.legalMask(); m !== 0; m &= m - 1) {
    s.play(31 - Math.clz32(m & -m));
    const v = s.sidePoints(0) - before + bestFuture(s, endgame);
    s.undo();
    best = max ? Math.max(best, v) : Math.min(best, v);
  }
  return best;
}

function assert(condition: boolean, message: () => string): void {
  if (!condition) throw new Error(message());
}

/** Compares the search state with the public state it should stand for. */
function compare(s: SchafkopfSearch, state: SchafkopfState, where: string): void {
  const over = state.phase === 'done';
  assert(s.isOver() === over, () => `${where}: isOver ${s.isOver()}`);
  assert(s.toMove() === (over ? -1 : state.turn), () => `${where}: toMove ${s.toMove()}, turn ${state.turn}`);
  assert(s.legalMask() === (over ? 0 : legalOf(state)), () => `${where}: legal mask ${s.legalMask().toString(2)} vs ${legalOf(state).toString(2)}`);
  state.tricks.forEach((t, n) => assert(JSON.stringify(s.trick(n)) === JSON.stringify(t), () => `${where}: trick ${n}`));
  assert(s.trick(state.tricks.length) === undefined, () => `${where}: a trick too many`);
  const ramsch = state.contract!.kind === 'ramsch';
  const party = partyOfState(state);
  const sideOf = (seat: number) => (ramsch ? seat : party.includes(seat) ? 0 : 1);
  assert(s.sides() === (ramsch ? 4 : 2), () => `${where}: sides`);
  const points = [0, 0, 0, 0];
  const tricks = [0, 0, 0, 0];
  const pack = schafkopfPack(state.rules.kurzeKarte);
  for (const tr of state.tricks) {
    tricks[sideOf(tr.winner)]++;
    for (const c of tr.cards) points[sideOf(tr.winner)] += cardPoints(pack, c);
  }
  for (let seat = 0; seat < 4; seat++) assert(s.side(seat) === sideOf(seat), () => `${where}: side of ${seat}`);
  for (let side = 0; side < s.sides(); side++) {
    assert(s.sidePoints(side) === points[side], () => `${where}: side ${side} points ${s.sidePoints(side)} vs ${points[side]}`);
    assert(s.sideTricks(side) === tricks[side], () => `${where}: side ${side} tricks`);
  }
  if (over) {
    const o = schafkopf.outcome(state)!;
    for (let seat = 0; seat < 4; seat++) assert(s.score(seat) === o.score[seat], () => `${where}: score of ${seat}: ${s.score(seat)} vs ${o.score[seat]} (${JSON.stringify(state.contract)})`);
  }
}

describe('the search state against the public API', () => {
  it('random walks from random mid-deal states of every variant agree at every node, and play/undo restores every field', () => {
    const rng = new SeededRng(21);
    const kinds = new Set<string>();
    let nodes = 0;
    for (const { name, rules } of VARIANTS) {
      for (let d = 0; d < 60; d++) {
        const start = randomPlayState(rules, rng, rng.int(rules.kurzeKarte ? 24 : 32));
        if (!start) continue;
        const c = start.contract!;
        kinds.add(`${c.kind}${c.tout ? '-tout' : ''}`);
        const s = SchafkopfSearch.fromState(start)!;
        let state = start;
        const where = () => `${name}, deal ${d}, ${s.depth()} cards in`;
        compare(s, state, where());
        while (!s.isOver()) {
          const mask = s.legalMask();
          // play then undo every legal move: every field as before
          const before = snapshot(s);
          for (let m = mask; m !== 0; m &= m - 1) {
            const move = 31 - Math.clz32(m & -m);
            s.play(move);
            s.undo();
            assert(snapshot(s) === before, () => `${where()}: play ${move}, undo changes the state`);
          }
          const move = nthBit32(mask, rng.int(popcount32(mask)));
          s.play(move);
          state = unwrap(schafkopf.apply(state, state.turn, schafkopfSearch.actionOf(state, move)));
          compare(s, state, where());
          nodes++;
        }
        // and back to the start, comparing the way back with a fresh load
        while (s.depth() > 0) s.undo();
        expect(snapshot(s)).toBe(snapshot(SchafkopfSearch.fromState(start)!));
      }
    }
    expect(nodes).toBeGreaterThan(3000);
    for (const k of ['rufspiel', 'solo', 'wenz', 'solo-tout', 'wenz-tout', 'farbwenz', 'geier', 'farbgeier', 'bettel', 'ramsch']) expect(kinds).toContain(k);
  });

  it('a rollout plays the same cards from the same random numbers as a loop of legalMask and play, and can be undone', () => {
    const rng = new SeededRng(22);
    for (const { rules } of VARIANTS) {
      for (let d = 0; d < 40; d++) {
        const start = randomPlayState(rules, rng, rng.int(20));
        if (!start) continue;
        const a = SchafkopfSearch.fromState(start)!;
        const b = a.clone();
        const seed = rng.int(1e9);
        const ra = new SeededRng(seed);
        const rb = new SeededRng(seed);
        a.playRandom(ra);
        while (!b.isOver()) {
          const m = b.legalMask();
          b.play(nthBit32(m, rb.int(popcount32(m))));
        }
        expect(snapshot(a)).toBe(snapshot(b));
        expect(ra.nextUint32()).toBe(rb.nextUint32());
        for (let seat = 0; seat < 4; seat++) expect(a.score(seat)).toBe(b.score(seat));
        while (a.depth() > 0) a.undo();
        expect(snapshot(a)).toBe(snapshot(SchafkopfSearch.fromState(start)!));
      }
    }
  });

  it('futureBounds never excludes the points the party goes on to take, and before the last two tricks is exact; futureSearch before the last three', () => {
    const rng = new SeededRng(26);
    const out = new Float64Array(2);
    let exact = 0;
    let searched = 0;
    for (const { rules } of VARIANTS) {
      for (let d = 0; d < 40; d++) {
        const start = randomPlayState(rules, rng, rng.int(rules.kurzeKarte ? 24 : 32));
        if (!start) continue;
        const s = SchafkopfSearch.fromState(start)!;
        const bounds: [number, number, number][] = [];
        while (!s.isOver()) {
          s.futureBounds(out);
          const held = popcount32(s.handOf(0) | s.handOf(1) | s.handOf(2) | s.handOf(3));
          if (held <= 12) {
            // Near the end the bounds are on the points under best play (the party taking the most, the others the least), found here by plain minimax.
            const best = bestFuture(s);
            expect(best).toBeGreaterThanOrEqual(out[0]);
            expect(best).toBeLessThanOrEqual(out[1]);
            if (held === 4 || (held === 8 && s.bestSeat() < 0)) {
              expect(out[0]).toBe(out[1]);
              exact++;
            }
            if (held === 12 && s.bestSeat() < 0) {
              // futureSearch: exact in a window around every value, else a bound on the right side of a null window.
              expect(s.futureSearch(-1, 1000)).toBe(best);
              const a = rng.int(best + 20);
              const r = s.futureSearch(a, a + 1);
              if (r <= a) expect(best).toBeLessThanOrEqual(r);
              else expect(best).toBeGreaterThanOrEqual(r);
              searched++;
            } else expect(s.futureSearch(-1, 1000)).toBeNaN();
          } else bounds.push([out[0], out[1], s.sidePoints(0)]);
          const mask = s.legalMask();
          s.play(nthBit32(mask, rng.int(popcount32(mask))));
        }
        // Earlier on they hold whatever is played (a run of the highest trumps takes its tricks anyway).
        const end = s.sidePoints(0);
        for (const [lo, hi, before] of bounds) {
          expect(end - before).toBeGreaterThanOrEqual(lo);
          expect(end - before).toBeLessThanOrEqual(hi);
        }
      }
    }
    expect(exact).toBeGreaterThan(200);
    expect(searched).toBeGreaterThan(100);
  });

  it('futureBounds: the seats of the other side put their cards of least points into the tricks of a run of top trumps', () => {
    const rules = VARIANTS[1].rules;
    const s = new SchafkopfSearch({ rules, contract: { kind: 'solo', suit: 3, declarer: 0 }, doublings: 0, stock: 0 });
    const pack = schafkopfPack(false);
    const order = playTables(pack, 'solo', 3).trumpOrder;
    const pts = (c: number) => cardPoints(pack, c);
    // The declarer holds the Sau and the Zehn of every suit (no card without points); seat 1 the two highest trumps.
    const declarer = pack.cards.filter((c) => pts(c) >= 10 && c !== order[0] && c !== order[1]);
    expect(declarer).toHaveLength(8);
    const rest = pack.cards.filter((c) => !declarer.includes(c) && c !== order[0] && c !== order[1]);
    const hands = [declarer, [order[0], order[1], ...rest.slice(0, 6)], rest.slice(6, 14), rest.slice(14, 22)].map((h) => h.reduce((m, c) => m | (1 << c), 0));
    s.deal(hands, 0);
    const out = new Float64Array(2);
    s.futureBounds(out);
    // The run: the trumps above the declarer's highest; k: the most of it in one hand of the others, so many tricks at least, into each of which the declarer puts a card of 10 points or more.
    const run = order.slice(0, order.findIndex((c) => declarer.includes(c)));
    const k = Math.max(...[1, 2, 3].map((seat) => run.filter((c) => (hands[seat] & (1 << c)) !== 0).length));
    expect(k).toBeGreaterThanOrEqual(2);
    const least = declarer.map(pts).sort((a, b) => a - b).slice(0, k);
    expect(out[0]).toBe(0);
    expect(out[1]).toBe(120 - run.reduce((sum, c) => sum + pts(c), 0) - least.reduce((a, b) => a + b, 0));
  });

  it('pointsQuestion: a question Schwarz could tip is one of points once the side without a trick holds the highest trump out', () => {
    const rules = VARIANTS[1].rules;
    const pack = schafkopfPack(false);
    const order = playTables(pack, 'solo', 3).trumpOrder;
    const out = new Float64Array(2);
    for (const [holder, expected] of [
      [0, true],
      [1, false],
    ] as const) {
      const s = new SchafkopfSearch({ rules, contract: { kind: 'solo', suit: 3, declarer: 0 }, doublings: 0, stock: 0 });
      // The highest trump with `holder`, the other cards dealt in turn.
      const rest = pack.cards.filter((c) => c !== order[0]);
      const hands = [0, 1, 2, 3].map((seat) => {
        const cards = rest.filter((_, i) => i % 4 === seat).slice(0, seat === holder ? 7 : 8);
        return (seat === holder ? [order[0], ...cards] : cards).reduce((m, c) => m | (1 << c), 0);
      });
      // The seat that took an 8th card gives it to the holder's place: every hand has 8.
      const spare = rest.filter((_, i) => i % 4 === holder)[7];
      const taker = [0, 1, 2, 3].find((seat) => seat !== holder && popcount32(hands[seat]) < 8)!;
      hands[taker] |= 1 << spare;
      expect(hands.map(popcount32)).toEqual([8, 8, 8, 8]);
      expect(hands.reduce((a, b) => a | b, 0) >>> 0).toBe(0xffffffff);
      s.deal(hands, 0);
      // The declarer's second-lowest score: lost, Schneider, not Schwarz (with no trick at all the score is lower).
      const steps = s.outcomes(0)!;
      expect(s.pointsQuestion(0, steps[1], out)).toBe(expected);
    }
  });

  it('futureSearch four tricks before the end: exact in a wide window, a bound on the right side of a null window, whatever was asked before', () => {
    const rng = new SeededRng(2311);
    // The reference: every card of the next trick, then the last three by futureSearch (checked against minimax above).
    const reference = (s: SchafkopfSearch): number =>
      bestFuture(s, (t) => (t.bestSeat() < 0 && popcount32(t.handOf(0) | t.handOf(1) | t.handOf(2) | t.handOf(3)) === 12 ? t.futureSearch(-1, 1000) : undefined));
    let searched = 0;
    for (const { rules } of VARIANTS) {
      for (let d = 0; d < 30; d++) {
        const total = rules.kurzeKarte ? 24 : 32;
        const start = randomPlayState(rules, rng, total - 16);
        if (!start) continue;
        const s = SchafkopfSearch.fromState(start)!;
        if (s.bestSeat() >= 0) continue;
        const best = reference(s);
        // Null windows around the value first (their bounds are kept), then the exact value.
        for (let i = 0; i < 8; i++) {
          const a = best - 12 + rng.int(25);
          const r = s.futureSearch(a, a + 1);
          if (r <= a) expect(best).toBeLessThanOrEqual(r);
          else expect(best).toBeGreaterThanOrEqual(r);
        }
        expect(s.futureSearch(-1, 1000)).toBe(best);
        searched++;
      }
    }
    expect(searched).toBeGreaterThan(100);
  });

  it('a clone is independent', () => {
    const rng = new SeededRng(23);
    const start = randomPlayState(VARIANTS[0].rules, rng, 5)!;
    const a = SchafkopfSearch.fromState(start)!;
    const before = snapshot(a);
    const b = a.clone();
    expect(snapshot(b)).toBe(before);
    b.playRandom(rng);
    expect(snapshot(a)).toBe(before);
    a.playRandom(new SeededRng(1));
    expect(a.isOver() && b.isOver()).toBe(true);
  });

  it('loads only states in their card play; moves are cards', () => {
    const rng = new SeededRng(24);
    for (const { rules } of VARIANTS) {
      for (let d = 0; d < 8; d++) {
        let state = randomDeal(rules, rng);
        while (state.phase !== 'done') {
          const loaded = schafkopfSearch.load(state);
          expect(loaded !== undefined).toBe(state.phase === 'play');
          for (const a of schafkopf.legal(state, state.turn)) {
            const move = schafkopfSearch.moveOf(state, a);
            if (a.type === 'play') {
              expect(move).toBe(a.card);
              expect(schafkopfSearch.actionOf(state, move!)).toEqual(a);
            } else expect(move).toBeUndefined();
          }
          state = advance(state, rng, 1);
        }
        expect(schafkopfSearch.load(state)).toBeUndefined();
      }
    }
  });

  it('refuses a card not in the hand and an undo past the start', () => {
    const rng = new SeededRng(25);
    const start = randomPlayState(VARIANTS[0].rules, rng, 3)!;
    const s = SchafkopfSearch.fromState(start)!;
    const before = snapshot(s);
    const notHeld = [...Array(32).keys()].find((c) => (s.legalMask() & (2 ** c)) === 0 && ((start.hands[start.turn] >>> c) & 1) === 0)!;
    expect(() => s.play(notHeld)).toThrow();
    expect(() => s.undo()).toThrow();
    expect(snapshot(s)).toBe(before);
  });
});
