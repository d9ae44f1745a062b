import { rankOf, SCHAFKOPF_24, SCHAFKOPF_32, suitOf, type Card, type Pack, type Rank, type Suit } from '../../cards/pack.js';

/** The lange Karte (32 cards) or, as a house rule, the kurze Karte (24, without 8 and 7). */
export function schafkopfPack(kurzeKarte: boolean): Pack {
  return kurzeKarte ? SCHAFKOPF_24 : SCHAFKOPF_32;
}

/** Augen (card points), 002 4.1: Sau 11, Zehn 10, König 4, Ober 3, Unter 2, the Spatzen 9, 8, 7 nothing. 120 in all. */
const RANK_POINTS: Readonly<Record<string, number>> = { A: 11, Z: 10, K: 4, O: 3, U: 2 };

export function cardPoints(pack: Pack, card: Card): number {
  return RANK_POINTS[rankOf(pack, card)] ?? 0;
}

/** Card points by card id, for the hot paths. */
export function pointsTable(pack: Pack): Uint8Array {
  return Uint8Array.from(pack.cards, (c) => cardPoints(pack, c));
}

/** The suit names, one spelling everywhere people read them: Eichel, Gras (Blatt), Herz, Schellen ("Schelln" is still read as input). */
export const SUIT_NAMES: readonly string[] = ['Eichel', 'Gras', 'Herz', 'Schellen'];

const RANK_NAMES: Readonly<Record<string, string>> = {
  A: 'Sau',
  Z: 'Zehn',
  K: 'König',
  O: 'Ober',
  U: 'Unter',
  '9': 'Neun',
  '8': 'Acht',
  '7': 'Sieben',
};

export function rankName(rank: Rank): string {
  return RANK_NAMES[rank] ?? rank;
}

/** "Gras-Sau", "Herz-Zehn". */
export function cardName(pack: Pack, card: Card): string {
  return `${SUIT_NAMES[suitOf(pack, card)]}-${rankName(rankOf(pack, card))}`;
}

export function suitName(suit: Suit): string {
  return SUIT_NAMES[suit];
}
