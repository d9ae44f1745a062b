import { parseCards } from '../../cards/notation.js';
import { SUIT_LETTERS, type Card, type Suit } from '../../cards/pack.js';
import { jsonEqual } from '../../core/json.js';
import type { ConformanceFormat } from '../module.js';
import { err, ok, type Result } from '../../core/result.js';
import { excerptJson, quote } from '../../core/text.js';
import { resolveRules } from '../ruleBook.js';
import type { SchafkopfAction } from './notation.js';
import { schafkopfPack } from './cards.js';
import type { GameChoice, GameKind } from './contract.js';
import { schafkopf } from './game.js';
import { SCHAFKOPF_RULES, type SchafkopfRules } from './rules.js';
import { deckForHands, type SchafkopfState } from './state.js';

/**
 * The Schafkopf conformance format of ../shared/conformance/schafkopf/README.md:
 * one complete game per line with the payout every seat must receive. Each
 * line is turned into rules (the `sauspiel` preset plus the line's deck,
 * tariff and game variant), a deck, and the full action sequence (Klopfen,
 * bidding, Stoß, every card), replayed through the public `apply`.
 */
export interface ConformanceLine {
  readonly id: string;
  readonly deck: 'long' | 'short';
  readonly contract: {
    readonly type: string;
    readonly declarer?: number;
    readonly suit?: string | null;
    readonly tout?: boolean;
    readonly variant?: string;
    readonly tariff: Record<string, unknown>;
  };
  readonly doublings: readonly number[];
  readonly stoss: readonly number[];
  readonly stock: number;
  readonly hands: readonly (readonly string[])[];
  readonly tricks: readonly { readonly leader: number; readonly cards: readonly string[] }[];
  readonly payout: readonly number[];
  readonly stockPayout: number;
}

export interface ConformanceVerdict {
  readonly id: string;
  readonly passed: boolean;
  readonly expected: { readonly payout: readonly number[]; readonly stockPayout: number };
  readonly actual?: { readonly payout: readonly number[]; readonly stockPayout: number };
  /** Why the game could not be replayed (an illegal card, a wrong leader, a malformed line). */
  readonly problem?: string;
}

const KINDS: readonly GameKind[] = ['rufspiel', 'solo', 'wenz', 'farbwenz', 'geier', 'farbgeier', 'bettel', 'ramsch'];

function isSeat(x: unknown): x is number {
  return Number.isInteger(x) && (x as number) >= 0 && (x as number) <= 3;
}

/** Reads one line; a line that is not JSON or lacks a field is an error naming the line. */
export function parseConformanceLine(text: string, lineNumber: number): Result<ConformanceLine, string> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    return err(`line ${lineNumber}: not valid JSON: ${(e as Error).message}`);
  }
  const g = json as Record<string, unknown>;
  const where = `line ${lineNumber}${typeof g?.id === 'string' ? ` (${g.id.length <= 40 ? g.id : quote(g.id)})` : ''}`;
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return err(`line ${lineNumber}: a game must be a JSON object`);
  const c = g.contract as Record<string, unknown> | undefined;
  const problems: string[] = [];
  if (typeof g.id !== 'string') problems.push('"id" must be a string');
  if (g.deck !== 'long' && g.deck !== 'short') problems.push('"deck" must be "long" or "short"');
  if (typeof c !== 'object' || c === null) problems.push('"contract" must be an object');
  else {
    if (!KINDS.includes(c.type as GameKind)) problems.push(`unknown contract type ${quote(c.type)}`);
    if (typeof c.tariff !== 'object' || c.tariff === null) problems.push('"contract.tariff" must be an object');
    if (c.type !== 'ramsch' && !isSeat(c.declarer)) problems.push('"contract.declarer" must be a seat 0..3');
  }
  for (const key of ['doublings', 'stoss'] as const) {
    if (!Array.isArray(g[key]) || !(g[key] as unknown[]).every(isSeat)) problems.push(`"${key}" must be a list of seats`);
  }
  if (!Number.isInteger(g.stock) || (g.stock as number) < 0) problems.push('"stock" must be a whole number, not negative');
  if (!Array.isArray(g.hands) || g.hands.length !== 4 || !g.hands.every((h) => Array.isArray(h) && h.every((x) => typeof x === 'string'))) {
    problems.push('"hands" must be four lists of card codes');
  }
  const isTrick = (t: unknown): boolean => {
    const x = t as { leader?: unknown; cards?: unknown } | null;
    return typeof x === 'object' && x !== null && isSeat(x.leader) && Array.isArray(x.cards) && x.cards.every((c) => typeof c === 'string');
  };
  if (!Array.isArray(g.tricks) || !g.tricks.every(isTrick)) {
    problems.push('"tricks" must be a list of {leader, cards}, the cards as card codes');
  }
  if (!Array.isArray(g.payout) || g.payout.length !== 4 || !g.payout.every(Number.isInteger)) problems.push('"payout" must be four whole numbers');
  if (!Number.isInteger(g.stockPayout)) problems.push('"stockPayout" must be a whole number');
  if (problems.length > 0) return err(`${where}: ${problems.join('; ')}`);
  return ok(json as ConformanceLine);
}

