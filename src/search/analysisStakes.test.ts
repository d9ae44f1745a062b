import { describe, expect, it } from 'vitest';
import { formatCard } from '../cards/notation.js';
import { toAct } from '../games/karnoeffel/engine.js';
import { karnoeffelModule } from '../games/karnoeffel/module.js';
import type { KarnoeffelAction } from '../games/karnoeffel/state.js';
import { act, deckFor, rulesOf, start } from '../games/karnoeffel/testing.js';
import { analysisUnit, analyzeDeal } from './analysis.js';
import { formatDealAnalysis } from './analysisText.js';

/**
 * The analysis of a stake decision (issue 22 with issue 23's stake rule): a
 * refused raise in Karnöffel (000 "Kartengeben und Steigern": the raisers
 * score the value before the refused raise) is judged by the side's points
 * less the other side's, not by the seat's own score, which is 0 whether it
 * refuses or loses the round.
 */
describe('analysis of Karnöffel raising', () => {
  it("values a refusal against a hopeless raise as best: the side gives away 4 instead of losing 43", async () => {
    // Two players, dealer 1: seat 0 holds the Kaiser (face up), the Karnöffel and the Papst of Eichel, the trump.
    const rules = rulesOf({ players: 2 });
    const hands = { 0: 'E2 EU E6 S3 S4', 1: 'HK H3 G3 S2 G4' };
    const { game } = karnoeffelModule;
    const actions: [number, string][] = [];
    let s = start(rules, 1, hands);
    const step = (seat: number, a: KarnoeffelAction) => {
      actions.push([seat, game.formatAction(rules, a)]);
      s = act(s, seat, a);
    };
    while (s.pairs < 2) step(toAct(s)[0], { type: 'pass' });
    step(0, { type: 'raise' });
    step(1, { type: 'refuse' });
    expect(s.outcome?.by).toBe('refusal');
    const pack = game.pack(rules);
    const deck = deckFor(rules, 1, hands).map((c) => formatCard(pack, c));
    const a = await analyzeDeal(karnoeffelModule, rules, 0, { dealer: 1, carry: { points: [0, 0] }, deck, actions }, { estimate: true, estimateOptions: { samples: 16, thinkMs: 60_000, evaluate: 'solver', nodes: 400_000 } });
    const refusal = a.decisions.find((d) => d.action === 'refuse')!;
    expect(refusal.stake).toBe(true);
    // With all cards known seat 1's side loses the card play: refusing gives away 4, playing on loses 43 (the round raised until a side would win the Partie to 41).
    expect(refusal.solver).toEqual([
      { action: 'refuse', value: -4 },
      { action: 'accept', value: -43 },
      { action: 'raise', value: -43 },
    ]);
    expect(refusal.cost).toBe(0);
    expect(refusal.estimate![0]).toEqual({ action: 'refuse', value: -4 });
    expect(refusal.estimateCost).toBe(0);
    expect(refusal.grade).toBeUndefined();
    // The raise: from seat 0's view its side wins nearly always, so raising is best; with all cards known it wins for sure.
    const raise = a.decisions.find((d) => d.action === 'raise')!;
    expect(raise.stake).toBe(true);
    expect(raise.solver!.find((c) => c.action === 'raise')!.value).toBe(43);
    expect(raise.cost).toBe(0);
    const text = formatDealAnalysis(a, ['Anna', 'Bert'], analysisUnit('karnoeffel'));
    // Every value of Karnöffel is the side's points less the other side's (margin.ts), which the header says once.
    expect(text).toContain('Before the play, Bert: refuse: −4 pt, best [all cards known: −4 pt, best]\n');
  });
});
