import { formatCard } from '../cards/notation.js';
import type { Pack } from '../cards/pack.js';
import { closeDeal, openDeal, type Contribution, type DealContext, type DealFairness, type OpenDeal } from '../core/fairness.js';
import type { Seat } from '../games/game.js';
import type { FairCommitment, FairReveal } from './protocol.js';

/**
 * The server's side of provably fair deals (docs/fairness.md, "The protocol
 * the server follows"), kept apart from the table: a table asks for a
 * commitment before each deal, hands in the contributions its players send,
 * and takes the deck and its proof when the contributions are in or the time
 * is up. The seed lives in the table's log (server-side) and leaves the
 * server only in the deal's reveal.
 */

/** How long a table waits for contributions unless its settings say otherwise. */
export const DEFAULT_CONTRIBUTION_MS = 2000;

/** The log entry that opens a deal: its number and the secret seed with its commitment. */
export interface CommitEntry {
  readonly k: 'commit';
  readonly deal: number;
  readonly seed: string;
  readonly commitment: string;
}

/** The context of deal number `deal` at a table. */
export function dealContext(game: string, table: string, deal: number): DealContext {
  return { game, table, deal };
}

/** A fresh seed and its commitment for the table's next deal, as the log entry that opens the deal. */
export async function commitEntry(game: string, table: string, deal: number): Promise<CommitEntry> {
  const open = await openDeal(dealContext(game, table, deal));
  if (!open.ok) throw new Error(`table ${table}: cannot open deal ${deal}: ${open.error.message}`);
  return { k: 'commit', deal, seed: open.value.seed, commitment: open.value.commitment };
}

/** What the players are shown of a deal before it ends. */
export function publicCommitment(open: { context: DealContext; commitment: string }): FairCommitment {
  return { context: open.context, commitment: open.commitment };
}

/** The reveal sent with the deal's outcome. */
export function reveal(fair: DealFairness, deck: readonly string[]): FairReveal {
  return { context: fair.context, commitment: fair.commitment, seed: fair.seed, contributions: [...fair.contributions], deck: [...deck] };
}

export type Offer = { ok: true } | { ok: false; code: 'duplicateContribution' | 'notSeated'; message: string };

/**
 * One deal's contributions while the server collects them: blind (nothing of
 * them is sent to anyone before the reveal), one per seat, the first one
 * counts.
 */
export class Collection {
  readonly contributions: Contribution[];
  timer: NodeJS.Timeout | undefined;

  constructor(
    readonly open: OpenDeal,
    seats: number,
  ) {
    this.contributions = Array.from({ length: seats }, () => null);
  }

  static fromEntry(game: string, table: string, entry: CommitEntry, seats: number): Collection {
    return new Collection({ context: dealContext(game, table, entry.deal), seed: entry.seed, commitment: entry.commitment }, seats);
  }

  get deal(): number {
    return this.open.context.deal;
  }

  /** A player's contribution for the seats it holds (`seats`); the seats that already have one keep it. */
  offer(seats: readonly Seat[], contribution: string): Offer {
    if (seats.length === 0) return { ok: false, code: 'notSeated', message: 'you hold no such seat at this table' };
    const open = seats.filter((s) => this.contributions[s] === null);
    if (open.length === 0) return { ok: false, code: 'duplicateContribution', message: `seat ${seats.join(', ')} sent its contribution to deal ${this.deal} already` };
    for (const s of open) this.contributions[s] = contribution;
    return { ok: true };
  }

  has(seat: Seat): boolean {
    return seat >= 0 && this.contributions[seat] !== null && this.contributions[seat] !== undefined;
  }

  /** Whether every seat the deal waits for (the players present) has sent its contribution. */
  complete(waitFor: readonly Seat[]): boolean {
    return waitFor.every((s) => this.has(s));
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }

  /** The deck from the seed and the contributions in (the missing ones substituted), as card codes, and its proof. */
  async shuffle(pack: Pack): Promise<{ deck: string[]; fair: DealFairness }> {
    this.stop();
    const closed = await closeDeal(pack, this.open, this.contributions);
    if (!closed.ok) throw new Error(`cannot shuffle deal ${this.deal} of table ${this.open.context.table}: ${closed.error.message}`);
    return { deck: closed.value.deck.map((c) => formatCard(pack, c)), fair: closed.value.fair };
  }
}
