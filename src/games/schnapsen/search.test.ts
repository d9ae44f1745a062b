import { describe, expect, it } from 'vitest';
import { SeededRng } from '../../core/rng.js';
import { unwrap } from '../../core/result.js';
import { maskPoints } from './cards.js';
import { onDeclarerSide } from './draft.js';
import { bauernschnapsenModule, talonschnapsenModule } from './module.js';
import type { Variant } from './rules.js';
import { SchnapsenSearch, moveOfAction } from './search.js';
import type { SchnapsenState } from './state.js';
import { gameOf, newDeal, passToPlay, randomDeal, rulesFor, run, SCHNAPSEN_CONFIGS } from './testing.js';

/**
 * Issue 8 §3: the search state against the public API. From random public
 * states in the card play (mid-trick too, after a 20/40 too), random walks
 * compare at every node the legal moves, who moves, the tricks and their
 * winners, the points and tricks of each side, and at the end every seat's
 * score; play and undo are exact inverses.
 */
const CONFIGS = SCHNAPSEN_CONFIGS;

function publicMask(s: SchnapsenState): number {
  let mask = 0;
  for (const a of gameOf(s.variant).legal(s, s.turn)) mask |= 1 << moveOfAction(a)!;
  return mask;
}

function sideFacts(s: SchnapsenState): number[] {
  const out = [0, 0, 0, 0];
  for (let seat = 0; seat < s.seats; seat++) {
    const side = onDeclarerSide(s, seat) ? 0 : 1;
    out[side] += maskPoints(s.taken[seat]);
  }
  for (const t of s.tricks) out[2 + (onDeclarerSide(s, t.winner) ? 0 : 1)]++;
  return out;
}

/** Compares the search state with the public state it should mirror. */
function same(x: SchnapsenSearch, s: SchnapsenState, where: string): void {
  const over = s.phase === 'done';
  expect(x.isOver(), where).toBe(over);
  expect(x.toMove(), where).toBe(over ? -1 : s.turn);
  expect(x.legalMask(), where).toBe(over ? 0 : publicMask(s));
  expect(x.tricks(), where).toBe(s.tricks.length);
  s.tricks.forEach((t, i) => expect(x.trickWinner(i), where).toBe(t.winner));
  expect([x.sidePoints(0), x.sidePoints(1), x.sideTricks(0), x.sideTricks(1)], where).toEqual(sideFacts(s));
  for (let seat = 0; seat < s.seats; seat++) {
    expect(x.hand(seat), where).toBe(s.hands[seat]);
    expect(x.side(seat), where).toBe(onDeclarerSide(s, seat) ? 0 : 1);
    if (over) expect(x.score(seat), where).toBe(s.outcome!.score[seat]);
  }
}

