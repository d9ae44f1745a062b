import { formatCard } from '../../cards/notation.js';
import type { Card } from '../../cards/pack.js';
import { CARD_SUIT, PACK, STRENGTH } from './cards.js';
import { gameInfo, type GameId } from './contracts.js';
import type { SchnapsenRules } from './rules.js';

/**
 * Card and game names for the terminal. The faces are a display choice
 * (house rule `faces`): German — Eichel, Gras (Grün), Herz (Rot), Schellen; Ass,
 * Zehner, König, Ober, Unter — or French — Kreuz, Pik, Herz, Karo; Ass,
 * Zehner, König, Dame, Bube (003 "Spielkarten"). The notation typed and
 * recorded stays the two letters E G H S and A Z K O U.
 */
const SUITS = { german: ['Eichel', 'Gras', 'Herz', 'Schellen'], french: ['Kreuz', 'Pik', 'Herz', 'Karo'] } as const;
const RANKS = { german: ['Ass', 'Zehner', 'König', 'Ober', 'Unter'], french: ['Ass', 'Zehner', 'König', 'Dame', 'Bube'] } as const;

export function suitName(rules: Pick<SchnapsenRules, 'faces'>, suit: number): string {
  return SUITS[rules.faces][suit];
}

export function rankName(rules: Pick<SchnapsenRules, 'faces'>, rank: number): string {
  return RANKS[rules.faces][rank];
}

/** "Herz-Ober HO" (German) or "Herz-Dame HO" (French). */
export function cardName(rules: Pick<SchnapsenRules, 'faces'>, card: Card): string {
  return `${suitName(rules, CARD_SUIT[card])}-${rankName(rules, card % 5)} ${formatCard(PACK, card)}`;
}

export function cardList(rules: Pick<SchnapsenRules, 'faces'>, cards: readonly Card[]): string {
  return cards.map((c) => cardName(rules, c)).join(', ');
}

/** A hand as it is held: by suit, trumps first, high to low. */
export function sortedHand(cards: readonly Card[], trump: number | null, order = 0): Card[] {
  const suitRank = (c: Card) => (CARD_SUIT[c] === trump ? -1 : CARD_SUIT[c]);
  return [...cards].sort((a, b) => suitRank(a) - suitRank(b) || STRENGTH[order * 20 + b] - STRENGTH[order * 20 + a]);
}

export function gameTitle(id: GameId | 'redeal', ohne = false): string {
  if (id === 'redeal') return 'new deal (three Unter)';
  return gameInfo(id).name + (ohne ? ' ohne Talon' : '');
}
