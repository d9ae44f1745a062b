import type { GameEntry } from './entry.js';
import { karnoeffelEntry } from './karnoeffel/sitting.js';
import { schafkopfEntry } from './schafkopf/sitting.js';
import { BAUERNSCHNAPSEN_ENTRY, TALONSCHNAPSEN_ENTRY } from './schnapsen/sitting.js';

/**
 * Every game of the platform. Records, replay and the CLI look games up here;
 * a new game adds its entry to this list.
 */
const ENTRIES: readonly GameEntry[] = [schafkopfEntry, BAUERNSCHNAPSEN_ENTRY, TALONSCHNAPSEN_ENTRY, karnoeffelEntry];

export function findGame(id: string): GameEntry | undefined {
  return ENTRIES.find((e) => e.game.id === id);
}

export function gameIds(): string[] {
  return ENTRIES.map((e) => e.game.id);
}