describe('the search state plays exactly as the public engine (issue 8 §3)', () => {
  it('random walks from random public states of the card play, every game and rule set (7 rule sets, 1050 deals)', () => {
    const games = new Set<string>();
    let nodes = 0;
    for (const [variant, preset, overrides] of CONFIGS) {
      const rules = rulesFor(variant, overrides, preset);
      const game = gameOf(variant);
      const rng = new SeededRng(`search-${variant}-${preset}-${JSON.stringify(overrides)}`);
      for (let i = 0; i < 150; i++) {
        const { states } = randomDeal(variant, rules, rng, i % game.seatCount(rules));
        const playing = states.filter((s) => s.phase === 'play');
        // Games won by showing, three-Unter new deals: no card play, nothing to load.
        for (const s of states) if (s.phase !== 'play') expect(SchnapsenSearch.load(s)).toBeUndefined();
        if (playing.length === 0) continue;
        let s = playing[rng.int(playing.length)];
        games.add(s.contract!.game);
        const x = SchnapsenSearch.load(s)!;
        expect(x.depth()).toBe(0);
        same(x, s, `${variant} ${s.contract!.game} loaded`);
        const loaded = JSON.stringify(x.snapshot());
        while (s.phase !== 'done') {
          const legal = game.legal(s, s.turn);
          const a = legal[rng.int(legal.length)];
          const m = moveOfAction(a)!;
          expect(bauernschnapsenModule.search!.moveOf(s, a)).toBe(m);
          expect(bauernschnapsenModule.search!.actionOf(s, m)).toEqual(a);
          // play(m); undo() is the identity, in every field.
          const before = JSON.stringify(x.snapshot());
          const depth = x.depth();
          x.play(m);
          expect(x.depth()).toBe(depth + 1);
          x.undo();
          expect(JSON.stringify(x.snapshot())).toBe(before);
          expect(JSON.stringify(x.clone().snapshot())).toBe(before);
          x.play(m);
          s = unwrap(game.apply(s, s.turn, a));
          same(x, s, `${variant} ${s.contract!.game} after ${game.formatAction(rules, a)}`);
          // Loaded afresh from the public state, the same position.
          if (s.phase === 'play') same(SchnapsenSearch.load(s)!, s, 'reloaded');
          nodes++;
        }
        // Undo takes it back to the loaded position.
        while (x.depth() > 0) x.undo();
        expect(JSON.stringify(x.snapshot())).toBe(loaded);
      }
    }
    expect(nodes).toBeGreaterThan(3000);
    // The random deals reach the special games.
    expect(games.size).toBeGreaterThan(10);
  });

  it('undo all the way back and replay: the same end, the same score', () => {
    const rules = rulesFor('bauern');
    const rng = new SeededRng('undo-all');
    for (let i = 0; i < 200; i++) {
      const { states } = randomDeal('bauern', rules, rng, i % 4);
      const start = states.find((s) => s.phase === 'play');
      if (!start) continue;
      const x = SchnapsenSearch.load(start)!;
      const first = JSON.stringify(x.snapshot());
      const moves: number[] = [];
      while (!x.isOver()) {
        const mask = x.legalMask();
        const legal = [...Array(24).keys()].filter((m) => mask & (1 << m));
        const m = legal[rng.int(legal.length)];
        moves.push(m);
        x.play(m);
      }
      const end = JSON.stringify(x.snapshot());
      const score = [0, 1, 2, 3].map((seat) => x.score(seat));
      while (x.depth() > 0) x.undo();
      expect(JSON.stringify(x.snapshot())).toBe(first);
      for (const m of moves) x.play(m);
      expect(JSON.stringify(x.snapshot())).toBe(end);
      expect([0, 1, 2, 3].map((seat) => x.score(seat))).toEqual(score);
    }
  });

  it('the modules offer it: load gives undefined outside the card play', () => {
    for (const module of [bauernschnapsenModule, talonschnapsenModule]) {
      expect(module.search).toBeDefined();
      const variant: Variant = module === bauernschnapsenModule ? 'bauern' : 'talon';
      const s = newDeal(variant, variant === 'bauern' ? ['EA EZ EK EO GU', 'GA GZ GK HA HZ', 'HK HO HU SA SZ', 'SK SO SU EU GO'] : ['EA EZ EK GA HA SA', 'EO GZ HZ SZ GK HK', 'EU GO HO SK SO SU']);
      expect(module.search!.load(s)).toBeUndefined();
      expect(module.search!.moveOf(s, { type: 'pass' })).toBeUndefined();
      expect(module.search!.moveOf(s, { type: 'play', card: 'x' as unknown as number })).toBeUndefined();
    }
    const p = passToPlay(run(newDeal('bauern', ['EA EZ EK EO GU', 'GA GZ GK HA HZ', 'HK HO HU SA SZ', 'SK SO SU EU GO']), '2 abheben; 0 trumpf E'));
    const x = bauernschnapsenModule.search!.load(p)!;
    expect(x.seats).toBe(4);
    expect(x.sides()).toBe(2);
    // The 40 in Eichel is move 20 + 0; the cards are their ids.
    expect(x.legalMask()).toBe(p.hands[0] | (1 << 20));
  });
});
