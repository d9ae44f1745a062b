import { formatCard } from '../cards/notation.js';
import type { Pack } from '../cards/pack.js';
import { closeDeal, openDeal, type DealContext, type DealFairness, type OpenDeal } from '../core/fairness.js';
import type { FairCommitment, FairReveal } from './protocol.js';

/**
 * The server's side of provably fair deals (docs/fairness.md, "The protocol
 * the server follows"), kept apart from the table: a table asks for a
 * commitment before each deal, hands in the contributions its players send,
 * and takes the deck and its proof when the contributions are in or the time
 * is up (the table's core decides when; `shuffleDeal` shuffles). The seed lives in the table's log (server-side) and leaves the
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

/** The deck of a collected deal from its seed and the contributions in (the missing ones substituted), as card codes. */
export async function shuffleDeal(game: string, table: string, pack: Pack, entry: CommitEntry, contributions: readonly (string | null)[]): Promise<{ deck: string[]; contributions: (string | null)[] }> {
  const open: OpenDeal = { context: dealContext(game, table, entry.deal), seed: entry.seed, commitment: entry.commitment };
  const closed = await closeDeal(pack, open, contributions);
  if (!closed.ok) throw new Error(`cannot shuffle deal ${entry.deal} of table ${table}: ${closed.error.message}`);
  return { deck: closed.value.deck.map((c) => formatCard(pack, c)), contributions: [...closed.value.fair.contributions] };
}
