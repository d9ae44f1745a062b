#!/usr/bin/env node
import { Command, Option } from 'commander';
import { analyzeCommand } from './analyze.js';
import { arenaCommand, arenaMergeCommand } from './arena.js';
import { benchCommand } from './bench.js';
import { conformanceCommand, replayCommand, rulesCommand, verifyCommand } from './commands.js';
import { readFileSync } from 'node:fs';
import { GAMES, gameIds } from '../games/registry.js';
import { CliError, playCommand } from './play.js';
import { HEARTBEAT_RANGE, LIMIT_ENVIRONMENT, SERVE_ENVIRONMENT } from './config.js';
import { DEFAULT_LIMITS } from '../server/limits.js';
import { serveCommand } from './serve.js';
import { wrapText } from './terminal.js';

// Output piped into a reader that stops early (`stich play … | head`): the reader has what it wanted, so the command
// ends quietly, as Unix tools do, instead of dying with a stack trace of EPIPE.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code !== 'EPIPE') throw e;
    process.exit(0);
  });
}

/** The `stich` command. */
const program = new Command();
program
  .name('stich')
  .description('Schafkopf, Bauernschnapsen, Talonschnapsen and Karnöffel: play in the terminal, check records, measure the engines.')
  .version(packageVersion(), '-V, --version', 'print the version of stich')
  .showHelpAfterError();

function packageVersion(): string {
  const file = new URL('../../package.json', import.meta.url);
  return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
}

const collect = (value: string, previous: string[]) => [...previous, value];

const play = program
  .command('play')
  .argument('<game>', `the game: ${gameIds().join(', ')}`)
  .description('play a sitting at the terminal or between bots')
  .option('--preset <name>', 'rule preset (see "stich rules GAME")')
  .option('--rule <name=value>', 'set a house rule; repeat for several', collect, [])
  .option('--seats <list>', 'one word per seat: human, bot, a bot name or exec:PROGRAM (default: human and bots)')
  .option('--deals <n>', 'number of deals (default: one round of Schafkopf, one Bummerl, one Karnöffel match, then another if you like)')
  .option('--seed <seed>', 'seed for shuffles and bots, for a reproducible sitting')
  .option('--record <file>', 'write the game record (JSON) to this file')
  .option('--pace <ms>', 'pause before each bot decision while you watch (default 500 at a terminal, 0 otherwise)')
  .option('--think <ms>', 'time per decision for thinking bots and outside programs (default 2000 for programs)')
  .option('--ask-always', 'ask even when only one answer is possible (by default such a prompt is answered by itself and shown)');
const seenFlags = new Set<string>();
for (const m of GAMES) {
  for (const o of m.playOptions ?? []) {
    if (seenFlags.has(o.flag)) continue;
    seenFlags.add(o.flag);
    const owners = GAMES.filter((g) => g.playOptions?.some((p) => p.flag === o.flag)).map((g) => g.game.id);
    play.addOption(new Option(o.flag, `${o.description} (${owners.join(', ')})`));
  }
}
play.action(async (game: string, opts) => {
  process.exitCode = await playCommand(game, opts);
});

