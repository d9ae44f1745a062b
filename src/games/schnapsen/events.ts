import type { NumberedEvent, Seat } from '../game.js';
import type { SchnapsenEvent, SchnapsenState } from './state.js';
import { schnapsenView } from './view.js';

/** The numbered events of a deal as this seat may see them: the view's redacted log, from `since` on. */
export function schnapsenEvents(state: SchnapsenState, seat: Seat, since: number): NumberedEvent<SchnapsenEvent>[] {
  const events = schnapsenView(state, seat).events;
  const out: NumberedEvent<SchnapsenEvent>[] = [];
  for (let n = Math.max(0, since); n < events.length; n++) out.push({ n, event: events[n] });
  return out;
}
