import { expect } from 'vitest';
import { parseCard } from '../../cards/notation.js';
import { unwrap } from '../../core/result.js';
import type { SeededRng } from '../../core/rng.js';
import { shuffleDeck } from '../../cards/deck.js';
import { CARDS, PACK } from './cards.js';
import { dealOrder, handPosition, stepOf } from './deal.js';
import { apply, legal, mayAct, setup, setupWithDraw, toAct } from './engine.js';
import { RULE_BOOK, type KarnoeffelRules } from './rules.js';
import type { KarnoeffelAction, KarnoeffelState } from './state.js';
import { resolveRules } from '../ruleBook.js';

/** Test helpers: rules, decks with chosen hands, and quick play. */
export function rulesOf(overrides: Record<string, unknown> = {}, preset?: string): KarnoeffelRules {
  return unwrap(resolveRules(RULE_BOOK, preset, overrides));
}

export function card(code: string): number {
  return unwrap(parseCard(PACK, code));
}

export function cards(codes: string): number[] {
  return codes.split(/\s+/).filter(Boolean).map(card);
}

/**
 * A deck that deals the given hands: hands[seat] lists five cards, the first
 * one the face-up card, then the two of the second round and the two of the
 * third. Seats with no hand given get cards from the rest of the pack.
 */
export function deckFor(rules: KarnoeffelRules, dealer: number, hands: Record<number, string>): number[] {
  const n = rules.players;
  const order = dealOrder(dealer, stepOf(rules), n);
  const deck = new Array<number>(CARDS).fill(-1);
  const used = new Set<number>();
  for (const [seat, codes] of Object.entries(hands)) {
    const list = cards(codes);
    if (list.length !== 5) throw new Error(`seat ${seat} needs five cards`);
    const i = order.indexOf(Number(seat));
    list.forEach((c, j) => {
      if (used.has(c)) throw new Error(`card ${c} twice`);
      used.add(c);
      deck[handPosition(n, i, j)] = c;
    });
  }
  const rest = PACK.cards.filter((c) => !used.has(c));
  for (let p = 0; p < CARDS; p++) if (deck[p] < 0) deck[p] = rest.shift() as number;
  return deck;
}

export function start(rules: KarnoeffelRules, dealer: number, hands: Record<number, string>, points: number[] = [0, 0], drawn?: string): KarnoeffelState {
  const deal = { dealer, deck: deckFor(rules, dealer, hands), carry: { points } };
  return unwrap(drawn ? setupWithDraw(rules, deal, cards(drawn)) : setup(rules, deal));
}

export function act(state: KarnoeffelState, seat: number, action: KarnoeffelAction): KarnoeffelState {
  const r = apply(state, seat, action);
  if (!r.ok) throw new Error(`seat ${seat} ${JSON.stringify(action)}: ${r.error.message}`);
  return r.value;
}

/** Passes every pause until the cards are played. */
export function passToPlay(state: KarnoeffelState): KarnoeffelState {
  let s = state;
  while (s.phase === 'deal') s = act(s, toAct(s)[0], { type: 'pass' });
  return s;
}

/** Plays the given cards, each by the seat to play. */
export function playAll(state: KarnoeffelState, codes: string): KarnoeffelState {
  let s = state;
  for (const c of cards(codes)) s = act(s, toAct(s)[0], { type: 'play', card: c });
  return s;
}

/** Every preset with every player count it allows: what the property, bot, sitting and CLI tests run over. */
export const KARNOEFFEL_CONFIGS: readonly (readonly ['leyden-dummett' | 'landsknecht', 2 | 4 | 6 | 8])[] = [
  ['leyden-dummett', 2],
  ['leyden-dummett', 4],
  ['leyden-dummett', 6],
  ['leyden-dummett', 8],
  ['landsknecht', 4],
  ['landsknecht', 6],
  ['landsknecht', 8],
];

/** Asserts that the rules refuse this action with this code and message, and that the state is left as it was. */
export function rejects(state: KarnoeffelState, seat: number, action: KarnoeffelAction, code: string, message: RegExp): void {
  const before = JSON.stringify(state);
  const r = apply(state, seat, action);
  expect(r.ok).toBe(false);
  if (!r.ok) {
    expect(r.error.code).toBe(code);
    expect(r.error.message).toMatch(message);
  }
  expect(JSON.stringify(state)).toBe(before);
}

