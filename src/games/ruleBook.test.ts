import { describe, expect, it } from 'vitest';
import { describeRuleBook, parseRuleAssignments, resolveRules, rulesFromJson, type RuleBook } from './ruleBook.js';
import { GAMES } from './registry.js';

interface TestRules {
  preset: string;
  flag: boolean;
  count: number;
  mode: string;
}

const book: RuleBook<TestRules> = {
  game: 'test',
  defaultPreset: 'plain',
  houseRules: [
    { name: 'flag', description: 'a flag', source: 'doc 1', type: 'boolean', default: false },
    { name: 'count', description: 'a count', source: 'doc 2', type: 'integer', min: 1, max: 9, default: 3 },
    { name: 'mode', description: 'a mode', source: 'doc 3', type: 'choice', choices: ['a', 'b'], default: 'a' },
  ],
  presets: [
    { name: 'plain', description: 'defaults', source: 'doc', values: {} },
    { name: 'fancy', description: 'flag on', source: 'doc', values: { flag: true, mode: 'b' } },
  ],
  check: (r) => (r.count === 7 && r.flag ? { code: 'ruleClash' as const, message: 'count 7 clashes with flag' } : undefined),
};

describe('resolveRules', () => {
  it('takes defaults, then the preset, then overrides', () => {
    expect(resolveRules(book)).toEqual({ ok: true, value: { preset: 'plain', flag: false, count: 3, mode: 'a' } });
    expect(resolveRules(book, 'fancy', { count: '5' })).toEqual({ ok: true, value: { preset: 'fancy', flag: true, count: 5, mode: 'b' } });
  });

  it('rejects unknown presets, unknown rules and bad values with a reason', () => {
    const cases: [string | undefined, Record<string, unknown>, RegExp][] = [
      ['nope', {}, /unknown preset "nope".*plain, fancy/],
      [undefined, { colour: 'red' }, /unknown house rule "colour"/],
      [undefined, { flag: 'maybe' }, /not on\/off/],
      [undefined, { count: '0' }, /below the minimum 1/],
      [undefined, { count: 'x' }, /not a whole number/],
      [undefined, { mode: 'c' }, /not one of a, b/],
      ['fancy', { count: 7 }, /clashes/],
    ];
    for (const [preset, overrides, message] of cases) {
      const r = resolveRules(book, preset, overrides);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error.message).toMatch(message);
    }
  });

  it('round-trips through JSON', () => {
    const r = resolveRules(book, 'fancy', { count: 4 });
    if (!r.ok) throw new Error(r.error.message);
    expect(rulesFromJson(book, JSON.parse(JSON.stringify(r.value)))).toEqual(r);
  });

  it('parses name=value words', () => {
    expect(parseRuleAssignments(['a=1', 'b = on'])).toEqual({ ok: true, value: { a: '1', b: 'on' } });
    expect(parseRuleAssignments(['a']).ok).toBe(false);
  });

  it('describes every rule with default and source', () => {
    const text = describeRuleBook(book);
    for (const r of book.houseRules) {
      expect(text).toContain(r.name);
      expect(text).toContain(r.source);
    }
    expect(text).toContain('plain (default)');
  });
});

describe('names and numbers from outside (issue 7: bad input that still got in)', () => {
  it('"--rule __proto__=1" is an unknown rule, not silently dropped; so are the other names of Object.prototype', () => {
    for (const name of ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf']) {
      const words = parseRuleAssignments([`${name}=1`]);
      expect(words.ok).toBe(true);
      if (!words.ok) continue;
      expect(Object.keys(words.value)).toEqual([name]);
      const r = resolveRules(book, undefined, words.value);
      expect(r.ok, name).toBe(false);
      if (!r.ok) expect(r.error.message).toContain(`unknown house rule "${name}"`);
      const fromRecord = rulesFromJson(book, JSON.parse(`{"preset":"plain","${name}":1}`));
      expect(fromRecord.ok, name).toBe(false);
    }
  });

  it('an integer rule refuses values beyond its range, however written: 1e308 from a record, a 400-digit number, a fraction', () => {
    expect(rulesFromJson(book, { preset: 'plain', count: 1e308 }).ok).toBe(false);
    expect(resolveRules(book, undefined, { count: '9'.repeat(400) }).ok).toBe(false);
    expect(resolveRules(book, undefined, { count: 2.5 }).ok).toBe(false);
  });

  it('every integer house rule of every game has a documented range', () => {
    for (const m of GAMES) {
      for (const rule of m.game.ruleBook.houseRules) {
        if (rule.type !== 'integer') continue;
        expect(Number.isSafeInteger(rule.min), `${m.game.id} ${rule.name} min`).toBe(true);
        expect(Number.isSafeInteger(rule.max), `${m.game.id} ${rule.name} max`).toBe(true);
      }
    }
  });

  it('quotes at most a short excerpt of a huge value', () => {
    const r = resolveRules(book, undefined, { mode: 'x'.repeat(1_000_000) });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.message.length).toBeLessThan(120);
  });
});
