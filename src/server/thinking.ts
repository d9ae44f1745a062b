import type { AnyGameModule } from '../games/module.js';
import { MEDIUM, STRONG, STRONG_1 } from '../search/pimc.js';

/**
 * The thinking bot levels the server seats besides a game's own bots
 * (src/search/pimc.ts): they decide in worker threads (botPool.ts), fed
 * with the seat's view only.
 */
export const THINKING_LEVELS = ['medium', 'strong', 'strong-1'] as const;
export type ThinkingLevel = (typeof THINKING_LEVELS)[number];

export function isThinkingLevel(module: AnyGameModule, kind: string): kind is ThinkingLevel {
  return (THINKING_LEVELS as readonly string[]).includes(kind) && module.search !== undefined && !module.bots[kind];
}

/** Every bot a table of this game can seat, by name: the game's own, then the thinking levels if it has search support. */
export function serverBots(module: AnyGameModule): string[] {
  return [...Object.keys(module.bots), ...(module.search ? THINKING_LEVELS.filter((l) => !module.bots[l]) : [])];
}

/**
 * Levels kept to compare bots with (`strong-1`, the strong bot before issue 23): a table seats them when asked by
 * name, but they are not offered to players (the new-table form and the waiting room list `playerBots`).
 */
export const COMPARISON_LEVELS: readonly string[] = ['strong-1'];

/** The bots offered to players: every bot of `serverBots` but the comparison levels. */
export function playerBots(module: AnyGameModule): string[] {
  return serverBots(module).filter((b) => !COMPARISON_LEVELS.includes(b));
}

/** One decision asked of a thinking bot: everything is the seat's own (its view, its legal actions in the game's notation). */
export interface ThinkRequest {
  /** The agent's identity across decisions (table, sitting, deal, seat): a thinking agent keeps its state within a deal. */
  readonly agent: string;
  readonly game: string;
  readonly rules: unknown;
  readonly level: ThinkingLevel;
  readonly seat: number;
  readonly seed: number;
  readonly view: unknown;
  readonly legal: readonly string[];
  /** Milliseconds per decision instead of the level's own budget (the CLI's --think). */
  readonly thinkMs?: number;
  /** Set by the bot pool: this decision's time when it is less than the level's (it waited for a worker). */
  readonly budgetMs?: number;
}

/** A worker's answer; `late`: no answer in time (no worker was free soon enough), so a cheap level decides instead. */
export type ThinkReply =
  | { readonly id: number; readonly ok: true; readonly action: string; readonly ms: number; /** Whether the decision reached the level's time cap before its budget of work was done. */ readonly capped?: boolean }
  | { readonly id: number; readonly ok: false; readonly message: string; readonly late?: true };

/**
 * Thinking bots one user's tables may hold at once (waiting or playing
 * tables the user opened): two tables of four, enough to play among three
 * and watch a table of bots, while one person cannot fill the pool's
 * workers with tables of their own (docs/security.md).
 */
export const THINKING_BOTS_PER_USER = 8;

/** How late a thinking bot's answer may come after its level's time, at most: then a cheap level decides (botPool.ts). */
export const DECISION_GRACE_MS = 100;

/** The least share of its level's time a decision that waited for a worker still thinks; with less time left, a cheap level decides. */
export const MIN_THINK_SHARE = 0.25;

/** The thinking bots among these seats. */
export function thinkingBots(module: AnyGameModule, seats: readonly { readonly kind: string; readonly bot?: string }[]): number {
  return seats.filter((o) => o.kind === 'bot' && o.bot !== undefined && isThinkingLevel(module, o.bot)).length;
}

/**
 * The time every decision of a level takes on the server, forced ones
 * included: its answer is held back until then, so that how long a bot took
 * tells nothing about its hand (a single legal card answers at once, a hard
 * position takes the whole budget).
 */
export function decisionMs(level: ThinkingLevel, thinkMs?: number): number {
  return thinkMs ?? (level === 'strong' ? STRONG : level === 'strong-1' ? STRONG_1 : MEDIUM).thinkMs;
}

/** A hint asked of the strong bot (issue 22): like a decision, the seat's own view and legal actions only. */
export interface HintRequest {
  readonly game: string;
  readonly rules: unknown;
  readonly seat: number;
  readonly seed: number;
  readonly view: unknown;
  readonly legal: readonly string[];
  /** Milliseconds for the hint instead of the strong bot's own budget. */
  readonly thinkMs?: number;
}

/** A hint from a worker: src/search/hint.ts's Hint, or why there is none. */
export type HintReply =
  | { readonly id: number; readonly ok: true; readonly hint: { readonly choice: string; readonly estimates: readonly { readonly action: string; readonly value: number }[]; readonly worlds: number }; readonly ms: number }
  | { readonly id: number; readonly ok: false; readonly message: string };
