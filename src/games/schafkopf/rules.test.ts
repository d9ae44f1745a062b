import { describe, expect, it } from 'vitest';
import { describeRuleBook, resolveRules, rulesFromJson } from '../ruleBook.js';
import { schafkopf } from './game.js';
import { SCHAFKOPF_RULES } from './rules.js';
import { rulesOf } from './testing.js';

describe('presets (NOTES.md Schafkopf)', () => {
  it('NOTES.md: aumer-koller is the default: 002 as written (GE 10, SE 50, Laufende over Ober and Unter, Herz-Solo first, Ramsch when all pass, exotic games off)', () => {
    const r = rulesOf();
    expect(SCHAFKOPF_RULES.defaultPreset).toBe('aumer-koller');
    expect(schafkopf.ruleBook).toBe(SCHAFKOPF_RULES);
    expect(r).toEqual({
      preset: 'aumer-koller',
      kurzeKarte: false,
      herzSoloFirst: true,
      soloRanking: 'wenzBelowSolo',
      tout: true,
      farbwenz: false,
      geier: false,
      farbgeier: false,
      bettel: false,
      bettelStichzwang: false,
      allPass: 'ramsch',
      klopfen: false,
      stoss: true,
      stossDepth: 2,
      laufende: 'herren',
      laufendeFromRufspiel: 3,
      laufendeFromSolo: 3,
      laufendeFromWenz: 2,
      tarifRufspiel: 10,
      tarifSolo: 50,
      tarifSchneider: 10,
      tarifLaufende: 10,
      tarifBettel: 50,
      tarifRamsch: 10,
      stockEinsatz: 10,
      ramschDurchmarsch: 'allTricks',
      ramschDurchmarschPoints: 120,
      ramschJungfrau: 'off',
    });
  });

  it('NOTES.md: the sauspiel preset: Herz-Solo not first, all Soli equal, Klopfen, Laufende down the whole trump order, Rufspiel 20, new deal when all pass', () => {
    const r = rulesOf('sauspiel');
    const ak = rulesOf();
    const changed = Object.keys(r).filter((k) => (r as unknown as Record<string, unknown>)[k] !== (ak as unknown as Record<string, unknown>)[k]).sort();
    expect(changed).toEqual(['allPass', 'herzSoloFirst', 'klopfen', 'laufende', 'preset', 'soloRanking', 'tarifRufspiel']);
    expect(r).toMatchObject({ herzSoloFirst: false, soloRanking: 'equal', klopfen: true, laufende: 'allTrumps', tarifRufspiel: 20, allPass: 'redeal' });
  });

  it('overrides apply on top of a preset, from the command line (strings) or a record (typed values)', () => {
    expect(rulesOf('sauspiel', { kurzeKarte: 'on', stossDepth: '4', allPass: 'stock' })).toMatchObject({ preset: 'sauspiel', kurzeKarte: true, stossDepth: 4, allPass: 'stock' });
    const json = JSON.parse(JSON.stringify(rulesOf('sauspiel', { geier: true })));
    expect(rulesFromJson(SCHAFKOPF_RULES, json)).toEqual({ ok: true, value: rulesOf('sauspiel', { geier: true }) });
  });
});

