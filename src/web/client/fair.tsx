import type { FairReveal } from '../../server/protocol.js';
import { parseCards } from '../../cards/notation.js';
import { verifyDeal } from '../../core/fairness.js';
import { resolveRules } from '../../games/ruleBook.js';
import { replayGame } from '../../games/replays.js';
import { tr } from './i18n.js';

/**
 * Fair deals in the browser (docs/fairness.md): the table's client sends a
 * random contribution to each deal it sits at, and checks each reveal with
 * Web Crypto: the commitment it saw before the cards, its own contribution
 * at its seat, and the deck recomputed from the seed and every contribution.
 */

/** The reveal of a deal as the server sends it with the outcome (src/server/protocol.ts). */
export type Reveal = FairReveal;

export type Check = { state: 'checking' } | { state: 'ok' } | { state: 'failed'; reason: string };

/** What this client knows of a deal before its end: the commitment it was shown and the contribution it sent (with its seat). */
export interface Known {
  commitment?: string;
  mine?: { seat: number; contribution: string };
}

/** Verifies a reveal in the browser; the reason of a failure is in English and German both (it is rare, and technical). */
export async function checkReveal(game: string, rules: Record<string, unknown>, reveal: Reveal, known: Known): Promise<Check> {
  const engine = replayGame(game);
  if (!engine) return { state: 'failed', reason: `unknown game ${game}` };
  const { preset, ...rest } = rules as Record<string, unknown> & { preset?: string };
  const resolved = resolveRules(engine.ruleBook, preset, rest);
  if (!resolved.ok) return { state: 'failed', reason: resolved.error.message };
  const pack = engine.pack(resolved.value);
  if (known.commitment !== undefined && known.commitment !== reveal.commitment) {
    return { state: 'failed', reason: `the commitment shown before the deal (${known.commitment.slice(0, 16)}…) is not the one revealed (${reveal.commitment.slice(0, 16)}…)` };
  }
  if (known.mine && reveal.contributions[known.mine.seat] !== known.mine.contribution) {
    return { state: 'failed', reason: `the contribution of your seat is not the one you sent` };
  }
  const deck = parseCards(pack, reveal.deck);
  if (!deck.ok) return { state: 'failed', reason: deck.error.message };
  const verified = await verifyDeal({ pack, commitment: reveal.commitment, serverSeed: reveal.seed, contributions: reveal.contributions, context: reveal.context, deck: deck.value });
  return verified.ok ? { state: 'ok' } : { state: 'failed', reason: verified.error.message };
}

/** The line under a finished deal: "✓ verified" with the details to open, or why the check failed. */
export function FairNote({ check, reveal, names, lang }: { check: Check; reveal: Reveal; names: readonly string[]; lang: 'de' | 'en' }) {
  return (
    <details class={`fair ${check.state}`} data-fair={check.state}>
      <summary>
        {check.state === 'ok' ? `✓ ${tr(lang, 'fairVerified')}` : check.state === 'checking' ? tr(lang, 'fairChecking') : `✗ ${tr(lang, 'fairFailed')}`}
      </summary>
      {check.state === 'failed' && <p class="reason">{check.reason}</p>}
      <p class="muted small">{tr(lang, 'fairExplain')}</p>
      <dl>
        <dt>{tr(lang, 'fairCommitment')}</dt>
        <dd>
          <code data-commitment>{reveal.commitment}</code>
        </dd>
        <dt>{tr(lang, 'fairContributions')}</dt>
        {reveal.contributions.map((c, seat) => (
          <dd key={seat}>
            {names[seat] ?? `#${seat + 1}`}: {c === null ? <em>{tr(lang, 'fairSubstituted')}</em> : <code>{c}</code>}
          </dd>
        ))}
        <dt>{tr(lang, 'fairSeed')}</dt>
        <dd>
          <code data-seed>{reveal.seed}</code>
        </dd>
        <dt>{tr(lang, 'fairContext')}</dt>
        <dd>
          <code>
            {reveal.context.game} · {reveal.context.table} · {reveal.context.deal}
          </code>
        </dd>
      </dl>
    </details>
  );
}
