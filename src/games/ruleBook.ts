import { err, fail, ok, type Result, type StichError } from '../core/result.js';
import { quote } from '../core/text.js';

export type RuleValue = boolean | number | string;

/** Words a person reads, in both languages of the platform (German first: the games' own). */
export interface Words {
  readonly de: string;
  readonly en: string;
}

export type WordsLang = keyof Words;

/**
 * One house rule: where the documents disagree, name regional variants, or
 * leave something to the table, the engine offers a named choice.
 */
export interface HouseRule {
  /** The id: `--rule name=value`, records, the protocol. Never shown where a person reads the rules. */
  readonly name: string;
  /** The rule's name for people, e.g. "Laufende im Rufspiel ab". */
  readonly label: Words;
  /** One line: what the rule does. */
  readonly explain: Words;
  /** A person's name for every value of a choice rule. */
  readonly choiceLabels?: Readonly<Record<string, Words>>;
  /** The full technical description for `stich rules` (English). */
  readonly description: string;
  /** Document and section the rule comes from, e.g. "002 5.3.7". */
  readonly source: string;
  /** The source in German where `source` says more than documents, sections and quotations ("(32 cards)"); else `source` serves both. */
  readonly sourceDe?: string;
  readonly type: 'boolean' | 'integer' | 'choice';
  readonly choices?: readonly string[];
  /** The documented range of an integer rule: every integer rule has both bounds. */
  readonly min?: number;
  readonly max?: number;
  /** The default when no preset changes it. */
  readonly default: RuleValue;
}

/** A named set of house rules. */
export interface Preset {
  /** The id, e.g. "aumer-koller"; people read `label`. */
  readonly name: string;
  /** The preset's name for people, e.g. "Aumer/Koller (Buch)". */
  readonly label: Words;
  /** One line: what sets this preset apart. */
  readonly explain: Words;
  readonly description: string;
  readonly source: string;
  /** As a house rule's `sourceDe`. */
  readonly sourceDe?: string;
  readonly values: Readonly<Record<string, RuleValue>>;
}

export interface RuleBook<Rules> {
  readonly game: string;
  readonly houseRules: readonly HouseRule[];
  readonly presets: readonly Preset[];
  readonly defaultPreset: string;
  /** Checks that need more than one rule at a time; undefined if fine. */
  check?(rules: Rules): StichError | undefined;
}

/** Resolved rules always say which preset they started from. */
export interface ResolvedRules {
  readonly preset: string;
}

/**
 * Resolves a preset plus overrides into a complete rules object. Overrides
 * may be strings (from the command line) or typed values (from a record).
 * Unknown presets, unknown rules and values out of range are errors.
 */
export function resolveRules<Rules extends ResolvedRules>(
  book: RuleBook<Rules>,
  presetName?: string,
  overrides: Readonly<Record<string, unknown>> = {},
): Result<Rules> {
  const name = presetName ?? book.defaultPreset;
  const preset = book.presets.find((p) => p.name === name);
  if (!preset) {
    return fail('unknownPreset', `unknown preset ${quote(name)} for ${book.game}; presets: ${book.presets.map((p) => p.name).join(', ')}`);
  }
  const values: Record<string, RuleValue> = {};
  for (const rule of book.houseRules) values[rule.name] = rule.default;
  for (const [key, value] of Object.entries(preset.values)) values[key] = value;
  for (const [key, raw] of Object.entries(overrides)) {
    const rule = book.houseRules.find((r) => r.name === key);
    if (!rule) {
      return fail('unknownRule', `unknown house rule ${quote(key)} for ${book.game}; see "stich rules ${book.game}"`);
    }
    const parsed = parseRuleValue(rule, raw);
    if (!parsed.ok) return parsed;
    values[key] = parsed.value;
  }
  const rules = { preset: name, ...values } as unknown as Rules;
  const problem = book.check?.(rules);
  return problem ? err(problem) : ok(rules);
}

/** Reads a rules object from a record: preset plus every value, each checked. */
export function rulesFromJson<Rules extends ResolvedRules>(book: RuleBook<Rules>, json: unknown): Result<Rules> {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    return fail('badRules', 'rules must be an object with a "preset" and house-rule values');
  }
  const { preset, ...rest } = json as Record<string, unknown>;
  if (preset !== undefined && typeof preset !== 'string') return fail('badRules', '"preset" must be a string');
  return resolveRules(book, preset as string | undefined, rest);
}

export function parseRuleValue(rule: HouseRule, raw: unknown): Result<RuleValue> {
  const bad = (why: string) => fail('badRuleValue', `house rule "${rule.name}": ${why}`);
  switch (rule.type) {
    case 'boolean': {
      if (typeof raw === 'boolean') return ok(raw);
      const text = String(raw).toLowerCase();
      if (['true', 'on', 'yes', '1'].includes(text)) return ok(true);
      if (['false', 'off', 'no', '0'].includes(text)) return ok(false);
      return bad(`${quote(raw)} is not on/off (true/false)`);
    }
    case 'integer': {
      const n = typeof raw === 'number' ? raw : typeof raw === 'string' && /^-?\d+$/.test(raw.trim()) ? Number(raw) : NaN;
      if (!Number.isSafeInteger(n)) return bad(`${quote(raw)} is not a whole number`);
      if (rule.min === undefined || rule.max === undefined) return bad('the rule has no documented range');
      if (n < rule.min) return bad(`${n} is below the minimum ${rule.min}`);
      if (n > rule.max) return bad(`${n} is above the maximum ${rule.max}`);
      return ok(n);
    }
    case 'choice': {
      const text = String(raw);
      if (!rule.choices?.includes(text)) return bad(`${quote(text)} is not one of ${rule.choices?.join(', ')}`);
      return ok(text);
    }
  }
}

