import { err, fail, ok, type Result, type StichError } from '../core/result.js';
import { quote } from '../core/text.js';

export type RuleValue = boolean | number | string;

/**
 * One house rule: where the documents disagree, name regional variants, or
 * leave something to the table, the engine offers a named choice.
 */
export interface HouseRule {
  readonly name: string;
  readonly description: string;
  /** Document and section the rule comes from, e.g. "002 5.3.7". */
  readonly source: string;
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
  readonly name: string;
  readonly description: string;
  readonly source: string;
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

/** The house-rule table for `stich rules GAME`. */
export function describeRuleBook<Rules>(book: RuleBook<Rules>): string {
  const lines: string[] = [];
  lines.push(`${book.game}: house rules (name, default, source)`);
  lines.push('');
  lines.push('Presets:');
  for (const p of book.presets) {
    lines.push(`  ${p.name}${p.name === book.defaultPreset ? ' (default)' : ''}: ${p.description} [${p.source}]`);
    const changed = Object.entries(p.values);
    if (changed.length > 0) lines.push(`    sets ${changed.map(([k, v]) => `${k}=${String(v)}`).join(', ')}`);
  }
  lines.push('');
  lines.push('House rules (--rule name=value):');
  for (const r of book.houseRules) {
    const kind = r.type === 'choice' ? r.choices?.join('|') : r.type === 'integer' ? `integer${r.min !== undefined ? ` ${r.min}..${r.max ?? ''}` : ''}` : 'on|off';
    lines.push(`  ${r.name} = ${String(r.default)}  (${kind})  [${r.source}]`);
    lines.push(`      ${r.description}`);
  }
  return lines.join('\n');
}
