import { describe, expect, it } from 'vitest';
import { shuffleDeck } from '../cards/deck.js';
import { formatCard } from '../cards/notation.js';
import { SeededRng } from '../core/rng.js';
import { playDeal } from '../sitting/play.js';
import { gameById } from '../games/registry.js';
import { ANALYSIS_ESTIMATE, analysisUnit, analyzeDeal, gradeOf } from './analysis.js';
import { strongOptions } from './pimc.js';
import { formatDealAnalysis } from './analysisText.js';
import { minimax } from './solver.js';
import { tinyGame, tinyModule, tinySearchState } from './testing.js';

const rules = { preset: 'tiny' };

describe('analysis of a played deal (tiny game)', () => {
  it('values every legal card with all cards known and from the own view, grades it, and sums the cost per player', async () => {
    const pack = tinyGame.pack(rules);
    const unit = analysisUnit('tiny');
    let analysed = 0;
    for (let d = 0; d < 6; d++) {
      const rng = new SeededRng(`analysis${d}`);
      const deck = shuffleDeck(pack, rng);
      const agents = [0, 1, 2, 3].map((s) => (s % 2 === 0 ? tinyModule.bots.random : tinyModule.bots.easy).create(rules, s, new SeededRng(d * 4 + s)));
      const played = await playDeal(tinyModule, rules, { dealer: d % 4, deck, carry: null }, agents);
      let pauses = 0;
      const pause = async () => {
        pauses++;
      };
      const a = await analyzeDeal(tinyModule, rules, d, { dealer: d % 4, carry: null, deck: deck.map((c) => formatCard(pack, c)), actions: played.actions }, { estimate: true, estimateOptions: { samples: 6, thinkMs: 5000, evaluate: 'solver' }, pause });
      // It yields before every choice it values and after every decision (a worker takes live decisions there).
      expect(pauses).toBe(a.decisions.reduce((n, x) => n + 1 + (x.solver?.length ?? 0) + (x.unsolved?.length ?? 0), 0));
      expect(a.deal).toBe(d + 1);
      let state = tinyGame.setup(rules, { dealer: d % 4, deck, carry: null });
      if (!state.ok) throw new Error();
      let s = state.value;
      let cards = 0;
      for (const [j, [seat, text]] of played.actions.entries()) {
        const p = a.decisions.find((x) => x.index === j + 1);
        // Every decision with a choice is analysed (the bid to fold or play too); a forced action is none.
        expect(p !== undefined).toBe(tinyGame.legal(s, seat).length > 1);
        const card = /^c\d+$/.test(text);
        if (p && !card) {
          expect(p.card).toBe(false);
          expect(p.trick).toBe(0);
          expect(p.estimate!.map((e) => e.action).sort()).toEqual(['fold', 'play']);
        }
        if (p && card) {
          analysed++;
          expect(p.card).toBe(true);
          expect(p.trick).toBe(Math.floor(cards / 4) + 1);
          expect(p.lead === true).toBe(cards % 4 === 0);
          expect(p.cost).toBeGreaterThanOrEqual(0);
          expect(p.solver![0].value - p.cost!).toBe(p.solver!.find((x) => x.action === text)!.value);
          // The solver's value of the card played, checked by plain minimax.
          const t = tinySearchState(s);
          t.play(Number(text.slice(1)));
          expect(minimax(t, t.side(seat))).toBe(p.solver![0].value - p.cost!);
          expect(p.estimate!.length).toBe(p.solver!.length);
          expect(p.grade).toBe(gradeOf(p.estimateCost!, unit));
        }
        if (card) cards++;
        const action = tinyGame.parseAction(rules, text);
        if (!action.ok) throw new Error();
        s = (tinyGame.apply(s, seat, action.value) as { value: typeof s }).value;
      }
      const total = a.seats.reduce((x, y) => x + y.cost, 0);
      expect(total).toBeCloseTo(a.decisions.reduce((x, p) => x + (p.cost ?? 0), 0), 2);
      // The declaring side's value after each trick, from the first card to the end.
      if (cards > 0) expect(a.declarers!.curve.map((c) => c.trick)).toEqual(Array.from({ length: cards / 4 + 1 }, (_, i) => i));
      else expect(a.declarers).toBeUndefined();
      const text = formatDealAnalysis(a, ['A', 'B', 'C', 'D'], unit);
      expect(text).toMatch(new RegExp(`^Deal ${d + 1}\\n`));
      expect(text).toMatch(/\n {2}A: \d+ decisions?, /);
    }
    expect(analysed).toBeGreaterThan(30);
  });

  it('a choice tied with the best as shown is best, never "best X" of the same value (as in the browser)', () => {
    const unit = analysisUnit('schafkopf');
    const deal = (estimate: { action: string; value: number }[], taken: string) => ({
      deal: 1,
      seats: [],
      decisions: [{ index: 30, trick: 8, seat: 1, action: taken, card: true, estimate, estimateCost: estimate[0].value - estimate.find((e) => e.action === taken)!.value }],
    });
    // Exactly tied (a Ramsch's last cards, all −30 ct) and tied below the tenth of a cent shown: both "best".
    for (const [values, taken] of [[[-30, -30], 'HN'], [[-29.98, -30.01], 'HN']] as const) {
      const text = formatDealAnalysis(deal([{ action: 'GU', value: values[0] }, { action: 'HN', value: values[1] }], taken), ['A', 'B', 'C', 'D'], unit);
      if (values[0] > values[1]) expect(text).toMatch(/Trick 8, B played HN: −30 ct, best/);
      expect(text).not.toMatch(/best GU/);
    }
    // Rounded one by one the two values differ (−1 and −1,01 GP), but the cost, 0.002, reads as 0: best.
    const gp = analysisUnit('bauernschnapsen');
    const close = formatDealAnalysis(deal([{ action: 'EA', value: -1.004 }, { action: 'EZ', value: -1.006 }], 'EZ'), ['A', 'B', 'C', 'D'], gp);
    expect(close).not.toMatch(/best EA/);
    expect(close).toMatch(/B played EZ: −1,01 GP, best/);
    const worse = formatDealAnalysis(deal([{ action: 'GU', value: -29.9 }, { action: 'HN', value: -30.01 }], 'HN'), ['A', 'B', 'C', 'D'], unit);
    expect(worse).toMatch(/Trick 8, B played HN: −30 ct; best GU: −29,9 ct/);
  });

  it('says what a decision before the play was where its notation does not: "no Stoß (weiter)", "bid weiter"', () => {
    const unit = analysisUnit('schafkopf');
    const decision = (action: string, what: string | undefined) => ({ index: 5, trick: 0, seat: 1, action, ...(what ? { what } : {}), card: false, estimate: [{ action: 'stoss', value: 10 }, { action, value: -20 }], estimateCost: 30 });
    const text = formatDealAnalysis({ deal: 1, seats: [], decisions: [decision('weiter', 'no Stoß'), decision('weiter', 'bid weiter'), decision('solo H', 'bid Herz-Solo'), decision('weiter', undefined), decision('spritzen', 'Spritzen')] }, ['A', 'B', 'C', 'D'], unit);
    expect(text).toContain('\n  Before the play, B: no Stoß (weiter): −20 ct; best stoss: +10 ct');
    expect(text).toContain('\n  Before the play, B: bid weiter: −20 ct');
    expect(text).toContain('\n  Before the play, B: bid Herz-Solo (solo H): −20 ct');
    expect(text).toContain('\n  Before the play, B: weiter: −20 ct');
    expect(text).toContain('\n  Before the play, B: Spritzen: −20 ct');
    // An announcement in the card play (Schnapsen's 20 or 40, said before the card of the pair is led) is no card led.
    const meld = formatDealAnalysis({ deal: 1, seats: [], decisions: [{ ...decision('20 E', 'announce 20 in Eichel'), trick: 1, card: true, lead: true }] }, ['A', 'B', 'C', 'D'], unit);
    expect(meld).toContain('\n  Trick 1, B: announce 20 in Eichel (20 E): −20 ct');
    expect(meld).not.toContain('led 20 E');
  });

  it('grades a cost by the thresholds of the game', () => {
    const u = analysisUnit('schafkopf');
    expect(u).toMatchObject({ symbol: 'ct', name: 'cents' });
    expect([0, 5, 10, 19, 20, 49, 50, 500].map((c) => gradeOf(c, u))).toEqual([undefined, undefined, 'inaccuracy', 'inaccuracy', 'mistake', 'mistake', 'blunder', 'blunder']);
    expect(analysisUnit('bauernschnapsen').name).toBe('game points');
  });
});

describe('the own view', () => {
  it('values bids as the strong bot (and so the hint) does: by solving the card play after them where the game measured that better', () => {
    // Before, a Bauernschnapsen hint advised "weiter" and the analysis graded that "weiter" a blunder: it valued the
    // Bettler by the easy bots' playouts, the hint by solving the card play (bidSearch 'measured', bidBySearch).
    const bauern = gameById('bauernschnapsen')!;
    expect(bauern.search?.bidBySearch).toBe(true);
    expect(ANALYSIS_ESTIMATE.bidSearch).toBe(strongOptions(bauern).bidSearch);
    expect(ANALYSIS_ESTIMATE.evaluate).toBe(strongOptions(bauern).evaluate);
  });
});

describe('solveBench', () => {
  it('times whole-deal solves from the first card', async () => {
    const { solveBench } = await import('./bench.js');
    const r = await solveBench(tinyModule, rules, 20);
    expect(r.solvedDeals).toBeGreaterThan(10);
    expect(r.solveP95Ms).toBeGreaterThanOrEqual(r.solveMs);
  });
});
