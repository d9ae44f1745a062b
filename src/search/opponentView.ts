import type { Rng } from '../core/rng.js';
import type { GameTypes, Seat } from '../games/game.js';
import type { GameModule } from '../games/module.js';
import type { Solver } from './solver.js';

/**
 * Perfect-information Monte Carlo solves each sampled world with every card
 * known to every seat: the seat that answers our card is taken to know our
 * hand, and always to find the answer that is best against it. It cannot
 * (issue 23, "opponents who do not see everything"). Here the answer is
 * chosen as such a seat would choose it, from what it knows: the mean of
 * its side's value over `worlds` worlds drawn from its own view (as a
 * thinking bot draws them), the rest of the deal after it solved with all
 * cards known. One answer deep: the seat that acts next after our card,
 * partner or opponent; the cards after it are solved as before.
 *
 * `OpponentView.value` is the value for `seat` of `action` in `world` under
 * that answer. Ties among the answers (common: with all cards known many
 * cards do the same) are broken by the answer's value in `world` itself,
 * as the plain solve would choose, so that the correction changes nothing
 * where the answering seat's view does not tell its answers apart.
 */
export interface OpponentViewOptions {
  /** Worlds drawn from the answering seat's view. */
  readonly worlds: number;
  /** Only in decisions whose first world the plain solve valued within this many solver nodes (the last tricks, where the worlds are cheap to solve). */
  readonly maxNodes: number;
}

export class OpponentView<T extends GameTypes> {
  constructor(
    private readonly module: GameModule<T>,
    private readonly solver: Solver,
    private readonly rng: Rng,
    readonly options: OpponentViewOptions,
  ) {}

  /**
   * The value for `seat` of `action` in `world` (`seat` to act), the next
   * seat answering from its own view; undefined where a position on the way
   * is not one of the card play (the caller keeps the plain values). Throws
   * the solver's timeout.
   */
  value(world: T['state'], seat: Seat, action: T['action']): number | undefined {
    const { game } = this.module;
    const after = game.apply(world, seat, action);
    if (!after.ok) return undefined;
    const next = after.value;
    const outcome = game.outcome(next);
    if (outcome !== undefined) return outcome.score[seat];
    const answerer = game.toAct(next)[0];
    if (answerer === undefined) return this.solved(next, seat);
    const answers = game.legal(next, answerer);
    if (answerer === seat || answers.length === 1) return this.solved(next, seat);
    const means = new Array<number>(answers.length).fill(0);
    const view = game.view(next, answerer);
    const search = this.module.search!;
    for (let k = 0; k < this.options.worlds; k++) {
      const guess = search.sampleWorld(view, answerer, this.rng);
      for (let i = 0; i < answers.length; i++) {
        const v = this.after(guess, answerer, answers[i], answerer);
        if (v === undefined) return undefined;
        means[i] += v;
      }
    }
    let best = -Infinity;
    for (const m of means) if (m > best) best = m;
    // Among the answers it cannot tell apart, the one best in this world (as the plain solve takes it).
    let chosen = -1;
    let chosenHere = -Infinity;
    for (let i = 0; i < answers.length; i++) {
      if (means[i] < best - 1e-9) continue;
      const here = this.after(next, answerer, answers[i], answerer);
      if (here === undefined) return undefined;
      if (here > chosenHere) {
        chosenHere = here;
        chosen = i;
      }
    }
    return this.after(next, answerer, answers[chosen], seat);
  }

  /** The value for `who` after `actor` takes `action` in `state`, the rest solved. */
  private after(state: T['state'], actor: Seat, action: T['action'], who: Seat): number | undefined {
    const next = this.module.game.apply(state, actor, action);
    if (!next.ok) return undefined;
    return this.solved(next.value, who);
  }

  /** The value for `who` of `state` with all cards known. */
  private solved(state: T['state'], who: Seat): number | undefined {
    const outcome = this.module.game.outcome(state);
    if (outcome !== undefined) return outcome.score[who];
    const s = this.module.search!.load(state);
    if (s === undefined) return undefined;
    if (s.isOver()) return s.score(who);
    return this.solver.value(s, s.side(who), who);
  }
}
