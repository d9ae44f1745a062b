import { describe, expect, it } from 'vitest';
import { maskOf } from '../../cards/mask.js';
import { SeededRng } from '../../core/rng.js';
import { unwrap } from '../../core/result.js';
import { apply, legal, toAct } from './engine.js';
import { karnoeffelModule } from './module.js';
import { KarnoeffelSearch, karnoeffelSearch } from './search.js';
import type { KarnoeffelState } from './state.js';
import { passToPlay, randomDeal, rulesOf, start, KARNOEFFEL_CONFIGS } from './testing.js';

/** The legal cards of the seat to play, through the public API, as a mask. */
function publicMask(state: KarnoeffelState): number {
  const seat = toAct(state)[0];
  return maskOf(legal(state, seat).flatMap((a) => (a.type === 'play' ? [a.card] : [])));
}

/** Bits of a mask below 2^48, ascending. */
function bits(mask: number): number[] {
  const out: number[] = [];
  for (let c = 0; c < 48; c++) if (Math.floor(mask / 2 ** c) % 2 === 1) out.push(c);
  return out;
}

function compare(state: KarnoeffelState, search: KarnoeffelSearch, where: string): void {
  const fail = (what: string, a: unknown, b: unknown) => expect.fail(`${where}: ${what}: search ${JSON.stringify(a)}, public ${JSON.stringify(b)}`);
  const over = state.phase === 'done';
  if (search.isOver() !== over) fail('isOver', search.isOver(), over);
  if (search.toMove() !== (over ? -1 : toAct(state)[0])) fail('toMove', search.toMove(), toAct(state));
  const mask = over ? 0 : publicMask(state);
  if (search.legalMask() !== mask) fail('legalMask', bits(search.legalMask()), bits(mask));
  for (const side of [0, 1]) {
    if (search.sideTricks(side) !== state.won[side]) fail(`tricks of side ${side}`, search.sideTricks(side), state.won[side]);
    if (search.sidePoints(side) !== state.won[side]) fail(`points of side ${side}`, search.sidePoints(side), state.won[side]);
  }
  if (search.tricksPlayed() !== state.tricks.length) fail('tricks played', search.tricksPlayed(), state.tricks.length);
  for (let seat = 0; seat < search.seats; seat++) {
    if (search.side(seat) !== seat % 2) fail('side', search.side(seat), seat % 2);
    if (over && search.score(seat) !== state.outcome!.score[seat]) fail(`score of ${seat}`, search.score(seat), state.outcome!.score[seat]);
  }
  if (over && search.winningSide() !== state.outcome!.winner) fail('winner', search.winningSide(), state.outcome!.winner);
}

describe('the search state against the public API (issue 8 §3)', () => {
  for (const [preset, n] of KARNOEFFEL_CONFIGS) {
    for (const devil of ['no-lead', 'no-play'] as const) {
      it(`${preset}, ${n} players, Devil ${devil}: random walks from random mid-deal states agree at every node; play/undo are exact inverses`, () => {
        const rules = rulesOf({ players: n, devilFirstTrick: devil }, preset);
        const rng = new SeededRng(`search-${preset}-${n}-${devil}`);
        for (let d = 0; d < 150; d++) {
          const deal = randomDeal(rules, rng, 'play');
          let state = deal.state;
          const search = karnoeffelSearch.load(state) as KarnoeffelSearch;
          expect(search).toBeDefined();
          const loaded = JSON.stringify(search.snapshot());
          expect(search.depth()).toBe(0);
          compare(state, search, `deal ${d}, loaded`);
          let depth = 0;
          while (!search.isOver()) {
            // every legal move, played and taken back, leaves everything as it was
            const before = JSON.stringify(search.snapshot());
            for (const m of bits(search.legalMask())) {
              search.play(m);
              search.undo();
              const after = JSON.stringify(search.snapshot());
              if (after !== before) expect.fail(`deal ${d}: play(${m}); undo() changed the state\n${before}\n${after}`);
            }
            const moves = bits(search.legalMask());
            const m = moves[rng.int(moves.length)];
            const seat = search.toMove();
            const action = karnoeffelSearch.actionOf(state, m);
            expect(karnoeffelSearch.moveOf(state, action)).toBe(m);
            const tricksBefore = state.tricks.length;
            state = unwrap(apply(state, seat, action));
            search.play(m);
            depth++;
            expect(search.depth()).toBe(depth);
            compare(state, search, `deal ${d}, after ${depth} moves`);
            // a finished trick: its winner leads the next one
            if (state.tricks.length > tricksBefore && !search.isOver()) expect(search.toMove()).toBe(state.tricks.at(-1)!.winner);
          }
          // back to the loaded position, move by move
          while (search.depth() > 0) search.undo();
          expect(JSON.stringify(search.snapshot())).toBe(loaded);
          expect(() => search.undo()).toThrow(/nothing to undo/);
        }
      });
    }
  }

  it('loads only a deal in its card play; a clone is independent', () => {
    const rules = rulesOf({ players: 4 });
    const dealing = start(rules, 0, {});
    expect(karnoeffelSearch.load(dealing)).toBeUndefined();
    const playing = passToPlay(dealing);
    const s = karnoeffelSearch.load(playing) as KarnoeffelSearch;
    const c = s.clone();
    expect(c.snapshot()).toEqual(s.snapshot());
    const m = bits(c.legalMask())[0];
    c.play(m);
    expect(c.snapshot()).not.toEqual(s.snapshot());
    expect(s.depth()).toBe(0);
    c.undo();
    expect(c.snapshot()).toEqual(s.snapshot());
    expect(karnoeffelSearch.moveOf(playing, { type: 'pass' })).toBeUndefined();
    expect(karnoeffelSearch.moveOf(playing, { type: 'advise', message: 'hi', card: m })).toBeUndefined();
    expect(karnoeffelModule.search).toBe(karnoeffelSearch);
  });

  it('the random playout does exactly what legalMask and play do, move by move', () => {
    for (const [preset, n] of KARNOEFFEL_CONFIGS) {
      const rules = rulesOf({ players: n }, preset);
      const rng = new SeededRng(`playRandom-${preset}-${n}`);
      for (let d = 0; d < 100; d++) {
        const deal = randomDeal(rules, rng, 'play');
        const fast = karnoeffelSearch.load(deal.state) as KarnoeffelSearch;
        const slow = fast.clone();
        const seed = rng.int(2 ** 31);
        const winner = fast.playRandom(new SeededRng(seed));
        const r = new SeededRng(seed);
        while (!slow.isOver()) {
          const moves = bits(slow.legalMask());
          slow.play(moves[moves.length === 1 ? 0 : r.int(moves.length)]);
        }
        expect(fast.snapshot()).toEqual(slow.snapshot());
        expect(winner).toBe(slow.winningSide());
        // and it can be taken back
        while (fast.depth() > 0) fast.undo();
        expect(fast.snapshot()).toEqual((karnoeffelSearch.load(deal.state) as KarnoeffelSearch).snapshot());
      }
    }
  });
});

