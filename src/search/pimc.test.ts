import { describe, expect, it } from 'vitest';
import { SeededRng } from '../core/rng.js';
import type { ArenaEntrant } from './arena.js';
import { runArena } from './arena.js';
import { botLevels, clearlyBetter, evenOut, MIN_WORLDS_TO_DEVIATE, pimcAgent, STRONG, STRONG_1, strongOptions } from './pimc.js';
import { bauernschnapsenModule } from '../games/schnapsen/module.js';
import { shuffleDeck } from '../cards/deck.js';
import { resolveRules } from '../games/ruleBook.js';
import { DISAGREE_WEIGHT, sampleWeightedWorld, TRIES_PER_WORLD, worldWeight } from '../games/decisionModel.js';
import type { GameModule } from '../games/module.js';
import { TINY_FOLD, TINY_PLAY, tinyGame, tinyModule, tinySampleWorld, type TinyTypes } from './testing.js';
import { GAMES } from '../games/registry.js';
import { unwrap } from '../core/result.js';
import { schafkopfRuleBot } from '../games/schafkopf/bots/index.js';
import { schafkopf } from '../games/schafkopf/game.js';
import { schafkopfModule } from '../games/schafkopf/module.js';
import type { SchafkopfState } from '../games/schafkopf/state.js';
import { randomDeal, rulesOf } from '../games/schafkopf/testing.js';

const rules = { preset: 'tiny' };
const entrant = (name: string, kind: { create: ArenaEntrant<TinyTypes>['agent'] }): ArenaEntrant<TinyTypes> => ({ name, agent: (r, s, rng) => kind.create(r, s, rng, 0) });

