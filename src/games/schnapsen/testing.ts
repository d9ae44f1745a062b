import { parseCards } from '../../cards/notation.js';
import type { Card } from '../../cards/pack.js';
import { unwrap } from '../../core/result.js';
import { resolveRules } from '../ruleBook.js';
import { PACK } from './cards.js';
import { dealLayout } from './deal.js';
import { bauernschnapsen, talonschnapsen, type SchnapsenGame } from './game.js';
import { parseSchnapsenAction } from './notation.js';
import type { SchnapsenRules, Variant } from './rules.js';
import type { SchnapsenAction, SchnapsenCarry, SchnapsenState } from './state.js';
import type { SchnapsenView } from './view.js';
import { shuffleDeck } from '../../cards/deck.js';
import type { Rng } from '../../core/rng.js';

/**
 * Builds deals from given hands, for scenario tests and examples: the rule
 * text says "the Rufer holds …", this turns it into a deck in dealing order.
 * The dealer is the last seat, so the Rufer is seat 0 and seat i holds
 * hands[i].
 */
export function gameOf(variant: Variant): SchnapsenGame {
  return variant === 'bauern' ? bauernschnapsen : talonschnapsen;
}

export function rulesFor(variant: Variant, overrides: Record<string, unknown> = {}, preset?: string): SchnapsenRules {
  return unwrap(resolveRules(gameOf(variant).ruleBook, preset, overrides));
}

/**
 * The deck that deals `hands` (one string of card codes per seat from the
 * Rufer on, in the order each seat receives them: the first three are the
 * first packet) and the talon.
 */
export function deckFor(variant: Variant, hands: readonly string[], knocked = false, talon = ''): Card[] {
  const layout = dealLayout(variant, knocked);
  const deck: Card[] = new Array(20).fill(-1);
  hands.forEach((text, i) => {
    const cards = unwrap(parseCards(PACK, text));
    const slots = [...layout.first[i], ...layout.rest[i]];
    if (cards.length !== slots.length) throw new Error(`hand ${i} needs ${slots.length} cards`);
    slots.forEach((slot, k) => (deck[slot] = cards[k]));
  });
  if (layout.talon.length > 0) {
    let rest = talon ? unwrap(parseCards(PACK, talon)) : PACK.cards.filter((c) => !deck.includes(c));
    if (rest.length !== 2) rest = PACK.cards.filter((c) => !deck.includes(c));
    layout.talon.forEach((slot, k) => (deck[slot] = rest[k]));
  }
  if (deck.includes(-1) || new Set(deck).size !== 20) throw new Error('the hands must deal the 20 cards exactly once');
  return deck;
}

export interface DealOptions {
  readonly rules?: SchnapsenRules;
  readonly knocked?: boolean;
  readonly talon?: string;
  readonly carry?: SchnapsenCarry;
}

/** A fresh deal with the Rufer at seat 0 (dealer = last seat), not yet cut. */
export function newDeal(variant: Variant, hands: readonly string[], options: DealOptions = {}): SchnapsenState {
  const game = gameOf(variant);
  const rules = options.rules ?? rulesFor(variant);
  const deck = deckFor(variant, hands, options.knocked ?? false, options.talon ?? '');
  const dealer = game.seatCount(rules) - 1;
  return unwrap(game.setup(rules, { dealer, deck, carry: options.carry ?? game.initialCarry(rules) }));
}

/** Applies "seat action; seat action; …" and throws with the failing step on a rule error. */
export function run(state: SchnapsenState, script: string): SchnapsenState {
  const game = gameOf(state.variant);
  for (const step of script.split(';').map((x) => x.trim()).filter((x) => x.length > 0)) {
    const m = /^(\d+)\s+(.+)$/.exec(step);
    if (!m) throw new Error(`bad step "${step}"`);
    const seat = Number(m[1]);
    const action = unwrap(parseSchnapsenAction(m[2]));
    const next = game.apply(state, seat, action);
    if (!next.ok) throw new Error(`step "${step}": ${next.error.message}`);
    state = next.value;
  }
  return state;
}

/** Tries one step and returns the error (or undefined if it applied). */
export function attempt(state: SchnapsenState, step: string): { code: string; message: string } | undefined {
  const m = /^(\d+)\s+(.+)$/.exec(step.trim());
  if (!m) throw new Error(`bad step "${step}"`);
  const action = parseSchnapsenAction(m[2]);
  if (!action.ok) return action.error;
  const next = gameOf(state.variant).apply(state, Number(m[1]), action.value);
  return next.ok ? undefined : next.error;
}

/** Everybody says "weiter" until the first card (announcements, talon untouched is not covered: lay away first). */
export function passToPlay(state: SchnapsenState): SchnapsenState {
  const game = gameOf(state.variant);
  for (let guard = 0; guard < 20 && (state.phase === 'announce' || state.phase === 'spritzen' || state.phase === 'raise' || state.phase === 'raiseAfter'); guard++) {
    state = unwrap(game.apply(state, state.turn, { type: 'pass' }));
  }
  return state;
}

