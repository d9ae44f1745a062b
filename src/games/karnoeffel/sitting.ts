import { shuffleDeck } from '../../cards/deck.js';
import { formatCard } from '../../cards/notation.js';
import type { Rng } from '../../core/rng.js';
import { excerptJson, quote } from '../../core/text.js';
import { lotValue, PACK, readCard } from './cards.js';
import { nextSeat, stepOf } from './deal.js';
import type { KarnoeffelTypes } from './game.js';
import type { KarnoeffelRules } from './rules.js';
import type { SittingRules, SittingStart } from '../sitting.js';

/**
 * The lots drawn before the first deal (000 "Einleitung und Vorbereitung"):
 * every player draws a card; the lowest deals first; the lower half forms
 * one team; ties of rank are broken by the suit order Grün, Eichel, Herz,
 * Schelle (descending), for this drawing only. The team members alternate
 * round the table: the lowest lot takes seat 0 and deals, the rest of his
 * team takes seats 2, 4, 6 by their lots; the other team takes seats 1, 3,
 * 5, 7, its lowest lot at seat 1. The lowest lot of each team, at the team's
 * first seat, is its leader with six or eight players.
 */
export interface KarnoeffelStart {
  /** The card each player drew (by player, as the sitting lists them), in card notation. */
  readonly lots: readonly string[];
  /** seatOf[player] = seat. */
  readonly seatOf: readonly number[];
  readonly firstDealer: number;
}

export interface MatchResult {
  readonly winner: 0 | 1;
  readonly points: readonly number[];
  /** 1, 2 (losers below half the target) or 3 (losers without a point). */
  readonly multiplier: number;
  /**
   * What each loser pays and each winner receives: stake × multiplier. 000
   * says "Die Verlierer einer Partie zahlen an die Gewinner einen vorher
   * vereinbarten Spieleinsatz"; the teams are equal, so each member of the
   * losing team pays the stake once and each winner receives it once.
   */
  readonly amount: number;
  readonly deals: number;
}

/**
 * The score sheet of a sitting: the running match (points by team), the
 * finished matches, matches won by team, and the money balance of each
 * member of team 0 and team 1 (the teams are equal, so one balance is the
 * negative of the other).
 */
export interface KarnoeffelSheet {
  readonly points: readonly number[];
  readonly dealsInMatch: number;
  readonly matches: readonly MatchResult[];
  readonly wins: readonly number[];
  readonly balance: readonly number[];
}

/** Seating and first dealer from the drawn cards (by player). */
export function seatingFromLots(lots: readonly number[]): { seatOf: number[]; firstDealer: number } {
  const n = lots.length;
  const byLot = Array.from({ length: n }, (_, p) => p).sort((x, y) => lotValue(lots[x]) - lotValue(lots[y]));
  const seatOf = new Array<number>(n);
  const half = n / 2;
  byLot.forEach((player, rank) => {
    seatOf[player] = rank < half ? 2 * rank : 2 * (rank - half) + 1;
  });
  return { seatOf, firstDealer: 0 };
}

/** Stakes at the end of a match (000 "Spieldurchführung", last paragraph). */
export function matchMultiplier(rules: KarnoeffelRules, loserPoints: number): number {
  if (!rules.multipliers) return 1;
  if (loserPoints === 0) return 3;
  return 2 * loserPoints < rules.target ? 2 : 1;
}

