import { rate, type GameBench } from '../bench.js';
import { SeededRng } from '../../core/rng.js';
import { unwrap } from '../../core/result.js';
import { resolveRules } from '../ruleBook.js';
import { CARDS } from './cards.js';
import { HAND_SIZE } from './deal.js';
import { apply, legal, setup, setupWithDraw, toAct } from './engine.js';
import { KarnoeffelPlayout, shuffleFront } from './playout.js';
import { RULE_BOOK, type KarnoeffelRules } from './rules.js';
import { sampleWorld } from './sample.js';
import type { KarnoeffelState, KarnoeffelView } from './state.js';
import { view } from './view.js';

/**
 * Plays one deal through the public immutable API with the same random
 * choices the fast playout makes for the same generator: the deck from
 * `shuffleFront` (the trump draw first, for trump=drawn), every pause passed (no raising), and in play the k-th
 * legal card in ascending card order.
 */
export function apiPlayout(rules: KarnoeffelRules, deck: number[], lots: number[], dealer: number, rng: SeededRng): KarnoeffelState {
  const n = rules.players;
  if (rules.trump === 'drawn') shuffleFront(lots, n, rng);
  shuffleFront(deck, n * HAND_SIZE, rng);
  const deal = { dealer, deck, carry: { points: [0, 0] } };
  let state = unwrap(rules.trump === 'drawn' ? setupWithDraw(rules, deal, lots.slice(0, n)) : setup(rules, deal));
  for (;;) {
    const seat = toAct(state)[0];
    if (seat === undefined) return state;
    const options = legal(state, seat).filter((a) => a.type === 'play' || a.type === 'pass');
    const action = options.length === 1 ? options[0] : options[rng.int(options.length)];
    state = unwrap(apply(state, seat, action));
  }
}


/**
 * Views from the middle of random deals (four players, any seat): a deal
 * played by random legal decisions (raising included) to a random point of
 * the deal or the card play. What `sampleWorld` is measured on.
 */
export function midDealViews(rules: KarnoeffelRules, count: number, rng: SeededRng): KarnoeffelView[] {
  const out: KarnoeffelView[] = [];
  const deck = Array.from({ length: CARDS }, (_, i) => i);
  while (out.length < count) {
    shuffleFront(deck, CARDS, rng);
    let state = unwrap(setup(rules, { dealer: rng.int(rules.players), deck, carry: { points: [0, 0] } }));
    const stop = rng.int(6 * rules.players);
    for (let i = 0; i < stop && state.phase !== 'done'; i++) {
      const seat = toAct(state)[0];
      const options = legal(state, seat).filter((a) => a.type !== 'advise' && a.type !== 'refuse');
      state = unwrap(apply(state, seat, options[rng.int(options.length)]));
    }
    if (state.phase !== 'done') out.push(view(state, rng.int(rules.players)));
  }
  return out;
}

/** `stich bench`: four players, one thread. Random playouts through the search state (no raising), sampled worlds from mid-deal views, and whole deals through the public API. */
export const karnoeffelBench: GameBench = {
  run(millis: number): Record<string, number> {
    const rules = unwrap(resolveRules(RULE_BOOK, 'leyden-dummett', { players: 4 }));
    const rng = new SeededRng(2024);
    const fast = new KarnoeffelPlayout(rules);
    let dealer = 0;
    // warm up the JIT before measuring
    for (let i = 0; i < 20000; i++) fast.run(rng, (dealer = (dealer + 1) & 3));
    const playoutsPerSecond = rate(millis * 0.5, 10000, () => {
      fast.run(rng, (dealer = (dealer + 1) & 3));
    });
    const views = midDealViews(rules, 256, rng);
    let k = 0;
    for (let i = 0; i < 2000; i++) sampleWorld(views[i & 255], views[i & 255].seat, rng);
    const sampleWorldPerSecond = rate(millis * 0.25, 500, () => {
      const v = views[k++ & 255];
      sampleWorld(v, v.seat, rng);
    });
    const deck = Array.from({ length: CARDS }, (_, i) => i);
    const lots = [...deck];
    const apiDealsPerSecond = rate(millis * 0.25, 200, () => {
      apiPlayout(rules, deck, lots, (dealer = (dealer + 1) & 3), rng);
    });
    return { playoutsPerSecond, sampleWorldPerSecond, apiDealsPerSecond };
  },
};
