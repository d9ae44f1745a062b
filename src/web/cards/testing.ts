/** Test helpers: every card of every pack, and HTML sheets to look at them in Chromium. */
import { KARNOEFFEL_48, SCHAFKOPF_32, SCHNAPSEN_20, rankOf, suitOf, type Pack, type Rank, type Suit } from '../../cards/pack.js';
import { cardBackSvg, cardSvg, type CardOptions } from './card.js';
import { suitSymbolSvg, type Faces } from './suits.js';

export interface Deck {
  readonly title: string;
  readonly pack: Pack;
  readonly faces: Faces;
}

export const DECKS: readonly Deck[] = [
  { title: 'Schafkopf (German, 32)', pack: SCHAFKOPF_32, faces: 'german' },
  { title: 'Karnöffel (German, 48)', pack: KARNOEFFEL_48, faces: 'german' },
  { title: 'Schnapsen (German, 20)', pack: SCHNAPSEN_20, faces: 'german' },
  { title: 'Schnapsen (French, 20)', pack: SCHNAPSEN_20, faces: 'french' },
];

export interface DeckCard {
  readonly suit: Suit;
  readonly rank: Rank;
  readonly options: CardOptions;
}

export function deckCards(deck: Deck): DeckCard[] {
  return deck.pack.cards.map((c) => ({
    suit: suitOf(deck.pack, c),
    rank: rankOf(deck.pack, c),
    options: { faces: deck.faces, pack: deck.pack.name },
  }));
}

export const ALL_CARDS: readonly DeckCard[] = DECKS.flatMap(deckCards);

const page = (body: string, css: string): string =>
  `<!doctype html><html><head><meta charset="utf-8"><style>body{margin:8px;background:#2f6b3a;font:12px sans-serif;color:#fff}` +
  `.c{display:inline-block}.c svg{display:block;width:100%;height:auto}${css}</style></head><body>${body}</body></html>`;

/** Every card of one deck in rows of one suit, `width` px per card. */
export function sheetHtml(deck: Deck, width: number): string {
  const rows = [0, 1, 2, 3].map((s) =>
    deckCards(deck).filter((c) => c.suit === s).map((c) => `<div class="c">${cardSvg(c.suit, c.rank, c.options)}</div>`).join(''),
  );
  const extras = `<div class="c">${cardBackSvg()}</div>` + [0, 1, 2, 3].map((s) => `<span class="s">${suitSymbolSvg(s as Suit, deck.faces)}</span>`).join('');
  return page(`<h3>${deck.title}</h3>${rows.map((r) => `<div>${r}</div>`).join('')}<div>${extras}</div>`,
    `.c{width:${width}px;margin:2px}.s svg{width:24px;height:24px;margin:4px}`);
}

/** Fanned hands at phone size: cards 52 px wide, 18 px of each showing. */
export function handHtml(hands: readonly (readonly DeckCard[])[]): string {
  const row = (cards: readonly DeckCard[]): string =>
    `<div class="h">${cards.map((c) => `<div class="c">${cardSvg(c.suit, c.rank, c.options)}</div>`).join('')}</div>`;
  return page(hands.map(row).join(''),
    '.h{display:flex;margin:10px 0 14px}.h .c{width:52px;margin-right:-34px;box-shadow:-1px 0 2px rgba(0,0,0,.35);border-radius:4px}');
}
