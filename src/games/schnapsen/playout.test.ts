import { describe, expect, it } from 'vitest';
import { SeededRng } from '../../core/rng.js';
import { unwrap } from '../../core/result.js';
import { NormalPlayout, TRACE_KEEP, TRACE_KNOCK, TRACE_LAY, TRACE_MELD, TRACE_PLAY, TRACE_REDEAL, TRACE_TRUMP, TRACE_TURN, TRACE_CUT } from './playout.js';
import { gameOf, rulesFor } from './testing.js';
import type { Variant } from './rules.js';
import type { SchnapsenAction, SchnapsenState } from './state.js';
import { meldPoints } from './play.js';
import type { Suit } from '../../cards/pack.js';

function toAction(state: SchnapsenState, code: number): SchnapsenAction {
  if (code === TRACE_CUT) return { type: 'cut' };
  if (code === TRACE_KNOCK) return { type: 'knock' };
  if (code === TRACE_REDEAL) return { type: 'redeal' };
  if (code === TRACE_KEEP) return { type: 'keep' };
  if (code >= TRACE_LAY) return { type: 'lay', cards: [Math.floor((code - TRACE_LAY) / 20), (code - TRACE_LAY) % 20] };
  if (code >= TRACE_MELD) return { type: 'meld', suit: (code - TRACE_MELD) as Suit, points: meldPoints(state, code - TRACE_MELD) };
  if (code >= TRACE_PLAY) return { type: 'play', card: code - TRACE_PLAY };
  if (code >= TRACE_TURN) return { type: 'turn', index: code - TRACE_TURN };
  return { type: 'trump', suit: (code - TRACE_TRUMP) as Suit };
}

describe('random playouts of the normal game through the search state', () => {
  it.each([
    ['bauern', 3000],
    ['talon', 2000],
  ] as [Variant, number][])('%s: plays exactly the deals the public API plays: same legal actions, same winner and points (%i seeded deals)', (variant, deals) => {
    const rules = rulesFor(variant);
    const playout = new NormalPlayout(variant, new SeededRng(99));
    const game = gameOf(variant);
    for (let i = 0; i < deals; i++) {
      const trace: number[] = [];
      const choices: number[] = [];
      playout.trace = trace;
      playout.choices = choices;
      const dealer = i % game.seatCount(rules);
      const winner = playout.run(dealer);
      let state = unwrap(game.setup(rules, { dealer, deck: playout.lastDeck(), carry: game.initialCarry(rules) }));
      let k = 0;
      while (state.phase !== 'done') {
        const seat = state.turn;
        const legal = game.legal(state, seat);
        let action: SchnapsenAction;
        if (state.phase === 'announce' || state.phase === 'spritzen') action = { type: 'pass' };
        else {
          expect(legal.length).toBe(choices[k]);
          action = toAction(state, trace[k++]);
        }
        expect(legal).toContainEqual(action);
        state = unwrap(game.apply(state, seat, action));
      }
      expect(k).toBe(trace.length);
      const outcome = state.outcome!;
      if (winner < 0) {
        expect(outcome.game).toBe('redeal');
        continue;
      }
      expect(outcome.game).toBe('normal');
      expect(outcome.teamScore).toEqual(Array.from(playout.teamScore));
      expect(outcome.teamScore[winner]).toBeGreaterThan(0);
    }
  });

  it('offers uniform choices: over many deals every kind of decision occurs', () => {
    const playout = new NormalPlayout('bauern', new SeededRng(5));
    const seen = new Set<number>();
    for (let i = 0; i < 20000; i++) {
      const trace: number[] = [];
      playout.trace = trace;
      playout.run(i & 3);
      for (const c of trace) seen.add(c >= TRACE_MELD ? TRACE_MELD : c >= TRACE_PLAY ? TRACE_PLAY : c >= TRACE_TURN ? TRACE_TURN : c >= TRACE_TRUMP ? TRACE_TRUMP : c);
    }
    expect([...seen].sort((a, b) => a - b)).toEqual([TRACE_CUT, TRACE_KNOCK, TRACE_REDEAL, TRACE_KEEP, TRACE_TRUMP, TRACE_TURN, TRACE_PLAY, TRACE_MELD]);
  });
});
