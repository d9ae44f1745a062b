import type { GameTypes, Seat } from '../games/game.js';
import type { GameModule } from '../games/module.js';
import { Solver, SolverTimeout } from './solver.js';

/**
 * Bidding by search (issue 23): the value of a decision outside the card
 * play (a bid, Klopfen, Stoß and Re, Spritzen, a trump call, a raise, laying
 * away, an announcement) in one sampled world, for any game.
 *
 * After the candidate action the rest of the decisions before the card play
 * are made by the easy bot for every seat (`act`); once the card play begins
 * (`search.load` gives a search state) the solver values it with all cards
 * of the world known, under the table's own tariff (the game's `score`:
 * Laufende, Schneider, Schwarz, doublings, the Herzrunde, …), within
 * `worldNodes` solver nodes. A deal the solver cannot finish within them,
 * one whose card play the search state does not cover, and a deal of more
 * than two sides (a Ramsch, everyone for himself, which the solver could
 * only value as three against one) are played to the end by the easy bot,
 * each seat to its own goal.
 *
 * A solve with all cards known overrates the declaring side, which sees
 * where every card lies (and its opponents see it too, which helps it
 * less): where the game has measured it (`SearchSupport.declarerSolveFactor`,
 * src/search/declarerBias.ts), a world that the declaring side wins in the
 * solve counts with its value times that factor, from every seat's point of
 * view, so that a hand is not bid on the strength of cards the bidder would
 * not see.
 */
export interface BeyondPlay<T extends GameTypes> {
  /** The value for `seat` of the state after a decision outside the card play, in one world. */
  value(after: T['state'], seat: Seat): Promise<number>;
}

export interface BeyondPlayOptions<T extends GameTypes> {
  readonly module: GameModule<T>;
  readonly solver: Solver;
  /** Solver nodes per world, at most (also bounded by the solver's own `nodeLimit`, the decision's). */
  readonly worldNodes: number;
  /** The easy bot's choice for a seat in a state (the rollout's policy). */
  act(state: T['state'], seat: Seat): T['action'] | Promise<T['action']>;
  /** The score of `seat` after the easy bot plays every seat from `state` to the end. */
  rollout(state: T['state'], seat: Seat): Promise<number>;
}

/** The counts of one bot's valuations outside the card play, by how the card play was valued. */
export interface BeyondPlayStats {
  solved: number;
  /** The solver ran out of its nodes: played out instead. */
  outOfNodes: number;
  /** More than two sides (a Ramsch) or a card play without a search state: played out. */
  playedOut: number;
}

export function beyondPlay<T extends GameTypes>(o: BeyondPlayOptions<T>, stats: BeyondPlayStats = { solved: 0, outOfNodes: 0, playedOut: 0 }): BeyondPlay<T> & { stats: BeyondPlayStats } {
  const { game } = o.module;
  const search = o.module.search!;
  const factor = search.declarerSolveFactor ?? 1;
  const value = async (after: T['state'], seat: Seat): Promise<number> => {
    let state = after;
    for (let guard = 0; guard < 10_000; guard++) {
      const outcome = game.outcome(state);
      if (outcome !== undefined) return outcome.score[seat];
      const st = search.load(state);
      if (st !== undefined) {
        if (st.isOver()) return st.score(seat);
        if (st.sides() > 2) break;
        const limit = o.solver.nodeLimit;
        o.solver.nodeLimit = Math.min(limit, o.solver.nodes + o.worldNodes);
        try {
          const side = st.side(seat);
          const v = o.solver.value(st, side, seat);
          stats.solved++;
          return declarerWins(side, v) ? v * factor : v;
        } catch (e) {
          if (!(e instanceof SolverTimeout)) throw e;
          stats.outOfNodes++;
          return o.rollout(state, seat);
        } finally {
          o.solver.nodeLimit = limit;
        }
      }
      const s = game.toAct(state)[0];
      if (s === undefined) break;
      const legal = game.legal(state, s);
      const chosen = legal.length === 1 ? legal[0] : await o.act(state, s);
      const next = game.apply(state, s, chosen);
      if (!next.ok) throw new Error(`the easy bot chose an illegal action before the card play: ${next.error.message}`);
      state = next.value;
    }
    stats.playedOut++;
    return o.rollout(state, seat);
  };
  return { value, stats };
}

/** Whether the declaring side (side 0) wins a deal in which a seat of `side` scores `v`. */
export function declarerWins(side: number, v: number): boolean {
  return side === 0 ? v > 0 : v < 0;
}