describe('sampled-world bots (PIMC) on the tiny game', () => {
  it('samples worlds that agree with the view, voids included', () => {
    const rng = new SeededRng('worlds');
    for (let i = 0; i < 200; i++) {
      const deck = Array.from({ length: 32 }, (_, c) => c);
      for (let j = 31; j > 0; j--) {
        const k = rng.int(j + 1);
        [deck[j], deck[k]] = [deck[k], deck[j]];
      }
      let state = tinyGame.setup(rules, { dealer: i % 4, deck, carry: null });
      if (!state.ok) throw new Error();
      let s = state.value;
      s = (tinyGame.apply(s, (s.dealer + 1) % 4, TINY_PLAY) as { value: typeof s }).value;
      const steps = rng.int(14);
      for (let j = 0; j < steps; j++) {
        const seat = tinyGame.toAct(s)[0];
        const legal = tinyGame.legal(s, seat);
        s = (tinyGame.apply(s, seat, legal[rng.int(legal.length)]) as { value: typeof s }).value;
      }
      const seat = rng.int(4);
      const view = tinyGame.view(s, seat);
      const world = tinySampleWorld(view, seat, rng, s.dealer);
      expect(tinyGame.view(world, seat)).toEqual(view);
    }
  });

  it('botLevels offers medium and strong only with search support, and strong-1 as the strong bot before issue 23', () => {
    expect(botLevels(tinyModule)).toBeDefined();
    expect(botLevels(tinyModule)!.strong1.description).toContain('before issue 23');
    expect(STRONG.nodes).toBeGreaterThan(0);
    expect(STRONG.inference).toBe('play');
    for (const m of GAMES) expect(botLevels(m) === undefined).toBe(m.search === undefined);
  });

  it("strong takes the game's own budget of worlds and nodes where it sets one, STRONG's elsewhere; --samples and --nodes still replace it", () => {
    expect(strongOptions(tinyModule)).toBe(STRONG);
    const own: GameModule<TinyTypes> = { ...tinyModule, search: { ...tinyModule.search!, strongBudget: { worlds: 40, nodes: 700_000 } } };
    expect(strongOptions(own)).toMatchObject({ ...STRONG, samples: 40, nodes: 700_000 });
    expect(botLevels(own)!.strong.description).toContain('up to 40 worlds');
    expect(botLevels(own)!.strong.description).toContain('at most 700000 solver nodes');
    expect(botLevels(own, { samples: 4, nodes: 20_000 })!.strong.description).toContain('up to 4 worlds');
    expect(botLevels(own)!.strong1.description).toContain('up to 24 worlds');
    for (const m of GAMES) if (m.search?.strongBudget) expect(botLevels(m)!.strong.description).toContain(`up to ${m.search.strongBudget.worlds} worlds`);
    const bids: GameModule<TinyTypes> = { ...own, search: { ...own.search!, strongBudget: { worlds: 40, nodes: 700_000, playoutWorlds: 24 } } };
    expect(botLevels(bids)!.strong.description).toContain('played out by the easy bot, in up to 24 worlds');
    // A budget given for the run holds for every decision.
    expect(botLevels(bids, { samples: 8 })!.strong.description).not.toContain('in up to 24 worlds');
  });

  it('value a decision outside the card play by playouts in at most playoutWorlds worlds, and the card play in all of them', async () => {
    const deck = Array.from({ length: 32 }, (_, c) => (c * 7) % 32);
    const s = tinyGame.setup(rules, { dealer: 0, deck, carry: null });
    if (!s.ok) throw new Error();
    const bidding = s.value;
    const bidder = tinyGame.toAct(bidding)[0];
    const bidLegal = tinyGame.legal(bidding, bidder);
    expect(bidLegal).toContainEqual(TINY_FOLD);
    const o = { samples: 12, thinkMs: 60_000, evaluate: 'solver' as const, playoutWorlds: 5 };
    const bot = pimcAgent(tinyModule, rules, bidder, new SeededRng(2), o);
    const bid = await bot.estimate(tinyGame.view(bidding, bidder), bidLegal, bidder);
    expect(bid.cardPlay).toBe(false);
    expect(bid.worlds).toBe(5);
    const playing = (tinyGame.apply(bidding, bidder, TINY_PLAY) as { value: typeof bidding }).value;
    const seat = tinyGame.toAct(playing)[0];
    const card = await pimcAgent(tinyModule, rules, seat, new SeededRng(2), o).estimate(tinyGame.view(playing, seat), tinyGame.legal(playing, seat), seat);
    expect(card.cardPlay).toBe(true);
    expect(card.worlds).toBe(12);
    // Without it, every decision takes all its worlds.
    const all = await pimcAgent(tinyModule, rules, bidder, new SeededRng(2), { ...o, playoutWorlds: undefined }).estimate(tinyGame.view(bidding, bidder), bidLegal, bidder);
    expect(all.worlds).toBe(12);
  });

  it('stop sampling worlds when the time per decision is up (always one world at least)', async () => {
    const deck = Array.from({ length: 32 }, (_, c) => (c * 7) % 32);
    const s = tinyGame.setup(rules, { dealer: 0, deck, carry: null });
    if (!s.ok) throw new Error();
    const state = (tinyGame.apply(s.value, 1, TINY_PLAY) as { value: typeof s.value }).value;
    const seat = tinyGame.toAct(state)[0];
    const legal = tinyGame.legal(state, seat);
    const hurried = pimcAgent(tinyModule, rules, seat, new SeededRng(1), { samples: 10_000, thinkMs: 0, evaluate: 'solver' });
    expect((await hurried.estimate(tinyGame.view(state, seat), legal, seat)).worlds).toBe(1);
    expect(hurried.stats).toMatchObject({ decisions: 1, capped: 1 });
    const counted = pimcAgent(tinyModule, rules, seat, new SeededRng(1), { samples: 5, thinkMs: 60_000, evaluate: 'solver' });
    const e = await counted.estimate(tinyGame.view(state, seat), legal, seat);
    expect(counted.stats).toMatchObject({ decisions: 1, capped: 0 });
    expect(e.worlds).toBe(5);
    expect(e.values).toHaveLength(5);
    expect(e.values.every((v) => v.length === legal.length)).toBe(true);
  });

  it('strong folds a hopeless hand and plays a sure one', async () => {
    const strong = pimcAgent(tinyModule, rules, 1, new SeededRng(1), { samples: 20, thinkMs: 5000, evaluate: 'solver' });
    // Seat 1 declares (dealer 0): all four top trumps win every trick; four low plain cards lose everything.
    const top = [7, 6, 5, 4];
    const low = [8, 16, 24, 9];
    const deckWith = (hand: number[]) => {
      const rest = Array.from({ length: 32 }, (_, c) => c).filter((c) => !hand.includes(c));
      return [...rest.slice(0, 4), ...hand, ...rest.slice(4)];
    };
    for (const [hand, expected] of [
      [top, TINY_PLAY],
      [low, TINY_FOLD],
    ] as const) {
      const s = tinyGame.setup(rules, { dealer: 0, deck: deckWith([...hand]), carry: null });
      if (!s.ok) throw new Error();
      expect(await strong.choose(tinyGame.view(s.value, 1), tinyGame.legal(s.value, 1), 1)).toBe(expected);
    }
  });

  it('in a seeded arena strong and medium beat easy', async () => {
    // A budget of worlds, not of time: the same result on a loaded machine.
    const levels = botLevels(tinyModule, { samples: 8, thinkMs: 60_000 })!;
    const run = (a: string, b: string, decks: number) =>
      runArena({
        module: tinyModule,
        rules,
        entrants: [entrant(a, levels[a as 'strong'] ?? tinyModule.bots[a]), entrant(b, levels[b as 'strong'] ?? tinyModule.bots[b])],
        decks,
        seed: `pimc-${a}-${b}`,
      });
    const strong = await run('strong', 'easy', 30);
    expect(strong.differences[0].diff.low).toBeGreaterThan(0);
    const medium = await run('medium', 'easy', 30);
    expect(medium.differences[0].diff.low).toBeGreaterThan(0);
  }, 300_000);
});

