import { describe, expect, it } from 'vitest';
import { describeRuleBook, describeRules, parseRuleAssignments, presetLabel, resolveRules, ruleLabel, rulesFromJson, ruleSource, ruleValueLabel, type RuleBook, type Words } from './ruleBook.js';
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
    { name: 'flag', label: { de: 'Die flag', en: 'The flag' }, explain: { de: 'flag auf Deutsch', en: 'flag in English' }, description: 'a flag', source: 'doc 1', type: 'boolean', default: false },
    { name: 'count', label: { de: 'Die count', en: 'The count' }, explain: { de: 'count auf Deutsch', en: 'count in English' }, description: 'a count', source: 'doc 2', type: 'integer', min: 1, max: 9, default: 3 },
    { name: 'mode', choiceLabels: { a: { de: 'Art A', en: 'kind A' }, b: { de: 'Art B', en: 'kind B' } }, label: { de: 'Die mode', en: 'The mode' }, explain: { de: 'mode auf Deutsch', en: 'mode in English' }, description: 'a mode', source: 'doc 3', type: 'choice', choices: ['a', 'b'], default: 'a' },
  ],
  presets: [
    { name: 'plain', label: { de: 'Schlicht', en: 'Plain' }, explain: { de: 'wie vorgegeben', en: 'as given' }, description: 'defaults', source: 'doc', values: {} },
    { name: 'fancy', label: { de: 'Fein', en: 'Fancy' }, explain: { de: 'Fahne an', en: 'flag on' }, description: 'flag on', source: 'doc', values: { flag: true, mode: 'b' } },
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
    expect(text).toContain('Plain = plain (default)');
    expect(text).toContain('The count: count = 3');
    expect(text).toContain('count in English');
    expect(text).toContain('a = kind A; b = kind B');
    const de = describeRuleBook(book, 'de');
    expect(de).toContain('Schlicht = plain (Vorgabe)');
    expect(de).toContain('Die flag: flag = off  (on|off)');
    // German alone: the English description is left out (there is none in German), the integer's kind in German.
    expect(text).toContain('      a count\n');
    expect(de).not.toContain('      a count\n');
    expect(de).toMatch(/count = 3 {2}\(Zahl \d+\.\.\d+\)/);
    expect(de).toContain('mode auf Deutsch');
  });

  it('names presets, rules and values in words, and says which rules differ from the preset', () => {
    expect(presetLabel(book, 'fancy', 'de')).toBe('Fein');
    expect(presetLabel(book, 'nope', 'en')).toBe('nope');
    expect(ruleLabel(book, 'count', 'en')).toBe('The count');
    const mode = book.houseRules[2];
    expect(ruleValueLabel(mode, 'b', 'de')).toBe('Art B');
    expect(ruleValueLabel(book.houseRules[0], true, 'de')).toBe('an');
    expect(ruleValueLabel(book.houseRules[0], false, 'en')).toBe('off');
    expect(describeRules(book, { preset: 'fancy', flag: true, count: 5, mode: 'b' }, 'en')).toEqual({ preset: 'Fancy', changes: ['The count: 5'] });
    expect(describeRules(book, { preset: 'plain', flag: true, count: 3, mode: 'b' }, 'de')).toEqual({ preset: 'Schlicht', changes: ['Die flag: an', 'Die mode: Art B'] });
  });
});

