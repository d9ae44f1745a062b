import { describe, expect, it } from 'vitest';
import { shuffleDeck } from '../cards/deck.js';
import { SeededRng } from '../core/rng.js';
import { schafkopfModule } from '../games/schafkopf/module.js';
import { resolveRules } from '../games/ruleBook.js';
import { hint } from './hint.js';
import { tinyGame, tinyModule } from './testing.js';

describe('hints', () => {
  it('give the strong bot\'s choice and an estimate of every legal action, from the view of the seat alone (the same seed gives the same hint)', async () => {
    const rules = resolveRules(schafkopfModule.game.ruleBook, undefined, {});
    if (!rules.ok) throw new Error(rules.error.message);
    const { game } = schafkopfModule;
    const pack = game.pack(rules.value);
    const setup = game.setup(rules.value, { dealer: 3, deck: shuffleDeck(pack, new SeededRng('hint')), carry: game.initialCarry(rules.value) });
    if (!setup.ok) throw new Error(setup.error.message);
    let state = setup.value;
    // Everyone passes but seat 1, which plays a Rufspiel if it may; then into the card play.
    for (let guard = 0; guard < 40 && state.phase !== 'play'; guard++) {
      const seat = game.toAct(state)[0];
      const legal = game.legal(state, seat);
      const call = legal.find((a) => a.type === 'bid' && a.game.kind === 'rufspiel');
      const pass = legal.find((a) => a.type === 'weiter') ?? legal[0];
      const next = game.apply(state, seat, seat === 1 && call ? call : pass);
      if (!next.ok) throw new Error(next.error.message);
      state = next.value;
    }
    expect(state.phase).toBe('play');
    const seat = game.toAct(state)[0];
    const legal = game.legal(state, seat);
    const view = game.view(state, seat);
    const options = { samples: 8, thinkMs: 60_000, evaluate: 'solver' as const, weighted: true, nodes: 200_000 };
    const h = await hint(schafkopfModule, rules.value, view, seat, legal, new SeededRng('h'), options);
    expect(h.worlds).toBe(8);
    expect(h.estimates.map((e) => e.action).sort()).toEqual(legal.map((a) => game.formatAction(rules.value, a)).sort());
    for (let i = 1; i < h.estimates.length; i++) expect(h.estimates[i - 1].value).toBeGreaterThanOrEqual(h.estimates[i].value);
    expect(h.estimates.map((e) => e.action)).toContain(h.choice);
    // The view is all it reads: the same seed gives the same hint.
    const again = await hint(schafkopfModule, rules.value, view, seat, legal, new SeededRng('h'), options);
    expect(again).toEqual(h);
  });

  it('refuse a seat with nothing to decide', async () => {
    const rules = { preset: 'tiny' };
    const setup = tinyGame.setup(rules, { dealer: 0, deck: shuffleDeck(tinyGame.pack(rules), new SeededRng(1)), carry: null });
    if (!setup.ok) throw new Error();
    await expect(hint(tinyModule, rules, tinyGame.view(setup.value, 0), 0, [], new SeededRng(1))).rejects.toThrow('nothing to decide');
  });
});