program
  .command('arena')
  .argument('<game>', `the game: ${gameIds().join(', ')}`)
  .description('duplicate arena: bots play the same decks from every seat; mean score per deal with 95% intervals')
  .requiredOption('--bots <list>', 'the bots to compare, comma-separated: easy, random, … or exec:PROGRAM')
  .option('--preset <name>', 'rule preset (see "stich rules GAME")')
  .option('--rule <name=value>', 'set a house rule; repeat for several', collect, [])
  .option('--deals <n>', 'number of decks, each played once per seating (default 100)')
  .option('--seed <seed>', 'seed for decks and bots (default: random, printed)')
  .option('--think <ms>', 'time per decision for thinking bots and outside programs (default 2000 for programs)')
  .option('--samples <n>', 'worlds per decision for the thinking bots (medium, strong)')
  .option('--nodes <n>', 'solver nodes per decision for strong (a world not solved within them is played out)')
  .option('--epsilon <w>', "strong's weight of a world per decision of another seat that the easy bot would have made otherwise (default 0.15; 1 = unweighted)")
  .option('--card-weight <w>', "strong's weight of a card another seat played that the easy bot would not have played (default 0.1; 1 = cards say nothing)")
  .option('--bid-nodes <n>', "strong's solver nodes per decision outside the card play (bids, Stoß, raises …: the card play after them is solved; default 600000)")
  .option('--save <file>', 'write the JSON report of the decks so far to this file while the run goes on (every 20 s) and at the end')
  .option('--first-deck <k>', 'play decks K … K+N−1 of the seeded sequence (a part of a longer run; see arena-merge)')
  .option('--json', 'print one JSON object, no progress bar')
  .action(async (game: string, opts) => {
    process.exitCode = await arenaCommand(game, opts, process.stdout, process.stderr);
  });

program
  .command('arena-merge')
  .argument('<files...>', 'JSON reports of the parts of one arena measurement (stich arena … --first-deck K --json)')
  .description('one arena report from parts played side by side: means and intervals over all their decks')
  .option('--json', 'print one JSON object')
  .action((files: string[], opts) => {
    process.exitCode = arenaMergeCommand(files, opts, process.stdout);
  });

program
  .command('analyze')
  .argument('<file>', 'a game record (JSON)')
  .description('judge every decision of a record (bids, calls, cards) with all cards known (solver) and from the player\'s own view (strong bot), in the game\'s unit; a summary per player')
  .option('--deal <k>', 'only this deal (from 1)')
  .option('--think <ms>', 'time per estimate from the player\'s view')
  .option('--json', 'print the analysis object (as the server serves it)')
  .action(async (file: string, opts) => {
    process.exitCode = await analyzeCommand(file, opts, process.stdout);
  });

program
  .command('rules')
  .argument('<game>', `the game: ${gameIds().join(', ')}`)
  .description('list every house rule with its default and source, and the presets')
  .option('--lang <lang>', 'the names and explanations in de or en', 'en')
  .action((game: string, opts: { lang: string }) => {
    process.exitCode = rulesCommand(game, process.stdout, opts.lang);
  });

program
  .command('replay')
  .argument('<file>', 'a game record (JSON)')
  .description('re-check every action of a record against the rules and print the outcome')
  .action((file: string) => {
    process.exitCode = replayCommand(file, process.stdout);
  });

program
  .command('verify')
  .argument('<file>', 'a game record (JSON)')
  .description('check that no deck was stacked and the play follows the rules: recompute every deck from its revealed seed and contributions, check every commitment, and re-check every action as replay does')
  .action(async (file: string) => {
    process.exitCode = await verifyCommand(file, process.stdout, process.stderr);
  });

program
  .command('conformance')
  .argument('<file>', 'complete games with their expected results, one JSON object per line')
  .description(`replay conformance games and compare every result (formats: ${GAMES.filter((m) => m.conformance).map((m) => `${m.game.id}: ${m.conformance!.description}`).join('; ')})`)
  .option('--game <game>', 'the game whose format the file is in (default: the only game with one)')
  .action((file: string, opts: { game?: string }) => {
    process.exitCode = conformanceCommand(file, opts, process.stdout);
  });

program
  .command('bench')
  .description('measure complete deals per second on one thread')
  .option('--json', 'print one JSON object')
  .option('--seconds <s>', 'time per measurement', '2')
  .option('--game <game>', 'only this game')
  .option('--analysis-deals <n>', 'deals of the sitting whose analysis is timed, per game (0: none)', '4')
  .action(async (opts) => {
    process.exitCode = await benchCommand(opts, process.stdout);
  });

