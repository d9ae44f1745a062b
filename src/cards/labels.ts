/**
 * Accessible names of the cards. The game terms stay German in both languages
 * (English-speaking players of these games learn them as they are):
 *
 * - de: "Gras-Ober", "Eichel-Sau", "Herz-Neun", "Pik-Dame", "Schellen-Banner"
 * - en: "Gras Ober", "Eichel Sau", "Herz 9", "Pik Dame", "Schellen Banner"
 *
 * The Daus is "Sau" in Schafkopf, "Ass" in Schnapsen and with French faces,
 * and "Daus" as the 2 of Karnöffel's pack, where the Zehn is the "Banner".
 *
 * Plain words, no DOM: the games' presentations (each game's present.ts) and the
 * browser's card faces (src/web/cards) both name cards with them.
 */
import type { PackName, Rank, Suit } from './pack.js';

/** The faces a pack is drawn with: German (Eichel, Gras, Herz, Schellen) or French (Kreuz, Pik, Herz, Karo). */
export type Faces = 'german' | 'french';

export type Lang = 'de' | 'en';

export const SUIT_NAMES: Record<Faces, readonly string[]> = {
  german: ['Eichel', 'Gras', 'Herz', 'Schellen'],
  french: ['Kreuz', 'Pik', 'Herz', 'Karo'],
};

const PIP_WORDS: Partial<Record<Rank, string>> = {
  '9': 'Neun', '8': 'Acht', '7': 'Sieben', '6': 'Sechs', '5': 'Fünf', '4': 'Vier', '3': 'Drei',
};

/** The name of a rank alone, as `cardLabel` uses it. */
export function rankName(rank: Rank, faces: Faces, lang: Lang, pack?: PackName): string {
  const french = faces === 'french';
  switch (rank) {
    case 'A':
      return french || pack === 'schnapsen-20' ? 'Ass' : 'Sau';
    case '2':
      return 'Daus';
    case 'Z':
      return pack === 'karnoeffel-48' ? 'Banner' : lang === 'de' ? 'Zehn' : '10';
    case 'K':
      return 'König';
    case 'O':
      return french ? 'Dame' : 'Ober';
    case 'U':
      return french ? 'Bube' : 'Unter';
    default:
      return lang === 'de' ? PIP_WORDS[rank]! : rank;
  }
}

/** The accessible name of a card, e.g. "Gras-Ober" (de) or "Gras Ober" (en). */
export function cardLabel(suit: Suit, rank: Rank, faces: Faces, lang: Lang, pack?: PackName): string {
  return SUIT_NAMES[faces][suit] + (lang === 'de' ? '-' : ' ') + rankName(rank, faces, lang, pack);
}
