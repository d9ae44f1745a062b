import { karnoeffelModule } from './karnoeffel/module.js';
import type { AnyGameModule } from './module.js';
import { schafkopfModule } from './schafkopf/module.js';
import { bauernschnapsenModule, talonschnapsenModule } from './schnapsen/module.js';

/**
 * Every game of the platform, the only list of them. Records, replay, the
 * CLI, search and the server look games up here; a new game is one folder
 * and one line in this list.
 */
export const GAMES: readonly AnyGameModule[] = [schafkopfModule, bauernschnapsenModule, talonschnapsenModule, karnoeffelModule];

/** A key for matching game names as people type them: no case, no umlauts or ß ("Karnöffel" = "karnoeffel"). */
export function gameKey(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/ß/g, 'ss');
}

/** The module of a game by its id or title, matched without regard to case or umlauts. */
export function findGame(name: string): AnyGameModule | undefined {
  const key = gameKey(name);
  return GAMES.find((m) => m.game.id === key || gameKey(m.game.title) === key);
}

export function gameIds(): string[] {
  return GAMES.map((m) => m.game.id);
}

/** The module of a game by its exact id, as records name it. */
export function gameById(id: string): AnyGameModule | undefined {
  return GAMES.find((m) => m.game.id === id);
}