describe('the rule books in words (issue 18: people read names, not ids)', () => {
  const said = (w: Words, where: string) => {
    for (const lang of ['de', 'en'] as const) {
      expect(typeof w[lang], `${where} ${lang}`).toBe('string');
      expect(w[lang].trim().length, `${where} ${lang}`).toBeGreaterThan(0);
      expect(w[lang], `${where} ${lang}: one line`).not.toContain('\n');
    }
  };
  const looksLikeId = /^[a-z]+[A-Z]\w*$|^[a-z]+-[a-z]+$/;

  it('every house rule and preset of every game has a name and a one-line explanation in German and English, never its id', () => {
    let rules = 0;
    let presets = 0;
    for (const m of GAMES) {
      const book = m.game.ruleBook;
      for (const r of book.houseRules) {
        said(r.label, `${book.game} ${r.name} label`);
        said(r.explain, `${book.game} ${r.name} explain`);
        for (const lang of ['de', 'en'] as const) {
          expect(r.label[lang], `${book.game} ${r.name}`).not.toMatch(looksLikeId);
          expect(r.explain[lang].length, `${book.game} ${r.name} ${lang}: one short line`).toBeLessThanOrEqual(160);
        }
        rules++;
      }
      for (const p of book.presets) {
        said(p.label, `${book.game} ${p.name} label`);
        said(p.explain, `${book.game} ${p.name} explain`);
        expect(p.label.de, p.name).not.toBe(p.name);
        expect(p.label.en, p.name).not.toMatch(looksLikeId);
        presets++;
      }
    }
    expect(rules).toBeGreaterThan(60);
    expect(presets).toBeGreaterThanOrEqual(10);
  });

  it('every value of every choice rule has a name in both languages', () => {
    for (const m of GAMES) {
      for (const r of m.game.ruleBook.houseRules) {
        if (r.type !== 'choice') continue;
        for (const c of r.choices ?? []) {
          const w = r.choiceLabels?.[c];
          expect(w, `${m.game.id} ${r.name}=${c}`).toBeDefined();
          if (w) said(w, `${m.game.id} ${r.name}=${c}`);
        }
      }
    }
  });

  it('every source cites in German for German readers: the same documents and sections, the notes beside them in German', () => {
    // English words a note in a source used (file paths such as ../shared/conformance/… are names, not words).
    const english = /\b(and|not|the|on|of|as|no|names|cards?|house|rule|played|sites|first|second|raising|regional|differences|records|variant|conformance)\b/i;
    const cited = (s: string) => s.match(/\b\d{3}\b(?: \d+(?:\.\d+)*(?:-\d+(?:\.\d+)*)?(?:, \d+(?:\.\d+)*)*)?/g) ?? [];
    let translated = 0;
    for (const m of GAMES) {
      for (const entry of [...m.game.ruleBook.houseRules, ...m.game.ruleBook.presets]) {
        const de = ruleSource(entry, 'de');
        const where = `${m.game.id} ${entry.name}: ${de}`;
        expect(de.split(/\s+/).filter((w) => !w.includes('/')).join(' '), where).not.toMatch(english);
        expect(ruleSource(entry, 'en'), where).toBe(entry.source);
        // The German citation names the same documents and sections as the English one.
        expect(cited(de), where).toEqual(cited(entry.source));
        if (entry.sourceDe !== undefined) translated++;
      }
    }
    expect(translated).toBeGreaterThanOrEqual(12);
    const schafkopf = GAMES.find((m) => m.game.id === 'schafkopf')!.game.ruleBook;
    expect(ruleSource(schafkopf.houseRules.find((r) => r.name === 'kurzeKarte')!, 'de')).toBe('002 3.2 (32 Karten); NOTES.md (24 als Hausregel)');
  });

  it('the presets people ask for by name: "Aumer/Koller (Buch)" and "Online-Regeln"', () => {
    const schafkopf = GAMES.find((m) => m.game.id === 'schafkopf')!.game.ruleBook;
    expect(presetLabel(schafkopf, 'aumer-koller', 'de')).toBe('Aumer/Koller (Buch)');
    expect(presetLabel(schafkopf, 'sauspiel', 'de')).toBe('Online-Regeln');
    expect(ruleLabel(schafkopf, 'laufendeFromRufspiel', 'de')).toBe('Laufende im Rufspiel ab');
    expect(describeRuleBook(schafkopf, 'de')).toContain('Online-Regeln = sauspiel');
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