/**
 * Parses "name=value" words from the command line. The names become own
 * properties whatever they are ("__proto__" included), so that an unknown
 * name is reported, never silently dropped.
 */
export function parseRuleAssignments(words: readonly string[]): Result<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const word of words) {
    const eq = word.indexOf('=');
    if (eq <= 0) return fail('badRuleValue', `${quote(word)} is not name=value`);
    Object.defineProperty(out, word.slice(0, eq).trim(), { value: word.slice(eq + 1).trim(), enumerable: true, writable: true, configurable: true });
  }
  return ok(out);
}

/** A preset's name for people ("Aumer/Koller (Buch)"); an unknown id is shown as it is. */
export function presetLabel<Rules>(book: RuleBook<Rules>, name: string, lang: WordsLang): string {
  return book.presets.find((p) => p.name === name)?.label[lang] ?? name;
}

/** A house rule's name for people; an unknown id is shown as it is. */
export function ruleLabel<Rules>(book: RuleBook<Rules>, name: string, lang: WordsLang): string {
  return book.houseRules.find((r) => r.name === name)?.label[lang] ?? name;
}

/** A value of a house rule in words: "an"/"on", a choice's name, or the number. */
export function ruleValueLabel(rule: HouseRule, value: RuleValue, lang: WordsLang): string {
  if (rule.type === 'boolean') return value === true ? (lang === 'de' ? 'an' : 'on') : lang === 'de' ? 'aus' : 'off';
  if (rule.type === 'choice') return rule.choiceLabels?.[String(value)]?.[lang] ?? String(value);
  return String(value);
}

/**
 * The rules a table plays, in words: the preset's name and every house rule
 * whose value differs from the preset's, as "name: value".
 */
export function describeRules<Rules>(book: RuleBook<Rules>, rules: Readonly<Record<string, unknown>>, lang: WordsLang): { preset: string; changes: string[] } {
  const presetName = typeof rules.preset === 'string' ? rules.preset : book.defaultPreset;
  const preset = book.presets.find((p) => p.name === presetName);
  const changes: string[] = [];
  for (const rule of book.houseRules) {
    const value = rules[rule.name];
    if (value === undefined || typeof value === 'object') continue;
    const base = preset && rule.name in preset.values ? preset.values[rule.name] : rule.default;
    if (value !== base) changes.push(`${rule.label[lang]}: ${ruleValueLabel(rule, value as RuleValue, lang)}`);
  }
  return { preset: presetLabel(book, presetName, lang), changes };
}

/** A rule's value as `--rule name=value` takes it: on/off for a switch (not true/false), else as it is. */
function typedValue(value: unknown): string {
  return value === true ? 'on' : value === false ? 'off' : String(value);
}

/** Where a house rule or preset comes from, in the language asked for: the documents and sections, with the notes beside them in that language. */
export function ruleSource(entry: { readonly source: string; readonly sourceDe?: string }, lang: WordsLang): string {
  return lang === 'de' ? (entry.sourceDe ?? entry.source) : entry.source;
}

/**
 * The house-rule table for `stich rules GAME`: the people's name and line in the language asked for, then the id,
 * default and source (cited in that language, `ruleSource`); in English also the rule's longer description (there is none in German, so `--lang de` shows
 * the German lines alone, as the browser's rules page does).
 */
export function describeRuleBook<Rules>(book: RuleBook<Rules>, lang: WordsLang = 'en'): string {
  const de = lang === 'de';
  const lines: string[] = [];
  lines.push(de ? `${book.game}: Hausregeln (Name, Vorgabe, Quelle)` : `${book.game}: house rules (name, default, source)`);
  lines.push('');
  lines.push(de ? 'Voreinstellungen (--preset NAME):' : 'Presets (--preset NAME):');
  for (const p of book.presets) {
    lines.push(`  ${p.label[lang]} = ${p.name}${p.name === book.defaultPreset ? (de ? ' (Vorgabe)' : ' (default)') : ''}: ${p.explain[lang]}`);
    lines.push(de ? `      [${ruleSource(p, lang)}]` : `      ${p.description} [${p.source}]`);
    const changed = Object.entries(p.values);
    if (changed.length > 0) lines.push(`      ${de ? 'setzt' : 'sets'} ${changed.map(([k, v]) => `${k}=${typedValue(v)}`).join(', ')}`);
  }
  lines.push('');
  lines.push(de ? 'Hausregeln (--rule name=wert):' : 'House rules (--rule name=value):');
  for (const r of book.houseRules) {
    const kind = r.type === 'choice' ? r.choices?.join('|') : r.type === 'integer' ? `${de ? 'Zahl' : 'integer'}${r.min !== undefined ? ` ${r.min}..${r.max ?? ''}` : ''}` : 'on|off';
    lines.push(`  ${r.label[lang]}: ${r.name} = ${typedValue(r.default)}  (${kind})  [${ruleSource(r, lang)}]`);
    lines.push(`      ${r.explain[lang]}`);
    if (r.choiceLabels) lines.push(`      ${(r.choices ?? []).map((c) => `${c} = ${r.choiceLabels?.[c]?.[lang] ?? c}`).join('; ')}`);
    if (!de) lines.push(`      ${r.description}`);
  }
  return lines.join('\n');
}
