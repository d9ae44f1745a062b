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
  /** Taken up from the talon just now (Talonschnapsen, while laying away): marked, so that the cards he had are told from them. */
  readonly talon?: boolean;
  /** The card's name in this deal, marked above its corner and said with it (Karnöffel's trumps with powers: "Papst"). */
  readonly tag?: string;
}

export interface PlayedCard extends CardModel {
  readonly seat: number;
  /** The card's name in this deal, as on a card of the hand (Karnöffel's "Papst"), marked on the card where it lies. */
  readonly tag?: string;
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
  /** Per seat: a line under the player's name (cards held …). */
  readonly seatNotes: readonly string[];
  /**
   * Per seat: short marks beside the player in the game's words: the dealer, Vorhand, the declarer, the partner once
   * known, Stoß and Re, Spritzen, Klopfen.
   */
  readonly marks: readonly (readonly string[])[];
  /** Per seat: what it has taken so far ("2 Stiche · 31 Augen"), '' before its first trick. */
  readonly taken: readonly string[];
  /** Per seat: cards lying face up in front of it for all to see (Karnöffel's first round), shown beside the player. */
  readonly seatCards?: readonly (readonly CardModel[])[];
  /**
   * Cards of other seats this seat may see (partner's hand, open hands, face-up cards). `ribbon`: a short mark of whose
   * they are ("Partner"), `why`: why this seat sees them, where that is not plain (a Karnöffel partner's hand).
   */
  readonly shown: readonly { readonly title: string; readonly cards: readonly CardModel[]; readonly ribbon?: string; readonly why?: string }[];
  /** Table talk or other public remarks of this deal (Karnöffel). */
  readonly talk: readonly string[];
  /** Points and standing of this deal and the sitting. */
  readonly score: readonly string[];
  /**
   * Cards chosen together (Talonschnapsen's two cards laid away): the player taps `count` cards of the hand and then
   * the confirm button. `actions` maps the chosen cards' codes (`pickKey`) to the action that lays them.
   */
  readonly pick?: { readonly count: number; readonly confirm: string; readonly actions: Readonly<Record<string, string>> };
}

/** The key of a set of chosen cards in `TableModel.pick.actions`: their codes in code order, space-separated. */
export function pickKey(codes: readonly string[]): string {
  return [...codes].sort().join(' ');
}

export interface Presentation<View = unknown> {
  /** The game ids this presenter serves. */
  readonly games: readonly string[];
  /** The table as `view`'s seat sees it; `legal` is the seat's legal actions now; `names[seat]` the players. */
  table(view: View, legal: readonly string[], lang: Lang, names: readonly string[]): TableModel;
  /** The sitting's score sheet (from snapshots and dealEnd / sittingEnd events) as lines; `rules` as for `dealSummary`. */
  sheet(sheet: unknown, lang: Lang, names: readonly string[], rules?: unknown): readonly string[];
  /**
   * The end of a sitting from its last sheet (the sittingEnd event's): who won the sitting and by how much first, then
   * the final standing of each finished unit (a Bummerl and who got it, a Partie and its stake, each player's money
   * ranked), never the next unit that did not begin.
   */
  sittingEnd(sheet: unknown, lang: Lang, names: readonly string[], rules?: unknown): readonly string[];
  /** A calm summary of a finished deal from its outcome (the table's dealEnd event), a few lines: the result, its reason and every multiplier. */
  /** `rules`: the table's rules as the game resolved them (the snapshot's, the record's), where the words depend on them. */
  dealSummary(outcome: unknown, lang: Lang, names: readonly string[], view?: unknown, rules?: unknown): readonly string[];
  /** A sitting's total for one player as a page lists it: money ("−5,40 €") or game points ("+7 Punkte"). */
  formatTotal(total: number, lang: Lang): string;
  /** The Spielzettel of a sitting from the outcomes of its finished deals, in order. */
  scoreSheet(outcomes: readonly unknown[], lang: Lang, names: readonly string[], rules?: unknown): SheetTable;
}

/**
 * The Spielzettel: a column per player (or team, where a team scores as one), a row per deal with the game, who
 * played it with whom, the result, what each column wrote and the running totals.
 */
export interface SheetTable {
  readonly columns: readonly string[];
  readonly rows: readonly SheetRow[];
}

export interface SheetRow {
  /** The deal's number in the sitting, from 1. */
  readonly deal: number;
  /** The game and who played it ("Rufspiel auf die Gras-Sau · Sepp + Resi"). */
  readonly game: string;
  /** The result in words ("gewonnen, Schneider"). */
  readonly result: string;
  /** What each column wrote for the deal, and the running total after it. */
  readonly cells: readonly string[];
  readonly totals: readonly string[];
  /** A line under the row: a Bummerl or match that ended with it. */
  readonly note?: string;
}

/** Running totals of per-deal scores, each formatted. */
export function running(scores: readonly (readonly number[])[], format: (n: number) => string, resetAfter: (totals: readonly number[], row: number) => boolean = () => false): { cells: string[]; totals: string[] }[] {
  let sum: number[] = [];
  return scores.map((row, i) => {
    sum = row.map((x, c) => (sum[c] ?? 0) + x);
    const out = { cells: row.map(format), totals: sum.map((x) => format(x).replace(/^\+/, '')) };
    if (resetAfter(sum, i)) sum = [];
    return out;
  });
}

/**
 * Seats round the table as the person at `me` sees them (every game here deals and plays clockwise): `me` at the
 * bottom, the next seat to the left, and so on round; with four, the partner of Bauernschnapsen (two seats on) sits
 * opposite. The angle is in degrees on the screen, 90 at the bottom, 180 at the left, 270 at the top.
 */
export function seatAngle(seat: number, me: number, seats: number): number {
  const k = (((seat - Math.max(me, 0)) % seats) + seats) % seats;
  return 90 + (k * 360) / seats;
}

/** Whether the seat sits straight across from the viewer with no neighbour close beside it (tables of up to six): its name plate may be wider. */
export function seatAcross(seat: number, me: number, seats: number): boolean {
  return seats <= 6 && seatAngle(seat, me, seats) === 270;
}

/** Whether the ring of seats is crowded (six or eight at the table): on a phone it is taller, its name plates narrower. */
export function ringCrowded(seats: number): boolean {
  return seats >= 6;
}

/** A signed count of game points: "+7 Punkte", "−2 points". */
export function signedPoints(n: number, lang: Lang): string {
  const sign = n > 0 ? '+' : n < 0 ? '−' : '';
  return `${sign}${Math.abs(n)} ${lang === 'de' ? (Math.abs(n) === 1 ? 'Punkt' : 'Punkte') : Math.abs(n) === 1 ? 'point' : 'points'}`;
}

/** Names joined as a sentence says them: "Sepp", "Sepp und Resi", "Sepp, Resi und Schorsch" ("and" in English). */
export function joined(lang: Lang, items: readonly string[]): string {
  const and = lang === 'de' ? ' und ' : ' and ';
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')}${and}${items[items.length - 1]}`;
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

/** Cards played in order from `leader` round a table of `seats` seats (`step` +1 clockwise, -1 the other way). */
export function playedFrom(pack: Pack, leader: number, cards: readonly Card[], seats: number, step = 1): PlayedCard[] {
  return cards.map((c, i) => ({ ...cardModel(pack, c), seat: (((leader + step * i) % seats) + seats) % seats }));
}
