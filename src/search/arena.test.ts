import { describe, expect, it } from 'vitest';
import { GAMES } from '../games/registry.js';
import { resolveRules } from '../games/ruleBook.js';
import type { AnyGameModule } from '../games/module.js';
import { estimate, mergeArenaReports, runArena, seatings, type ArenaEntrant, type ArenaReport } from './arena.js';
import type { GameTypes } from '../games/game.js';

function entrant(module: AnyGameModule, name: string): ArenaEntrant<GameTypes> {
  return { name, agent: (rules, seat, rng) => module.bots[name].create(rules, seat, rng) };
}

function arena(module: AnyGameModule, decks: number, seed: string): Promise<ArenaReport> {
  const rules = resolveRules(module.game.ruleBook, undefined, {});
  if (!rules.ok) throw new Error(rules.error.message);
  return runArena({ module, rules: rules.value, entrants: [entrant(module, 'easy'), entrant(module, 'random')], decks, seed });
}

const withoutTimes = (r: ArenaReport) => ({ ...r, bots: r.bots.map((b) => ({ ...b, p50Ms: 0, p99Ms: 0, cpuP50Ms: 0, cpuP99Ms: 0 })) });

describe('seatings', () => {
  it('puts every kind in every seat equally often, each distinct rotation once', () => {
    expect(seatings(2, 4)).toEqual([
      [0, 1, 0, 1],
      [1, 0, 1, 0],
    ]);
    expect(seatings(2, 3)).toEqual([
      [0, 1, 0],
      [1, 0, 0],
      [0, 0, 1],
    ]);
    for (const [k, n] of [
      [2, 2],
      [2, 3],
      [3, 3],
      [2, 4],
      [3, 4],
      [4, 4],
    ]) {
      const plan = seatings(k, n);
      for (let kind = 0; kind < k; kind++) {
        const perSeat = Array.from({ length: n }, (_, s) => plan.filter((p) => p[s] === kind).length);
        expect(new Set(perSeat).size).toBe(1);
      }
    }
    expect(() => seatings(5, 4)).toThrow();
  });

  it('estimates a mean with a t interval', () => {
    const e = estimate([1, 2, 3, 4, 5]);
    expect(e.mean).toBe(3);
    expect(e.high - e.mean).toBeCloseTo(2.776 * Math.sqrt(2.5 / 5), 6);
  });
});

describe('the duplicate arena', () => {
  for (const module of GAMES) {
    it(`${module.game.id}: easy beats random over 50 seeded decks`, async () => {
      const r = await arena(module, 50, 'arena-test');
      expect(r.bots.map((b) => b.name)).toEqual(['easy', 'random']);
      const d = r.differences[0];
      expect(d.diff.low).toBeGreaterThan(0);
      const seats = r.seatings[0].length;
      expect(r.bots[0].deals + r.bots[1].deals).toBe(50 * r.seatings.length * seats);
      expect(r.bots[0].decisions).toBeGreaterThan(0);
      expect(r.bots[0].cpuP99Ms).toBeGreaterThanOrEqual(r.bots[0].cpuP50Ms);
      expect(r.bots[0].cpuP50Ms).toBeGreaterThanOrEqual(0);
    });
  }

  it('gives running results after every deck, the same as a run of that many decks', async () => {
    const module = GAMES[0];
    const rules = resolveRules(module.game.ruleBook, undefined, {});
    if (!rules.ok) throw new Error(rules.error.message);
    const partials: ArenaReport[] = [];
    const full = await runArena({
      module,
      rules: rules.value,
      entrants: [entrant(module, 'easy'), entrant(module, 'random')],
      decks: 6,
      seed: 'again',
      onDeck: (done, partial) => {
        if (done === 4) partials.push(partial());
      },
    });
    expect(full.decks).toBe(6);
    expect(full.decksPlanned).toBe(6);
    expect(partials).toHaveLength(1);
    const four = await arena(module, 4, 'again');
    expect(partials[0].decks).toBe(4);
    expect(partials[0].decksPlanned).toBe(6);
    const core = (r: ArenaReport) => ({ ...withoutTimes(r), decksPlanned: 0, bots: withoutTimes(r).bots.map((b) => ({ ...b, decisions: 0, contracts: [] })) });
    expect(core(partials[0])).toEqual(core(four));
  });

  it('plays a part of a longer run from --first-deck, and merges parts into the report of the whole run', async () => {
    const module = GAMES[0];
    const rules = resolveRules(module.game.ruleBook, undefined, {});
    if (!rules.ok) throw new Error(rules.error.message);
    const part = (firstDeck: number, decks: number, bots = ['easy', 'random']) =>
      runArena({ module, rules: rules.value, entrants: bots.map((b) => entrant(module, b)), decks, firstDeck, seed: 'parts' });
    const whole = await part(0, 7);
    const [a, b, c] = await Promise.all([part(0, 3), part(3, 2), part(5, 2)]);
    expect(b.firstDeck).toBe(3);
    expect(b.bots[0].perDeck).toEqual(whole.bots[0].perDeck.slice(3, 5));
    const merged = mergeArenaReports([c, a, b]);
    const core = (r: ArenaReport) => ({ ...r, decksPlanned: 0, bots: r.bots.map((x) => ({ ...x, decisions: 0, p50Ms: 0, p99Ms: 0, cpuP50Ms: 0, cpuP99Ms: 0 })) });
    expect(core(merged)).toEqual(core(whole));
    expect(merged.bots[0].decisions).toBe(whole.bots[0].decisions);
    // Parts stopped early leave gaps; the decks they hold still count.
    expect(mergeArenaReports([a, c]).decks).toBe(5);
    expect(() => mergeArenaReports([a, a])).toThrow(/overlap/);
    const swapped = await part(3, 1, ['random', 'easy']);
    expect(() => mergeArenaReports([a, swapped])).toThrow(/not parts of one measurement/);
    expect(() => mergeArenaReports([])).toThrow();
  });

  it('is reproducible with a seed (decision times aside)', async () => {
    const module = GAMES[0];
    const a = await arena(module, 10, 'again');
    const b = await arena(module, 10, 'again');
    expect(withoutTimes(a)).toEqual(withoutTimes(b));
    const c = await arena(module, 10, 'other');
    expect(withoutTimes(c)).not.toEqual(withoutTimes(a));
  });
});
