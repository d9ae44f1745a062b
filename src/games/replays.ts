import type { Game, GameTypes } from './game.js';

type AnyGame = Game<GameTypes>;
import { karnoeffel } from './karnoeffel/game.js';
import { schafkopf } from './schafkopf/game.js';
import { bauernschnapsen, talonschnapsen } from './schnapsen/game.js';

/**
 * The games' rules engines for the browser's record viewer, which replays a
 * finished sitting client-side. Only the `Game` objects: no bots, no sittings.
 */
export const REPLAY_GAMES: readonly AnyGame[] = [schafkopf, bauernschnapsen, talonschnapsen, karnoeffel] as unknown as AnyGame[];

export function replayGame(id: string): AnyGame | undefined {
  return REPLAY_GAMES.find((g) => g.id === id);
}
