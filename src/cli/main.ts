#!/usr/bin/env node
import { Command, Option } from 'commander';
import { benchCommand } from './bench.js';
import { conformanceCommand, replayCommand, rulesCommand } from './commands.js';
import { cliGameIds, allCliGames } from './games.js';
import { CliError, playCommand } from './play.js';

/** The `stich` command. */
const program = new Command();
program
  .name('stich')
  .description('Schafkopf, Bauernschnapsen, Talonschnapsen and Karnöffel: play in the terminal, check records, measure the engines.')
  .showHelpAfterError();

const collect = (value: string, previous: string[]) => [...previous, value];

const play = program
  .command('play')
  .argument('<game>', `the game: ${cliGameIds().join(', ')}`)
  .description('play a sitting at the terminal or between bots')
  .option('--preset <name>', 'rule preset (see "stich rules GAME")')
  .option('--rule <name=value>', 'set a house rule; repeat for several', collect, [])
  .option('--seats <list>', 'one word per seat: human, bot or a bot name (default: human and bots)')
  .option('--deals <n>', 'number of deals (default 4 with a human, 1 otherwise)')
  .option('--seed <seed>', 'seed for shuffles and bots, for a reproducible sitting')
  .option('--record <file>', 'write the game record (JSON) to this file');
const seenFlags = new Set<string>();
for (const g of allCliGames()) {
  for (const o of g.playOptions ?? []) {
    if (seenFlags.has(o.flag)) continue;
    seenFlags.add(o.flag);
    play.addOption(new Option(o.flag, `${o.description} (${g.entry.game.id})`));
  }
}
play.action(async (game: string, opts) => {
  process.exitCode = await playCommand(game, opts);
});

program
  .command('rules')
  .argument('<game>', `the game: ${cliGameIds().join(', ')}`)
  .description('list every house rule with its default and source, and the presets')
  .action((game: string) => {
    process.exitCode = rulesCommand(game, process.stdout);
  });

program
  .command('replay')
  .argument('<file>', 'a game record (JSON)')
  .description('re-check every action of a record against the rules and print the outcome')
  .action((file: string) => {
    process.exitCode = replayCommand(file, process.stdout, process.stderr);
  });

program
  .command('conformance')
  .argument('<file>', 'Schafkopf conformance games, one JSON object per line')
  .description('replay Schafkopf conformance games and compare every payout')
  .action((file: string) => {
    process.exitCode = conformanceCommand(file, process.stdout);
  });

program
  .command('bench')
  .description('measure complete deals per second on one thread')
  .option('--json', 'print one JSON object')
  .option('--seconds <s>', 'time per measurement', '2')
  .action((opts) => {
    process.exitCode = benchCommand(opts, process.stdout);
  });

try {
  await program.parseAsync(process.argv);
} catch (e) {
  if (e instanceof CliError) {
    process.stderr.write(`stich: ${e.message}\n`);
    process.exitCode = 2;
  } else {
    throw e;
  }
}
