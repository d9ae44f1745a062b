import { describe, expect, it } from 'vitest';
import { shuffleDeck } from '../cards/deck.js';
import { SeededRng } from '../core/rng.js';
import type { GameTypes } from '../games/game.js';
import type { GameModule } from '../games/module.js';
import { GAMES } from '../games/registry.js';
import { resolveRules } from '../games/ruleBook.js';
import { schafkopfModule } from '../games/schafkopf/module.js';
import { deal, play, rulesOf } from '../games/schafkopf/testing.js';
import { playDeal } from '../sitting/play.js';
import { declarerWins } from './beyondPlay.js';
import { race } from './deviation.js';
import { pimcAgent, STRONG } from './pimc.js';

/** `strong` with a small budget of work and no clock to speak of, so that the tests do not depend on the machine's load. */
const SMALL = { ...STRONG, bidSearch: true, samples: 8, nodes: 20_000, bidNodes: 400_000, thinkMs: 120_000 };

describe('bidding by search (issue 23)', () => {
  const rules = rulesOf('aumer-koller');
  const game = schafkopfModule.game;
  const ask = async (hands: string[]) => {
    // Dealer 3: seat 0 is Vorhand and bids first.
    const s = deal(rules, hands, 3);
    const legal = game.legal(s, 0);
    const agent = pimcAgent(schafkopfModule, rules, 0, new SeededRng('bid'), SMALL, 'strong');
    const estimates = await agent.estimate(game.view(s, 0), legal, 0);
    const text = legal.map((a) => game.formatAction(rules, a));
    const chosen = game.formatAction(rules, await agent.choose(game.view(s, 0), legal, 0));
    return { estimates, text, chosen, solved: agent.stats.beyondPlay!.solved };
  };

  it('live `strong` bids by search only where the arena measured it better: not in Schafkopf (README, "Bidding by search")', async () => {
    expect(schafkopfModule.search!.bidBySearch).not.toBe(true);
    const s = deal(rules, ['EO GO HO SO EU GU HA HZ', 'EA EZ EK E9 GA GZ GK G9', 'SA SZ SK S9 HU SU HK H9', 'E8 E7 G8 G7 S8 S7 H8 H7'], 3);
    const live = pimcAgent(schafkopfModule, rules, 0, new SeededRng('bid'), { ...STRONG, samples: 4, thinkMs: 120_000 }, 'strong');
    await live.estimate(game.view(s, 0), game.legal(s, 0), 0);
    expect(live.stats.beyondPlay!.solved).toBe(0);
    const bauern = GAMES.find((m) => m.game.id === 'bauernschnapsen')!;
    expect(bauern.search!.bidBySearch).toBe(true);
  }, 120_000);

  it('bids a solo that makes it with all cards known, valued by solving its card play', async () => {
    // Four Ober, two Unter, Herz Ass and Zehn: a Herz-Solo that no seating of the other cards beats.
    const { estimates, text, chosen, solved } = await ask(['EO GO HO SO EU GU HA HZ', 'EA EZ EK E9 GA GZ GK G9', 'SA SZ SK S9 HU SU HK H9', 'E8 E7 G8 G7 S8 S7 H8 H7']);
    expect(solved).toBeGreaterThan(0);
    const weiter = text.indexOf('weiter');
    const solo = text.indexOf('solo H');
    expect(solo).toBeGreaterThanOrEqual(0);
    // A won Solo pays 3 × (50 + Schneider, Laufende) cents; passing gives another seat the game.
    expect(estimates.means[solo]).toBeGreaterThan(150);
    expect(estimates.means[solo]).toBeGreaterThan(estimates.means[weiter] + 100);
    expect(chosen).toMatch(/^(solo|wenz)/);
  }, 120_000);

  it('passes a hopeless hand: every game it could bid loses in the solves', async () => {
    // Zehner and Könige, two low Herzen: no Solo, Wenz or Bettel, and a Rufspiel on two low trumps.
    const { estimates, text, chosen } = await ask(['EZ EK GZ GK SZ SK HK H9', 'EO GO HO SO EA GA SA HA', 'EU GU HU SU E9 G9 S9 HZ', 'E8 E7 G8 G7 S8 S7 H8 H7']);
    expect(chosen).toBe('weiter');
    const weiter = text.indexOf('weiter');
    for (let i = 0; i < text.length; i++) {
      if (i === weiter || estimates.dropped?.[i]) continue;
      expect(estimates.means[i]).toBeLessThan(estimates.means[weiter]);
    }
    // A Solo, Wenz or Bettel on these cards loses in (nearly) every world.
    for (let i = 0; i < text.length; i++) if (/^(solo|wenz|bettel)/.test(text[i])) expect(estimates.means[i]).toBeLessThan(-50);
  }, 120_000);

  it('values passing into a Ramsch by playing it out to its own goal, not by the three-against-one solve', async () => {
    // Dealer 3 speaks last; the three others passed: "weiter" means a Ramsch (aumer-koller).
    const s = play(deal(rules, ['EZ EK GZ GK SZ SK HK H9', 'EO GO HO SO EA GA SA HA', 'EU GU HU SU E9 G9 S9 HZ', 'E8 E7 G8 G7 S8 S7 H8 H7'], 3), 'weiter, weiter, weiter');
    const legal = game.legal(s, 3);
    const agent = pimcAgent(schafkopfModule, rules, 3, new SeededRng('ramsch'), SMALL, 'strong');
    const e = await agent.estimate(game.view(s, 3), legal, 3, legal.findIndex((a) => game.formatAction(rules, a) === 'weiter'));
    const stats = agent.stats.beyondPlay!;
    // Every distinct world's "weiter" is a Ramsch, played out; the bids are solved (or played out when the solver runs out of nodes).
    expect(e.distinct).toBeGreaterThan(0);
    expect(stats.playedOut).toBe(e.distinct);
    expect(stats.solved).toBeGreaterThan(0);
  }, 120_000);

  it('declarerWins reads a seat\'s value from its side', () => {
    expect(declarerWins(0, 30)).toBe(true);
    expect(declarerWins(0, -30)).toBe(false);
    expect(declarerWins(1, -10)).toBe(true);
    expect(declarerWins(1, 10)).toBe(false);
  });

  it('race drops an action clearly worse than the best, never the one it keeps', () => {
    const values = Array.from({ length: 6 }, (_, w) => [10 + w, -50 - w, -60 + w, w % 2 ? 13 + w : 7 + w]);
    const sums = [0, 1, 2, 3].map((i) => values.reduce((a, v) => a + v[i], 0));
    const dropped = [false, false, false, false];
    race(values, sums, [6, 6, 6, 6], dropped, 2, 6);
    expect(dropped).toEqual([false, true, false, false]);
    // Too few worlds: nothing is dropped.
    const early = [false, false, false, false];
    race(values.slice(0, 2), sums, [2, 2, 2, 2], early, -1, 2);
    expect(early).toEqual([false, false, false, false]);
  });
});

