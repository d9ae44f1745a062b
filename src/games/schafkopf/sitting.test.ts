import { describe, expect, it } from 'vitest';
import type { SchafkopfTypes } from './game.js';
import { randomAgent } from '../agent.js';
import { schafkopfRuleBot } from './bots/index.js';
import { SeededRng } from '../../core/rng.js';
import { unwrap } from '../../core/result.js';
import { resolveRules } from '../ruleBook.js';
import { schafkopfModule } from './module.js';
import { SCHAFKOPF_RULES } from './rules.js';
import { formatCents } from './money.js';
import { schafkopfSitting } from './sitting.js';
import { playSitting } from '../../sitting/play.js';

/** Rule bots pass often enough to throw deals in; one random bot stirs the games. */
async function run(overrides: Record<string, string>, deals: number, seed: number) {
  const rules = unwrap(resolveRules(SCHAFKOPF_RULES, undefined, overrides));
  const agents = [schafkopfRuleBot(), schafkopfRuleBot(), schafkopfRuleBot(), randomAgent<SchafkopfTypes>(new SeededRng(seed))];
  return playSitting(schafkopfModule, rules, agents, { length: { deals }, rng: new SeededRng(seed) });
}

describe('the Schafkopf sitting', () => {
  it('002 3.4: the deal moves clockwise, one seat a deal', async () => {
    const r = await run({}, 9, 1);
    r.deals.forEach((d, i) => expect(d.dealer).toBe((r.firstDealer + i) % 4));
  });

  it('keeps the ledger: balances are the sum of the payouts, and with the Stock they add up to zero', async () => {
    const r = await run({ allPass: 'stock' }, 300, 2);
    const sums = [0, 1, 2, 3].map((s) => r.deals.reduce((a, d) => a + d.outcome.score[s], 0));
    expect(r.sheet.balance).toEqual(sums);
    expect(r.sheet.balance.reduce((a, b) => a + b, 0) + r.sheet.stock).toBe(0);
    expect(r.deals.some((d) => d.outcome.thrownIn)).toBe(true);
    // Each deal starts with the Stock the previous ones left.
    let stock = 0;
    for (const d of r.deals) {
      expect(d.carry.stock).toBe(stock);
      stock += d.outcome.stock;
    }
  });

  it('002 5.3.7 c, 6.4.3: a thrown-in deal makes the next game Bock; a played game uses the Bock up', async () => {
    const r = await run({ allPass: 'bock' }, 200, 3);
    for (let i = 1; i < r.deals.length; i++) {
      const before = r.deals[i - 1];
      const expected = before.outcome.thrownIn ? before.carry.bock + 1 : 0;
      expect(r.deals[i].carry.bock).toBe(expected);
      if (!r.deals[i].outcome.thrownIn && expected > 0) expect(r.deals[i].outcome.multiplier % 2 ** expected).toBe(0);
    }
    expect(r.deals.some((d) => d.carry.bock > 0)).toBe(true);
  });

  it('describes the sheet in euros', async () => {
    const r = await run({ allPass: 'stock' }, 20, 4);
    const text = schafkopfSitting.describeSheet(r.rules, r.sheet, r.players);
    expect(text).toContain('Ledger after 20 deals');
    for (const p of r.players) expect(text).toContain(p);
    expect(formatCents(-250)).toBe('−2,50 €');
    expect(formatCents(5)).toBe('+0,05 €');
    expect(formatCents(0)).toBe('0,00 €');
  });
});