/** The number of distinct legal card sequences from here to the end (or to `depth` cards), through the public API. */
function perft(state: KarnoeffelState, depth = Infinity): number {
  if (state.phase === 'done' || depth === 0) return 1;
  const seat = toAct(state)[0];
  let total = 0;
  for (const a of legal(state, seat)) {
    if (a.type !== 'play') continue;
    total += perft(unwrap(apply(state, seat, a)), depth - 1);
  }
  return total;
}

/** The same count through the search state. */
function searchPerft(s: KarnoeffelSearch, depth = Infinity): number {
  if (s.isOver() || depth === 0) return 1;
  let total = 0;
  for (const m of bits(s.legalMask())) {
    s.play(m);
    total += searchPerft(s, depth - 1);
    s.undo();
  }
  return total;
}

function bothPerft(state: KarnoeffelState, depth = Infinity): number {
  const s = karnoeffelSearch.load(state) as KarnoeffelSearch;
  const before = JSON.stringify(s.snapshot());
  const fast = searchPerft(s, depth);
  expect(JSON.stringify(s.snapshot())).toBe(before);
  expect(perft(state, depth)).toBe(fast);
  return fast;
}

describe('play-sequence counts (perft) for fixed deals, through the public API and the search state', () => {
  it('two players, a whole deal', () => {
    const s = passToPlay(start(rulesOf({ players: 2 }), 1, { 0: 'E2 EU E7 S3 S4', 1: 'H2 HK GK SK SO' }));
    // Eichel trump; the Devil E7 may not lead the first trick (000)
    expect(bothPerft(s)).toBe(PERFT.two);
  });

  it('two players, landsknecht Devil rule (not played at all in the first trick)', () => {
    const s = passToPlay(start(rulesOf({ players: 2, devilFirstTrick: 'no-play' }), 1, { 0: 'E2 EU E7 S3 S4', 1: 'H2 HK E6 SK SO' }));
    expect(bothPerft(s)).toBe(PERFT.twoNoPlay);
  });

  it('four players, the first two tricks', () => {
    // Schellen trump (S2 lowest face up); Vorhand (seat 1) holds the Devil S7 and may not lead it.
    const s = passToPlay(start(rulesOf({ players: 4 }), 0, { 1: 'E9 S7 E7 H8 H9', 2: 'EK G3 G4 G5 G6', 3: 'E8 H3 H4 H5 H6', 0: 'S2 E6 E5 E4 GK' }));
    expect(bothPerft(s, 4)).toBe(4 * 5 * 5 * 5);
    expect(bothPerft(s, 8)).toBe(PERFT.fourTwoTricks);
  });

  it('six players, landsknecht (play to the right), the first trick and the next lead', () => {
    const s = passToPlay(start(rulesOf({ players: 6 }, 'landsknecht'), 0, {}, [0, 0], 'H2 E9 S9 G9 EK SK'));
    expect(bothPerft(s, 7)).toBe(PERFT.sixLandsknecht);
  });
});

const PERFT = {
  two: 6624,
  twoNoPlay: 8244,
  fourTwoTricks: 128000,
  sixLandsknecht: 62500,
};