/** A deal as it was set up, and the actions taken since: what a replay needs. */
export interface PlayedDeal {
  readonly rules: KarnoeffelRules;
  readonly dealer: number;
  readonly deck: readonly number[];
  readonly drawn: readonly number[] | null;
  readonly points: readonly number[];
  readonly actions: readonly (readonly [number, KarnoeffelAction])[];
  readonly state: KarnoeffelState;
}

/** The state reached from this deal input by these actions (every action must apply). */
export function replay(
  rules: KarnoeffelRules,
  dealer: number,
  deck: readonly number[],
  drawn: readonly number[] | null,
  points: readonly number[],
  actions: readonly (readonly [number, KarnoeffelAction])[],
): KarnoeffelState {
  const deal = { dealer, deck: [...deck], carry: { points: [...points] } };
  let s = unwrap(drawn ? setupWithDraw(rules, deal, drawn) : setup(rules, deal));
  for (const [seat, a] of actions) s = act(s, seat, a);
  return s;
}

/**
 * A random deal played by random legal actions (raises, answers, now and
 * then advice and the match announcement) up to a random point: in the deal
 * (`until: 'deal'`), in the card play (`'play'`), or anywhere, the end
 * included (`'any'`). The match score is sometimes close to the target, so
 * that announcements happen.
 */
export function randomDeal(rules: KarnoeffelRules, rng: SeededRng, until: 'deal' | 'play' | 'any' = 'any'): PlayedDeal {
  for (;;) {
    const n = rules.players;
    const deck = shuffleDeck(PACK, rng);
    const dealer = rng.int(n);
    const points = rng.int(4) === 0 ? [rng.int(rules.target), rng.int(rules.target)] : [rng.int(10), rng.int(10)];
    const drawn = rules.trump === 'drawn' ? shuffleDeck(PACK, rng).slice(0, n) : null;
    const deal = { dealer, deck, carry: { points } };
    let state = unwrap(drawn ? setupWithDraw(rules, deal, drawn) : setup(rules, deal));
    const actions: [number, KarnoeffelAction][] = [];
    // How many actions to take (in the deal, or cards in the play): enough to reach any point.
    const stopAfter = rng.int(until === 'deal' ? 3 * n : until === 'play' ? 5 * n : 9 * n + 10);
    let counted = 0;
    for (;;) {
      if (state.phase === 'done') break;
      if (until === 'deal' && state.phase !== 'deal') break;
      if (counted >= stopAfter && (until !== 'play' || state.phase === 'play')) break;
      const [seat, action] = randomAction(state, rng);
      if (until !== 'play' || state.phase === 'play') counted++;
      state = act(state, seat, action);
      actions.push([seat, action]);
    }
    if (until === 'deal' && state.phase !== 'deal') continue;
    if (until === 'play' && state.phase !== 'play') continue;
    return { rules, dealer, deck, drawn, points, actions, state };
  }
}

/** One random legal action of some seat: the seat to decide mostly, now and then advice or the announcement. */
export function randomAction(state: KarnoeffelState, rng: SeededRng): [number, KarnoeffelAction] {
  const seats = mayAct(state);
  const talk: [number, KarnoeffelAction][] = [];
  for (const seat of seats) {
    for (const a of legal(state, seat)) {
      if (a.type === 'announce' && rng.int(2) === 0) return [seat, a];
      if (a.type === 'advise') talk.push([seat, a]);
    }
  }
  if (talk.length > 0 && rng.int(8) === 0) return talk[rng.int(talk.length)];
  const seat = toAct(state)[0];
  const options = legal(state, seat).filter((a) => a.type !== 'advise' && a.type !== 'announce');
  const weight = (a: KarnoeffelAction) => (a.type === 'refuse' ? 1 : a.type === 'raise' ? 2 : a.type === 'accept' ? 5 : 4);
  let total = 0;
  for (const a of options) total += weight(a);
  let r = rng.int(total);
  for (const a of options) {
    r -= weight(a);
    if (r < 0) return [seat, a];
  }
  return [seat, options[options.length - 1]];
}
