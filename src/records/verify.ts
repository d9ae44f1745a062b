import { parseCards } from '../cards/notation.js';
import { verifyDeal } from '../core/fairness.js';
import { quote } from '../core/text.js';
import type { AnyGameModule } from '../games/module.js';
import { rulesFromJson } from '../games/ruleBook.js';
import type { GameRecord } from './record.js';

/**
 * `stich verify`: checks that every deck of a record is the one its revealed
 * seed and contributions give (docs/fairness.md), and that every commitment
 * is the hash of its seed and context. The rules of play are `stich replay`'s
 * business; this looks only at the shuffles.
 */

/** The verdict on one deal (index from 0). */
export interface DealVerdict {
  readonly deal: number;
  readonly ok: boolean;
  /** What was checked, or why the deal fails. */
  readonly message: string;
}

/** Verifies every deal of a parsed record; a record without one failing deal verifies. */
export async function verifyRecord(record: GameRecord, module: AnyGameModule): Promise<{ ok: boolean; problem?: string; deals: DealVerdict[] }> {
  const { game } = module;
  if (record.game !== game.id) return { ok: false, problem: `the record is of ${quote(record.game)}, not "${game.id}"`, deals: [] };
  const rules = rulesFromJson(game.ruleBook, { ...(module.legacyRuleValues?.[record.version] ?? {}), ...record.rules });
  if (!rules.ok) return { ok: false, problem: rules.error.message, deals: [] };
  const pack = game.pack(rules.value);
  const seats = record.players.length;
  const deals: DealVerdict[] = [];
  const seen = new Map<number, number>();
  let table: string | undefined;
  for (let i = 0; i < record.deals.length; i++) {
    const d = record.deals[i];
    const verdict = (ok: boolean, message: string) => deals.push({ deal: i, ok, message });
    const f = d.fair;
    if (!f) {
      verdict(false, `no fairness proof: the deck was not dealt by the fair procedure (a ${record.version < 3 ? `version ${record.version} record` : 'sitting played with --seed'})`);
      continue;
    }
    if (f.context.game !== record.game) {
      verdict(false, `the proof belongs to a deal of ${quote(f.context.game)}, not of ${record.game}`);
      continue;
    }
    table ??= f.context.table;
    if (f.context.table !== table) {
      verdict(false, `the proof belongs to table ${quote(f.context.table)}, the deals before it to ${quote(table)}`);
      continue;
    }
    const earlier = seen.get(f.context.deal);
    if (earlier !== undefined) {
      verdict(false, `the proof repeats deal number ${f.context.deal} of deal ${earlier + 1}: every deck has its own number and seed`);
      continue;
    }
    seen.set(f.context.deal, i);
    if (f.contributions.length !== seats) {
      verdict(false, `the proof has ${f.contributions.length} contributions; the record has ${seats} seats`);
      continue;
    }
    const deck = parseCards(pack, d.deck);
    if (!deck.ok) {
      verdict(false, `the deck cannot be read: ${deck.error.message}`);
      continue;
    }
    const checked = await verifyDeal({ pack, commitment: f.commitment, serverSeed: f.seed, contributions: f.contributions, context: f.context, deck: deck.value });
    if (!checked.ok) {
      verdict(false, `${checked.error.code}: ${checked.error.message}`);
      continue;
    }
    const substituted = f.contributions.flatMap((c, s) => (c === null ? [s] : []));
    verdict(
      true,
      `verified: commitment ${f.commitment.slice(0, 16)}… matches seed ${f.seed.slice(0, 16)}… (table ${f.context.table}, deal ${f.context.deal}); ` +
        `the deck follows from it and ${seats - substituted.length} contribution${seats - substituted.length === 1 ? '' : 's'}` +
        (substituted.length > 0 ? `, substituted for seat${substituted.length === 1 ? '' : 's'} ${substituted.join(', ')}` : ''),
    );
  }
  return { ok: deals.every((v) => v.ok), deals };
}
