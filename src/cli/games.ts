import type { CliGame } from './adapter.js';
import { karnoeffelCli } from './karnoeffel.js';

/** The games `stich play` knows; a new game adds its CliGame to this list. */
const CLI_GAMES: readonly CliGame[] = [karnoeffelCli];

export function findCliGame(id: string): CliGame | undefined {
  return CLI_GAMES.find((g) => g.entry.game.id === id);
}

export function cliGameIds(): string[] {
  return CLI_GAMES.map((g) => g.entry.game.id);
}
