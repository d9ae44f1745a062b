import { quote } from '../core/text.js';
import type { BotKind } from '../games/agent.js';
import type { GameTypes } from '../games/game.js';
import type { GameModule } from '../games/module.js';
import type { ArenaEntrant } from '../search/arena.js';
import { CliError } from './play.js';

/** Something to shut down when the command ends (an outside program). */
export interface Closable {
  close(): Promise<void>;
}

export async function closeAll(list: readonly Closable[]): Promise<void> {
  await Promise.all(list.map((c) => c.close().catch(() => undefined)));
}

/** The default time per decision, in milliseconds, for outside programs and the thinking bots. */
export const DEFAULT_THINK_MS = 2000;

export function parseThink(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  if (!/^\d+$/.test(text) || Number(text) < 1 || Number(text) > 600_000) {
    throw new CliError(`--think must be a time per decision in milliseconds from 1 to 600000, not ${quote(text, 20)}`);
  }
  return Number(text);
}

export interface SeatContext {
  /** --think in ms, if given. */
  readonly think?: number;
  /** Where problems of outside programs are logged. */
  readonly log: NodeJS.WritableStream;
  /** Outside programs started, to close at the end. */
  readonly closables: Closable[];
}

/** Every bot kind of the module by name: its own bots. */
export function botKinds<T extends GameTypes>(module: GameModule<T>, _think?: number): Record<string, BotKind<T>> {
  return { ...module.bots };
}

/** An arena entrant from a word of --bots: a bot's name, or "bot" for the default bot. */
export function botEntrant<T extends GameTypes>(module: GameModule<T>, word: string, ctx: SeatContext): ArenaEntrant<T> {
  const kinds = botKinds(module, ctx.think);
  const name = word.trim().toLowerCase() === 'bot' ? module.defaultBot : word.trim().toLowerCase();
  const kind = kinds[name];
  if (!kind) throw new CliError(`unknown bot ${quote(word, 30)}; bots of ${module.game.title}: ${Object.keys(kinds).join(', ')}, or exec:PROGRAM`);
  return { name, agent: (rules, seat, rng) => kind.create(rules, seat, rng) };
}
