import type { Suit } from '../../cards/pack.js';
import { shuffled, type Rng } from '../../core/rng.js';
import type { Seat } from '../game.js';
import type { SchnapsenTypes } from './game.js';
import { gameName } from './notation.js';
import type { SchnapsenRules, Variant } from './rules.js';
import type { SchnapsenOutcome } from './state.js';
import type { SittingRules } from '../sitting.js';

/** A Bummerl is played to 24 points (003 "Allgemeine Regeln"). */
export const BUMMERL_TARGET = 24;

export interface BummerlLoss {
  /** The team (Bauernschnapsen: 0 = seats 0 & 2, 1 = seats 1 & 3) or player (Talonschnapsen). */
  readonly who: number;
  /** 1 Bummerl, 2 Schneider, 4 Retourschneider. */
  readonly count: number;
  readonly kind: 'Bummerl' | 'Schneider' | 'Retourschneider';
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

export interface SchnapsenStart {
  /** Drawn by lot before the first deal. */
  readonly firstDealer: Seat;
  /** teamsByLot: seatOf[player] = seat, drawn by lot. */
  readonly seatOf?: readonly Seat[];
}

export function sides(variant: Variant): number {
  return variant === 'bauern' ? 2 : 3;
}

/** Books one deal on the sheet; a finished Bummerl is scored and a new one begins. */
export function bookDeal(variant: Variant, rules: SchnapsenRules, sheet: BummerlSheet, outcome: SchnapsenOutcome): BummerlSheet {
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
  return {
    points: new Array(n).fill(0),
    trump: null,
    led23: new Array(n).fill(false),
    tally,
    finished: [...sheet.finished, { points, losers }],
    deals: sheet.deals + 1,
    games,
  };
}

export function schnapsenSitting(variant: Variant): SittingRules<SchnapsenTypes> {
  const seats = variant === 'bauern' ? 4 : 3;
  const n = sides(variant);
  return {
    begin(rules: SchnapsenRules, rng: Rng) {
      const firstDealer = rng.int(seats);
      if (variant === 'bauern' && rules.teamsByLot) {
        const seatOf = shuffled([0, 1, 2, 3], rng);
        return { firstDealer, start: { firstDealer, seatOf }, seatOf };
      }
      return { firstDealer, start: { firstDealer } };
    },
    checkStart: checkStart(seats),
    firstDealer: (_rules, start) => start.firstDealer,
    unit: 'Bummerl',
    unitComplete: (_rules, before, after) => after.finished.length > before.finished.length,
    initialSheet: () => ({ points: new Array(n).fill(0), trump: null, led23: new Array(n).fill(false), tally: new Array(n).fill(0), finished: [], deals: 0, games: {} }),
    carry: (_rules, sheet) => ({ points: sheet.points.slice(), trump: sheet.trump }),
    afterDeal(rules, sheet, dealer, outcome) {
      // 003: "Am Ende jeden Spiels wird der Rufer zum Geber". Decision for the three-Unter
      // new deal ("dass neu gemischt und gegeben wird"): no game was played, so the same
      // dealer shuffles and deals again.
      const nextDealer = outcome.game === 'redeal' ? dealer : (dealer + 1) % seats;
      return { sheet: bookDeal(variant, rules, sheet, outcome), nextDealer };
    },
    describeSheet: (rules, sheet, players) => describeBummerlSheet(variant, rules, sheet, players),
  };
}

export function sideName(variant: Variant, i: number, players: readonly string[]): string {
  if (variant === 'talon') return players[i] ?? `seat ${i}`;
  return `${players[i] ?? `seat ${i}`} & ${players[i + 2] ?? `seat ${i + 2}`}`;
}

export function describeBummerlSheet(variant: Variant, rules: SchnapsenRules, sheet: BummerlSheet, players: readonly string[]): string {
  const n = sides(variant);
  const lines: string[] = [];
  const shown = (p: number) => (rules.countDown ? BUMMERL_TARGET - p : p);
  const standing = Array.from({ length: n }, (_, i) => `${sideName(variant, i, players)} ${shown(sheet.points[i])}`).join(', ');
  lines.push(`Bummerl ${sheet.finished.length + 1} (${rules.countDown ? 'counting down from 24' : 'to 24'}): ${standing}`);
  const tally = Array.from({ length: n }, (_, i) => `${sideName(variant, i, players)} ${sheet.tally[i]}`).join(', ');
  lines.push(`Bummerl tally after ${sheet.finished.length} finished Bummerl, ${sheet.deals} deal${sheet.deals === 1 ? '' : 's'}: ${tally}`);
  const kinds = new Map<string, number>();
  for (const f of sheet.finished) for (const l of f.losers) kinds.set(l.kind, (kinds.get(l.kind) ?? 0) + 1);
  if (kinds.size > 0) lines.push(`  of them: ${[...kinds].map(([k, c]) => `${c} ${k}`).join(', ')}`);
  if (sheet.finished.length > 0) lines.push('  (Bummerl received: a Schneider counts 2, a Retourschneider 4; fewer is better)');
  const games = Object.entries(sheet.games).sort((a, b) => b[1] - a[1]);
  if (games.length > 0) lines.push(`Games played: ${games.map(([g, c]) => `${gameName(g as never)} ${c}`).join(', ')}`);
  return lines.join('\n');
}

function checkStart(seats: number) {
  return (_rules: SchnapsenRules, start: unknown): string | undefined => {
    const s = start as SchnapsenStart | null;
    if (typeof s !== 'object' || s === null || !Number.isInteger(s.firstDealer) || s.firstDealer < 0 || s.firstDealer >= seats) {
      return `"start" must be {"firstDealer": a seat from 0 to ${seats - 1}}`;
    }
    if (s.seatOf !== undefined) {
      const ok = Array.isArray(s.seatOf) && s.seatOf.length === seats && [...s.seatOf].sort().every((x, i) => x === i);
      if (!ok) return `"start.seatOf" must list each seat from 0 to ${seats - 1} once`;
    }
    return undefined;
  };
}
