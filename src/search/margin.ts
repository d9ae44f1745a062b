import type { GameTypes } from '../games/game.js';
import type { GameModule } from '../games/module.js';
import type { SearchSupport } from '../games/search.js';

/**
 * The game as the analysis values it where only the winning side scores
 * (Schnapsen's game points, Karnöffel's round: `AnalysisUnit.margin`): a
 * seat's result is its side's score less the other side's. By its own score
 * alone a seat that loses scores 0 however much the winners get, so that a
 * game lost by three game points would look as good as one lost by one, and
 * every card of a lost round as good as any other.
 *
 * The module's search states are loaded with `margin` set (their `score` and
 * `outcomes` follow it), and its outcomes' scores are read the same way (the
 * easy bot's playouts): the loser's score is minus the winners'.
 */
export function marginModule<T extends GameTypes>(module: GameModule<T>): GameModule<T> {
  const { game, search } = module;
  if (!search) return module;
  const marginGame: typeof game = Object.create(game);
  marginGame.outcome = (state) => {
    const outcome = game.outcome(state);
    if (outcome === undefined) return undefined;
    const score = (outcome as { score: readonly number[] }).score;
    const won = Math.max(0, ...score);
    return { ...outcome, score: score.map((x) => (x > 0 ? x : -won)) };
  };
  const marginSearch: SearchSupport<T> = Object.create(search);
  (marginSearch as { load: SearchSupport<T>['load'] }).load = (state) => {
    const s = search.load(state);
    if (s) s.margin = true;
    return s;
  };
  return { ...module, game: marginGame, search: marginSearch };
}
