import type { Suit } from '../../cards/pack.js';
import type { SchnapsenRules, Variant } from './rules.js';
import type { SchnapsenOutcome } from './state.js';

/**
 * The Bummerl's book-keeping (003 "Allgemeine Regeln", "Talonschnapsen"): pure, with no Node module, so that the
 * browser's Spielzettel writes who got a Bummerl as the sitting does (src/games/schnapsen/sitting.ts).
 */

/** A Bummerl is played to 24 points (003 "Allgemeine Regeln"). */
export const BUMMERL_TARGET = 24;

export interface BummerlLoss {
  /** The team (Bauernschnapsen: 0 = seats 0 & 2, 1 = seats 1 & 3) or player (Talonschnapsen). */
  readonly who: number;
  /** 1 Bummerl, 2 Schneider, 4 Retourschneider. */
  readonly count: number;
  readonly kind: 'Bummerl' | 'Schneider' | 'Retourschneider';
}

/**
 * A Bummerl's points as the table writes them: counted up to 24, or down from 24 under the countDown house rule (003
 * "Allgemeine Regeln": "von 24 auf null Punkten heruntergezählt"; the sheet keeps them counted up either way).
 */
export function bummerlShown(rules: unknown): (points: number) => number {
  const down = (rules as { countDown?: unknown } | undefined)?.countDown === true;
  return (points) => (down ? BUMMERL_TARGET - points : points);
}

export interface FinishedBummerl {
  readonly points: readonly number[];
  readonly losers: readonly BummerlLoss[];
}

/**
 * The score sheet of a sitting: the running Bummerl (points of each team or
 * player, counting up to 24; the countDown house rule only shows it the other
 * way), the Bummerl tally across the sitting, and every finished Bummerl.
 */
export interface BummerlSheet {
  readonly points: readonly number[];
  /** blindRufen: the trump of the running Bummerl, null until called. */
  readonly trump: Suit | null;
  /** Did the team or player lead 23:0 in this Bummerl (for a Retourschneider)? */
  readonly led23: readonly boolean[];
  /** Bummerl counted against each team or player (Schneider 2, Retourschneider 4). */
  readonly tally: readonly number[];
  readonly finished: readonly FinishedBummerl[];
  readonly deals: number;
  /** How often each game was played (and "redeal" for three-Unter new deals). */
  readonly games: Readonly<Record<string, number>>;
}

export function sides(variant: Variant): number {
  return variant === 'bauern' ? 2 : 3;
}

/** The sheet of a sitting before its first deal, for `n` teams or players. */
export function emptySheet(n: number): BummerlSheet {
  return { points: new Array(n).fill(0), trump: null, led23: new Array(n).fill(false), tally: new Array(n).fill(0), finished: [], deals: 0, games: {} };
}

/** Books one deal on the sheet; a finished Bummerl is scored and a new one begins (of the rules, only who gets it counts). */
export function bookDeal(variant: Variant, rules: Pick<SchnapsenRules, 'talonBummerlAll'>, sheet: BummerlSheet, outcome: SchnapsenOutcome): BummerlSheet {
  const n = sides(variant);
  const games = { ...sheet.games, [outcome.game]: (sheet.games[outcome.game] ?? 0) + 1 };
  if (outcome.game === 'redeal') return { ...sheet, trump: outcome.bummerlTrump, deals: sheet.deals + 1, games };
  const points = sheet.points.map((p, i) => Math.min(BUMMERL_TARGET, p + (outcome.teamScore[i] ?? 0)));
  // 003: "Führt ein Team mit 23:0 und verliert, erhält es einen Retourschneider".
  const led23 = sheet.led23.map((was, i) => was || (points[i] === BUMMERL_TARGET - 1 && points.every((q, j) => j === i || q === 0)));
  const over = outcome.endsBummerl || points.some((p) => p >= BUMMERL_TARGET);
  if (!over) return { ...sheet, points, led23, trump: outcome.bummerlTrump, deals: sheet.deals + 1, games };
  const losers: BummerlLoss[] = [];
  const low = Math.min(...points);
  for (let i = 0; i < n; i++) {
    let loses: boolean;
    if (variant === 'bauern') loses = points[i] < Math.max(...points);
    // 003 Talonschnapsen: "Es hat immer derjenige ein Bummerl oder Schneider, der die wenigsten
    // Punkte von den dreien hat, sollten zwei Spieler dieselbe Punktezahl haben, so haben beide
    // ein Bummerl"; regional: "Jeder Spieler, der nicht die 24 Punkte erreicht, hat ein Bummerl".
    else loses = rules.talonBummerlAll ? points[i] < BUMMERL_TARGET : points[i] === low && points[i] < BUMMERL_TARGET;
    if (!loses) continue;
    if (led23[i]) losers.push({ who: i, count: 4, kind: 'Retourschneider' });
    else if (points[i] === 0) losers.push({ who: i, count: 2, kind: 'Schneider' });
    else losers.push({ who: i, count: 1, kind: 'Bummerl' });
  }
  const tally = sheet.tally.slice();
  for (const l of losers) tally[l.who] += l.count;
  return { ...emptySheet(n), tally, finished: [...sheet.finished, { points, losers }], deals: sheet.deals + 1, games };
}

