import { CardSet } from './cardSet.js';

/**
 * The four German suits, in the order of the two-letter notation:
 * E Eichel, G Gras (Grün, Blatt, Laub), H Herz (Rot), S Schellen.
 */
export type Suit = 0 | 1 | 2 | 3;
export const SUITS: readonly Suit[] = [0, 1, 2, 3];
export const SUIT_LETTERS = ['E', 'G', 'H', 'S'] as const;

/**
 * Ranks by their notation letter: A Sau/Ass/Daus, Z Zehn/Banner, K König,
 * O Ober, U Unter, then the pip cards 9 .. 2 (the Karnöffel Daus is the 2).
 */
export const RANK_LETTERS = ['A', 'Z', 'K', 'O', 'U', '9', '8', '7', '6', '5', '4', '3', '2'] as const;
export type Rank = (typeof RANK_LETTERS)[number];

/** A card is its index in its pack: suit * cards-per-suit + rank position. */
export type Card = number;

export type PackName = 'schnapsen-20' | 'schafkopf-24' | 'schafkopf-32' | 'karnoeffel-48';

/**
 * A German-suited pack. Cards of one suit are consecutive ids, ranks within a
 * suit in the order of `ranks` (highest natural rank first), so every suit is
 * a contiguous run of bits.
 */
export interface Pack {
  readonly name: PackName;
  readonly size: number;
  readonly perSuit: number;
  readonly ranks: readonly Rank[];
  /** All card ids, in pack order. */
  readonly cards: readonly Card[];
  readonly full: CardSet;
}

function makePack(name: PackName, ranks: readonly Rank[]): Pack {
  const perSuit = ranks.length;
  const size = perSuit * 4;
  return Object.freeze({
    name,
    size,
    perSuit,
    ranks: Object.freeze([...ranks]),
    cards: Object.freeze(Array.from({ length: size }, (_, i) => i)),
    full: CardSet.full(size),
  });
}

/** Bauernschnapsen, Talonschnapsen: Ass, Zehn, König, Ober, Unter. */
export const SCHNAPSEN_20 = makePack('schnapsen-20', ['A', 'Z', 'K', 'O', 'U']);
/** Schafkopf "kurze Karte": without the 8 and 7. */
export const SCHAFKOPF_24 = makePack('schafkopf-24', ['A', 'Z', 'K', 'O', 'U', '9']);
/** Schafkopf "lange Karte". */
export const SCHAFKOPF_32 = makePack('schafkopf-32', ['A', 'Z', 'K', 'O', 'U', '9', '8', '7']);
/** Karnöffel: König, Ober, Unter, Banner (Z), 9 .. 3, Daus (2). */
export const KARNOEFFEL_48 = makePack('karnoeffel-48', ['K', 'O', 'U', 'Z', '9', '8', '7', '6', '5', '4', '3', '2']);

export const PACKS: readonly Pack[] = [SCHNAPSEN_20, SCHAFKOPF_24, SCHAFKOPF_32, KARNOEFFEL_48];

export function suitOf(pack: Pack, card: Card): Suit {
  return Math.floor(card / pack.perSuit) as Suit;
}

export function rankOf(pack: Pack, card: Card): Rank {
  return pack.ranks[card % pack.perSuit];
}

/** The card of this suit and rank, or undefined if the pack has no such rank. */
export function cardOf(pack: Pack, suit: Suit, rank: Rank): Card | undefined {
  const i = pack.ranks.indexOf(rank);
  return i < 0 ? undefined : suit * pack.perSuit + i;
}

/** All cards of one rank, in suit order. */
export function rankSet(pack: Pack, rank: Rank): CardSet {
  const i = pack.ranks.indexOf(rank);
  return i < 0 ? CardSet.EMPTY : CardSet.from([0, 1, 2, 3].map((s) => s * pack.perSuit + i));
}
