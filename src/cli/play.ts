import { writeFileSync } from 'node:fs';
import { prettyJson } from '../core/prettyJson.js';
import { CryptoRng, SeededRng, type Rng } from '../core/rng.js';
import { fail, ok, type Result } from '../core/result.js';
import type { Seat } from '../games/game.js';
import { parseRuleAssignments, resolveRules } from '../games/ruleBook.js';
import type { Agent } from '../games/agent.js';
import { playSitting, type DealLog } from '../sitting/sitting.js';
import { toRecord } from '../records/record.js';
import type { CliGame } from '../games/text.js';
import { cliGameIds, findCliGame } from './games.js';
import { humanAgent, LineReader, QuitSignal } from './terminal.js';

export interface PlayOptions {
  readonly preset?: string;
  readonly rule?: readonly string[];
  readonly seats?: string;
  readonly deals?: string;
  readonly seed?: string;
  readonly record?: string;
  readonly [option: string]: unknown;
}

/** A user-facing error: printed, and the command exits non-zero. */
export class CliError extends Error {}

export function lookupGame(id: string): CliGame {
  const cli = findCliGame(id);
  if (!cli) throw new CliError(`unknown game "${id}"; games: ${cliGameIds().join(', ')}`);
  return cli;
}

function expect<T>(r: Result<T>): T {
  if (!r.ok) throw new CliError(r.error.message);
  return r.value;
}

/** Reads the rules from --preset, the game's own options and every --rule name=value. */
export function rulesFromOptions(cli: CliGame, opts: PlayOptions): unknown {
  const overrides: Record<string, string> = { ...expect(parseRuleAssignments(opts.rule ?? [])) };
  for (const o of cli.playOptions ?? []) {
    const value = opts[o.key];
    if (value !== undefined) overrides[o.rule] = String(value);
  }
  return expect(resolveRules(cli.entry.game.ruleBook, opts.preset, overrides));
}

function parseCount(text: string | undefined, fallback: number, what: string): number {
  if (text === undefined) return fallback;
  if (!/^\d+$/.test(text) || Number(text) < 1) throw new CliError(`${what} must be a whole number of at least 1, not "${text}"`);
  return Number(text);
}

/** Reads --seats: one word per seat: human, bot (the game's default bot) or a bot's name. */
export function parseSeats(cli: CliGame, text: string | undefined, seats: number): Result<string[]> {
  const words = text === undefined ? ['human', ...Array(seats - 1).fill('bot')] : text.split(',').map((w) => w.trim().toLowerCase());
  if (words.length !== seats) return fail('badSeats', `${cli.entry.game.title} with these rules needs ${seats} seats, --seats names ${words.length}`);
  const known = ['human', 'bot', ...Object.keys(cli.bots)];
  const bad = words.find((w) => !known.includes(w));
  if (bad !== undefined) return fail('badSeats', `unknown seat "${bad}"; a seat is one of ${known.join(', ')}`);
  return ok(words);
}

export async function playCommand(gameId: string, opts: PlayOptions, out: NodeJS.WritableStream = process.stdout): Promise<number> {
  const cli = lookupGame(gameId);
  const { game, sitting } = cli.entry;
  const rules = rulesFromOptions(cli, opts);
  const seatCount = game.seatCount(rules);
  const words = expect(parseSeats(cli, opts.seats, seatCount));
  const deals = parseCount(opts.deals, words.includes('human') ? 4 : 1, '--deals');
  const seeded = opts.seed !== undefined;
  const rng: Rng = seeded ? new SeededRng(opts.seed!) : new CryptoRng();
  const botRng = (i: number): Rng => (seeded ? new SeededRng(`${opts.seed}/bot${i}`) : new SeededRng(new CryptoRng().int(2 ** 32)));
  const humans = words.filter((w) => w === 'human').length;
  const reader = humans > 0 ? new LineReader() : undefined;

  let current: unknown;
  const agents: Agent<unknown, unknown>[] = words.map((w, i) => {
    if (w === 'human') {
      return humanAgent(humans > 1 ? `You (${i + 1})` : 'You', {
        reader: reader!,
        out,
        render: (view, legal) => cli.renderView(rules, view, legal),
        describe: (view, a) => cli.describeAction(rules, view, a),
        order: (view, legal) => (cli.orderActions ? cli.orderActions(rules, view, legal) : legal),
        format: (a) => game.formatAction(rules, a),
        parse: (text) => game.parseAction(rules, text),
        explain: (seat: Seat, a) => {
          const r = game.apply(current, seat, a);
          return r.ok ? undefined : r.error.message;
        },
      });
    }
    const bot = cli.bots[w === 'bot' ? cli.defaultBot : w];
    const agent = bot(rules, i, botRng(i));
    return { ...agent, name: `${w === 'bot' ? cli.defaultBot : w}-bot ${i + 1}` };
  });

  let players: readonly string[] = agents.map((a) => a.name);
  let start: unknown = null;
  let firstDealer = 0;
  const logs: DealLog<unknown, unknown>[] = [];
  let lastSheet: unknown;
  const humanSeats = new Set<Seat>();
  const narrated = new Map<Seat, number>();
  const writeRecord = () => {
    if (!opts.record || logs.length === 0) return;
    const record = toRecord(game.id, { rules, start, firstDealer, players, deals: logs, sheet: lastSheet });
    writeFileSync(opts.record, prettyJson(record) + '\n');
  };

  try {
    const result = await playSitting(game, sitting, rules, agents, {
      deals,
      rng,
      onEvent: (e) => {
        if (e.type === 'begin') {
          players = e.players;
          start = e.start;
          firstDealer = e.firstDealer;
          players.forEach((p, s) => p.startsWith('You') && humanSeats.add(s));
          out.write(`${game.title}: ${players.map((p, s) => `seat ${s} ${p}`).join(', ')}\n`);
        } else if (e.type === 'deal') {
          current = e.state;
          for (const s of humanSeats) narrated.set(s, 0);
          if (humanSeats.size > 0) out.write(`\n═══ Deal ${e.index + 1} of ${deals} · dealer: ${players[e.dealer]} ═══\n`);
        } else if (e.type === 'action') {
          current = e.after;
          for (const s of humanSeats) {
            const { lines, next } = cli.narrate(rules, game.view(e.after, s), narrated.get(s) ?? 0);
            narrated.set(s, next);
            if (lines.length > 0 && humanSeats.size === 1) out.write(lines.join('\n') + '\n');
          }
        } else if (e.type === 'dealEnd') {
          logs.push(e.log);
          lastSheet = e.sheet;
          out.write(`Deal ${e.index + 1}: ${cli.summarizeDeal(rules, e.state, e.outcome, players)}\n`);
          if (humanSeats.size > 0) out.write(sitting.describeSheet(rules, e.sheet, players) + '\n');
          writeRecord();
        }
      },
    });
    out.write('\n' + sitting.describeSheet(rules, result.sheet, result.players) + '\n');
    if (opts.record) out.write(`Record written to ${opts.record}\n`);
    return 0;
  } catch (e) {
    if (e instanceof QuitSignal) {
      out.write('\nYou left the table.\n');
      if (lastSheet !== undefined) out.write(sitting.describeSheet(rules, lastSheet, players) + '\n');
      writeRecord();
      return 0;
    }
    throw e;
  } finally {
    reader?.close();
  }
}
