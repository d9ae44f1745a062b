import { accessSync, constants, existsSync, statSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { closeDeal, openDeal, randomSeedHex } from '../core/fairness.js';
import { prettyJson } from '../core/prettyJson.js';
import { CryptoRng, SeededRng, type Rng } from '../core/rng.js';
import { fail, ok, type Result } from '../core/result.js';
import { quote } from '../core/text.js';
import type { Agent } from '../games/agent.js';
import type { GameTypes, Seat } from '../games/game.js';
import type { AnyGameModule, GameModule } from '../games/module.js';
import { GAMES, findGame, gameIds } from '../games/registry.js';
import { parseRuleAssignments, resolveRules } from '../games/ruleBook.js';
import type { DealLog } from '../games/sitting.js';
import { toRecord, type HintTaken, type Substitution } from '../records/record.js';
import { ProgramPlayer } from '../sitting/program.js';
import { playSitting, type SittingLength } from '../sitting/play.js';
import { botKinds, closeAll, DEFAULT_THINK_MS, fallbackBot, parseThink, type Closable } from './seats.js';
import { humanAgent, LineReader, QuitSignal, wrappedOutput } from './terminal.js';
import { hintLines } from './hint.js';

export interface PlayOptions {
  readonly preset?: string;
  readonly rule?: readonly string[];
  readonly seats?: string;
  readonly deals?: string;
  readonly seed?: string;
  readonly record?: string;
  readonly pace?: string;
  readonly think?: string;
  /** Ask even when only one answer is possible. */
  readonly askAlways?: boolean;
  readonly [option: string]: unknown;
}

/** A user-facing error: printed, and the command exits non-zero. */
export class CliError extends Error {}

export function lookupGame(name: string): AnyGameModule {
  const module = findGame(name);
  if (!module) throw new CliError(`unknown game ${quote(name)}; games: ${gameIds().join(', ')}`);
  return module;
}

function expect<T>(r: Result<T>): T {
  if (!r.ok) throw new CliError(r.error.message);
  return r.value;
}

/**
 * Reads the rules from --preset, the game's own options and every --rule
 * name=value. An option that belongs to another game is refused.
 */
export function rulesFromOptions<T extends GameTypes>(module: GameModule<T>, opts: PlayOptions): T['rules'] {
  const own = new Set((module.playOptions ?? []).map((o) => o.key));
  for (const other of GAMES) {
    for (const o of other.playOptions ?? []) {
      if (opts[o.key] !== undefined && !own.has(o.key)) {
        const owners = GAMES.filter((m) => m.playOptions?.some((p) => p.key === o.key)).map((m) => m.game.id);
        throw new CliError(`${o.flag.split(' ')[0]} is an option of ${owners.join(' and ')}, not of ${module.game.id}`);
      }
    }
  }
  const overrides: Record<string, string> = { ...expect(parseRuleAssignments(opts.rule ?? [])) };
  for (const o of module.playOptions ?? []) {
    const value = opts[o.key];
    if (value !== undefined) overrides[o.rule] = String(value);
  }
  return expect(resolveRules(module.game.ruleBook, opts.preset, overrides));
}

function parseCount(text: string, what: string, max: number): number {
  if (!/^\d+$/.test(text) || Number(text) < 1 || Number(text) > max) {
    throw new CliError(`${what} must be a whole number from 1 to ${max}, not ${quote(text, 20)}`);
  }
  return Number(text);
}

/**
 * Reads --seats: one word per seat: human, bot (the game's default bot), a
 * bot's name, or exec:COMMAND for an outside program (docs/bot-protocol.md).
 */
export function parseSeats(module: AnyGameModule, text: string | undefined, seats: number, bots: readonly string[] = Object.keys(module.bots)): Result<string[]> {
  const words = text === undefined ? ['human', ...Array<string>(seats - 1).fill('bot')] : splitSeats(text).map((w) => (isProgram(w) ? w : w.toLowerCase()));
  if (words.length !== seats) return fail('badSeats', `${module.game.title} with these rules needs ${seats} seats, --seats names ${words.length}`);
  const known = ['human', 'bot', ...bots];
  const bad = words.find((w) => !known.includes(w) && !isProgram(w));
  if (bad !== undefined) {
    const later = (bad === 'medium' || bad === 'strong') && !module.search ? ` (${module.game.title} has no search support yet, so no medium or strong bot)` : '';
    return fail('badSeats', `unknown seat ${quote(bad, 20)}${later}; a seat is one of ${known.join(', ')} or exec:PROGRAM`);
  }
  const empty = words.find((w) => isProgram(w) && w.slice(5).trim() === '');
  if (empty !== undefined) return fail('badSeats', 'exec: needs a command after it, e.g. "exec:node examples/random-bot.mjs"');
  return ok(words);
}

/** Whether a seat word names an outside program. */
export const isProgram = (word: string): boolean => /^exec:/i.test(word);

/** Splits a seat list at commas outside double quotes, trimming each word. */
export function splitSeats(text: string): string[] {
  const out: string[] = [];
  let cur = '';
  let quoted = false;
  for (const ch of text) {
    if (ch === '"') {
      quoted = !quoted;
      cur += ch;
    } else if (ch === ',' && !quoted) {
      out.push(cur.trim());
      cur = '';
    } else cur += ch;
  }
  out.push(cur.trim());
  return out.map((w) => (/^".*"$/.test(w) ? w.slice(1, -1) : w));
}

/** Names for the bots at the table, one per player, as people at a Stammtisch would be called. */
export const BOT_NAMES = ['Sepp', 'Resi', 'Schorsch', 'Vroni', 'Wastl', 'Kathi', 'Michl', 'Burgl'] as const;

/** Checks before the first card that the record can be written where --record says, so that no played deal is lost. */
function checkRecordPath(file: string): void {
  const dir = dirname(file);
  if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new CliError(`--record ${file}: the folder ${dir} does not exist`);
  try {
    if (existsSync(file)) {
      if (statSync(file).isDirectory()) throw new CliError(`--record ${file}: that is a folder, not a file`);
      accessSync(file, constants.W_OK);
    } else accessSync(dir, constants.W_OK);
  } catch (e) {
    if (e instanceof CliError) throw e;
    throw new CliError(`--record ${file}: cannot write there (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
  }
}

function parsePace(text: string): number {
  if (!/^\d+$/.test(text) || Number(text) > 10_000) throw new CliError(`--pace must be a pause in milliseconds from 0 to 10000, not ${quote(text, 20)}`);
  return Number(text);
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function playCommand(gameName: string, opts: PlayOptions, out: NodeJS.WritableStream = process.stdout): Promise<number> {
  return playModule(lookupGame(gameName), opts, out);
}

/** Whether a line answers yes ("y", "yes", "j", "ja"). */
const yes = (line: string | null): boolean => line !== null && /^\s*(y|yes|j|ja)\s*$/i.test(line);

async function playModule<T extends GameTypes>(module: GameModule<T>, opts: PlayOptions, screen: NodeJS.WritableStream): Promise<number> {
  const { game, sitting, text } = module;
  const rules = rulesFromOptions(module, opts);
  const seatCount = game.seatCount(rules);
  const think = parseThink(opts.think);
  const kinds = botKinds(module, think);
  const words = expect(parseSeats(module as unknown as AnyGameModule, opts.seats, seatCount, Object.keys(kinds)));
  const length: SittingLength = opts.deals !== undefined ? { deals: parseCount(opts.deals, '--deals', 100_000) } : { units: 1 };
  if (opts.record) checkRecordPath(opts.record);
  const seeded = opts.seed !== undefined;
  const rng: Rng = seeded ? new SeededRng(opts.seed!) : new CryptoRng();
  const botRng = (i: number): Rng => (seeded ? new SeededRng(`${opts.seed}/bot${i}`) : new SeededRng(new CryptoRng().int(2 ** 32)));
  const humans = words.filter((w) => w === 'human').length;
  const watching = humans > 0 && (screen as NodeJS.WriteStream).isTTY === true;
  const out = wrappedOutput(screen);
  // undo takes back a decision: only where nobody else saw it, against the game's own bots.
  const botsOnly = humans === 1 && !words.some(isProgram);
  const pace = opts.pace !== undefined ? parsePace(opts.pace) : watching ? 500 : 0;
  const reader = humans > 0 ? new LineReader() : undefined;

  // One name per player, used everywhere: "You" for the person at the terminal, a first name for each bot.
  let botIndex = 0;
  const names = words.map((w, i) => (w === 'human' ? (humans > 1 ? `You ${i + 1}` : 'You') : BOT_NAMES[botIndex++ % BOT_NAMES.length]));
  // Decisions made for outside programs that failed to answer, for the record.
  const substitutions: Substitution[] = [];
  // The hints taken (`hint` at a prompt), for the record: each decision once.
  const hints: HintTaken[] = [];
  let dealIndex = 0;
  let actionIndex = 0;
  const closables: Closable[] = [];
  let current: T['state'] | undefined;
  let players: readonly string[] = names;
  let sheet: T['sheet'] | undefined;
  // The decisions of this deal so far: who made each, and whether there was a choice (an undo goes back to one).
  let decisions: { seat: Seat; choice: boolean }[] = [];
  const typed = text.typed;
  const format = (a: T['action']) => (typed ? typed.format(rules, a) : game.formatAction(rules, a));

  const agents: Agent<T>[] = words.map((w, i) => {
    if (w === 'human') {
      return humanAgent<T>(names[i], {
        reader: reader!,
        out,
        render: (view, legal) => text.renderView(rules, view, players, legal),
        describe: (view, a) => text.describeAction(rules, view, a),
        order: (view, legal) => (text.orderActions ? text.orderActions(rules, view, legal) : legal),
        format,
        parse: (t) => (typed ? typed.parse(rules, t) : game.parseAction(rules, t)),
        help: (view, legal) => (text.help ? text.help(rules, view, legal) : `You may: ${legal.map(format).join(', ')}`),
        explain: (seat: Seat, a) => {
          if (current === undefined) return 'the deal has not begun';
          const r = game.apply(current, seat, a);
          if (r.ok) return undefined;
          // The rules name seats by number; at the terminal every player has a name.
          const named = r.error.message.replace(/\bseat (\d+)\b/g, (m, n: string) => players[Number(n)] ?? m);
          return typed ? typed.words(rules, named) : named;
        },
        lastTrick: (view) => text.lastTrick?.(rules, view, players),
        score: () => (sheet === undefined ? 'No score yet.' : sitting.describeSheet(rules, sheet, players)),
        undo: (seat) => {
          if (!botsOnly) return 'only in a sitting against bots alone';
          if (!decisions.some((d) => d.seat === seat && d.choice)) return 'you have made no choice in this deal yet';
          return undefined;
        },
        askAlways: opts.askAlways === true,
        hint: async (view, legal, seat) => {
          if (!module.search) return `  ${game.title} has no search support: no hints.`;
          if (!hints.some((h) => h.deal === dealIndex && h.action === actionIndex && h.seat === seat)) hints.push({ deal: dealIndex, action: actionIndex, seat });
          return hintLines(module, rules, view, seat, legal, botRng(100 + i), think, (a) => text.describeAction(rules, view, a));
        },
        narrate: humans === 1 ? (seat, events) => (current === undefined ? [] : text.narrate(rules, game.view(current, seat), events, players)) : undefined,
      });
    }
    if (isProgram(w)) {
      const player = new ProgramPlayer<T>({
        command: w.slice(5).trim(),
        module,
        rules,
        thinkMs: think ?? DEFAULT_THINK_MS,
        log: (line) => process.stderr.write(`stich: ${line}\n`),
        onSubstitute: (seat, reason) => substitutions.push({ deal: dealIndex, action: actionIndex, seat, reason }),
      });
      closables.push(player);
      return player.agent(i, fallbackBot(module, rules, i, botRng(i)), names[i]);
    }
    const kind = w === 'bot' ? module.defaultBot : w;
    const bot = kinds[kind].create(rules, i, botRng(i));
    const named: Agent<T> = { ...bot, name: names[i] };
    if (pace <= 0) return named;
    return {
      ...named,
      choose: async (view, legal, seat) => {
        await sleep(pace);
        return bot.choose(view, legal, seat);
      },
    };
  });
  const roles = words.map((w) => (w === 'human' ? 'you' : isProgram(w) ? w : `${w === 'bot' ? module.defaultBot : w} bot`));

  let start: T['start'] | null = null;
  let units = 0;
  let firstDealer = 0;
  const logs: DealLog<T['carry'], T['outcome']>[] = [];
  let lastSheet: T['sheet'] | undefined;
  let recordProblem: string | undefined;
  const writeRecord = () => {
    if (!opts.record || logs.length === 0 || lastSheet === undefined) return;
    const record = toRecord(game.id, { rules, start: start as T['start'], firstDealer, players, deals: logs, sheet: lastSheet }, substitutions, hints);
    try {
      writeFileSync(opts.record, prettyJson(record) + '\n');
    } catch (e) {
      if (recordProblem === undefined) {
        recordProblem = (e as Error).message;
        out.write(`Cannot write the record to ${opts.record}: ${recordProblem}\n`);
      }
    }
  };
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

  // Without --seed every deck is dealt by the fair procedure (docs/fairness.md), so that the record verifies with
  // `stich verify`: the terminal stands in for the server (its own secret seed per deal) and draws a local
  // contribution for each person at it; bots and outside programs get the substitute, as at the server.
  const localTable = `local-${randomSeedHex().slice(0, 16)}`;
  const fairDeck = async (index: number, bySeat: readonly Agent<T>[]) => {
    const open = await openDeal({ game: game.id, table: localTable, deal: index });
    if (!open.ok) throw new Error(open.error.message);
    const closed = await closeDeal(game.pack(rules), open.value, bySeat.map((a) => (words[agents.indexOf(a)] === 'human' ? randomSeedHex() : null)));
    if (!closed.ok) throw new Error(closed.error.message);
    return closed.value;
  };

  try {
    await playSitting(module, rules, agents, {
      length,
      rng,
      ...(seeded ? {} : { deck: fairDeck }),
      another: async () => {
        if (!reader) return false;
        return yes(await reader.next(`\nPlay another ${text.unitName ?? sitting.unit}? (y/n) `, out));
      },
      onEvent: async (e) => {
        if (e.type === 'begin') {
          players = e.players;
          start = e.start;
          firstDealer = e.firstDealer;
          sheet = sitting.initialSheet(rules, e.start);
          const byPlayer = new Map(names.map((n, i) => [n, roles[i]]));
          const who = players.map((p) => (byPlayer.get(p) === 'you' ? p : `${p} (${byPlayer.get(p)})`));
          out.write(`${game.title}, in playing order: ${who.join(', ')}\n`);
        } else if (e.type === 'deal') {
          current = e.state;
          dealIndex = e.index;
          actionIndex = 0;
          decisions = [];
          if (humans > 0) {
            const of = 'deals' in length ? ` of ${length.deals}` : '';
            out.write(`\n═══ Deal ${e.index + 1}${of} · ${players[e.dealer]} ${players[e.dealer] === 'You' ? 'deal' : 'deals'} ═══\n`);
          }
        } else if (e.type === 'action') {
          current = e.after;
          actionIndex++;
          decisions.push({ seat: e.seat, choice: game.legal(e.before, e.seat).length > 1 });
        } else if (e.type === 'rewind') {
          current = e.state;
          actionIndex = e.actions;
          decisions = decisions.slice(0, e.actions);
        } else if (e.type === 'dealEnd') {
          logs.push(e.log);
          const before = sheet ?? e.sheet;
          lastSheet = e.sheet;
          sheet = e.sheet;
          if (e.unitComplete) units++;
          if (humans > 0) {
            // The deal's end stays on the screen until Enter: the last trick, the result, the score sheet.
            const you = players.indexOf(names[words.indexOf('human')]);
            const last = you >= 0 ? text.lastTrick?.(rules, game.view(e.state, you), players) : undefined;
            out.write(`\n── Deal ${e.index + 1} is over ──\n`);
            if (last !== undefined) out.write(`${last}\n`);
          }
          out.write(`Deal ${e.index + 1}: ${text.summarizeDeal(rules, e.state, e.outcome, players)}\n`);
          if (e.unitComplete && text.unitEnd) out.write(`${text.unitEnd(rules, before, e.sheet, players)}\n`);
          if (humans > 0) out.write(sitting.describeSheet(rules, e.sheet, players) + '\n');
          writeRecord();
          const more = 'deals' in length ? e.index + 1 < length.deals : !(e.unitComplete && units >= length.units);
          if (reader && more) {
            const line = await reader.next(`Press Enter for deal ${e.index + 2} (q to leave): `, out);
            if (line === null || /^\s*(q|quit)\s*$/i.test(line)) throw new QuitSignal();
          }
        }
      },
    });
    if (humans === 0 && lastSheet !== undefined && logs.length > 0) {
      out.write(`\nAfter ${plural(logs.length, 'deal')}:\n${sitting.describeSheet(rules, lastSheet, players)}\n`);
    }
    if (opts.record && recordProblem === undefined) out.write(`Record written to ${opts.record}\n`);
    return 0;
  } catch (e) {
    if (e instanceof QuitSignal) {
      out.write('\nYou left the table.\n');
      if (lastSheet !== undefined) out.write(sitting.describeSheet(rules, lastSheet, players) + '\n');
      writeRecord();
      if (opts.record && logs.length > 0 && recordProblem === undefined) out.write(`Record written to ${opts.record}\n`);
      return 0;
    }
    throw e;
  } finally {
    reader?.close();
    await closeAll(closables);
  }
}
