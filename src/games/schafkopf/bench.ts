import { shuffleDeck } from '../../cards/deck.js';
import { SeededRng } from '../../core/rng.js';
import { unwrap } from '../../core/result.js';
import { rate, type GameBench } from '../bench.js';
import { resolveRules } from '../ruleBook.js';
import type { GameChoice } from './contract.js';
import { schafkopf } from './game.js';
import { SchafkopfPlayouts } from './playout.js';
import { SCHAFKOPF_RULES, type SchafkopfRules } from './rules.js';
import { sampleWorld } from './sample.js';
import type { SchafkopfView } from './view.js';
import { ramschSolveBench } from './ramschBench.js';
import type { Pack } from '../../cards/pack.js';


/**
 * Complete Schafkopf deals per second on one thread (per CPU second):
 * - playoutsPerSecond: random playouts through the search state (`SchafkopfSearch.playRandom`), an Eichel-Solo announced by Vorhand, shuffle and deal included;
 * - rufspielPlayoutsPerSecond: the same for a Rufspiel by Vorhand on the Eichel-Sau (deals where it may not be called are skipped);
 * - stepPlayoutsPerSecond: the Solo card by card through `legalMask` and `play`, as generic search uses the search state;
 * - sampleWorldPerSecond: sampled worlds (`sampleWorld`) from the views of random seats in random mid-play positions of Rufspiel deals;
 * - apiDealsPerSecond: the same Solo through the public immutable `setup`/`legal`/`apply`, bidding and Stoß round included;
 * - ramschSolveMs, ramschSolveP95Ms: 20 whole Ramsch deals decided from the first card (ramschBench.ts: does each seat pay?, without the exact points), each capped at the run's time per measurement (at most 2 s).
 */
export const schafkopfBench: GameBench = {
  run(millis) {
    const rules = unwrap(resolveRules(SCHAFKOPF_RULES));
    const solo: GameChoice = { kind: 'solo', suit: 0 };
    const rng = new SeededRng(1);
    const fast = new SchafkopfPlayouts(rules, solo);
    for (let i = 0; i < 20000; i++) fast.playout(rng);
    const playoutsPerSecond = rate(millis, 256, () => !Number.isNaN(fast.playout(rng)));
    const ruf = new SchafkopfPlayouts(rules, { kind: 'rufspiel', suit: 0 });
    const rufspielPlayoutsPerSecond = rate(millis / 2, 256, () => !Number.isNaN(ruf.playout(rng)));
    const step = new SchafkopfPlayouts(rules, solo, true);
    const stepPlayoutsPerSecond = rate(millis / 2, 256, () => !Number.isNaN(step.playout(rng)));
    const pack = schafkopf.pack(rules);
    const views = rufspielViews(rules, pack, rng, 500);
    let next = 0;
    for (let i = 0; i < 5000; i++) sampleWorld(views[i % views.length].view, views[i % views.length].seat, rng);
    const sampleWorldPerSecond = rate(millis / 2, 64, () => {
      const { view, seat } = views[next++ % views.length];
      sampleWorld(view, seat, rng);
    });
    const apiDealsPerSecond = rate(millis / 2, 16, () => {
      let state = unwrap(schafkopf.setup(rules, { dealer: 3, deck: shuffleDeck(pack, rng), carry: { stock: 0, bock: 0 } }));
      state = unwrap(schafkopf.apply(state, 0, { type: 'bid', game: solo }));
      for (;;) {
        const seat = schafkopf.toAct(state)[0];
        if (seat === undefined) break;
        const legal = schafkopf.legal(state, seat);
        const action = state.phase === 'play' ? legal[rng.int(legal.length)] : { type: 'weiter' as const };
        state = unwrap(schafkopf.apply(state, seat, action));
      }
    });
    return { playoutsPerSecond, rufspielPlayoutsPerSecond, stepPlayoutsPerSecond, sampleWorldPerSecond, apiDealsPerSecond, ...ramschSolveBench(rules, 20, Math.min(millis, 2_000)) };
  },
};

/** Views of random seats in random positions of the card play of Rufspiel deals (Vorhand calls the first Sau it may). */
function rufspielViews(rules: SchafkopfRules, pack: Pack, rng: SeededRng, count: number): { view: SchafkopfView; seat: number }[] {
  const out: { view: SchafkopfView; seat: number }[] = [];
  while (out.length < count) {
    let state = unwrap(schafkopf.setup(rules, { dealer: 3, deck: shuffleDeck(pack, rng), carry: { stock: 0, bock: 0 } }));
    const call = ([0, 1, 3] as const).map((suit) => schafkopf.apply(state, 0, { type: 'bid', game: { kind: 'rufspiel', suit } })).find((r) => r.ok);
    if (!call || !call.ok) continue;
    state = call.value;
    while (state.phase !== 'play') state = unwrap(schafkopf.apply(state, state.turn, { type: 'weiter' }));
    for (let k = 1 + rng.int(pack.size - 2); k > 0; k--) {
      const legal = schafkopf.legal(state, state.turn);
      state = unwrap(schafkopf.apply(state, state.turn, legal[rng.int(legal.length)]));
    }
    const seat = rng.int(4);
    out.push({ view: schafkopf.view(state, seat), seat });
  }
  return out;
}
