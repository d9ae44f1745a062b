import { cardOf, type Card } from '../../cards/pack.js';
import type { Seat } from '../game.js';
import { schafkopfPack } from './cards.js';
import { partyOf } from './scoring.js';
import type { SchafkopfState } from './state.js';
import { playTables, type PlayTables } from './tables.js';

/** Facts derived from a state that several modules need. */

export function tablesOf(state: SchafkopfState): PlayTables {
  const pack = schafkopfPack(state.rules.kurzeKarte);
  const c = state.contract;
  return c ? playTables(pack, c.kind, c.kind === 'rufspiel' ? undefined : c.suit) : playTables(pack, 'rufspiel');
}

/** The called Sau of a Rufspiel, else -1. */
export function calledSau(state: SchafkopfState): Card {
  const c = state.contract;
  if (!c || c.kind !== 'rufspiel') return -1;
  return cardOf(schafkopfPack(state.rules.kurzeKarte), c.suit!, 'A')!;
}

/**
 * The called Sau if this seat holds it and it is still bound by 002 5.3.1.2
 * (and NOTES.md: not to be thrown off), else -1. It is bound until the trick
 * in which its suit is first led is over: `searched` turns true as soon as
 * the suit is led, but in that very trick the holder must still play the Sau.
 */
export function boundSau(state: SchafkopfState, seat: Seat): Card {
  const sau = calledSau(state);
  if (sau < 0 || (state.hands[seat] & (1 << sau)) === 0) return -1;
  if (!state.searched) return sau;
  const suit = tablesOf(state).follow[sau];
  const ledSuit = (c: Card) => (suit & (1 << c)) !== 0;
  const searchedNow = state.trick !== null && ledSuit(state.trick.cards[0]) && !state.tricks.some((t) => ledSuit(t.cards[0]));
  return searchedNow ? sau : -1;
}

/** The declaring party: declarer and, in a Rufspiel, the holder of the called Sau. */
export function partyOfState(state: SchafkopfState): Seat[] {
  return state.contract ? partyOf(state.contract, state.dealt, calledSau(state)) : [];
}

