import { expect } from 'vitest';
import { parseCard } from '../../cards/notation.js';
import { unwrap } from '../../core/result.js';
import { CARDS, PACK } from './cards.js';
import { dealOrder, handPosition, stepOf } from './deal.js';
import { apply, setup, setupWithDraw, toAct } from './engine.js';
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
