import type { NumberedEvent, Seat } from '../game.js';
import type { SchnapsenEvent, SchnapsenState } from './state.js';
import { eventFor } from './view.js';

/**
 * The numbered events of a deal as this seat (or SPECTATOR) may see them,
 * from `since` on: every number 0..n-1, each event redacted by `eventFor`
 * (view.ts), the one place that decides what a seat may see.
 */
export function schnapsenEvents(state: SchnapsenState, seat: Seat, since: number): NumberedEvent<SchnapsenEvent>[] {
  const me = Number.isInteger(seat) && seat >= 0 && seat < state.seats ? seat : -1;
  const out: NumberedEvent<SchnapsenEvent>[] = [];
  const from = Number.isInteger(since) && since > 0 ? since : 0;
  for (let n = from; n < state.events.length; n++) out.push({ n, event: eventFor(state, state.events[n], me) });
  return out;
}
