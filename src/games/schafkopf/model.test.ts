import { describe, expect, it } from 'vitest';
import { popcount32 } from '../../cards/bits.js';
import { rankSet } from '../../cards/pack.js';
import { SeededRng } from '../../core/rng.js';
import { unwrap } from '../../core/result.js';
import { sampleWeightedWorld, worldWeight } from '../decisionModel.js';
import type { Seat } from '../game.js';
import { schafkopfRuleBot } from './bots/index.js';
import { schafkopfPack } from './cards.js';
import { schafkopf } from './game.js';
import { schafkopfDisagreements } from './model.js';
import { schafkopfSearch } from './module.js';
import type { SchafkopfState } from './state.js';
import { advance, randomDeal, rulesOf, VARIANTS } from './testing.js';

/*
 * Worlds weighted by the bidding (issue 9 §2; src/games/decisionModel.ts,
 * model.ts): the easy bot as the model of the other seats' decisions
 * before the card play.
 */

const easy = schafkopfRuleBot('easy');

/** A deal played by the easy bot at every seat until `stop` says so (or it ends). */
function easyDeal(state: SchafkopfState, stop: (s: SchafkopfState) => boolean): SchafkopfState {
  let s = state;
  while (s.phase !== 'done' && !stop(s)) {
    const legal = schafkopf.legal(s, s.turn);
    s = unwrap(schafkopf.apply(s, s.turn, easy.choose(schafkopf.view(s, s.turn), legal, s.turn) as (typeof legal)[number]));
  }
  return s;
}

const firstCard = (s: SchafkopfState) => s.phase === 'play';