program
  .command('serve')
  .description('run the multiplayer server: HTTP API and WebSocket on one port, data in an SQLite file or in PostgreSQL')
  .option('--port <port>', 'the port (0 picks a free one; default 8080)')
  .option('--db <file>', 'the SQLite database, created on first start (default stich.db)')
  .option('--pg <url>', 'keep the data in PostgreSQL instead (postgres://user@host:5432/database); the schema is migrated on start')
  .option('--host [address]', 'listen on this address (without one: every interface; default 127.0.0.1)')
  .option('--log <level>', 'log level: fatal, error, warn (the default: quiet), info (a line per request), debug')
  .option('--bot-workers <n>', 'worker threads for the medium and strong bots (default: the cores less one, at least one; never more)')
  .option('--think <ms>', 'time per decision of the medium and strong bots, instead of their levels\' own budgets')
  .option('--redis <url>', 'one process of a cluster: the Redis server the processes share (redis://host:port)')
  .option('--redis-prefix <prefix>', "the cluster's prefix of Redis keys and channels (default stich)")
  .option('--origin <origins>', 'the origins whose pages may open the WebSocket with the session cookie, comma-separated (https://stich.example); default: the host the request names')
  .option('--session-days <days>', 'a session ends after this many days without use (default 30)')
  .option('--heartbeat-ms <ms>', `how often the server pings every WebSocket; one that answered neither that ping nor sent anything by the next is ended (default ${DEFAULT_LIMITS.heartbeatMs}; ${HEARTBEAT_RANGE[0]} to ${HEARTBEAT_RANGE[1]})`)
  .option('--lease-ms <ms>', "a cluster process's lease on its tables: another takes them this long after it stopped renewing (default 1400; docs/cluster.md)")
  .option('--cluster-key <key>', "the key a cluster's processes share to seal their messages in Redis: 64 hex digits (openssl rand -hex 32); better in STICH_CLUSTER_KEY, which other users cannot read in the process list")
  .option('--trust-proxy [addresses]', 'behind nginx or Caddy: take the client\'s address from X-Forwarded-For when the request comes from these proxies (comma-separated addresses or CIDR ranges; without a value: loopback)')
  .addHelpText(
    'after',
    `\nEvery option may be set in the environment instead; a flag wins:\n${Object.entries(SERVE_ENVIRONMENT).map(([k, v]) => `  ${v.padEnd(20)} --${k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`).join('\n')}` +
      `\nThe lobby's limits, from the environment only (docs/security.md; 0: no limit):\n${Object.values(LIMIT_ENVIRONMENT).map((v) => `  ${v.name}`).join('\n')}`,
  )
  .action(async (opts) => {
    await serveCommand(opts);
  });

program
  .command('backup')
  .description("a consistent copy of a server's SQLite database, also while the server runs (SQLite's online backup); PostgreSQL: pg_dump (docs/deploy.md)")
  .option('--db <file>', "the server's database (default: STICH_DB)")
  .requiredOption('--to <file>', 'the copy')
  .option('--force', 'replace the copy if the file exists')
  .action(async (opts: { db?: string; to: string; force?: boolean }) => {
    const { backupCommand } = await import('./backup.js');
    await backupCommand(opts);
  });

program
  .command('admin')
  .description('the admin role of a registered player (the /admin page: reports, mutes and bans, closing tables, hiding chat lines): admin grant NAME, admin revoke NAME, admin list')
  .argument('<action>', 'grant, revoke or list')
  .argument('[name]', 'the registered player')
  .option('--db <file>', "the server's SQLite database (default: STICH_DB)")
  .option('--pg <url>', "the server's PostgreSQL database (default: STICH_PG_URL)")
  .option('--reason <text>', 'why (kept in the audit log)')
  .action(async (action: string, name: string | undefined, opts: { db?: string; pg?: string; reason?: string }) => {
    const { adminCommand } = await import('./admin.js');
    await adminCommand(action as 'grant', name, opts);
  });

program
  .command('loadtest')
  .description('benchmark the server: tables of clients over real WebSockets, acting with human-like pauses')
  .option('--tables <n>', 'number of tables', '500')
  .option('--seconds <s>', 'how long to play', '60')
  .option('--url <url>', 'a running server, or several of one cluster separated by commas (default: start one on a fresh database)')
  .option('--game <game>', 'the game at every table', 'schafkopf')
  .option('--pause <min-max>', 'pause before each action, in ms', '500-1500')
  .option('--cluster <n>', 'start a cluster of N processes on --pg and --redis instead of one SQLite process')
  .option('--pg <url>', 'the cluster\'s PostgreSQL database (postgres://…)')
  .option('--redis <url>', 'the cluster\'s Redis (redis://host:port)')
  .option('--kill-after <s>', 'kill -9 one process of the started cluster after S seconds and measure the takeover')
  .option('--rolling-restart', 'restart the started cluster\'s processes one after the other with SIGTERM during the run (each drains) and measure the waits')
  .option('--lease-ms <ms>', 'the started cluster\'s lease (`stich serve --lease-ms`): longer on a host too loaded for the default')
  .action(async (opts: { tables: string; seconds: string; url?: string; game: string; pause: string; cluster?: string; pg?: string; redis?: string; killAfter?: string; rollingRestart?: boolean; leaseMs?: string }) => {
    const pause = /^(\d+)-(\d+)$/.exec(opts.pause);
    if (!pause || !/^\d+$/.test(opts.tables) || !/^\d+(\.\d+)?$/.test(opts.seconds)) throw new CliError('--tables and --seconds are numbers, --pause is MIN-MAX in ms');
    if (opts.cluster !== undefined && (!/^\d+$/.test(opts.cluster) || Number(opts.cluster) < 1 || !opts.pg || !opts.redis)) throw new CliError('--cluster N (1 or more) needs --pg postgres://… and --redis redis://…');
    if (opts.killAfter !== undefined && (!/^\d+(\.\d+)?$/.test(opts.killAfter) || Number(opts.cluster ?? 0) < 2)) throw new CliError('--kill-after S (seconds) needs a started cluster of 2 or more processes (--cluster N)');
    if (opts.rollingRestart && (Number(opts.cluster ?? 0) < 2 || opts.killAfter !== undefined)) throw new CliError('--rolling-restart needs a started cluster of 2 or more processes (--cluster N), and not --kill-after');
    if (opts.leaseMs !== undefined && (!/^\d+$/.test(opts.leaseMs) || opts.cluster === undefined)) throw new CliError('--lease-ms MS (a number) needs a started cluster (--cluster N)');
    const { loadtest } = await import('../server/loadtest.js');
    const report = await loadtest({
      cluster: opts.cluster ? { processes: Number(opts.cluster), pg: opts.pg!, redis: opts.redis!, ...(opts.leaseMs ? { pgArgs: ['--lease-ms', opts.leaseMs] } : {}) } : undefined,
      killAfter: opts.killAfter === undefined ? undefined : Number(opts.killAfter),
      rollingRestart: opts.rollingRestart === true,
      url: opts.url,
      tables: Number(opts.tables),
      seconds: Number(opts.seconds),
      game: opts.game,
      pauseMin: Number(pause[1]),
      pauseMax: Number(pause[2]),
      out: process.stdout,
    });
    process.stdout.write(JSON.stringify(report, null, 2) + '\n');
    process.exitCode = report.errors === 0 && (report.lost ?? 0) === 0 && (report.duplicates ?? 0) === 0 ? 0 : 1;
  });

try {
  await program.parseAsync(process.argv);
} catch (e) {
  if (e instanceof CliError) {
    // One line for a pipe; at a terminal wrapped at word boundaries to its width.
    process.stderr.write(`${wrapText(`stich: ${e.message}`, process.stderr.isTTY ? process.stderr.columns : 0)}\n`);
    process.exitCode = 2;
  } else {
    throw e;
  }
}
