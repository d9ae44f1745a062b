import { parseCards } from '../cards/notation.js';
import { verifyDeal } from '../core/fairness.js';
import type { ErrorCode } from '../core/result.js';
import { quote } from '../core/text.js';
import type { AnyGameModule } from '../games/module.js';
import { rulesFromJson } from '../games/ruleBook.js';
import { locate, replayRecord, type GameRecord } from './record.js';

/**
 * `stich verify`: checks that every deck of a record is the one its revealed
 * seed and contributions give (docs/fairness.md), and that every commitment
 * is the hash of its seed and context; and that the play follows the rules,
 * by `stich replay`'s own check (`replayRecord`: every action, carry,
 * outcome and the score sheet). Every verdict is said in words for a person,
 * not by the check's error code.
 */

/** Why a deal's proof fails, in words, by the code `verifyDeal` returns; its message says the details. */
const PROOF_FAILS: Partial<Record<ErrorCode, string>> = {
  commitmentMismatch: 'the commitment published before the deal does not fit the seed and deal revealed after it',
  deckMismatch: 'the deck dealt is not the one the seed and the contributions give',
};

/** The verdict on one deal (index from 0). */
export interface DealVerdict {
  readonly deal: number;
  readonly ok: boolean;
  /** What was checked, or why the deal fails. */
  readonly message: string;
}

/** The verdict on the play: whether the rules allow every action and give every outcome, carry and the sheet recorded. */
export interface PlayVerdict {
  readonly ok: boolean;
  /** Where it fails, as "deal 2, action 7: " (empty for the record as a whole or when it passes). */
  readonly where: string;
  /** What was checked, or why the play fails: "an action the rules refuse: seat 1 "HA": you do not hold HA". */
  readonly message: string;
}

export interface RecordVerdict {
  readonly ok: boolean;
  /** Why the record cannot be checked at all (its rules cannot be read): an error of the command, not a verdict. */
  readonly problem?: string;
  readonly deals: DealVerdict[];
  readonly play?: PlayVerdict;
}

/** Verifies every deal of a parsed record and its play; a record without one failing deal whose play the rules allow verifies. */
export async function verifyRecord(record: GameRecord, module: AnyGameModule): Promise<RecordVerdict> {
  const { game } = module;
  if (record.game !== game.id) return { ok: false, problem: `the record is of ${quote(record.game)}, not "${game.id}"`, deals: [] };
  const rules = rulesFromJson(game.ruleBook, { ...(module.legacyRuleValues?.[record.version] ?? {}), ...record.rules });
  if (!rules.ok) return { ok: false, problem: rules.error.message, deals: [] };
  const play = verifyPlay(record, module);
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
      verdict(false, `${PROOF_FAILS[checked.error.code] ?? 'the proof cannot be read'}: ${checked.error.message}`);
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
  return { ok: play.ok && deals.every((v) => v.ok), deals, play };
}

/**
 * The play checked as `stich replay` checks it (`replayRecord`, not a second copy of the rules): the first action
 * the rules refuse, or the first carry, outcome or sheet that differs from what the rules give. Past it nothing
 * more can be checked by the rules.
 */
export function verifyPlay(record: GameRecord, module: AnyGameModule): PlayVerdict {
  const replay = replayRecord(record, module);
  if (replay.ok) return { ok: true, where: '', message: 'the rules allow every action and give every outcome and the score sheet recorded (as stich replay checks them)' };
  const e = replay.error;
  const where = locate(e.deal, e.action);
  const why = e.message.startsWith(where) ? e.message.slice(where.length) : e.message;
  const what = e.action !== undefined ? 'an action the rules refuse' : e.deal !== undefined ? 'the deal does not follow the rules' : 'the record does not follow the rules';
  const rest = e.deal !== undefined && e.deal < record.deals.length - 1 ? ' (the deals after it cannot be checked against the rules)' : '';
  return { ok: false, where, message: `${what}: ${why}${rest}` };
}
