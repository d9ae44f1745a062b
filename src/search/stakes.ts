import type { GameTypes, Seat } from '../games/game.js';
import type { SearchSupport } from '../games/search.js';
import { Solver, SolverTimeout } from './solver.js';

/**
 * Stake decisions (issue 23; `SearchSupport.stakes`): where a decision
 * outside the card play only sets what a deal won whole is worth
 * (Karnöffel's raising, accepting and refusing), `strong` takes it from
 * its side's chance of winning the card play. Each sampled world is carried
 * on to its card play with the stake as it is, and the card play is solved
 * with all cards of the world known; the chance is the share of the worlds
 * (counted with their multiplicity) that the side wins.
 *
 * Why not the usual way (the seat's own score after each candidate, the
 * rest of the deal played out by `easy`): a round the side loses gives it 0
 * whatever the stake, so a raise never looks worse than a pass nor an
 * acceptance worse than a refusal; and in the playouts every seat raises as
 * `easy` would, while thinking players raise far more (against `strong-1`,
 * `strong` departed from `easy` to raise 67 times in 24 deals, never to
 * refuse). docs/bots.md, "Stake decisions".
 */
export interface WinShare {
  /** The share of the worlds the seat's side wins, or undefined if no world reached its card play in time. */
  readonly p: number | undefined;
  /** Worlds counted (with multiplicity). */
  readonly worlds: number;
}

export function winShare<T extends GameTypes>(
  search: SearchSupport<T>,
  solver: Solver,
  seat: Seat,
  worlds: readonly { readonly world: T['state']; readonly times: number }[],
  late: () => boolean,
): WinShare {
  const rule = search.stakes;
  if (!rule) return { p: undefined, worlds: 0 };
  let won = 0;
  let counted = 0;
  for (let w = 0; w < worlds.length; w++) {
    if (w > 0 && late()) break;
    const start = rule.toCardPlay(worlds[w].world);
    const s = start === undefined ? undefined : search.load(start);
    if (s === undefined) continue;
    let v: number;
    // The first world is solved whatever the clock says (one card play from its start: 45 ms at most over 300 Karnöffel deals), so a loaded machine still decides by the chance.
    const { deadline, nodeLimit } = solver;
    if (w === 0) [solver.deadline, solver.nodeLimit] = [Infinity, Infinity];
    try {
      v = s.isOver() ? s.score(seat) : solver.value(s, s.side(seat), seat);
    } catch (e) {
      if (e instanceof SolverTimeout) break;
      throw e;
    } finally {
      [solver.deadline, solver.nodeLimit] = [deadline, nodeLimit];
    }
    if (v > 0) won += worlds[w].times;
    counted += worlds[w].times;
  }
  return { p: counted > 0 ? won / counted : undefined, worlds: counted };
}
