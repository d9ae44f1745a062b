import type { Seat } from '../game.js';
import type { SittingRules } from '../sitting.js';
import type { SchafkopfTypes } from './game.js';
import { formatCents } from './money.js';

/**
 * The Schafkopf score sheet: each player's money in cents, the Stock on the
 * table and pending Bock doublings (002 5.3.7 c, 6.4.3). The deal moves
 * clockwise (002 3.4); the first dealer is drawn by lot (002 3.2).
 */
export interface SchafkopfSheet {
  readonly balance: readonly number[];
  readonly stock: number;
  readonly bock: number;
  readonly deals: number;
}

export const schafkopfSitting: SittingRules<SchafkopfTypes> = {
  begin: (_rules, rng) => ({ firstDealer: rng.int(4), start: null }),
  checkStart: (_rules, start) => (start === null || start === undefined ? undefined : 'a Schafkopf record has no start data (use null)'),
  // The first dealer is drawn by lot (002 3.2) and not written in the start: any seat may deal first.
  firstDealer: () => undefined,
  // A round: every seat has dealt once, so a sitting of rounds gives everyone the same chances.
  unit: 'round',
  unitComplete: (_rules, _before, after) => after.deals % 4 === 0,
  initialSheet: () => ({ balance: [0, 0, 0, 0], stock: 0, bock: 0, deals: 0 }),
  carry: (_rules, sheet) => ({ stock: sheet.stock, bock: sheet.bock }),
  afterDeal: (_rules, sheet, dealer: Seat, outcome) => ({
    sheet: {
      balance: sheet.balance.map((b, s) => b + outcome.score[s]),
      stock: sheet.stock + outcome.stock,
      // A thrown-in deal adds its Bock to what is pending; a played game uses the pending Bock up.
      bock: outcome.thrownIn ? sheet.bock + outcome.bock : 0,
      deals: sheet.deals + 1,
    },
    nextDealer: (dealer + 1) % 4,
  }),
  describeSheet: (_rules, sheet, players) => {
    const width = Math.max(...players.map((p) => p.length));
    const lines = players.map((p, s) => `  ${p.padEnd(width)}  ${formatCents(sheet.balance[s]).padStart(12)}`);
    const extra: string[] = [];
    if (sheet.stock > 0) extra.push(`  Stock: ${formatCents(sheet.stock, false)}`);
    if (sheet.bock > 0) extra.push(`  Bock pending: ×${2 ** sheet.bock}`);
    return [`Ledger after ${sheet.deals} deal${sheet.deals === 1 ? '' : 's'}:`, ...lines, ...extra].join('\n');
  },
};