/** Every card a view mentions anywhere: what the seat knows of the pack (its hand, the cards seen and shown). */
export function knownCards(v: SchnapsenView): Set<Card> {
  const out = new Set<Card>(v.hand);
  const add = (c: Card | null | undefined) => c !== null && c !== undefined && out.add(c);
  add(v.turned);
  v.talon?.forEach(add);
  v.laidAway?.forEach(add);
  v.trick.forEach((p) => add(p.card));
  v.firstTricks.forEach((t) => t?.cards.forEach((p) => add(p.card)));
  v.openHands.forEach((h) => h?.forEach(add));
  for (const e of v.events) {
    if (e.type === 'play') add(e.card);
    if (e.type === 'trick') e.cards.forEach((p) => add(p.card));
    if (e.type === 'open' || e.type === 'threeUnter') e.cards.forEach(add);
    if (e.type === 'trump') add(e.turned);
    if (e.type === 'talon') {
      e.talon?.forEach(add);
      e.cards?.forEach(add);
    }
  }
  return out;
}

/**
 * A whole deal with random legal actions: every state from the setup to the
 * end, and the actions between them. `normal`: everybody says "weiter" to
 * the announcements and the Spritzen, so that the normal game is played.
 */
export function randomDeal(variant: Variant, rules: SchnapsenRules, rng: Rng, dealer: number, carry?: SchnapsenCarry, normal = false): { states: SchnapsenState[]; actions: [number, SchnapsenAction][] } {
  const game = gameOf(variant);
  let s = unwrap(game.setup(rules, { dealer, deck: shuffleDeck(PACK, rng), carry: carry ?? game.initialCarry(rules) }));
  const states = [s];
  const actions: [number, SchnapsenAction][] = [];
  while (s.phase !== 'done') {
    const legal = game.legal(s, s.turn);
    const passing = normal && (s.phase === 'announce' || s.phase === 'spritzen' || s.phase === 'raise' || s.phase === 'raiseAfter');
    const a = passing ? { type: 'pass' as const } : legal[rng.int(legal.length)];
    actions.push([s.turn, a]);
    s = unwrap(game.apply(s, s.turn, a));
    states.push(s);
  }
  return { states, actions };
}

/**
 * Replays `actions` on another deck of the same deal, adapting only the
 * decisions nobody else sees: the cards named in a lay-away are renamed by
 * `rename`; the Rufer's silent "behalten" after three Unter is added or
 * dropped as the other deck needs. Returns the state after each action (as
 * `states` of `randomDeal`), or undefined if an action does not apply there.
 */
export function replayOn(first: SchnapsenState, deck: readonly Card[], actions: readonly (readonly [number, SchnapsenAction])[], rename: (c: Card) => Card): SchnapsenState[] | undefined {
  const game = gameOf(first.variant);
  let s = unwrap(game.setup(first.rules, { dealer: first.dealer, deck, carry: first.carry }));
  const out = [s];
  for (const [seat, a0] of actions) {
    let a = a0;
    if (a.type === 'lay') a = { type: 'lay', cards: [rename(a.cards[0]), rename(a.cards[1])] };
    if (a.type === 'keep' && s.phase !== 'threeUnter') {
      out.push(s);
      continue;
    }
    if (s.phase === 'threeUnter' && a.type !== 'keep' && a.type !== 'redeal' && a.type !== 'announce') {
      const kept = game.apply(s, s.turn, { type: 'keep' });
      if (!kept.ok) return undefined;
      s = kept.value;
    }
    const r = game.apply(s, seat, a);
    if (!r.ok) return undefined;
    s = r.value;
    out.push(s);
  }
  return out;
}

/** The rule sets the property tests run over: both variants, the default and `alles` presets, and the variants of the regional games. */
export const SCHNAPSEN_CONFIGS: [Variant, string | undefined, Record<string, unknown>][] = [
  ['bauern', undefined, {}],
  ['bauern', 'alles', {}],
  ['bauern', 'alles', { plaudererVariant: 'b', announcementOrder: 'open', zehnergangPrecedence: 'gang', bettlerPartnerSitsOut: false, schnapserZusammen: true, blindRufen: false, kontraHerrenbauer: false }],
  ['bauern', 'alles', { plaudererVariant: 'c', schnapserMitMann: true }],
  ['talon', undefined, {}],
  ['talon', 'alles', { talonRaiseBeforeTalon: true, talonRaiseAfterTalon: true }],
  ['talon', 'alles', { plaudererVariant: 'b', announcementOrder: 'open', blindRufen: false, kontraHerrenbauer: false }],
];