function suitOfLetter(letter: unknown): Suit | undefined {
  const i = SUIT_LETTERS.indexOf(letter as (typeof SUIT_LETTERS)[number]);
  return i < 0 ? undefined : (i as Suit);
}

/** The rules a line plays under: the sauspiel preset, with the line's deck, tariff and variant. */
export function conformanceRules(line: ConformanceLine): Result<SchafkopfRules, string> {
  const { contract } = line;
  const tariff = contract.tariff;
  const kind = contract.type as GameKind;
  const o: Record<string, unknown> = {
    kurzeKarte: line.deck === 'short',
    klopfen: true,
    stoss: true,
    stossDepth: Math.max(2, line.stoss.length),
  };
  const num = (x: unknown, what: string): number => {
    if (!Number.isInteger(x)) throw new Error(`tariff "${what}" must be a whole number`);
    return x as number;
  };
  try {
    if (kind === 'ramsch') {
      o.allPass = 'ramsch';
      o.tarifRamsch = num(tariff.base, 'base');
      const d = tariff.durchmarsch;
      if (d === 'all') o.ramschDurchmarsch = 'allTricks';
      else if (d === null || d === undefined || d === 'none') o.ramschDurchmarsch = 'off';
      else if (typeof d === 'object' && d !== null && 'atLeast' in d) {
        o.ramschDurchmarsch = 'points';
        o.ramschDurchmarschPoints = num((d as { atLeast: unknown }).atLeast, 'durchmarsch.atLeast');
      } else throw new Error(`unknown durchmarsch ${excerptJson(d, 40)}`);
      o.ramschJungfrau = tariff.jungfrau === null || tariff.jungfrau === undefined ? 'off' : tariff.jungfrau;
    } else if (kind === 'bettel') {
      o.bettel = true;
      o.tarifBettel = num(tariff.base, 'base');
      if (contract.variant !== 'normal' && contract.variant !== 'stichzwang') throw new Error(`unknown Bettel variant ${quote(contract.variant)}`);
      o.bettelStichzwang = contract.variant === 'stichzwang';
    } else {
      if (kind === 'farbwenz' || kind === 'geier' || kind === 'farbgeier') o[kind] = true;
      o[kind === 'rufspiel' ? 'tarifRufspiel' : 'tarifSolo'] = num(tariff.base, 'base');
      o.tarifSchneider = num(tariff.schneiderSchwarz, 'schneiderSchwarz');
      const l = tariff.laufende as { value?: unknown; from?: unknown } | undefined;
      if (typeof l !== 'object' || l === null) throw new Error('tariff "laufende" must be {value, from}');
      o.tarifLaufende = num(l.value, 'laufende.value');
      const fromRule = kind === 'rufspiel' ? 'laufendeFromRufspiel' : kind === 'wenz' || kind === 'geier' ? 'laufendeFromWenz' : 'laufendeFromSolo';
      o[fromRule] = num(l.from, 'laufende.from');
    }
  } catch (e) {
    return err((e as Error).message);
  }
  const rules = resolveRules(SCHAFKOPF_RULES, 'sauspiel', o);
  return rules.ok ? ok(rules.value) : err(rules.error.message);
}

function contractChoice(line: ConformanceLine): Result<GameChoice, string> {
  const kind = line.contract.type as GameKind;
  const suit = suitOfLetter(line.contract.suit);
  const needs = kind === 'rufspiel' || kind === 'solo' || kind === 'farbwenz' || kind === 'farbgeier';
  if (needs && suit === undefined) return err(`a ${kind} needs a suit letter, not ${quote(line.contract.suit)}`);
  const choice: GameChoice = { kind, ...(needs ? { suit } : {}), ...(line.contract.tout ? { tout: true } : {}) };
  return ok(choice);
}

