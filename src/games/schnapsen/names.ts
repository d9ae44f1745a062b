import type { Card } from '../../cards/pack.js';
import { fail, ok, type Result } from '../../core/result.js';
import { quote } from '../../core/text.js';
import { CARD_SUIT, STRENGTH } from './cards.js';
import { gameInfo, type GameId } from './contracts.js';
import type { SchnapsenRules } from './rules.js';

/**
 * Card and game names for the terminal. The faces are a display choice
 * (house rule `faces`): German — Eichel, Gras (Grün), Herz (Rot), Schellen; Ass,
 * Zehner, König, Ober, Unter — or French — Kreuz, Pik, Herz, Karo; Ass,
 * Zehner, König, Dame, Bube (003 "Spielkarten"). The terminal writes and
 * reads card codes in the faces chosen: German E G H S and A Z K O U (the
 * notation of records), French T (Treff, 003's other name for Kreuz) P H K
 * and A Z K D B. French input also takes the German codes: no German code
 * is a different French card.
 */
const SUITS = { german: ['Eichel', 'Gras', 'Herz', 'Schellen'], french: ['Kreuz', 'Pik', 'Herz', 'Karo'] } as const;
const RANKS = { german: ['Ass', 'Zehner', 'König', 'Ober', 'Unter'], french: ['Ass', 'Zehner', 'König', 'Dame', 'Bube'] } as const;

export function suitName(rules: Pick<SchnapsenRules, 'faces'>, suit: number): string {
  return SUITS[rules.faces][suit];
}

export function rankName(rules: Pick<SchnapsenRules, 'faces'>, rank: number): string {
  return RANKS[rules.faces][rank];
}

const SUIT_CODES = { german: 'EGHS', french: 'TPHK' } as const;
const RANK_CODES = { german: 'AZKOU', french: 'AZKDB' } as const;

/** The letter of a suit in the faces chosen: "S" or "K" (Schellen, Karo). */
export function suitCode(rules: Pick<SchnapsenRules, 'faces'>, suit: number): string {
  return SUIT_CODES[rules.faces][suit];
}

/** A card's code in the faces chosen: "SO" (German) or "KD" (French) for the same card. */
export function cardCode(rules: Pick<SchnapsenRules, 'faces'>, card: Card): string {
  return SUIT_CODES[rules.faces][CARD_SUIT[card]] + RANK_CODES[rules.faces][card % 5];
}

/** How the codes are read, for messages: "suit E G H S, rank A Z K O U". */
export function codeLegend(rules: Pick<SchnapsenRules, 'faces'>): string {
  const suits = [0, 1, 2, 3].map((s) => `${SUIT_CODES[rules.faces][s]} ${suitName(rules, s)}${rules.faces === 'french' && s === 0 ? ' (Treff)' : ''}`).join(', ');
  const ranks = [0, 1, 2, 3, 4].map((r) => `${RANK_CODES[rules.faces][r]} ${rankName(rules, r)}`).join(', ');
  return `suit (${suits}) and rank (${ranks})`;
}

/** A suit letter in the faces chosen (German letters are read too), or undefined. */
export function readSuitCode(rules: Pick<SchnapsenRules, 'faces'>, letter: string): number | undefined {
  const l = letter.toUpperCase();
  if (l.length !== 1) return undefined;
  const own = SUIT_CODES[rules.faces].indexOf(l);
  if (own >= 0) return own;
  const german = SUIT_CODES.german.indexOf(l);
  return german >= 0 ? german : undefined;
}

/** A card code in the faces chosen (German codes are read too). */
export function readCardCode(rules: Pick<SchnapsenRules, 'faces'>, word: string): Result<Card> {
  const w = word.toUpperCase();
  for (const faces of [rules.faces, 'german'] as const) {
    const suit = SUIT_CODES[faces].indexOf(w[0] ?? '');
    const rank = RANK_CODES[faces].indexOf(w[1] ?? '');
    if (w.length === 2 && suit >= 0 && rank >= 0) return ok(suit * 5 + rank);
  }
  const example = cardCode(rules, 0);
  if (w.length !== 2) return fail('badCard', `${quote(word)} is not a card: a card is two letters, ${codeLegend(rules)}, e.g. "${example}"`);
  const suitKnown = SUIT_CODES[rules.faces].includes(w[0]) || SUIT_CODES.german.includes(w[0]);
  return fail('badCard', `${quote(word)}: unknown ${suitKnown ? `rank ${quote(word[1])}` : `suit ${quote(word[0])}`}; a card is ${codeLegend(rules)}, e.g. "${example}"`);
}

/** "Herz-Ober HO" (German) or "Herz-Dame HD" (French). */
export function cardName(rules: Pick<SchnapsenRules, 'faces'>, card: Card): string {
  return `${suitName(rules, CARD_SUIT[card])}-${rankName(rules, card % 5)} ${cardCode(rules, card)}`;
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
