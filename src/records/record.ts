import { isCompleteDeck } from '../cards/deck.js';
import { parseCards } from '../cards/notation.js';
import { rulesFromJson, type ResolvedRules } from '../games/ruleBook.js';
import type { GameEntry } from '../games/entry.js';
import type { SittingResult } from '../sitting/sitting.js';
import { jsonEqual } from '../core/json.js';
import { err, ok, type Result } from '../core/result.js';

/**
 * A game record: rules, players, how the sitting began, and every deal with
 * its dealer, carry, deck, actions and outcome. Documented in docs/records.md.
 */
export interface GameRecord {
  readonly format: 'stich-record';
  readonly version: 1;
  readonly game: string;
  readonly rules: ResolvedRules & Record<string, unknown>;
  readonly players: readonly string[];
  readonly start: unknown;
  readonly deals: readonly DealRecord[];
  readonly sheet: unknown;
}

export interface DealRecord {
  readonly dealer: number;
  readonly carry: unknown;
  readonly deck: readonly string[];
  readonly actions: readonly (readonly [number, string])[];
  readonly outcome: unknown;
}

/** Where a record broke: the deal and action index (from 0) and why. */
export interface RecordError {
  readonly code: string;
  readonly message: string;
  readonly deal?: number;
  readonly action?: number;
}

export function toRecord(gameId: string, result: SittingResult<unknown, unknown, unknown, unknown, unknown>): GameRecord {
  return {
    format: 'stich-record',
    version: 1,
    game: gameId,
    rules: result.rules as GameRecord['rules'],
    players: result.players,
    start: result.start,
    deals: result.deals.map((d) => ({ dealer: d.dealer, carry: d.carry, deck: d.deck, actions: d.actions, outcome: d.outcome })),
    sheet: result.sheet,
  };
}

const fault = (code: string, message: string, deal?: number, action?: number): Result<never, RecordError> =>
  err({ code, message: locate(deal, action) + message, deal, action });

function locate(deal?: number, action?: number): string {
  if (deal === undefined) return '';
  return action === undefined ? `deal ${deal}: ` : `deal ${deal}, action ${action}: `;
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

function checkShape(json: unknown): Result<GameRecord, RecordError> {
  if (!isObject(json)) return fault('badRecord', 'a record is a JSON object');
  if (json.format !== 'stich-record') return fault('badRecord', '"format" must be "stich-record"');
  if (json.version !== 1) return fault('badRecord', `unsupported "version" ${JSON.stringify(json.version)} (this program reads version 1)`);
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
  }
  return ok(json as unknown as GameRecord);
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
export function replayRecord(record: GameRecord, entry: GameEntry): Result<ReplaySummary, RecordError> {
  const { game, sitting } = entry;
  if (record.game !== game.id) return fault('wrongGame', `the record is of "${record.game}", not "${game.id}"`);
  const rules = rulesFromJson(game.ruleBook, record.rules);
  if (!rules.ok) return fault('badRules', rules.error.message);
  const seats = game.seatCount(rules.value);
  if (record.players.length !== seats) {
    return fault('badRecord', `${game.title} with these rules has ${seats} seats, the record names ${record.players.length} players`);
  }
  const startProblem = entry.checkStart?.(rules.value, record.start);
  if (startProblem) return fault('badStart', startProblem);
  const pack = game.pack(rules.value);
  let sheet = sitting.initialSheet(rules.value, record.start);
  let expectedDealer: number | undefined;
  const finalStates: unknown[] = [];

  for (let i = 0; i < record.deals.length; i++) {
    const d = record.deals[i];
    if (d.dealer < 0 || d.dealer >= seats) return fault('badRecord', `dealer ${d.dealer} is not a seat`, i);
    if (expectedDealer !== undefined && d.dealer !== expectedDealer) {
      return fault('wrongDealer', `seat ${d.dealer} deals, but after the previous deal seat ${expectedDealer} must deal`, i);
    }
    const carry = sitting.carry(rules.value, sheet);
    if (!same(carry, d.carry)) {
      return fault('wrongCarry', `the deal carries ${JSON.stringify(d.carry)}, but the deals before it leave ${JSON.stringify(carry)}`, i);
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
      if (!action.ok) return fault(action.error.code, `seat ${seat} "${text}": ${action.error.message}`, i, j);
      const next = game.apply(state, seat, action.value);
      if (!next.ok) return fault(next.error.code, `seat ${seat} "${text}": ${next.error.message}`, i, j);
      state = next.value;
    }
    const outcome = game.outcome(state);
    if (outcome === undefined) {
      return fault('unfinished', `the record stops before the deal is over (seat ${game.toAct(state).join(', ')} to act)`, i);
    }
    if (!same(outcome, d.outcome)) {
      return fault('wrongOutcome', `the recorded outcome ${JSON.stringify(d.outcome)} differs from the rules' ${JSON.stringify(outcome)}`, i);
    }
    const booked = sitting.afterDeal(rules.value, sheet, d.dealer, outcome);
    sheet = booked.sheet;
    expectedDealer = booked.nextDealer;
    finalStates.push(state);
  }
  if (record.sheet !== undefined && !same(sheet, record.sheet)) {
    return fault('wrongSheet', `the recorded score sheet ${JSON.stringify(record.sheet)} differs from the deals' ${JSON.stringify(sheet)}`);
  }
  return ok({ record, finalStates, sheet });
}