/** Replays one line and compares the payouts. */
export function checkConformanceLine(line: ConformanceLine): ConformanceVerdict {
  const expected = { payout: line.payout, stockPayout: line.stockPayout };
  const fault = (problem: string): ConformanceVerdict => ({ id: line.id, passed: false, expected, problem });
  const rules = conformanceRules(line);
  if (!rules.ok) return fault(rules.error);
  const pack = schafkopfPack(rules.value.kurzeKarte);
  const hands: Card[][] = [];
  for (const h of line.hands) {
    const cards = parseCards(pack, h);
    if (!cards.ok) return fault(cards.error.message);
    hands.push(cards.value);
  }
  // Seat 0 is Vorhand, so the dealer is seat 3.
  const deck = deckForHands(hands, 3);
  const setup = schafkopf.setup(rules.value, { dealer: 3, deck, carry: { stock: line.stock, bock: 0 } });
  if (!setup.ok) return fault(setup.error.message);
  let state: SchafkopfState = setup.value;
  const act = (seat: number, action: SchafkopfAction, what: string): string | undefined => {
    const next = schafkopf.apply(state, seat, action);
    if (!next.ok) return `${what}: seat ${seat} ${schafkopf.formatAction(rules.value, action)}: ${next.error.message}`;
    state = next.value;
    return undefined;
  };
  for (let seat = 0; seat < 4 && state.phase === 'klopfen'; seat++) {
    const p = act(seat, line.doublings.includes(seat) ? { type: 'klopfen' } : { type: 'weiter' }, 'Klopfen');
    if (p) return fault(p);
  }
  const choice = contractChoice(line);
  if (!choice.ok) return fault(choice.error);
  for (let seat = 0; seat < 4; seat++) {
    const bid: SchafkopfAction = line.contract.type !== 'ramsch' && seat === line.contract.declarer ? { type: 'bid', game: choice.value } : { type: 'weiter' };
    const p = act(seat, bid, 'bidding');
    if (p) return fault(p);
  }
  while (state.phase === 'stoss') {
    const seat = state.turn;
    const p = act(seat, line.stoss[state.stoss.length] === seat ? { type: 'stoss' } : { type: 'weiter' }, 'Stoß');
    if (p) return fault(p);
  }
  if (!jsonEqual(state.stoss, line.stoss)) return fault(`the Stoß sequence ${excerptJson(line.stoss, 40)} could not be given (the rules allowed ${JSON.stringify(state.stoss)})`);
  for (let i = 0; i < line.tricks.length; i++) {
    const trick = line.tricks[i];
    if (state.phase !== 'play') return fault(`trick ${i}: the game is already over`);
    if (state.turn !== trick.leader) return fault(`trick ${i}: the line has seat ${trick.leader} lead, the rules give the lead to seat ${state.turn}`);
    for (let k = 0; k < trick.cards.length; k++) {
      const seat = (trick.leader + k) % 4;
      const card = parseCards(pack, [trick.cards[k]]);
      if (!card.ok) return fault(`trick ${i}: ${card.error.message}`);
      const p = act(seat, { type: 'play', card: card.value[0] }, `trick ${i}`);
      if (p) return fault(p);
    }
  }
  const outcome = schafkopf.outcome(state);
  if (!outcome) return fault('the tricks end before the game is over');
  const actual = { payout: outcome.score, stockPayout: outcome.stock };
  return { id: line.id, passed: jsonEqual(actual, expected), expected, actual };
}

/** Checks a whole file's text: one verdict or parse error per non-empty line. */
export function checkConformanceText(text: string): { verdicts: ConformanceVerdict[]; errors: string[] } {
  const verdicts: ConformanceVerdict[] = [];
  const errors: string[] = [];
  text.split('\n').forEach((raw, i) => {
    if (raw.trim().length === 0) return;
    const line = parseConformanceLine(raw, i + 1);
    if (!line.ok) errors.push(line.error);
    else verdicts.push(checkConformanceLine(line.value));
  });
  return { verdicts, errors };
}

/** The conformance format as `stich conformance` runs it: one line of output per failing game. */
export const schafkopfConformance: ConformanceFormat = {
  description: 'Schafkopf games with expected payouts, one JSON object per line (../shared/conformance/schafkopf/README.md)',
  check(text) {
    const { verdicts, errors } = checkConformanceText(text);
    return {
      errors,
      verdicts: verdicts.map((v) => {
        if (v.passed) return { id: v.id, passed: true };
        const got = v.actual ? `payout ${JSON.stringify(v.actual.payout)} stock ${v.actual.stockPayout}` : `not replayable: ${v.problem}`;
        return { id: v.id, passed: false, problem: `expected payout ${JSON.stringify(v.expected.payout)} stock ${v.expected.stockPayout}, got ${got}` };
      }),
    };
  },
};
