import { shuffleDeck } from '../cards/deck.js';
import { SeededRng } from '../core/rng.js';
import type { Agent } from '../games/agent.js';
import type { GameTypes, Seat } from '../games/game.js';
import type { GameModule } from '../games/module.js';
import { Solver, SolverTimeout } from './solver.js';

/**
 * How much a solve with all cards known overrates the declaring side
 * (issue 23, bidding by search): seeded deals are bid by the easy bot; at
 * the first card the deal is solved with all cards known (the declarer's
 * value, `solved`), then its card play is played by `player` in every seat
 * (`played`, the declarer's score at the end). The factor returned is the
 * one that, applied to the worlds the declarer wins in the solve, makes the
 * solves' mean meet the played mean:
 *
 *     factor = (mean(played) − mean(solved; lost)) / mean(solved; won)
 *
 * (with the sums over all deals, a lost solve counting 0 in the won sum and
 * the other way round). Deals of more than two sides (a Ramsch) are counted
 * apart: the solver's value there is the paranoid one (three against one),
 * compared with the played score and with the easy bot's playout.
 */
export interface DeclarerBias {
  readonly deals: number;
  /** Deals with a declaring side solved within the node limit. */
  readonly solved: number;
  readonly meanSolved: number;
  readonly meanPlayed: number;
  /** Share of the deals the declarer wins in the solve, and as played. */
  readonly winSolved: number;
  readonly winPlayed: number;
  readonly factor: number;
  /** Standard error of mean(solved − played) over the deals. */
  readonly stderr: number;
  /** Deals of more than two sides: every seat's paranoid solve, its easy playout and its played score, means over seats and deals. */
  readonly many: { readonly seatDeals: number; readonly meanSolved: number; readonly meanPlayout: number; readonly meanPlayed: number };
}

export async function measureDeclarerBias<T extends GameTypes>(
  module: GameModule<T>,
  rules: T['rules'],
  o: { readonly deals: number; readonly seed: string; readonly player: (seat: Seat, rng: SeededRng) => Agent<T>; readonly nodes?: number },
): Promise<DeclarerBias> {
  const { game } = module;
  const search = module.search!;
  const easyKind = module.bots.easy ?? module.bots[module.defaultBot];
  const n = game.seatCount(rules);
  const solver = new Solver();
  let won = 0;
  let lost = 0;
  let played = 0;
  let count = 0;
  let winS = 0;
  let winP = 0;
  const diffs: number[] = [];
  const many = { seatDeals: 0, solved: 0, playout: 0, played: 0 };
  const playOut = async (start: T['state'], agents: readonly Agent<T>[]): Promise<T['state']> => {
    let s = start;
    for (let guard = 0; guard < 10_000 && game.outcome(s) === undefined; guard++) {
      const seat = game.toAct(s)[0];
      const legal = game.legal(s, seat);
      const a = legal.length === 1 ? legal[0] : await agents[seat].choose(game.view(s, seat), legal, seat);
      const next = game.apply(s, seat, a);
      if (!next.ok) throw new Error(next.error.message);
      s = next.value;
    }
    return s;
  };
  for (let d = 0; d < o.deals; d++) {
    const rng = new SeededRng(`${o.seed}/${d}`);
    const deck = shuffleDeck(game.pack(rules), rng);
    const setup = game.setup(rules, { dealer: d % n, deck, carry: game.initialCarry(rules) });
    if (!setup.ok) throw new Error(setup.error.message);
    const easy = Array.from({ length: n }, (_, s) => easyKind.create(rules, s, rng));
    // The bidding by the easy bot, up to the first card.
    let s = setup.value;
    for (let guard = 0; guard < 10_000 && game.outcome(s) === undefined && search.load(s) === undefined; guard++) {
      const seat = game.toAct(s)[0];
      const legal = game.legal(s, seat);
      const next = game.apply(s, seat, legal.length === 1 ? legal[0] : await easy[seat].choose(game.view(s, seat), legal, seat));
      if (!next.ok) throw new Error(next.error.message);
      s = next.value;
    }
    const st = search.load(s);
    if (st === undefined || st.isOver()) continue;
    const players = Array.from({ length: n }, (_, seat) => o.player(seat, new SeededRng(`${o.seed}/${d}/p${seat}`)));
    if (st.sides() > 2) {
      const end = game.outcome(await playOut(s, players))!;
      const out = game.outcome(await playOut(s, easy))!;
      for (let seat = 0; seat < n; seat++) {
        solver.nodeLimit = solver.nodes + (o.nodes ?? 2_000_000);
        try {
          many.solved += solver.value(st, st.side(seat), seat);
        } catch (e) {
          if (!(e instanceof SolverTimeout)) throw e;
          continue;
        }
        many.seatDeals++;
        many.playout += out.score[seat];
        many.played += end.score[seat];
      }
      continue;
    }
    let declarer = -1;
    for (let seat = 0; seat < n && declarer < 0; seat++) if (st.side(seat) === 0) declarer = seat;
    solver.nodeLimit = solver.nodes + (o.nodes ?? 2_000_000);
    let v: number;
    try {
      v = solver.value(st, 0, declarer);
    } catch (e) {
      if (!(e instanceof SolverTimeout)) throw e;
      continue;
    }
    const real = game.outcome(await playOut(s, players))!.score[declarer];
    count++;
    if (v > 0) won += v;
    else lost += v;
    played += real;
    if (v > 0) winS++;
    if (real > 0) winP++;
    diffs.push(v - real);
  }
  const mean = diffs.reduce((a, b) => a + b, 0) / Math.max(1, diffs.length);
  const variance = diffs.reduce((a, b) => a + (b - mean) ** 2, 0) / Math.max(1, diffs.length - 1);
  const per = (x: number) => x / Math.max(1, count);
  return {
    deals: o.deals,
    solved: count,
    meanSolved: per(won + lost),
    meanPlayed: per(played),
    winSolved: per(winS),
    winPlayed: per(winP),
    factor: won > 0 ? (played - lost) / won : 1,
    stderr: Math.sqrt(variance / Math.max(1, diffs.length)),
    many: { seatDeals: many.seatDeals, meanSolved: many.solved / Math.max(1, many.seatDeals), meanPlayout: many.playout / Math.max(1, many.seatDeals), meanPlayed: many.played / Math.max(1, many.seatDeals) },
  };
}
