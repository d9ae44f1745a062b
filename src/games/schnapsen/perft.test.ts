import { describe, expect, it } from 'vitest';
import { unwrap } from '../../core/result.js';
import { gameOf, newDeal, passToPlay, rulesFor, run } from './testing.js';
import { SchnapsenSearch } from './search.js';
import type { SchnapsenState } from './state.js';

/** The number of distinct legal action sequences from `s` to the end of the deal (or to `depth` actions). */
function perft(s: SchnapsenState, depth = Infinity): number {
  if (s.phase === 'done' || depth === 0) return 1;
  const game = gameOf(s.variant);
  let n = 0;
  for (const a of game.legal(s, s.turn)) n += perft(unwrap(game.apply(s, s.turn, a)), depth - 1);
  return n;
}

/** The same count through the search state (issue 8 §3): it must agree with the public engine. */
function searchPerft(x: SchnapsenSearch): number {
  if (x.isOver()) return 1;
  let n = 0;
  for (let mask = x.legalMask(); mask !== 0; mask &= mask - 1) {
    x.play(31 - Math.clz32(mask & -mask));
    n += searchPerft(x);
    x.undo();
  }
  return n;
}

function bothPerft(s: SchnapsenState): number {
  const n = perft(s);
  expect(searchPerft(SchnapsenSearch.load(s)!)).toBe(n);
  return n;
}

const HANDS = ['EA EZ EK EO GU', 'GA GZ GK HA HZ', 'HK HO HU SA SZ', 'SK SO SU EU GO'];

describe('play-sequence counts (perft) for fixed deals', () => {
  it('Bauernschnapsen, normal game with Eichel trump, from the second trick to the end', () => {
    const s = run(passToPlay(run(newDeal('bauern', HANDS), '2 abheben; 0 trumpf E')), '0 GU; 1 GA; 2 SZ; 3 GO');
    expect(bothPerft(s)).toBe(PINNED.normal);
  });

  it('Bauernschnapsen, Bettler of seat 1 (partner sits out), from the second trick', () => {
    const s = run(passToPlay(run(newDeal('bauern', HANDS), '2 abheben; 0 trumpf E; 0 weiter; 1 bettler; 2 weiter; 3 weiter')), '0 EA; 1 HZ; 2 SZ');
    expect(bothPerft(s)).toBe(PINNED.bettler);
  });

  it('Bauernschnapsen, Gang of seat 1 (no Atout: void players discard freely), from the third trick', () => {
    const s = run(passToPlay(run(newDeal('bauern', HANDS), '2 abheben; 0 trumpf E; 0 weiter; 1 gang; 2 weiter; 3 weiter')), '1 GA; 2 SZ; 3 GO; 0 GU; 1 HA; 2 HU; 3 SU; 0 EO');
    expect(bothPerft(s)).toBe(PINNED.gang);
  });

  it('Talonschnapsen, normal game after the talon, from the first lead', () => {
    const s = passToPlay(run(newDeal('talon', ['EA EZ EK GA HA SA', 'EO GZ HZ SZ GK HK', 'EU GO HO SK SO SU'], { talon: 'GU HU' }), '1 abheben; 0 trumpf E; 0 weiter; 1 weiter; 2 weiter; 0 lege GU HU'));
    expect(bothPerft(s)).toBe(PINNED.talon);
  });

  // start5, worked by hand: cut or knock; trump E, or turn up EO (E) or GU (G); then seat 0 has 5 choices
  // (weiter, Bettler, Schnapser, Gang, Bauernschnapser) and seats 1 and 2 announce higher or pass:
  // 12 + 8 + 8 + 5 + 2 = 35 sequences for each of the 3 trump calls, for the cut and for the knock: 210.
  it('Bauernschnapsen from the shuffle, the first 5 decisions (cut, trump, announcements), standard and all regional games', () => {
    expect(perft(newDeal('bauern', HANDS), 5)).toBe(PINNED.start5);
    expect(perft(newDeal('bauern', HANDS, { rules: rulesFor('bauern', {}, 'alles') }), 5)).toBe(PINNED.start5alles);
  });

  it('Talonschnapsen from the shuffle, the first 5 decisions', () => {
    expect(perft(newDeal('talon', ['EA EZ EK GA HA SA', 'EO GZ HZ SZ GK HK', 'EU GO HO SK SO SU'], { talon: 'GU HU' }), 5)).toBe(PINNED.talonStart5);
  });
});

const PINNED = { normal: 74049, bettler: 6384, gang: 1008, talon: 64716, start5: 210, start5alles: 1264, talonStart5: 2608 };
