import { fail, ok, type Result } from '../core/result.js';
import { quote } from '../core/text.js';
import { CardSet } from './cardSet.js';
import { cardOf, rankOf, RANK_LETTERS, SUIT_LETTERS, suitOf, type Card, type Pack, type Rank, type Suit } from './pack.js';

/**
 * The two-letter card notation: suit E G H S, then rank A Z K O U 9 .. 2.
 * "EA" is the Eichel-Sau, "HZ" the Herz-Zehn, "GU" the Gras-Unter.
 */
export function formatCard(pack: Pack, card: Card): string {
  return SUIT_LETTERS[suitOf(pack, card)] + rankOf(pack, card);
}

/** Parses one card code (case-insensitive); unknown letters and ranks outside the pack are errors. */
export function parseCard(pack: Pack, code: string): Result<Card> {
  const text = code.trim().toUpperCase();
  if (text.length !== 2) {
    return fail('badCard', `${quote(code)} is not a card: a card is two letters, suit (E G H S) and rank (A Z K O U 9 .. 2), e.g. "EA"`);
  }
  const suit = SUIT_LETTERS.indexOf(text[0] as (typeof SUIT_LETTERS)[number]);
  if (suit < 0) {
    return fail('badCard', `${quote(code)}: unknown suit ${quote(text[0])} (suits are E Eichel, G Gras, H Herz, S Schellen)`);
  }
  const rank = text[1] as Rank;
  if (!RANK_LETTERS.includes(rank)) {
    return fail('badCard', `${quote(code)}: unknown rank ${quote(text[1])} (ranks are ${RANK_LETTERS.join(' ')})`);
  }
  const card = cardOf(pack, suit as Suit, rank);
  if (card === undefined) {
    return fail('badCard', `${quote(code)}: the ${pack.name} pack has no rank "${rank}" (it has ${pack.ranks.join(' ')})`);
  }
  return ok(card);
}

/** Parses a list of card codes, given as an array or separated by spaces or commas. Duplicates are errors. */
export function parseCards(pack: Pack, codes: string | readonly string[]): Result<Card[]> {
  const list = typeof codes === 'string' ? codes.split(/[\s,]+/).filter((s) => s.length > 0) : codes;
  const out: Card[] = [];
  const seen = new Set<Card>();
  for (const code of list) {
    const r = parseCard(pack, code);
    if (!r.ok) return r;
    if (seen.has(r.value)) return fail('badCard', `${quote(code)} appears twice`);
    seen.add(r.value);
    out.push(r.value);
  }
  return ok(out);
}

export function formatCards(pack: Pack, cards: Iterable<Card>): string {
  return [...cards].map((c) => formatCard(pack, c)).join(' ');
}

export function formatMask(pack: Pack, mask: number): string {
  return formatCards(pack, CardSet.fromMask(mask));
}