describe('thinking bots outside the card play', () => {
  it('depart from the easy bot at most MAX_DEVIATIONS times per deal (no endless loops of choices that only look better)', async () => {
    const WAIT = -3;
    // The tiny game with a bid that only adds a bonus to everyone's score at the end: valued by easy playouts it is
    // clearly better than playing or folding, every time it is asked, forever.
    type Bonus = TinyTypes['state'] & { bonus?: number };
    const game = {
      ...tinyGame,
      legal: (s: TinyTypes['state'], seat: number) => (s.phase === 'bid' && tinyGame.toAct(s).includes(seat) ? [WAIT, ...tinyGame.legal(s, seat)] : tinyGame.legal(s, seat)),
      apply: (s: Bonus, seat: number, a: number) => (a === WAIT && s.phase === 'bid' ? ({ ok: true, value: { ...s, bonus: (s.bonus ?? 0) + 100 } } as const) : tinyGame.apply(s, seat, a)),
      outcome: (s: Bonus) => {
        const o = tinyGame.outcome(s);
        return o && { ...o, score: o.score.map((x) => x + (s.bonus ?? 0)) };
      },
      formatAction: (r: TinyTypes['rules'], a: number) => (a === WAIT ? 'wait' : tinyGame.formatAction(r, a)),
    };
    const module = { ...tinyModule, game };
    const { playDeal } = await import('../sitting/play.js');
    const agents = [0, 1, 2, 3].map((s) => pimcAgent(module, rules, s, new SeededRng(s), { samples: 8, thinkMs: 5000, evaluate: 'playout' }));
    const deck = Array.from({ length: 32 }, (_, c) => c);
    const r = await playDeal(module, rules, { dealer: 0, deck, carry: null }, agents);
    const waits = r.actions.filter(([, a]) => a === 'wait').length;
    expect(waits).toBeGreaterThan(0);
    expect(waits).toBeLessThanOrEqual(3);
  });

  it('keep the easy bot\'s choice when the worlds do not show another action clearly better', async () => {
    const EVEN = -4;
    // A bid that is worth as much as playing in every world: an exact tie goes to the easy bot's choice.
    const game = {
      ...tinyGame,
      legal: (s: TinyTypes['state'], seat: number) => (s.phase === 'bid' && tinyGame.toAct(s).includes(seat) ? [EVEN, ...tinyGame.legal(s, seat)] : tinyGame.legal(s, seat)),
      apply: (s: TinyTypes['state'], seat: number, a: number) => tinyGame.apply(s, seat, a === EVEN ? TINY_PLAY : a),
      formatAction: (r: TinyTypes['rules'], a: number) => (a === EVEN ? 'even' : tinyGame.formatAction(r, a)),
    };
    const module = { ...tinyModule, game };
    const { playDeal } = await import('../sitting/play.js');
    const agents = [0, 1, 2, 3].map((s) => pimcAgent(module, rules, s, new SeededRng(s), { samples: 8, thinkMs: 5000, evaluate: 'solver' }));
    // Seat 1 declares (dealer 0) with the four top trumps: the easy bot plays, and so does the thinking bot.
    const hand = [7, 6, 5, 4];
    const rest = Array.from({ length: 32 }, (_, c) => c).filter((c) => !hand.includes(c));
    const r = await playDeal(module, rules, { dealer: 0, deck: [...rest.slice(0, 4), ...hand, ...rest.slice(4)], carry: null }, agents);
    expect(r.actions.map(([, a]) => a)).toContain('play');
    expect(r.actions.map(([, a]) => a)).not.toContain('even');
  });

  it('evenOut values each group of actions the seat cannot tell apart as its mean in the world, leaving the others, dropped (NaN) and failed (-Infinity) ones alone', () => {
    const values = [1, 4, 2, 9, NaN, -Infinity, 5];
    evenOut(values, [[1, 2, 4], [3, 5, 6]]);
    expect(values).toEqual([1, 3, 3, 7, NaN, -Infinity, 7]);
    const alone = [2, 8];
    evenOut(alone, [[0], []]);
    expect(alone).toEqual([2, 8]);
  });

  it("Bauernschnapsen's trump call (003, the Rufer turns up one of his cards still face down): turning up one or the other is worth the same to strong, which has seen neither; strong-1 as before", async () => {
    const rules = unwrap(resolveRules(bauernschnapsenModule.game.ruleBook, undefined, {}));
    const { game } = bauernschnapsenModule;
    let asked = 0;
    let apart = 0;
    for (let k = 0; k < 3; k++) {
      let state = unwrap(game.setup(rules, { dealer: 3, deck: shuffleDeck(game.pack(rules), new SeededRng(`turn-${k}`)), carry: game.initialCarry(rules) }));
      for (let step = 0; step < 20; step++) {
        const seat = game.toAct(state)[0];
        const legal = game.legal(state, seat);
        const turns = legal.flatMap((a, i) => (a.type === 'turn' ? [i] : []));
        if (turns.length > 0) {
          expect(turns.length).toBe(2);
          const agent = pimcAgent(bauernschnapsenModule, rules, seat, new SeededRng(`turn-bot-${k}`), { ...strongOptions(bauernschnapsenModule), samples: 16 });
          const { means, worlds } = await agent.estimate(game.view(state, seat), legal, seat);
          expect(worlds).toBeGreaterThan(0);
          expect(means[turns[0]]).toBe(means[turns[1]]);
          // strong-1, kept as it was before issue 23, values them one by one.
          const old = pimcAgent(bauernschnapsenModule, rules, seat, new SeededRng(`turn-bot-${k}`), { ...STRONG_1, samples: 16 });
          const before = await old.estimate(game.view(state, seat), legal, seat);
          if (before.means[turns[0]] !== before.means[turns[1]]) apart++;
          asked++;
          break;
        }
        // Nobody knocks: the deal goes on to the trump call.
        state = unwrap(game.apply(state, seat, legal.find((a) => a.type !== 'knock') ?? legal[0]));
      }
    }
    expect(asked).toBe(3);
    expect(apart).toBeGreaterThan(0);
  }, 60_000);

  it('clearlyBetter asks for enough worlds and a difference beyond the noise', () => {
    const worlds = (pairs: [number, number][]) => pairs.map(([a, b]) => [a, b]);
    const steady = Array.from({ length: MIN_WORLDS_TO_DEVIATE }, () => [3, 1] as [number, number]);
    expect(clearlyBetter(worlds(steady), 0, 1)).toBe(true);
    expect(clearlyBetter(worlds(steady), 1, 0)).toBe(false);
    expect(clearlyBetter(worlds(steady.slice(1)), 0, 1)).toBe(false);
    // One world far ahead and the others behind: a positive mean, but noise.
    expect(clearlyBetter(worlds([[40, 0], [0, 2], [0, 2], [0, 2], [0, 2], [0, 2]]), 0, 1)).toBe(false);
    expect(clearlyBetter(worlds([[5, 1], [4, 1], [6, 1], [5, 2], [3, 1], [5, 1]]), 0, 1)).toBe(true);
    expect(clearlyBetter(worlds([[-Infinity, 1], [4, 1], [6, 1], [5, 2], [3, 1], [5, 1]]), 0, 1)).toBe(false);
    // Worlds resampled by their likelihood count once each for the noise: six rows of three distinct worlds are too few.
    expect(clearlyBetter(worlds([[5, 1], [5, 1], [4, 1], [4, 1], [6, 1], [6, 1]]), 0, 1, 3)).toBe(false);
    expect(clearlyBetter(worlds([[5, 1], [5, 1], [4, 1], [4, 1], [6, 1], [6, 1], [5, 2], [5, 2]]), 0, 1, 4)).toBe(true);
    // A spread that eight distinct worlds show clearly is noise when the eight rows are only four worlds.
    const spread = worlds([[6, 1], [6, 1], [6, 1], [0, 1], [0, 1], [0, 1], [5, 1], [4, 1]]);
    expect(clearlyBetter(spread, 0, 1, 8)).toBe(true);
    expect(clearlyBetter(spread, 0, 1, 4)).toBe(false);
  });
});

