import type { CliGame } from './adapter.js';
import { karnoeffelCli } from './karnoeffel.js';
import { schafkopfCli } from './schafkopf.js';
import { bauernschnapsenCli, talonschnapsenCli } from './schnapsen.js';

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
