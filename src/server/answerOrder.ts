import type { ServerMessage } from './protocol.js';

/** How long an answer may wait for its events before the socket rejoins its table to get them. */
export const HOLD_REJOIN_MS = 2000;

type Answer = Extract<ServerMessage, { type: 'ok' | 'error' | 'contributed' | 'hintResult' }>;

/**
 * The answers to one socket's requests at one table, held back until the
 * socket has the events they report. An `ok` names the last event when its
 * action was done (`e`); in a cluster it may come before those events (the
 * action reached the owner ahead of the socket's join after a reconnect, a
 * move of the table, or an outage of Redis), and a client that acts on `ok`
 * would act on an old state. So an `ok` whose event the socket has not had
 * waits, and every answer after it waits behind it: answers go out in the
 * order they came, each after the events it reports.
 */
export class HeldAnswers {
  private readonly queue: Answer[] = [];
  private since: number | undefined;

  /** Holds the answer (true) when the socket lacks its events, or when an earlier answer is held. */
  hold(m: Answer, last: number | undefined): boolean {
    if (this.queue.length === 0 && !(m.type === 'ok' && (last === undefined || last < m.e))) return false;
    this.queue.push(m);
    this.since ??= Date.now();
    return true;
  }

  /** The answers that may go out now that the socket has every event up to `last`, in order. */
  release(last: number): Answer[] {
    let n = 0;
    while (n < this.queue.length) {
      const m = this.queue[n];
      if (m.type === 'ok' && m.e > last) break;
      n++;
    }
    const out = this.queue.splice(0, n);
    if (this.queue.length === 0) this.since = undefined;
    else if (n > 0) this.since = Date.now();
    return out;
  }

  /** Whether an answer has been held since before `t`. */
  waitingSince(t: number): boolean {
    return this.since !== undefined && this.since < t;
  }

  /** Starts the wait afresh (the socket just asked for the events again). */
  touch(now: number): void {
    if (this.since !== undefined) this.since = now;
  }

  get size(): number {
    return this.queue.length;
  }
}