describe('worlds weighted by the bidding (issue 9 §2)', () => {
  // The tiny game after the declarer's bid; a stand-in model that "disagrees" once per top trump (7, 6, 5, 4) the declarer holds.
  const TOP = [7, 6, 5, 4];
  const deck = Array.from({ length: 32 }, (_, c) => (c * 7) % 32);
  const s0 = tinyGame.setup(rules, { dealer: 0, deck, carry: null });
  if (!s0.ok) throw new Error();
  const bid = (tinyGame.apply(s0.value, 1, TINY_PLAY) as { value: typeof s0.value }).value;
  // The declarer (seat 1) leads a card; the next seat decides.
  const state = (tinyGame.apply(bid, 1, tinyGame.legal(bid, 1)[0]) as { value: typeof bid }).value;
  const seat = tinyGame.toAct(state)[0];
  const view = tinyGame.view(state, seat);
  const withModel = (count: (w: TinyTypes['state']) => number): GameModule<TinyTypes> => ({
    ...tinyModule,
    search: { ...tinyModule.search!, disagreements: (w, s) => (s === 1 ? 0 : count(w)) },
  });
  const tops = (w: TinyTypes['state']) => w.hands[1].filter((c) => TOP.includes(c)).length;

  it('a world is kept with probability ε^k: fewer disagreements than uniform worlds, and the view is the seat\'s', () => {
    const search = withModel(tops).search!;
    const rng = new SeededRng('weighted');
    let uniform = 0;
    let weighted = 0;
    for (let i = 0; i < 400; i++) {
      uniform += tops(search.sampleWorld(view, seat, rng));
      const w = sampleWeightedWorld(search, view, seat, rng);
      expect(tinyGame.view(w, seat)).toEqual(view);
      weighted += tops(w);
    }
    expect(weighted).toBeLessThan(uniform * 0.6);
  });

  it('draws at most TRIES_PER_WORLD candidates, then takes the first with the fewest disagreements', () => {
    let calls = 0;
    const worlds: TinyTypes['state'][] = [];
    const search = withModel((w) => {
      calls++;
      worlds.push(w);
      return 40 + (calls === 3 ? -1 : 0);
    }).search!;
    const w = sampleWeightedWorld(search, view, seat, new SeededRng(3));
    expect(calls).toBe(TRIES_PER_WORLD);
    expect(w).toBe(worlds[2]);
    expect(worldWeight(40)).toBeGreaterThan(0);
    expect(worldWeight(1)).toBe(DISAGREE_WEIGHT);
  });

  it('the same seed gives the same worlds and the same estimates; strong weighs its worlds, strong-uniform does not', async () => {
    const a = sampleWeightedWorld(withModel(tops).search!, view, seat, new SeededRng(9));
    const b = sampleWeightedWorld(withModel(tops).search!, view, seat, new SeededRng(9));
    expect(b).toEqual(a);
    let asked = 0;
    const module = withModel((w) => {
      asked++;
      return tops(w);
    });
    const legal = tinyGame.legal(state, seat);
    const o = { ...STRONG, samples: 6, thinkMs: 60_000 };
    const e1 = await pimcAgent(module, rules, seat, new SeededRng(4), o).estimate(view, legal, seat);
    const e2 = await pimcAgent(module, rules, seat, new SeededRng(4), o).estimate(view, legal, seat);
    expect(e2).toEqual(e1);
    expect(asked).toBeGreaterThanOrEqual(12);
    asked = 0;
    await pimcAgent(module, rules, seat, new SeededRng(4), { ...o, weighted: false }).estimate(view, legal, seat);
    expect(asked).toBe(0);
    const levels = botLevels(module)!;
    expect(levels.strong.description).toContain('weighted by the bidding');
    expect(levels.strongUniform.description).toContain('not weighted');
  });
});

