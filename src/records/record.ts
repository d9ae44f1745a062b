import { isCompleteDeck } from '../cards/deck.js';
import { parseCards } from '../cards/notation.js';
import { rulesFromJson, type ResolvedRules } from '../games/ruleBook.js';
import { jsonEqual, MAX_JSON_DEPTH, nestsDeeperThan } from '../core/json.js';
import { err, ok, type ErrorCode, type Result } from '../core/result.js';
import { excerptJson, quote } from '../core/text.js';
import type { GameTypes } from '../games/game.js';
import type { AnyGameModule } from '../games/module.js';
import type { SittingResult } from '../games/sitting.js';
import type { DealFairness } from '../core/fairness.js';

/**
 * A game record: rules, players, how the sitting began, and every deal with
 * its dealer, carry, deck, actions and outcome. Documented in docs/records.md.
 */
export interface GameRecord {
  readonly format: 'stich-record';
  /** 4 when hints were taken (`hints`), 3 since deals carry their fairness proof, 2 since substitutions are recorded; versions 1 to 3 are still read. */
  readonly version: 1 | 2 | 3 | 4;
  readonly game: string;
  readonly rules: ResolvedRules & Record<string, unknown>;
  readonly players: readonly string[];
  readonly start: unknown;
  readonly deals: readonly DealRecord[];
  readonly sheet: unknown;
  /** Decisions made by the `easy` bot for an outside program that failed to answer (version 2; absent in version 1). */
  readonly substitutions?: readonly Substitution[];
  /** Version 4: every hint taken (an unrated table's Tipp, `hint` at the terminal), in the order taken. */
  readonly hints?: readonly HintTaken[];
}

/** Why an outside program's decision was made by another bot. */
export type SubstitutionReason = 'timeout' | 'malformed' | 'illegal' | 'crashed';
export const SUBSTITUTION_REASONS: readonly SubstitutionReason[] = ['timeout', 'malformed', 'illegal', 'crashed'];

/** One decision made for a seat by a substitute: the deal and action index (from 0), the seat and why. */
export interface Substitution {
  readonly deal: number;
  readonly action: number;
  readonly seat: number;
  readonly reason: SubstitutionReason;
}

/** The version of the record format this program writes (HINTS_VERSION for a sitting in which hints were taken). */
export const RECORD_VERSION = 3;
/** Version 4: version 3 with `hints`, written only when a player took one (older readers need not know hints otherwise). */
export const HINTS_VERSION = 4;

/** A hint a player took (issue 22): before the action with this index (from 0) of the deal (from 0), for this seat. */
export interface HintTaken {
  readonly deal: number;
  readonly action: number;
  readonly seat: number;
}

export interface DealRecord {
  readonly dealer: number;
  readonly carry: unknown;
  readonly deck: readonly string[];
  readonly actions: readonly (readonly [number, string])[];
  readonly outcome: unknown;
  /** Version 3: how the deck was shuffled (docs/fairness.md), for `stich verify`; absent where it came from a plain random source (`--seed`). */
  readonly fair?: DealFairness;
}

/** Where a record broke: the deal and action index (from 0) and why. */
export interface RecordError {
  readonly code: ErrorCode;
  readonly message: string;
  readonly deal?: number;
  readonly action?: number;
}

export function toRecord<T extends GameTypes>(gameId: string, result: SittingResult<T>, substitutions: readonly Substitution[] = [], hints: readonly HintTaken[] = []): GameRecord {
  return {
    format: 'stich-record',
    version: hints.length > 0 ? HINTS_VERSION : RECORD_VERSION,
    game: gameId,
    rules: result.rules as GameRecord['rules'],
    players: result.players,
    start: result.start,
    deals: result.deals.map((d) => ({
      dealer: d.dealer,
      carry: d.carry,
      deck: d.deck,
      actions: d.actions,
      outcome: d.outcome,
      ...(d.fair ? { fair: { context: { ...d.fair.context }, commitment: d.fair.commitment, seed: d.fair.seed, contributions: [...d.fair.contributions] } } : {}),
    })),
    sheet: result.sheet,
    substitutions: substitutions.map((x) => ({ deal: x.deal, action: x.action, seat: x.seat, reason: x.reason })),
    ...(hints.length > 0 ? { hints: hints.map((h) => ({ deal: h.deal, action: h.action, seat: h.seat })) } : {}),
  };
}

