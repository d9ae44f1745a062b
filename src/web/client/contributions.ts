import { randomSeedHex } from '../../core/fairness.js';
import type { Known } from './fair.js';

/**
 * The browser's part in a table's fair deals (docs/fairness.md): per deal the commitment seen before the cards and
 * the contribution sent (kept, so that a reconnect sends the same one again), and which deals' contributions went
 * out on the current connection. While the seated player reads a deal's summary, the next deal's contribution is
 * held (the server waits for it, up to its `readingMs`), so that his clock does not run behind the dialog; it goes
 * out when he has read every summary.
 */
export class Contributions {
  private readonly known = new Map<number, Known>();
  private readonly sentNow = new Set<number>();
  private reading = false;
  private held: { deal: number; commitment: string; seat: number } | null = null;

  constructor(private readonly send: (deal: number, contribution: string) => void) {}

  /**
   * A deal's commitment, seen by this page's seat (or, `seat` below 0, by one who watches: remembered, nothing sent).
   * `asked`: a snapshot says the server still waits for this seat's part. It is sent again even if it went out on
   * this connection: in a cluster the table may have moved to another process that never got it (its owner died
   * while collecting), and the socket, kept by a surviving process, was not new. A second copy the server already
   * has is refused as `duplicateContribution`, which the page ignores.
   */
  offer(deal: number, commitment: string, seat: number, asked = false): void {
    const k = this.known.get(deal) ?? {};
    k.commitment ??= commitment;
    this.known.set(deal, k);
    if (asked) this.sentNow.delete(deal);
    if (seat < 0 || this.sentNow.has(deal)) return;
    if (this.reading) {
      this.held = { deal, commitment, seat };
      return;
    }
    k.mine ??= { seat, contribution: randomSeedHex() };
    this.sentNow.add(deal);
    this.send(deal, k.mine.contribution);
  }

  /** What this page knows of a deal, for the check of its reveal. */
  of(deal: number): Known {
    return this.known.get(deal) ?? {};
  }

  /** A new connection: the contributions not yet dealt go out again on it. */
  reconnected(): void {
    this.sentNow.clear();
  }

  /** A deal ended before the seated player's eyes: the next one's contribution waits until he has read it. */
  startReading(): void {
    this.reading = true;
  }

  /** A deal was dealt without this player's part (he read past the server's wait): it is no longer taken. */
  dealt(deal: number): void {
    if (this.held?.deal === deal) this.held = null;
  }

  /** Every summary closed: the contribution held, if any, goes out, and the deal begins. */
  doneReading(): void {
    this.reading = false;
    const h = this.held;
    this.held = null;
    if (h) this.offer(h.deal, h.commitment, h.seat);
  }
}