describe('a budget of work in the card play', () => {
  it("ends the decision with the worlds solved when the solver's nodes are spent, instead of playing the rest out by easy", async () => {
    const easy = schafkopfRuleBot('easy');
    // A Sauspiel deal bid by easy bots, at its first card: the hardest solve of the card play.
    let s: SchafkopfState | undefined;
    for (let d = 0; !s; d++) {
      let t = randomDeal(rulesOf('sauspiel'), new SeededRng(`nodes/${d}`));
      while (t.phase !== 'done' && t.phase !== 'play') t = unwrap(schafkopf.apply(t, t.turn, easy.choose(schafkopf.view(t, t.turn), schafkopf.legal(t, t.turn), t.turn) as never));
      if (t.phase === 'play') s = t;
    }
    const seat = s.turn;
    const view = schafkopf.view(s, seat);
    const legal = schafkopf.legal(s, seat);
    const o = { samples: 8, thinkMs: 60_000, evaluate: 'solver' as const, nodes: 30_000 };
    const tight = pimcAgent(schafkopfModule, s.rules, seat, new SeededRng(5), o);
    const e = await tight.estimate(view, legal, seat);
    expect(e.cardPlay).toBe(true);
    expect(e.worlds).toBeGreaterThanOrEqual(1);
    expect(e.worlds).toBeLessThan(8);
    expect(tight.stats).toMatchObject({ decisions: 1, capped: 0, outOfNodes: 1 });
    expect(e.values.every((row) => row.length === legal.length && row.every(Number.isFinite))).toBe(true);
    // With the nodes for every world, all 8 are solved.
    const ample = pimcAgent(schafkopfModule, s.rules, seat, new SeededRng(5), { ...o, nodes: 50_000_000 });
    expect((await ample.estimate(view, legal, seat)).worlds).toBe(8);
    expect(ample.stats.outOfNodes ?? 0).toBe(0);
  });
});
