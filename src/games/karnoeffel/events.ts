import type { NumberedEvent, Seat } from '../game.js';
import type { KarnoeffelEvent, KarnoeffelState } from './state.js';
import { copyEvent } from './view.js';

/**
 * The numbered event stream of a deal as one seat (or `SPECTATOR`) may see
 * it. Every Karnöffel event is public: the deal's events name only cards
 * that lie face up (the first round, the trump draw, cards played, tricks)
 * and count the face-down cards dealt (`down`); raises, answers, the match
 * announcement and advice are said aloud (000: "Diese Ratschläge müssen
 * jedoch so gegeben werden, daß auch die Gegner sie hören können"). The
 * hands a seat may see (its partner's, a leader's team) are in its view,
 * never in events. So every seat receives the same events, and nothing is
 * redacted; each is a fresh copy.
 */
export function karnoeffelEvents(state: KarnoeffelState, _seat: Seat, since: number): NumberedEvent<KarnoeffelEvent>[] {
  const out: NumberedEvent<KarnoeffelEvent>[] = [];
  const from = Number.isInteger(since) && since > 0 ? since : 0;
  for (let n = from; n < state.events.length; n++) out.push({ n, event: copyEvent(state.events[n]) });
  return out;
}
