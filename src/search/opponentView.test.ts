import { describe, expect, it } from 'vitest';
import { SeededRng } from '../core/rng.js';
import { schafkopf } from '../games/schafkopf/game.js';
import { schafkopfModule } from '../games/schafkopf/module.js';
import type { SchafkopfState } from '../games/schafkopf/state.js';
import type { SchafkopfTypes } from '../games/schafkopf/game.js';
import { randomPlayState, rulesOf } from '../games/schafkopf/testing.js';
import { OpponentView } from './opponentView.js';
import type { EstimatingAgent } from './pimc.js';
import { Solver } from './solver.js';

/** The plain value for `seat` of each legal card: every seat knows every card. */
function plainValues(state: SchafkopfState, seat: number, solver: Solver): number[] {
  return schafkopf.legal(state, seat).map((a) => {
    const next = schafkopf.apply(state, seat, a);
    if (!next.ok) throw new Error(next.error.message);
    const out = schafkopf.outcome(next.value);
    if (out) return out.score[seat];
    const s = schafkopfModule.search!.load(next.value)!;
    return s.isOver() ? s.score(seat) : solver.value(s, s.side(seat), seat);
  });
}

describe('the next seat answering from its own view (issue 23, opponents who do not see everything)', () => {
  it('never values a card below the plain solve when an opponent answers, never above it when a partner does, and equals it where the answer is forced', () => {
    const rules = rulesOf('sauspiel');
    const rng = new SeededRng('opponent-view');
    const solver = new Solver();
    const view = new OpponentView(schafkopfModule, solver, new SeededRng('answers'), { worlds: 8, maxNodes: Infinity });
    let opponents = 0;
    let partners = 0;
    let above = 0;
    let below = 0;
    let forced = 0;
    for (let i = 0; i < 200; i++) {
      // Five to two tricks left, any card of the trick.
      const state = randomPlayState(rules, rng, 12 + rng.int(13));
      if (!state || state.phase !== 'play') continue;
      const seat = schafkopf.toAct(state)[0]!;
      const legal = schafkopf.legal(state, seat);
      const plain = plainValues(state, seat, solver);
      legal.forEach((a, k) => {
        const after = schafkopf.apply(state, seat, a);
        if (!after.ok) throw new Error(after.error.message);
        const v = view.value(state, seat, a);
        expect(v, 'a card-play position throughout').toBeDefined();
        const next = after.value;
        const answerer = schafkopf.toAct(next)[0];
        if (schafkopf.outcome(next) || answerer === undefined || schafkopf.legal(next, answerer).length === 1) {
          expect(v).toBe(plain[k]);
          forced++;
          return;
        }
        const s = schafkopfModule.search!.load(next)!;
        if (s.side(answerer) === s.side(seat)) {
          partners++;
          expect(v!).toBeLessThanOrEqual(plain[k]);
          if (v! < plain[k]) below++;
        } else {
          opponents++;
          expect(v!).toBeGreaterThanOrEqual(plain[k]);
          if (v! > plain[k]) above++;
        }
      });
    }
    expect(opponents).toBeGreaterThan(30);
    expect(partners).toBeGreaterThan(5);
    expect(forced).toBeGreaterThan(5);
    // The answers from the view differ from the all-knowing ones somewhere.
    expect(above + below).toBeGreaterThan(0);
  });

  it('strong-view counts the decisions it valued with the answers from the next seat\'s view', async () => {
    const { botLevels } = await import('./pimc.js');
    const levels = botLevels(schafkopfModule, { samples: 4, nodes: 50_000 })!;
    expect(levels.strongView.description).toContain('answer from its own view');
    const rng = new SeededRng('sv-state');
    let asked = 0;
    for (let i = 0; i < 20 && asked < 3; i++) {
      const state = randomPlayState(rulesOf('sauspiel'), rng, 20 + rng.int(5));
      if (!state || state.phase !== 'play') continue;
      const seat = schafkopf.toAct(state)[0]!;
      const legal = schafkopf.legal(state, seat);
      if (legal.length < 2) continue;
      const agent = levels.strongView.create(rulesOf('sauspiel'), seat, new SeededRng(`sv${i}`)) as EstimatingAgent<SchafkopfTypes>;
      await agent.estimate(schafkopf.view(state, seat), legal, seat);
      // Two to three tricks left: a world's plain solve takes fewer nodes than the bound, so the decision is valued from the next seat's view.
      expect(agent.stats.answeredFromView).toBe(1);
      asked++;
    }
    expect(asked).toBe(3);
  });
});
