import { describe, expect, it } from 'vitest';
import { describeRuleBook, resolveRules } from '../ruleBook.js';
import { RULE_BOOK } from './rules.js';

const resolve = (preset: string | undefined, overrides: Record<string, unknown>) => resolveRules(RULE_BOOK, preset, overrides);

describe('Karnöffel house rules and presets', () => {
  it('leyden-dummett (000) is the default: four players, match to 41, trump from the face-up round, clockwise, the Devil only not led first', () => {
    const r = resolve(undefined, {});
    expect(r.ok && r.value).toMatchObject({
      preset: 'leyden-dummett',
      players: 4,
      target: 41,
      trump: 'first-round',
      direction: 'left',
      devilFirstTrick: 'no-lead',
      twoPlayers: true,
      showHands: true,
      advisers: 'anyone',
      stake: 1,
      multipliers: true,
    });
  });

  it('landsknecht (001): match to 101, trump drawn before the deal, play to the right, the Devil not used in the first trick, no two-player game', () => {
    const r = resolve('landsknecht', {});
    expect(r.ok && r.value).toMatchObject({
      preset: 'landsknecht',
      target: 101,
      trump: 'drawn',
      direction: 'right',
      devilFirstTrick: 'no-play',
      twoPlayers: false,
    });
  });

  it('000 "zwei, vier, sechs oder acht Spielern": 2, 4, 6 and 8 players; 5 is a clear error', () => {
    for (const n of [2, 4, 6, 8]) expect(resolve(undefined, { players: String(n) }).ok).toBe(true);
    for (const n of [3, 5, 7]) {
      const r = resolve(undefined, { players: String(n) });
      expect(!r.ok && r.error.message).toMatch(new RegExp(`2, 4, 6 or 8 players .*not ${n}`));
    }
    const big = resolve(undefined, { players: '10' });
    expect(!big.ok && big.error.message).toMatch(/above the maximum 8/);
  });

  it('001 "Ihr müsset 4, 6 oder 8 Leut sein": two players with landsknecht is an error', () => {
    const r = resolve('landsknecht', { players: '2' });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.message).toMatch(/landsknecht rules are for 4, 6 or 8 players/);
    for (const n of [4, 6, 8]) expect(resolve('landsknecht', { players: n }).ok).toBe(true);
    expect(resolve('landsknecht', { players: 2, twoPlayers: true }).ok).toBe(true);
  });

  it('000 "ein Mehrfaches von 10, vermehrt um 1": the target is 10n + 1', () => {
    for (const t of [11, 41, 51, 71, 101, 1001]) expect(resolve(undefined, { target: String(t) }).ok).toBe(true);
    for (const t of ['40', '42', '100', '5']) {
      const r = resolve(undefined, { target: t });
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error.message).toMatch(/target|minimum/);
    }
    const r = resolve(undefined, { target: '50' });
    expect(!r.ok && r.error.message).toBe('the target must be a multiple of 10 plus 1 (41, 51, 71, 101 …), not 50');
  });

  it('every house rule has a description, a source in 000 or 001, and appears in `stich rules karnoeffel`', () => {
    const text = describeRuleBook(RULE_BOOK as never);
    for (const rule of RULE_BOOK.houseRules) {
      expect(rule.source).toMatch(/00[01]/);
      expect(rule.description.length).toBeGreaterThan(20);
      expect(text).toContain(rule.name);
    }
    expect(text).toContain('leyden-dummett (default)');
    expect(text).toContain('landsknecht');
  });
});
