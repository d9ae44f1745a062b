import type { NumberedEvent, Seat } from '../game.js';
import type { KarnoeffelEvent, KarnoeffelState } from './state.js';

/** Every Karnöffel event in the log is public (hidden cards are never in it): the stream is the log, numbered. */
export function karnoeffelEvents(state: KarnoeffelState, _seat: Seat, since: number): NumberedEvent<KarnoeffelEvent>[] {
  const out: NumberedEvent<KarnoeffelEvent>[] = [];
  for (let n = Math.max(0, since); n < state.events.length; n++) out.push({ n, event: structuredClone(state.events[n]) });
  return out;
}
