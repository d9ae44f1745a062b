import { formatCard, formatMask, parseCard, parseCards } from '../../cards/notation.js';
import type { Card } from '../../cards/pack.js';
import { unwrap } from '../../core/result.js';
import { resolveRules } from '../ruleBook.js';
import type { Seat } from '../game.js';
import { parseAction, type SchafkopfAction } from './notation.js';
import { schafkopfPack } from './cards.js';
import { schafkopf } from './game.js';
import { SCHAFKOPF_RULES, type SchafkopfRules } from './rules.js';
import { deckForHands, type SchafkopfCarry, type SchafkopfState } from './state.js';

/**
 * Helpers for the Schafkopf tests: rules from a preset and overrides, a deal
 * built from four hands given by seat, and actions in their notation.
 */

export function rulesOf(preset?: string, overrides: Record<string, unknown> = {}): SchafkopfRules {
  return unwrap(resolveRules(SCHAFKOPF_RULES, preset, overrides));
}

/**
 * The deck that deals these hands (given by seat, codes separated by spaces):
 * the first half of each hand to Vorhand, Mittelhand, Hinterhand, the dealer,
 * then the second halves in the same order (002 3.4).
 */
export function deckFor(rules: SchafkopfRules, hands: readonly string[], dealer: Seat): Card[] {
  const pack = schafkopfPack(rules.kurzeKarte);
  return deckForHands(
    hands.map((h) => unwrap(parseCards(pack, h))),
    dealer,
  );
}

export function deal(rules: SchafkopfRules, hands: readonly string[], dealer: Seat = 3, carry: SchafkopfCarry = { stock: 0, bock: 0 }): SchafkopfState {
  return unwrap(schafkopf.setup(rules, { dealer, deck: deckFor(rules, hands, dealer), carry }));
}

export function act(state: SchafkopfState, text: string): SchafkopfAction {
  return unwrap(parseAction(schafkopfPack(state.rules.kurzeKarte), text));
}

/** Applies actions of the seats to act, in their notation ("weiter", "solo H", "EA"); throws on a rule error. */
export function play(state: SchafkopfState, ...texts: string[]): SchafkopfState {
  let s = state;
  for (const words of texts) {
    for (const text of words.split(',').map((w) => w.trim()).filter((w) => w.length > 0)) {
      const r = schafkopf.apply(s, s.turn, act(s, text));
      if (!r.ok) throw new Error(`seat ${s.turn} "${text}": ${r.error.message}`);
      s = r.value;
    }
  }
  return s;
}

export function card(state: SchafkopfState, code: string): Card {
  return unwrap(parseCard(schafkopfPack(state.rules.kurzeKarte), code));
}

/** The legal cards of the seat to play, as sorted codes. */
export function legalCodes(state: SchafkopfState): string[] {
  const pack = schafkopfPack(state.rules.kurzeKarte);
  return schafkopf
    .legal(state, state.turn)
    .map((a) => (a.type === 'play' ? formatCard(pack, a.card) : schafkopf.formatAction(state.rules, a)))
    .sort();
}

/** A seat's remaining hand as sorted codes. */
export function handCodes(state: SchafkopfState, seat: Seat): string[] {
  return formatMask(schafkopfPack(state.rules.kurzeKarte), state.hands[seat]).split(' ').filter((c) => c.length > 0).sort();
}
