import { cardOf, type Card, type Pack, type Rank, type Suit } from '../../cards/pack.js';
import type { GameKind } from './contract.js';
import { pointsTable } from './cards.js';

/**
 * Everything trick play needs for one game, precomputed as bit masks and
 * per-card tables so that engines and bots resolve tricks without branching
 * on the game.
 */
export interface PlayTables {
  readonly pack: Pack;
  /** Mask of the trumps. */
  readonly trumps: number;
  /** Trumps from the highest down (002 4.2). */
  readonly trumpOrder: readonly Card[];
  /** How many of `trumpOrder`, from the top, are Herren (Ober, Unter): 002 6.3 counts only those as Laufende. */
  readonly herren: number;
  /** For each card: the cards that follow it, i.e. all trumps if it is a trump, else the plain cards of its suit. */
  readonly follow: Int32Array;
  /** For each card: its strength in a trick; every trump is stronger than every plain card. */
  readonly power: Int16Array;
  readonly points: Uint8Array;
  /** Mask of the plain (non-trump) cards of each suit. */
  readonly plain: readonly number[];
}

const SUIT_ORDER: readonly Suit[] = [0, 1, 2, 3]; // Eichel, Gras, Herz, Schelln: the order among equal Herren (002 4.2)
const NATURAL: readonly Rank[] = ['A', 'Z', 'K', 'O', 'U', '9', '8', '7'];
/** Bettel: no trump; Sau, König, Ober, Unter, Zehn, 9, 8, 7 (NOTES.md, as the sites play it). */
const BETTEL: readonly Rank[] = ['A', 'K', 'O', 'U', 'Z', '9', '8', '7'];

/** The trumps of a game, highest first, and how many of them are Herren. */
function trumpsOf(pack: Pack, kind: GameKind, suit: Suit | undefined): { order: Card[]; herren: number } {
  const of = (ranks: readonly Rank[], suits: readonly Suit[]): Card[] => {
    const out: Card[] = [];
    for (const r of ranks) for (const s of suits) {
      const c = cardOf(pack, s, r);
      if (c !== undefined) out.push(c);
    }
    return out;
  };
  const suitCards = (s: Suit, exclude: readonly Rank[]): Card[] =>
    of(NATURAL.filter((r) => !exclude.includes(r)), [s]);
  const ober = of(['O'], SUIT_ORDER);
  const unter = of(['U'], SUIT_ORDER);
  switch (kind) {
    case 'rufspiel':
    case 'ramsch':
      return { order: [...ober, ...unter, ...suitCards(2, ['O', 'U'])], herren: 8 };
    case 'sie':
      // The Sie is shown, not played; its Laufende are counted as in a Herz-Solo.
      return { order: [...ober, ...unter, ...suitCards(2, ['O', 'U'])], herren: 8 };
    case 'solo':
      return { order: [...ober, ...unter, ...suitCards(suit!, ['O', 'U'])], herren: 8 };
    case 'wenz':
      return { order: unter, herren: 4 };
    case 'farbwenz':
      return { order: [...unter, ...suitCards(suit!, ['U'])], herren: 4 };
    case 'geier':
      return { order: ober, herren: 4 };
    case 'farbgeier':
      return { order: [...ober, ...suitCards(suit!, ['O'])], herren: 4 };
    case 'bettel':
      return { order: [], herren: 0 };
  }
}

const cache = new Map<number, PlayTables>();
const KINDS: readonly GameKind[] = ['rufspiel', 'ramsch', 'sie', 'solo', 'wenz', 'farbwenz', 'geier', 'farbgeier', 'bettel'];

/** The play tables of a game (cached: the tables are immutable). */
export function playTables(pack: Pack, kind: GameKind, suit?: Suit): PlayTables {
  const key = pack.size * 100 + KINDS.indexOf(kind) * 10 + (suit ?? 9);
  const hit = cache.get(key);
  if (hit) return hit;
  const { order, herren } = trumpsOf(pack, kind, suit);
  let trumps = 0;
  for (const c of order) trumps |= 1 << c;
  const power = new Int16Array(pack.size);
  order.forEach((c, i) => (power[c] = 200 - i));
  const plainOrder = kind === 'bettel' ? BETTEL : NATURAL;
  const plain: number[] = [];
  for (const s of SUIT_ORDER) {
    let mask = 0;
    let strength = 100;
    for (const r of plainOrder) {
      const c = cardOf(pack, s, r);
      if (c === undefined || (trumps & (1 << c)) !== 0) continue;
      mask |= 1 << c;
      power[c] = strength--;
    }
    plain.push(mask);
  }
  const follow = new Int32Array(pack.size);
  for (const c of pack.cards) {
    follow[c] = (trumps & (1 << c)) !== 0 ? trumps : plain.find((m) => (m & (1 << c)) !== 0)!;
  }
  const tables: PlayTables = { pack, trumps, trumpOrder: order, herren, follow, power, points: pointsTable(pack), plain };
  cache.set(key, tables);
  return tables;
}

/**
 * The position in the trick (0 = led) of the card that wins it: the highest
 * trump, else the highest card of the suit led (002 5.5.1). A card of
 * another plain suit never wins.
 */
export function trickWinnerIndex(t: PlayTables, cards: readonly Card[]): number {
  const follows = t.follow[cards[0]] | t.trumps;
  let best = 0;
  for (let i = 1; i < cards.length; i++) {
    const c = cards[i];
    if ((follows & (1 << c)) !== 0 && t.power[c] > t.power[cards[best]]) best = i;
  }
  return best;
}
