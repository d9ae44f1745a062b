import type { CliGame } from '../games/text.js';
import { karnoeffelCli } from '../games/karnoeffel/text.js';
import { schafkopfCli } from '../games/schafkopf/text.js';
import { bauernschnapsenCli, talonschnapsenCli } from '../games/schnapsen/text.js';

/** The games `stich play` knows; a new game adds its CliGame to this list. */
const CLI_GAMES: readonly CliGame[] = [schafkopfCli, bauernschnapsenCli, talonschnapsenCli, karnoeffelCli];

export function findCliGame(id: string): CliGame | undefined {
  return CLI_GAMES.find((g) => g.entry.game.id === id);
}

export function cliGameIds(): string[] {
  return CLI_GAMES.map((g) => g.entry.game.id);
}

export function allCliGames(): readonly CliGame[] {
  return CLI_GAMES;
}
