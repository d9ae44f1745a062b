import { formatCard } from '../cards/notation.js';
import { rankOf, suitOf, type Card, type Pack, type PackName, type Rank, type Suit } from '../cards/pack.js';

/**
 * How a game shows itself at the browser table. Each game implements
 * `Presentation` in its folder (`src/games/<game>/present.ts`); the client
 * renders the `TableModel` it returns and never names a game. Browser-safe:
 * nothing here or in a presenter may import a Node module.
 */
export type Lang = 'de' | 'en';

/** One card as the table shows it. */
export interface CardModel {
  readonly suit: Suit;
  readonly rank: Rank;
  /** The card's code in the game's notation, e.g. "GA". */
  readonly code: string;
}

export interface HandCard extends CardModel {
  /** The action that plays this card now (its notation), when legal. */
  readonly action?: string;
  /** A trump (the hand shows trumps first once the game is known). */
  readonly trump?: boolean;
}

export interface PlayedCard extends CardModel {
  readonly seat: number;
}

export interface ActionButton {
  /** The words on the button, the rule's words (Stoß, Re, Klopfen, Spritzen …). */
  readonly label: string;
  /** What the client sends: the action in the game's notation. */
  readonly action: string;
  /** Buttons of one group stand together (e.g. "bid", "lay"). */
  readonly group?: string;
}

export interface TableModel {
  readonly pack: PackName;
  readonly faces: 'german' | 'french';
  /** The seat's hand, in the order it is held. */
  readonly hand: readonly HandCard[];
  /** Cards on the table now, in the order they were played. */
  readonly trick: readonly PlayedCard[];
  /** The last finished trick and who took it. */
  readonly lastTrick: { readonly cards: readonly PlayedCard[]; readonly winner: number } | null;
  /** The number of tricks finished so far (the client animates a trick to its winner when it grows). */
  readonly tricksDone: number;
  /** Lines about the game being played: the game, trump, declarer, Stoß, value. */
  readonly headline: readonly string[];
  /** Non-card actions the seat may take now. */
  readonly buttons: readonly ActionButton[];
  /** A short prompt for the seat when it is to act ("Your card", "Announce a game"). */
  readonly prompt: string | null;
  /** Per seat: a line under the player's name (cards held, points, Klopfer …). */
  readonly seatNotes: readonly string[];
  /** Cards of other seats this seat may see (partner's hand, open hands, face-up cards). */
  readonly shown: readonly { readonly title: string; readonly cards: readonly CardModel[] }[];
  /** Table talk or other public remarks of this deal (Karnöffel). */
  readonly talk: readonly string[];
  /** Points and standing of this deal and the sitting. */
  readonly score: readonly string[];
}

export interface Presentation<View = unknown> {
  /** The game ids this presenter serves. */
  readonly games: readonly string[];
  /** The table as `view`'s seat sees it; `legal` is the seat's legal actions now; `names[seat]` the players. */
  table(view: View, legal: readonly string[], lang: Lang, names: readonly string[]): TableModel;
  /** The sitting's score sheet (from snapshots and dealEnd / sittingEnd events) as lines. */
  sheet(sheet: unknown, lang: Lang, names: readonly string[]): readonly string[];
  /** A calm summary of a finished deal from its outcome (the table's dealEnd event), a few lines. */
  dealSummary(outcome: unknown, lang: Lang, names: readonly string[]): readonly string[];
}

/** German or English, for words the game rules do not fix. */
export function say(lang: Lang, de: string, en: string): string {
  return lang === 'de' ? de : en;
}

/** A number with its noun in the right form: "1 Karte", "2 Karten", "1 trick". Nouns as [one, more]. */
export function count(lang: Lang, n: number, de: readonly [string, string], en: readonly [string, string]): string {
  const w = lang === 'de' ? de : en;
  return `${n} ${n === 1 ? w[0] : w[1]}`;
}

/** Quoted speech in the page's language: „…“ in German, “…” in English. */
export function quoted(lang: Lang, text: string): string {
  return lang === 'de' ? `„${text}“` : `“${text}”`;
}

/** A card of `pack` as the table shows it. */
export function cardModel(pack: Pack, card: Card): CardModel {
  return { suit: suitOf(pack, card), rank: rankOf(pack, card), code: formatCard(pack, card) };
}

/** The hand in the given order, each card marked with the action that plays it when that action is legal. */
export function handModel(pack: Pack, cards: readonly Card[], legal: readonly string[], isTrump: (c: Card) => boolean = () => false, playOf: (code: string) => string = (code) => code): HandCard[] {
  const set = new Set(legal);
  return cards.map((c) => {
    const m = cardModel(pack, c);
    const action = playOf(m.code);
    return { ...m, ...(set.has(action) ? { action } : {}), ...(isTrump(c) ? { trump: true } : {}) };
  });
}

/** Cards in suit order (the trump suit first when `trump` ≥ 0), each suit by the pack's rank order. */
export function bySuit(pack: Pack, cards: readonly Card[], trump = -1): Card[] {
  const key = (c: Card) => (suitOf(pack, c) === trump ? -1 : suitOf(pack, c)) * 100 + pack.ranks.indexOf(rankOf(pack, c));
  return [...cards].sort((a, b) => key(a) - key(b));
}

/** Cards played in order from `leader` round a table of `seats` seats (`step` +1 clockwise, -1 the other way). */
export function playedFrom(pack: Pack, leader: number, cards: readonly Card[], seats: number, step = 1): PlayedCard[] {
  return cards.map((c, i) => ({ ...cardModel(pack, c), seat: (((leader + step * i) % seats) + seats) % seats }));
}
