import type { Rng } from '../core/rng.js';
import type { GameTypes, Seat } from '../games/game.js';
import type { GameModule } from '../games/module.js';
import { analysisUnit, type ChoiceValue } from './analysis.js';
import { pimcAgent, strongOptions, type PimcOptions } from './pimc.js';

/** A hint (issue 22: the "Tipp" button, `hint` at the terminal): what the strong bot would do and what it makes of each legal action. */
export interface Hint {
  /** The strong bot's choice, in the game's notation. */
  readonly choice: string;
  /** Every legal action with the strong bot's estimate of the seat's own result (but see `margin` and `chance`), best first. */
  readonly estimates: readonly ChoiceValue[];
  /** The worlds the estimates are the mean over. */
  readonly worlds: number;
  /**
   * For a stake decision (Karnöffel's raising, src/search/stakes.ts): the
   * share of the worlds that the seat's side wins in the card play; the
   * estimates are then its side's expected points less the other side's.
   */
  readonly chance?: number;
  /** The estimates are the side's expected points less the other side's (games where only the winners score: margin.ts, as the analysis values them). */
  readonly margin?: true;
}

/**
 * The strong bot's hint for a seat from its own view only (never the hidden
 * cards): its choice, and its estimate of every legal action over worlds
 * sampled from the view. It is a fresh bot for the one decision (the limit
 * on its departures from the easy bot counts from there). Fails when the
 * game has no search support or the seat has nothing to decide.
 */
export async function hint<T extends GameTypes>(
  module: GameModule<T>,
  rules: T['rules'],
  view: T['view'],
  seat: Seat,
  legal: readonly T['action'][],
  rng: Rng,
  options: PimcOptions = strongOptions(module),
): Promise<Hint> {
  const { game } = module;
  if (!module.search) throw new Error(`${game.title} has no search support: no hints`);
  if (legal.length === 0) throw new Error('the seat has nothing to decide');
  const agent = pimcAgent(module, rules, seat, rng, options, 'strong');
  const chosen = await agent.choose(view, legal, seat);
  const listed = (values: readonly number[]) => legal.map((a, i) => ({ action: game.formatAction(rules, a), value: Math.round(values[i] * 1000) / 1000 })).sort((a, b) => b.value - a.value);
  // A stake decision is shown as the bot took it: from its side's chance of winning.
  const stake = agent.lastStake();
  if (stake) return { choice: game.formatAction(rules, chosen), estimates: listed(stake.values), worlds: stake.worlds, chance: Math.round(stake.p * 1000) / 1000 };
  // Where only the winners score, estimated as the analysis values: by the own score every card of a lost game is worth 0.
  // (`strong` plays so itself in the Schnapsen games, `options.margin`; in Karnöffel a second agent estimates.)
  const margin = analysisUnit(game.id).margin === true;
  const estimator = margin && !options.margin ? pimcAgent(module, rules, seat, rng, { ...options, margin: true }, 'strong') : agent;
  const { means, worlds } = await estimator.estimate(view, legal, seat);
  return { choice: game.formatAction(rules, chosen), estimates: listed(means), worlds, ...(margin ? { margin: true as const } : {}) };
}
