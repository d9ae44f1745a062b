import { shuffled, type Rng } from '../../core/rng.js';
import type { Seat } from '../game.js';
import type { SchnapsenTypes } from './game.js';
import { gameName } from './notation.js';
import type { SchnapsenRules, Variant } from './rules.js';
import type { SittingRules } from '../sitting.js';
import { bookDeal, bummerlShown, emptySheet, sides, type BummerlSheet } from './bummerl.js';

export { bookDeal, BUMMERL_TARGET, sides, type BummerlLoss, type BummerlSheet, type FinishedBummerl } from './bummerl.js';

export interface SchnapsenStart {
  /** Drawn by lot before the first deal. */
  readonly firstDealer: Seat;
  /** teamsByLot: seatOf[player] = seat, drawn by lot. */
  readonly seatOf?: readonly Seat[];
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
    initialSheet: () => emptySheet(n),
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
  const shown = bummerlShown(rules);
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