export const karnoeffelSitting: SittingRules<KarnoeffelTypes> = {
  begin(rules: KarnoeffelRules, rng: Rng): SittingStart<KarnoeffelStart> {
    const deck = shuffleDeck(PACK, rng);
    const lots = deck.slice(0, rules.players);
    const { seatOf, firstDealer } = seatingFromLots(lots);
    return { firstDealer, seatOf, start: { lots: lots.map((c) => formatCard(PACK, c)), seatOf, firstDealer } };
  },

  checkStart: (rules, start) => checkKarnoeffelStart(rules, start),
  firstDealer: (_rules, start) => start.firstDealer,
  unit: 'match',
  unitComplete: (_rules, before, after) => after.matches.length > before.matches.length,

  initialSheet(): KarnoeffelSheet {
    return { points: [0, 0], dealsInMatch: 0, matches: [], wins: [0, 0], balance: [0, 0] };
  },

  carry(_rules, sheet): import("./state.js").KarnoeffelCarry {
    return { points: sheet.points };
  },

  afterDeal(rules, sheet, dealer, outcome) {
    // The deal passes to the next player in the direction of play (000: after a refusal "der Vorhandspieler ist der nächste Teiler").
    // 001 names only the direction of play ("rechtsherum"); its deal and the dealer's turn go the same way, as in 000.
    const nextDealer = nextSeat(dealer, stepOf(rules), rules.players);
    const points = [...sheet.points];
    points[outcome.winner] += outcome.value;
    const dealsInMatch = sheet.dealsInMatch + 1;
    if (points[outcome.winner] < rules.target) {
      return { sheet: { ...sheet, points, dealsInMatch }, nextDealer };
    }
    // The first side to reach the target wins the match; the losers pay the agreed stake, ×2 below half the target, ×3 without a point.
    const winner = outcome.winner;
    const multiplier = matchMultiplier(rules, points[1 - winner]);
    const amount = rules.stake * multiplier;
    const wins = [...sheet.wins];
    wins[winner]++;
    const balance = [...sheet.balance];
    balance[winner] += amount;
    balance[1 - winner] -= amount;
    const matches = [...sheet.matches, { winner, points, multiplier, amount, deals: dealsInMatch }];
    return { sheet: { points: [0, 0], dealsInMatch: 0, matches, wins, balance }, nextDealer };
  },

  describeSheet(rules, sheet, players) {
    const names = (team: number) =>
      players
        .map((p, seat) => [p, seat] as const)
        .filter(([, seat]) => seat % 2 === team)
        .map(([p]) => p)
        .join(', ');
    // With two players each is his own side, named by his name.
    const two = rules.players === 2;
    const label = (team: number) => (two ? (players[team] ?? TEAM_NAMES[team]) : TEAM_NAMES[team]);
    const side = (team: number) => `${TEAM_NAMES[team]}: ${names(team)}`;
    const lines = [
      `Partie ${sheet.matches.length + 1} to ${rules.target}: ${label(0)} ${sheet.points[0]} : ${sheet.points[1]} ${label(1)}${sheet.dealsInMatch === 0 && sheet.matches.length > 0 ? ' (not begun)' : ''}`,
      ...(two ? [] : [`  ${side(0)}`, `  ${side(1)}`]),
      `Partien won: ${label(0)} ${sheet.wins[0]}, ${label(1)} ${sheet.wins[1]}; balance per player: ${label(0)} ${signed(sheet.balance[0])}, ${label(1)} ${signed(sheet.balance[1])}`,
    ];
    for (const [i, m] of sheet.matches.entries()) {
      const times = m.multiplier === 1 ? '' : ` ×${m.multiplier}`;
      lines.push(`  Partie ${i + 1}: ${label(m.winner)} won ${m.points[0]} : ${m.points[1]} in ${m.deals} ${m.deals === 1 ? 'deal' : 'deals'}, stake${times} = ${m.amount}`);
    }
    return lines.join('\n');
  },
};

/**
 * Names of the two sides, after 001 ("die Blauen und die Roten"): team 0 (even seats) and team 1 (odd seats). The
 * terminal speaks English, so they are Blue and Red there as on the English browser table (colours, not game terms;
 * records and the notation name sides by seat).
 */
export const TEAM_NAMES = ['Blue', 'Red'] as const;

function signed(x: number): string {
  return x > 0 ? `+${x}` : String(x);
}

/** Checks a record's start: the lots are cards, one per player, and the seating and first dealer follow from them. */
export function checkKarnoeffelStart(rules: KarnoeffelRules, start: unknown): string | undefined {
  if (typeof start !== 'object' || start === null || Array.isArray(start)) return 'the start must be { lots, seatOf, firstDealer }';
  const s = start as Partial<KarnoeffelStart>;
  if (!Array.isArray(s.lots) || s.lots.length !== rules.players) return `the start must list ${rules.players} lots, one card per player`;
  const cards: number[] = [];
  for (const code of s.lots) {
    if (typeof code !== 'string') return 'a lot must be a card code';
    const c = readCard(code);
    if (!c.ok) return `lot ${quote(code)}: ${c.error.message}`;
    if (cards.includes(c.value)) return `the lot ${quote(code)} was drawn twice`;
    cards.push(c.value);
  }
  const expected = seatingFromLots(cards);
  if (!Array.isArray(s.seatOf) || s.seatOf.length !== rules.players || s.seatOf.some((x, i) => x !== expected.seatOf[i])) {
    return `the seating ${excerptJson(s.seatOf)} does not follow from the lots; they give ${JSON.stringify(expected.seatOf)}`;
  }
  if (s.firstDealer !== expected.firstDealer) return `the lowest lot deals first: seat ${expected.firstDealer}, not ${typeof s.firstDealer === "number" ? s.firstDealer : quote(s.firstDealer)}`;
  return undefined;
}