const fault = (code: ErrorCode, message: string, deal?: number, action?: number): Result<never, RecordError> =>
  err({ code, message: locate(deal, action) + message, deal, action });

/** Where a fault of a record lies, as its message begins: "deal 2: ", "deal 2, action 7: ", or "" for the record as a whole. */
export function locate(deal?: number, action?: number): string {
  if (deal === undefined) return '';
  return action === undefined ? `deal ${deal + 1}: ` : `deal ${deal + 1}, action ${action + 1}: `;
}

/** Reads the JSON text of a record and checks its shape (not yet its rules). */
export function parseRecord(text: string): Result<GameRecord, RecordError> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    return fault('badJson', `not valid JSON: ${(e as Error).message}`);
  }
  return checkShape(json);
}

function isObject(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

/** A note on one decision of a record (a substitution, a hint): a deal of the record, an action's index and a seat. */
function namesDecision(x: unknown, deals: number): x is Record<string, unknown> {
  if (!isObject(x)) return false;
  const count = (v: unknown, below = Infinity) => Number.isInteger(v) && (v as number) >= 0 && (v as number) < below;
  return count(x.deal, deals) && count(x.action) && count(x.seat);
}

function checkShape(json: unknown): Result<GameRecord, RecordError> {
  if (!isObject(json)) return fault('badRecord', 'a record is a JSON object');
  if (nestsDeeperThan(json, MAX_JSON_DEPTH)) return fault('badRecord', `the record nests more than ${MAX_JSON_DEPTH} levels deep; no record does`);
  if (json.format !== 'stich-record') return fault('badRecord', '"format" must be "stich-record"');
  if (json.version !== 1 && json.version !== 2 && json.version !== 3 && json.version !== 4) {
    return fault('badRecord', `unsupported "version" ${excerptJson(json.version, 20)} (this program reads versions 1 to 4)`);
  }
  if (typeof json.game !== 'string') return fault('badRecord', '"game" must name the game');
  if (!isObject(json.rules)) return fault('badRecord', '"rules" must be an object');
  if (!Array.isArray(json.players) || !json.players.every((p) => typeof p === 'string')) {
    return fault('badRecord', '"players" must be a list of names');
  }
  if (!Array.isArray(json.deals) || json.deals.length === 0) return fault('badRecord', '"deals" must be a non-empty list');
  for (let i = 0; i < json.deals.length; i++) {
    const d: unknown = json.deals[i];
    if (!isObject(d)) return fault('badRecord', 'a deal must be an object', i);
    if (!Number.isInteger(d.dealer)) return fault('badRecord', '"dealer" must be a seat number', i);
    if (!Array.isArray(d.deck) || !d.deck.every((c) => typeof c === 'string')) return fault('badRecord', '"deck" must be a list of card codes', i);
    if (!Array.isArray(d.actions)) return fault('badRecord', '"actions" must be a list', i);
    for (let j = 0; j < d.actions.length; j++) {
      const a: unknown = d.actions[j];
      if (!Array.isArray(a) || a.length !== 2 || !Number.isInteger(a[0]) || typeof a[1] !== 'string') {
        return fault('badRecord', 'an action must be [seat, "action"]', i, j);
      }
    }
    if (!('outcome' in d)) return fault('badRecord', 'the deal has no "outcome"', i);
    if ('fair' in d) {
      if (json.version !== 3 && json.version !== 4) return fault('badRecord', '"fair" came with version 3; an older record has none', i);
      const problem = fairShapeProblem(d.fair);
      if (problem) return fault('badRecord', `"fair" ${problem}`, i);
    }
  }
  if (!('sheet' in json)) return fault('badRecord', 'the record has no "sheet" (the score sheet after the last deal)');
  if (json.version === 1 && 'substitutions' in json) return fault('badRecord', '"substitutions" came with version 2; a version 1 record has none');
  if (json.version !== 1) {
    const subs = json.substitutions;
    if (!Array.isArray(subs)) return fault('badRecord', '"substitutions" must be a list (empty when every seat answered itself)');
    for (const x of subs) {
      const ok = namesDecision(x, json.deals.length) && SUBSTITUTION_REASONS.includes(x.reason as SubstitutionReason);
      if (!ok) return fault('badRecord', `a substitution must be {"deal", "action", "seat", "reason"} with a deal of the record and a reason of ${SUBSTITUTION_REASONS.join(', ')}: ${excerptJson(x, 60)}`);
    }
  }
  if (json.version !== 4 && 'hints' in json) return fault('badRecord', '"hints" came with version 4; an older record has none');
  if (json.version === 4) {
    const hints = json.hints;
    if (!Array.isArray(hints)) return fault('badRecord', '"hints" must be a list (version 4 is written when hints were taken)');
    for (const x of hints) {
      const ok = namesDecision(x, json.deals.length);
      if (!ok) return fault('badRecord', `a hint must be {"deal", "action", "seat"} with a deal of the record: ${excerptJson(x, 60)}`);
    }
  }
  return ok(json as unknown as GameRecord);
}

/** Why a deal's `fair` is not {"context": {"game", "table", "deal"}, "commitment", "seed", "contributions"}, or undefined. The values themselves are checked by `stich verify`. */
function fairShapeProblem(f: unknown): string | undefined {
  if (!isObject(f)) return 'must be an object';
  const c = f.context;
  if (!isObject(c) || typeof c.game !== 'string' || typeof c.table !== 'string' || !Number.isInteger(c.deal)) return 'needs "context": {"game", "table", "deal"}';
  if (typeof f.commitment !== 'string') return 'needs "commitment" (hex)';
  if (typeof f.seed !== 'string') return 'needs "seed" (hex)';
  if (!Array.isArray(f.contributions) || !f.contributions.every((x) => x === null || typeof x === 'string')) return 'needs "contributions": one hex string or null per seat';
  return undefined;
}

export interface ReplaySummary {
  readonly record: GameRecord;
  /** The final state of every deal, for printing. */
  readonly finalStates: readonly unknown[];
  readonly sheet: unknown;
}

const same = jsonEqual;

/**
 * Re-checks every action of every deal against the rules, recomputes every
 * outcome, carry and the score sheet, and compares them with the record.
 */
export function replayRecord(record: GameRecord, module: AnyGameModule): Result<ReplaySummary, RecordError> {
  const { game, sitting } = module;
  if (record.game !== game.id) return fault('wrongGame', `the record is of ${quote(record.game)}, not "${game.id}"`);
  // A rule added after the record's format version is read with the value such records were played with.
  const legacy = Object.hasOwn(module.legacyRuleValues ?? {}, record.version) ? module.legacyRuleValues![record.version] : {};
  const missing = Object.fromEntries(Object.entries(legacy).filter(([name]) => !Object.hasOwn(record.rules, name)));
  const rules = rulesFromJson(game.ruleBook, { ...missing, ...record.rules });
  if (!rules.ok) return fault('badRules', rules.error.message);
  const seats = game.seatCount(rules.value);
  if (record.players.length !== seats) {
    return fault('badRecord', `${game.title} with these rules has ${seats} seats, the record names ${record.players.length} players`);
  }
  const startProblem = sitting.checkStart(rules.value, record.start);
  if (startProblem) return fault('badStart', startProblem);
  let expectedDealer: number | undefined = sitting.firstDealer(rules.value, record.start);
  const pack = game.pack(rules.value);
  let sheet = sitting.initialSheet(rules.value, record.start);
  const finalStates: unknown[] = [];

  for (let i = 0; i < record.deals.length; i++) {
    const d = record.deals[i];
    if (d.dealer < 0 || d.dealer >= seats) return fault('badRecord', `dealer ${d.dealer} is not a seat`, i);
    if (expectedDealer !== undefined && d.dealer !== expectedDealer) {
      const rule = i === 0 ? `the start of the sitting makes seat ${expectedDealer} the first dealer` : `after the previous deal seat ${expectedDealer} must deal`;
      return fault('wrongDealer', `seat ${d.dealer} deals, but ${rule}`, i);
    }
    const carry = sitting.carry(rules.value, sheet);
    if (!same(carry, d.carry)) {
      return fault('wrongCarry', `the deal carries ${excerptJson(d.carry)}, but the deals before it leave ${excerptJson(carry)}`, i);
    }
    const deck = parseCards(pack, d.deck);
    if (!deck.ok) return fault('badDeck', deck.error.message, i);
    if (!isCompleteDeck(pack, deck.value)) return fault('badDeck', `the deck must hold each of the ${pack.size} cards exactly once`, i);
    const setup = game.setup(rules.value, { dealer: d.dealer, deck: deck.value, carry });
    if (!setup.ok) return fault(setup.error.code, setup.error.message, i);
    let state = setup.value;
    for (let j = 0; j < d.actions.length; j++) {
      const [seat, text] = d.actions[j];
      if (seat < 0 || seat >= seats) return fault('badSeat', `seat ${seat} does not exist`, i, j);
      const action = game.parseAction(rules.value, text);
      if (!action.ok) return fault(action.error.code, `seat ${seat} ${quote(text)}: ${action.error.message}`, i, j);
      const next = game.apply(state, seat, action.value);
      if (!next.ok) return fault(next.error.code, `seat ${seat} ${quote(text)}: ${next.error.message}`, i, j);
      state = next.value;
    }
    const outcome = game.outcome(state);
    if (outcome === undefined) {
      return fault('unfinished', `the record stops before the deal is over (seat ${game.toAct(state).join(', ')} to act)`, i);
    }
    if (!same(outcome, d.outcome)) {
      return fault('wrongOutcome', `the recorded outcome differs from the rules': ${describeDifference(d.outcome, outcome)}`, i);
    }
    const booked = sitting.afterDeal(rules.value, sheet, d.dealer, outcome);
    sheet = booked.sheet;
    expectedDealer = booked.nextDealer;
    finalStates.push(state);
  }
  if (!same(sheet, record.sheet)) {
    return fault('wrongSheet', `the recorded score sheet differs from the deals': ${describeDifference(record.sheet, sheet)}`);
  }
  return ok({ record, finalStates, sheet });
}

/**
 * Names the fields in which a recorded value differs from the computed one,
 * each with both values ("score: recorded [1,2], rules [2,1]"), at most a few.
 */
export function describeDifference(recorded: unknown, computed: unknown): string {
  const out: string[] = [];
  const walk = (a: unknown, b: unknown, path: string, depth: number): void => {
    if (out.length >= 4 || same(a, b)) return;
    const objects = isObject(a) && isObject(b);
    if (depth < 6 && objects) {
      for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) walk(a[key], b[key], path ? `${path}.${key}` : key, depth + 1);
      return;
    }
    if (depth < 6 && Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.some((x) => typeof x === 'object' && x !== null)) {
      a.forEach((x, i) => walk(x, b[i], `${path}[${i}]`, depth + 1));
      return;
    }
    out.push(`${path || 'the value'}: recorded ${excerptJson(a, 60)}, rules ${excerptJson(b, 60)}`);
  };
  walk(recorded, computed, '', 0);
  return out.join('; ');
}
