import { describe, expect, it } from 'vitest';
import { shuffleDeck } from '../cards/deck.js';
import { SeededRng } from '../core/rng.js';
import { schafkopfModule } from '../games/schafkopf/module.js';
import { resolveRules } from '../games/ruleBook.js';
import { hint } from './hint.js';
import { tinyGame, tinyModule } from './testing.js';
import { karnoeffelModule } from '../games/karnoeffel/module.js';
import { legal as karnoeffelLegal, toAct } from '../games/karnoeffel/engine.js';
import { act, rulesOf, start } from '../games/karnoeffel/testing.js';
import { view as karnoeffelView } from '../games/karnoeffel/view.js';
import { strongOptions } from './pimc.js';
import { hintLines } from '../cli/hint.js';

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
    const options = { samples: 8, thinkMs: 60_000, evaluate: 'solver' as const, weighted: true, nodes: 3_000_000 };
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

  it("give a stake decision as the bot takes it: its side's chance of winning, and each action's worth to the side (Karnöffel: refusing gives away the value before the raise)", async () => {
    // Two players, Eichel trump: seat 0 holds the Kaiser (face up), the Karnöffel and the Papst, and raises to 7.
    let s = start(rulesOf({ players: 2 }), 1, { 0: 'E2 EU E6 S3 S4', 1: 'HK H3 G3 S2 G4' });
    while (s.pairs < 2) s = act(s, toAct(s)[0], { type: 'pass' });
    s = act(s, 0, { type: 'raise' });
    // A cap no load reaches: the test counts the worlds, which a cap struck on a busy machine would cut short.
    const options = { ...strongOptions(karnoeffelModule), samples: 16, thinkMs: 60_000 };
    const h = await hint(karnoeffelModule, s.rules, karnoeffelView(s, 1), 1, karnoeffelLegal(s, 1), new SeededRng('k'), options);
    expect(h.choice).toBe('refuse');
    expect(h.chance).toBeLessThan(0.2);
    expect(h.worlds).toBe(16);
    const worth = Object.fromEntries(h.estimates.map((e) => [e.action, e.value]));
    expect(worth.refuse).toBe(-4);
    // Playing on: (2p − 1) × 43, the value at which a side would win the Partie to 41.
    expect(worth.accept).toBeCloseTo((2 * h.chance! - 1) * 43, 2);
    expect(worth.raise).toBe(worth.accept);
    const text = await hintLines(karnoeffelModule, s.rules, karnoeffelView(s, 1), 1, karnoeffelLegal(s, 1), new SeededRng('k'), undefined, (a) => a.type);
    expect(text).toMatch(/^ {2}Hint: refuse\.\n {2}\(the strong bot: your side wins the card play in \d+% of \d+ worlds dealt from your view; your side's expected points less the other side's\)$/m);
    expect(text).toMatch(/^ {4}→ +−4 pt {2}refuse$/m);
  });
});