describe('every game with bidding by search', () => {
  const playDecks = async <T extends GameTypes>(module: GameModule<T>, preset: string | undefined, decks: number) => {
    const rules = resolveRules(module.game.ruleBook, preset, {});
    if (!rules.ok) throw new Error(rules.error.message);
    const n = module.game.seatCount(rules.value);
    let decisions = 0;
    for (let d = 0; d < decks; d++) {
      const agents = Array.from({ length: n }, (_, s) => pimcAgent(module, rules.value, s, new SeededRng(`legal/${d}/${s}`), { ...SMALL, samples: 3, bidNodes: 60_000 }, 'strong'));
      const deck = shuffleDeck(module.game.pack(rules.value), new SeededRng(`legal/${module.game.id}/${d}`));
      // playDeal stops on any action the rules reject; a complete deal has an outcome.
      const r = await playDeal(module, rules.value, { dealer: d % n, deck, carry: module.game.initialCarry(rules.value) }, agents);
      expect(r.outcome.score).toHaveLength(n);
      decisions += agents.reduce((a, x) => a + x.stats.decisions, 0);
    }
    return decisions;
  };

  for (const module of GAMES) {
    const presets = module.game.ruleBook.presets.map((p) => p.name);
    for (const preset of module.game.id === 'schafkopf' ? presets : [undefined]) {
      it(`${module.game.title}${preset ? ` (${preset})` : ''}: strong plays legal, complete deals`, async () => {
        expect(await playDecks(module as GameModule<GameTypes>, preset, 3)).toBeGreaterThan(0);
      }, 300_000);
    }
  }
});