describe('unknown options and presets are errors that name them', () => {
  it('an unknown preset lists the presets', () => {
    expect(resolveRules(SCHAFKOPF_RULES, 'skat')).toEqual({
      ok: false,
      error: { code: 'unknownPreset', message: 'unknown preset "skat" for schafkopf; presets: aumer-koller, sauspiel' },
    });
  });

  it('an unknown house rule points to "stich rules schafkopf"', () => {
    expect(resolveRules(SCHAFKOPF_RULES, undefined, { hochzeit: true })).toEqual({
      ok: false,
      error: { code: 'unknownRule', message: 'unknown house rule "hochzeit" for schafkopf; see "stich rules schafkopf"' },
    });
  });

  it('a value of the wrong kind or out of range names the rule', () => {
    const bad = (o: Record<string, unknown>) => resolveRules(SCHAFKOPF_RULES, undefined, o);
    expect(bad({ stossDepth: 0 })).toEqual({ ok: false, error: { code: 'badRuleValue', message: 'house rule "stossDepth": 0 is below the minimum 1' } });
    expect(bad({ stossDepth: 7 })).toEqual({ ok: false, error: { code: 'badRuleValue', message: 'house rule "stossDepth": 7 is above the maximum 6' } });
    expect(bad({ allPass: 'weiter' })).toEqual({
      ok: false,
      error: { code: 'badRuleValue', message: 'house rule "allPass": "weiter" is not one of ramsch, mussspiel, bock, stock, redeal' },
    });
    expect(bad({ klopfen: 'maybe' })).toEqual({ ok: false, error: { code: 'badRuleValue', message: 'house rule "klopfen": "maybe" is not on/off (true/false)' } });
    expect(bad({ tarifSolo: 'fifty' })).toEqual({ ok: false, error: { code: 'badRuleValue', message: 'house rule "tarifSolo": "fifty" is not a whole number' } });
    expect(bad({ tarifSolo: -5 })).toEqual({ ok: false, error: { code: 'badRuleValue', message: 'house rule "tarifSolo": -5 is below the minimum 0' } });
    expect(bad({ ramschDurchmarschPoints: 60 }).ok).toBe(false);
    expect(bad({ laufendeFromWenz: 5 }).ok).toBe(false);
  });

  it('a record whose rules are not an object, or name a bad preset, is refused', () => {
    expect(rulesFromJson(SCHAFKOPF_RULES, 'sauspiel')).toEqual({ ok: false, error: { code: 'badRules', message: 'rules must be an object with a "preset" and house-rule values' } });
    expect(rulesFromJson(SCHAFKOPF_RULES, { preset: 3 })).toEqual({ ok: false, error: { code: 'badRules', message: '"preset" must be a string' } });
    expect(rulesFromJson(SCHAFKOPF_RULES, { preset: 'aumer-koller', sie: true }).ok).toBe(false);
  });
});

describe('stich rules schafkopf (describeRuleBook)', () => {
  // As the CLI calls it (its game entries are untyped).
  const text = describeRuleBook(SCHAFKOPF_RULES);

  it('lists both presets by name and id, the default marked, with their sources and what sauspiel changes', () => {
    expect(text).toContain('  Aumer/Koller (the book) = aumer-koller (default): ');
    expect(text).toContain('[002; NOTES.md]');
    expect(text).toMatch(/ {2}Online rules = sauspiel: [^\n]*\n {6}[^\n]*\[NOTES\.md; \.\.\/shared\/conformance\/schafkopf\/README\.md\]/);
    expect(text).toContain('    sets herzSoloFirst=off, soloRanking=equal, klopfen=on, laufende=allTrumps, tarifRufspiel=20, tarifSolo=50, tarifSchneider=10, tarifLaufende=10, allPass=redeal');
  });

  it('lists every house rule with its default, its values and its source, each rule citing 002, NOTES.md or the conformance README', () => {
    expect(SCHAFKOPF_RULES.houseRules).toHaveLength(27);
    for (const rule of SCHAFKOPF_RULES.houseRules) {
      // Each rule's line: its name in words, then its id, default and values, and its source.
      const line = text.split('\n').find((l) => /^ {2}\S/.test(l) && l.includes(`: ${rule.name} = `));
      expect(line, rule.name).toBeDefined();
      expect(line).toContain(`${rule.name} = ${rule.default === true ? 'on' : rule.default === false ? 'off' : String(rule.default)}  (`);
      expect(line).toContain(`[${rule.source}]`);
      expect(rule.source).toMatch(/002|NOTES\.md|conformance README/);
      expect(text).toContain(`      ${rule.description}`);
    }
    // The rules the issue names, each with its 002 section.
    const source = (name: string) => SCHAFKOPF_RULES.houseRules.find((r) => r.name === name)?.source;
    expect(source('allPass')).toContain('002 5.3.7');
    expect(source('stossDepth')).toContain('002 6.4.4');
    expect(source('herzSoloFirst')).toContain('002 5.3.3');
    expect(source('laufende')).toContain('002 6.3');
    expect(source('bettel')).toContain('002 5.3.6.4');
    expect(source('kurzeKarte')).toContain('NOTES.md');
    expect(source('klopfen')).toContain('NOTES.md');
  });
});
