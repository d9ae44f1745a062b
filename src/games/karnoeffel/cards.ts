import { parseCard } from '../../cards/notation.js';
import { KARNOEFFEL_48, type Card, type Suit } from '../../cards/pack.js';
import { fail, type Result } from '../../core/result.js';
import { quote } from '../../core/text.js';

/**
 * The Karnöffel pack (48 cards): in every suit König, Ober, Unter, Banner (Z,
 * the 10), 9 .. 3 and the Daus (written 2). A card id is suit * 12 + rank
 * position, the positions in the pack's order K O U Z 9 8 7 6 5 4 3 2
 * (src/cards/pack.ts). Suits: 0 Eichel, 1 Grün (Blatt, Gras), 2 Herz (Rot),
 * 3 Schellen.
 */
export const PACK = KARNOEFFEL_48;
export const CARDS = 48;
export const PER_SUIT = 12;

/** Rank positions within a suit. */
export const R_KOENIG = 0;
export const R_OBER = 1;
export const R_UNTER = 2;
export const R_BANNER = 3;
export const R_9 = 4;
export const R_8 = 5;
export const R_7 = 6;
export const R_6 = 7;
export const R_5 = 8;
export const R_4 = 9;
export const R_3 = 10;
export const R_2 = 11;

export const SUIT_EICHEL: Suit = 0;
export const SUIT_GRUEN: Suit = 1;
export const SUIT_HERZ: Suit = 2;
export const SUIT_SCHELLEN: Suit = 3;

/** German suit names as 000 writes them. */
export const SUIT_NAMES = ['Eichel', 'Gras', 'Herz', 'Schellen'] as const;

export function suitOfCard(card: Card): Suit {
  return ((card / PER_SUIT) | 0) as Suit;
}

export function rankPos(card: Card): number {
  return card % PER_SUIT;
}

export function cardAt(suit: number, rank: number): Card {
  return suit * PER_SUIT + rank;
}

/**
 * The natural order of every suit that is not trump (000 "Einleitung und
 * Vorbereitung"): König, Ober, Unter, Banner, 9, 8, 7, 6, 5, 4, 3, Daus,
 * descending. 0 for the Daus up to 11 for the König.
 */
export function naturalStrength(card: Card): number {
  return 11 - rankPos(card);
}

/**
 * The special trumps (000 "Spieldurchführung"): the trump Unter is the
 * Karnöffel, the 6 the Papst, the Daus the Kaiser, the 7 the Teufel (Devil).
 */
export function karnoeffelOf(trump: number): Card {
  return cardAt(trump, R_UNTER);
}
export function devilOf(trump: number): Card {
  return cardAt(trump, R_7);
}

/**
 * Suit order for drawing lots only (000 "Einleitung und Vorbereitung": "aber
 * nur für Zwecke dieses Ziehens"): Grün, Eichel, Herz, Schelle, descending.
 * Indexed by suit id E G H S.
 */
const LOT_SUIT_STRENGTH = [2, 3, 1, 0];

/** The value of a card drawn for the lots: lower draws lower. Rank first, then the lot suit order. */
export function lotValue(card: Card): number {
  return naturalStrength(card) * 4 + LOT_SUIT_STRENGTH[suitOfCard(card)];
}

/**
 * The index of the lowest card in the natural order; between cards of equal
 * rank the one that comes first in the list (000 "Kartengeben und Steigern":
 * "so gilt die Farbe jener Karte als Trumpf, welche als erste ausgeteilt
 * wurde"). Shared by the trump of the face-up round and the trump draw.
 */
export function lowestIndex(cards: ArrayLike<number>, from = 0, count = cards.length - from): number {
  let best = from;
  let bestStrength = naturalStrength(cards[from]);
  for (let i = from + 1; i < from + count; i++) {
    const s = naturalStrength(cards[i]);
    if (s < bestStrength) {
      best = i;
      bestStrength = s;
    }
  }
  return best;
}

/** The names of the trump suit's special cards, by rank position. */
export const SPECIAL_NAMES: ReadonlyMap<number, string> = new Map([
  [R_UNTER, 'Karnöffel'],
  [R_6, 'Papst'],
  [R_2, 'Kaiser'],
  [R_7, 'Teufel'],
]);

/**
 * The trumps as a player holds them, the strongest first: the order of 001's table of "Stichkraft" (Karnöffel, 7,
 * Papst, Sau/Kaiser, König, 3, Ober, 4, 5, Banner, 9, 8), which is 000's order when trump is led ("Karnöffel (Unter),
 * Papst (Sechs), Kaiser (Daus), König, 3, Ober, 4, 5, Banner (10), 9, 8") with the Teufel where it is strong: led, only
 * the Karnöffel beats it. By rank position.
 */
export const TRUMP_HAND_ORDER: readonly number[] = [R_UNTER, R_7, R_6, R_2, R_KOENIG, R_3, R_OBER, R_4, R_5, R_BANNER, R_9, R_8];

/**
 * A hand as a player sorts it: the trumps first in their power (TRUMP_HAND_ORDER; play-test: they stood by rank,
 * "König, Ober, Karnöffel, 3", the Karnöffel third), then each other suit from the König down to the Daus.
 */
export function sortedHand(cards: readonly Card[], trump: number): Card[] {
  const key = (c: Card) => (suitOfCard(c) === trump ? TRUMP_HAND_ORDER.indexOf(rankPos(c)) : PER_SUIT * (1 + suitOfCard(c)) + rankPos(c));
  return [...cards].sort((a, b) => key(a) - key(b));
}

/** A short German name of a card for the terminal, e.g. "Gras-Unter (Karnöffel)". */
export function cardName(card: Card, trump: number): string {
  const rankNames = ['König', 'Ober', 'Unter', 'Banner', '9', '8', '7', '6', '5', '4', '3', 'Daus'];
  const base = `${SUIT_NAMES[suitOfCard(card)]}-${rankNames[rankPos(card)]}`;
  if (trump < 0 || suitOfCard(card) !== trump) return base;
  const s = SPECIAL_NAMES.get(rankPos(card));
  return s ? `${base} (${s})` : base;
}

/**
 * Reads a card code from outside (an action, a record): two letters, suit
 * and rank. Longer text is refused here with a short excerpt, so that no
 * message echoes more than a few characters of it.
 */
export function readCard(code: string): Result<Card> {
  if (typeof code !== 'string' || code.trim().length !== 2) {
    return fail('badCard', `${quote(code)} is not a card: a card is two letters, suit (E G H S) and rank (K O U Z 9 .. 2), e.g. "GU"`);
  }
  return parseCard(PACK, code);
}
