import { describe, expect, it } from 'vitest';
import { SeededRng } from '../../core/rng.js';
import { botLevels, pimcAgent, strongOptions } from '../../search/pimc.js';
import { Solver } from '../../search/solver.js';
import { winShare } from '../../search/stakes.js';
import { legal, toAct } from './engine.js';
import { karnoeffelModule } from './module.js';
import { karnoeffelSearch } from './search.js';
import { karnoeffelStakes, raisingTied, stopValue } from './stakes.js';
import type { KarnoeffelAction, KarnoeffelState } from './state.js';
import { act, rulesOf, start } from './testing.js';
import { view } from './view.js';

function untilPause(state: KarnoeffelState, pauses: number): KarnoeffelState {
  let s = state;
  while (s.pairs < pauses) s = act(s, toAct(s)[0], { type: 'pass' });
  return s;
}

// Two players, dealer 1: Vorhand seat 0. Eichel is trump (E2 face up): seat 0 holds the Kaiser, the Karnöffel and the Papst.
const strongHands = { 0: 'E2 EU E6 S3 S4', 1: 'HK H3 G3 S2 G4' };

describe('stake decisions from the chance of winning (000 "Kartengeben und Steigern"; issue 23)', () => {
  it('raising stops at the first value that would win the Partie for a side, or where it is announced', () => {
    const s = start(rulesOf({ players: 4 }), 0, {});
    const v = view(s, toAct(s)[0]);
    expect(v.target).toBe(41);
    expect(stopValue(v, 4)).toBe(43);
    expect(stopValue({ ...v, points: [30, 12] }, 4)).toBe(13);
    expect(stopValue({ ...v, announcedBy: 1 }, 7)).toBe(7);
  });

  it('refuses a raise it is likely to lose when the round would be played for the Partie, accepts a close one, raises again when ahead', () => {
    let s = untilPause(start(rulesOf({ players: 2 }), 1, strongHands), 2);
    s = act(s, 0, { type: 'raise' });
    const v = view(s, 1);
    const options = legal(s, 1) as KarnoeffelAction[];
    expect(karnoeffelStakes.applies(v, options)).toBe(true);
    // Refusing gives away 4; playing on risks (1 − 2p) × 43.
    expect(karnoeffelStakes.choose(v, options, 0.3)).toEqual({ type: 'refuse' });
    expect(karnoeffelStakes.choose(v, options, 0.47)).toEqual({ type: 'accept' });
    expect(karnoeffelStakes.choose(v, options, 0.6)).toEqual({ type: 'raise' });
  });

  it('raises or passes by the chance alone before any raise', () => {
    const s = untilPause(start(rulesOf({ players: 2 }), 1, strongHands), 2);
    const v = view(s, 0);
    const options = legal(s, 0) as KarnoeffelAction[];
    expect(karnoeffelStakes.choose(v, options, 0.7)).toEqual({ type: 'raise' });
    expect(karnoeffelStakes.choose(v, options, 0.5)).toEqual({ type: 'pass' });
  });

  it('values raising as playing on without it, so that the hint says why they stand alike; a refusal apart', () => {
    let s = untilPause(start(rulesOf({ players: 2 }), 1, strongHands), 2);
    const before = view(s, 0);
    const passOrRaise = legal(s, 0) as KarnoeffelAction[];
    const values = karnoeffelStakes.values(before, passOrRaise, 0.7);
    expect(values[0]).toBe(values[1]);
    const named = (v: readonly number[], options: readonly KarnoeffelAction[]) => options.map((a, i) => ({ action: a.type, value: v[i] }));
    expect(raisingTied(named(values, passOrRaise))).toBe(true);
    s = act(s, 0, { type: 'raise' });
    const answer = legal(s, 1) as KarnoeffelAction[];
    expect(answer.map((a) => a.type).sort()).toEqual(['accept', 'raise', 'refuse']);
    expect(raisingTied(named(karnoeffelStakes.values(view(s, 1), answer, 0.3), answer))).toBe(true);
    // Without a raise among the choices, or with another value for it, nothing to explain.
    expect(raisingTied([{ action: 'accept', value: 4 }, { action: 'refuse', value: -4 }])).toBe(false);
    expect(raisingTied([{ action: 'raise', value: 5 }, { action: 'pass', value: 4 }])).toBe(false);
  });

  it('leaves the decision to the easy bot where the Partie is at stake (refusing may hand it over)', () => {
    const s = start(rulesOf({ players: 4 }), 0, {}, [38, 10]);
    const seat = toAct(s)[0];
    expect(karnoeffelStakes.choose(view(s, seat), legal(s, seat) as KarnoeffelAction[], 0.1)).toBeUndefined();
  });

  it('carries a world on to its card play with the stake as it is', () => {
    const s = start(rulesOf({ players: 4 }), 0, {});
    const played = karnoeffelStakes.toCardPlay(s);
    expect(played?.phase).toBe('play');
    expect(played?.value).toBe(4);
    expect([0, 1, 2, 3].map((seat) => view(played!, seat).hand.length)).toEqual([5, 5, 5, 5]);
  });

  it('the chance is the share of worlds the side wins in the solve: certain with the Kaiser, the Karnöffel and the Papst against nothing', () => {
    const s = untilPause(start(rulesOf({ players: 2 }), 1, strongHands), 2);
    const worlds = [{ world: s, times: 3 }];
    expect(winShare(karnoeffelSearch, new Solver(), 0, worlds, () => false)).toEqual({ p: 1, worlds: 3 });
    expect(winShare(karnoeffelSearch, new Solver(), 1, worlds, () => false)).toEqual({ p: 0, worlds: 3 });
  });

  it('solves the first world even past the deadline, so a loaded machine still decides by the chance (the CI run of 27 Nov fell back to playouts)', () => {
    // Four players: a card play that takes the solver far more than the 1,024 nodes between its looks at the clock.
    const s = start(rulesOf({ players: 4 }), 0, {});
    const unlimited = new Solver();
    const won = winShare(karnoeffelSearch, unlimited, 0, [{ world: s, times: 2 }], () => false);
    expect(unlimited.nodes).toBeGreaterThan(2048);
    const solver = new Solver();
    solver.deadline = performance.now() - 1;
    solver.nodeLimit = 0;
    const worlds = [{ world: s, times: 2 }, { world: s, times: 5 }];
    expect(winShare(karnoeffelSearch, solver, 0, worlds, () => true)).toEqual(won);
    // The limits are back for what follows.
    expect(solver.nodeLimit).toBe(0);
    expect(solver.deadline).toBeLessThan(performance.now());
  });

  it('strong refuses a raise against the Kaiser, the Karnöffel and the Papst held by the raiser (two players, the Kaiser face up)', async () => {
    // Both hands dealt; the raiser's cards but the face-up Kaiser are hidden, and with them a weak hand is hopeless.
    let s = untilPause(start(rulesOf({ players: 2 }), 1, strongHands), 2);
    s = act(s, 0, { type: 'raise' });
    const agent = pimcAgent(karnoeffelModule, s.rules, 1, new SeededRng(7), { ...strongOptions(karnoeffelModule), samples: 16 });
    expect(await agent.choose(view(s, 1), legal(s, 1), 1)).toEqual({ type: 'refuse' });
  });

  it('strong says so in its description; strong-1 raises as before', () => {
    const levels = botLevels(karnoeffelModule)!;
    expect(levels.strong.description).toContain("raising, accepting and refusing from its side's chance of winning the card play");
    expect(levels.strong1.description).not.toContain('chance of winning');
  });
});
