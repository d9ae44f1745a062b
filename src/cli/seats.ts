import type { Rng } from '../core/rng.js';
import { quote } from '../core/text.js';
import type { Agent, BotKind } from '../games/agent.js';
import type { GameTypes, Seat } from '../games/game.js';
import type { SubstitutionReason } from '../records/record.js';
import { botLevels, type ThinkBudget } from '../search/pimc.js';
import { ProgramPlayer } from '../sitting/program.js';
import type { GameModule } from '../games/module.js';
import type { ArenaEntrant } from '../search/arena.js';
import { CliError, isProgram } from './play.js';

/** Something to shut down when the command ends (an outside program). */
export interface Closable {
  close(): Promise<void>;
}

export async function closeAll(list: readonly Closable[]): Promise<void> {
  await Promise.all(list.map((c) => c.close().catch(() => undefined)));
}

/** The default time per decision, in milliseconds, for outside programs and the thinking bots. */
export const DEFAULT_THINK_MS = 2000;

export function parseThink(text: string | undefined, from = '--think'): number | undefined {
  if (text === undefined) return undefined;
  if (!/^\d+$/.test(text) || Number(text) < 1 || Number(text) > 600_000) {
    throw new CliError(`${from} must be a time per decision in milliseconds from 1 to 600000, not ${quote(text, 20)}`);
  }
  return Number(text);
}

/** A whole number from `low` to `high` given with `flag`, or undefined when not given. */
export function parseCount(flag: string, text: string | undefined, low: number, high: number, what: string): number | undefined {
  if (text === undefined) return undefined;
  if (!/^\d+$/.test(text) || Number(text) < low || Number(text) > high) {
    throw new CliError(`${flag} must be ${what} from ${low} to ${high}, not ${quote(text, 20)}`);
  }
  return Number(text);
}

export interface SeatContext {
  /** --think in ms, if given. */
  readonly think?: number;
  /** --samples and --nodes for the thinking bots, if given (with `think` as their time). */
  readonly budget?: ThinkBudget;
  /** Where problems of outside programs are logged. */
  readonly log: NodeJS.WritableStream;
  /** Outside programs started, to close at the end. */
  readonly closables: Closable[];
  /** Told of every decision made for a program by the fallback bot. */
  readonly onSubstitute?: (word: string, seat: Seat, reason: SubstitutionReason) => void;
}

/**
 * Every bot kind of the module by name: its own bots (easy, random, …) and,
 * when the game has search support, the thinking levels medium and strong
 * (src/search/pimc.ts), whose time per decision --think sets, and
 * strong-uniform (strong without worlds weighted by the bidding, to compare),
 * strong-view (strong with the next seat answering from its own view in the
 * last tricks, to compare)
 * and strong-1 (the strong bot before issue 23, to compare).
 */
export function botKinds<T extends GameTypes>(module: GameModule<T>, think?: number | ThinkBudget): Record<string, BotKind<T>> {
  const levels = botLevels(module, think);
  return { ...module.bots, ...(levels ? { medium: levels.medium, strong: levels.strong, 'strong-uniform': levels.strongUniform, 'strong-view': levels.strongView, 'strong-1': levels.strong1 } : {}) };
}

/** The bot that decides for an outside program that fails: `easy` (or the game's default bot). */
export function fallbackBot<T extends GameTypes>(module: GameModule<T>, rules: T['rules'], seat: Seat, rng: Rng): Agent<T> {
  return (module.bots.easy ?? module.bots[module.defaultBot]).create(rules, seat, rng);
}

/**
 * An arena entrant from a word of --bots: a bot's name, "bot" for the
 * default bot, or exec:COMMAND. A program gets one process per seat it holds
 * in a seating, kept for the whole arena.
 */
export function botEntrant<T extends GameTypes>(module: GameModule<T>, word: string, ctx: SeatContext): ArenaEntrant<T> {
  if (isProgram(word)) {
    const players: ProgramPlayer<T>[] = [];
    const command = word.slice(5).trim();
    if (command === '') throw new CliError('exec: needs a command after it, e.g. "exec:node examples/random-bot.mjs"');
    return {
      name: word,
      agent: (rules, seat, rng, slot) => {
        while (players.length <= slot) {
          const p = new ProgramPlayer<T>({
            command,
            module,
            rules,
            thinkMs: ctx.think ?? DEFAULT_THINK_MS,
            log: (line) => ctx.log.write(`stich: ${line}\n`),
            onSubstitute: (s, reason) => ctx.onSubstitute?.(word, s, reason),
          });
          players.push(p);
          ctx.closables.push(p);
        }
        return players[slot].agent(seat, fallbackBot(module, rules, seat, rng), word);
      },
    };
  }
  const kinds = botKinds(module, { ...ctx.budget, thinkMs: ctx.think });
  const name = word.trim().toLowerCase() === 'bot' ? module.defaultBot : word.trim().toLowerCase();
  const kind = kinds[name];
  if (!kind) {
    const later = (name === 'medium' || name === 'strong') && !module.search ? ` (${module.game.title} has no search support yet, so no medium or strong bot)` : '';
    throw new CliError(`unknown bot ${quote(word, 30)}${later}; bots of ${module.game.title}: ${Object.keys(kinds).join(', ')}, or exec:PROGRAM`);
  }
  return { name, agent: (rules, seat, rng) => kind.create(rules, seat, rng) };
}
