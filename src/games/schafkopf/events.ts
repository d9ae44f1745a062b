import type { NumberedEvent, Seat } from '../game.js';
import type { SchafkopfAction } from './notation.js';
import type { SchafkopfState } from './state.js';

/** Every Schafkopf decision is public: the event stream is the table's log of actions. */
export interface SchafkopfEvent {
  readonly seat: Seat;
  readonly action: SchafkopfAction;
}

export function schafkopfEvents(state: SchafkopfState, _seat: Seat, since: number): NumberedEvent<SchafkopfEvent>[] {
  const out: NumberedEvent<SchafkopfEvent>[] = [];
  for (let n = Math.max(0, since); n < state.log.length; n++) {
    const [seat, action] = state.log[n];
    out.push({ n, event: { seat, action: { ...action } as SchafkopfAction } });
  }
  return out;
}