describe('the bidding as evidence (Schafkopf)', () => {
  it('the true deal of easy bots has no disagreement, for every seat, in every variant', () => {
    const rng = new SeededRng(5);
    let judged = 0;
    for (const { rules } of VARIANTS) {
      for (let d = 0; d < 40; d++) {
        const s = easyDeal(randomDeal(rules, rng), firstCard);
        for (const seat of [0, 1, 2, 3, -1]) expect(schafkopfDisagreements(s, seat)).toBe(0);
        judged++;
      }
    }
    expect(judged).toBe(40 * VARIANTS.length);
  });

  it('counts a decision the easy bot would not make: a pass with a hand easy plays a game with', () => {
    const rules = rulesOf('aumer-koller');
    const rng = new SeededRng(9);
    let found = 0;
    for (let d = 0; d < 400 && found < 5; d++) {
      const start = randomDeal(rules, rng);
      const vorhand = (start.dealer + 1) % 4;
      const legal = schafkopf.legal(start, vorhand);
      const choice = easy.choose(schafkopf.view(start, vorhand), legal, vorhand) as (typeof legal)[number];
      if (choice.type !== 'bid') continue;
      // Vorhand passes instead; the rest bid as easy does.
      const s = easyDeal(unwrap(schafkopf.apply(start, vorhand, { type: 'weiter' })), firstCard);
      const other = (vorhand + 1) % 4;
      expect(schafkopfDisagreements(s, other)).toBe(1);
      expect(schafkopfDisagreements(s, vorhand)).toBe(0);
      found++;
    }
    expect(found).toBe(5);
  });

  it('weights are never 0 and at most 1', () => {
    for (const k of [0, 1, 2, 5, 40, 1000]) {
      expect(worldWeight(k)).toBeGreaterThan(0);
      expect(worldWeight(k)).toBeLessThanOrEqual(1);
    }
    expect(worldWeight(0)).toBe(1);
  });

  it('after a Wenz is announced, weighted worlds give its player more Unter than uniform worlds (seeded batch)', () => {
    const rules = rulesOf('aumer-koller');
    const pack = schafkopfPack(rules.kurzeKarte);
    const unter = rankSet(pack, 'U').mask;
    const rng = new SeededRng(11);
    let deals = 0;
    let uniform = 0;
    let weighted = 0;
    let truth = 0;
    let n = 0;
    for (let d = 0; d < 3000 && deals < 12; d++) {
      const s = easyDeal(randomDeal(rules, rng), firstCard);
      if (s.contract?.kind !== 'wenz' || s.contract.declarer === null) continue;
      const declarer = s.contract.declarer;
      const viewer: Seat = (declarer + 1) % 4;
      const view = schafkopf.view(s, viewer);
      deals++;
      truth += popcount32(s.hands[declarer] & unter);
      for (let i = 0; i < 40; i++) {
        uniform += popcount32(schafkopfSearch.sampleWorld(view, viewer, rng).hands[declarer] & unter);
        const w = sampleWeightedWorld(schafkopfSearch, view, viewer, rng);
        // The weighted world still shows the seat exactly its view.
        expect(schafkopf.view(w, viewer)).toEqual(view);
        weighted += popcount32(w.hands[declarer] & unter);
        n++;
      }
    }
    expect(deals).toBe(12);
    console.log(`Wenz player's Unter: true ${(truth / deals).toFixed(2)}, uniform ${(uniform / n).toFixed(2)}, weighted ${(weighted / n).toFixed(2)}`);
    expect(weighted / n).toBeGreaterThan(uniform / n + 0.2);
  });

  it('a seat that passed gets fewer Ober and Unter in weighted worlds than in uniform ones (seeded batch)', () => {
    const rules = rulesOf('aumer-koller');
    const pack = schafkopfPack(rules.kurzeKarte);
    const herren = rankSet(pack, 'O').union(rankSet(pack, 'U')).mask;
    const rng = new SeededRng(13);
    let uniform = 0;
    let weighted = 0;
    let truth = 0;
    let deals = 0;
    let n = 0;
    for (let d = 0; deals < 20; d++) {
      const s = easyDeal(randomDeal(rules, rng), firstCard);
      if (s.phase !== 'play') continue;
      // The first seat that passed, and a viewer that is neither it nor the declarer.
      const passed = s.bids.find((b) => b.game === null)?.seat;
      if (passed === undefined) continue;
      const viewer = [0, 1, 2, 3].find((x) => x !== passed && x !== s.contract?.declarer)!;
      const view = schafkopf.view(s, viewer);
      deals++;
      truth += popcount32(s.dealt[passed] & herren);
      for (let i = 0; i < 30; i++) {
        uniform += popcount32(schafkopfSearch.sampleWorld(view, viewer, rng).dealt[passed] & herren);
        weighted += popcount32(sampleWeightedWorld(schafkopfSearch, view, viewer, rng).dealt[passed] & herren);
        n++;
      }
    }
    console.log(`Ober and Unter of a seat that passed: true ${(truth / deals).toFixed(2)}, uniform ${(uniform / n).toFixed(2)}, weighted ${(weighted / n).toFixed(2)}`);
    expect(weighted / n).toBeLessThan(uniform / n);
  });

  it('weighted worlds of random deals show the seat exactly its view and repeat with the seed, in every variant and phase', () => {
    const rng = new SeededRng(17);
    let checked = 0;
    let disagreeing = 0;
    for (const { name, rules } of VARIANTS) {
      for (let d = 0; d < 25; d++) {
        const s = advance(randomDeal(rules, rng), rng, rng.int(20));
        const seat = rng.int(5) - 1;
        const view = schafkopf.view(s, seat);
        const seed = rng.int(2 ** 32);
        const w = sampleWeightedWorld(schafkopfSearch, view, seat, new SeededRng(seed));
        expect(schafkopf.view(w, seat), `${name} deal ${d} seat ${seat}`).toEqual(view);
        expect(sampleWeightedWorld(schafkopfSearch, view, seat, new SeededRng(seed))).toEqual(w);
        const all = schafkopfDisagreements(s, seat);
        // With a limit the count stops once past it.
        expect(schafkopfDisagreements(s, seat, 0)).toBe(Math.min(all, 1));
        if (all > 0) disagreeing++;
        checked++;
      }
    }
    expect(checked).toBe(25 * VARIANTS.length);
    // The plausible random bids of the test deals often differ from the easy bot's.
    expect(disagreeing).toBeGreaterThan(20);
  });
});
