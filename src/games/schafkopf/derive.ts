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

/** The declaring party: declarer and, in a Rufspiel, the holder of the called Sau. */
export function partyOfState(state: SchafkopfState): Seat[] {
  return state.contract ? partyOf(state.contract, state.dealt, calledSau(state)) : [];
}

