import { SUIT_LETTERS, type Suit } from '../../cards/pack.js';
import { quote } from '../../core/text.js';
import type { Seat } from '../game.js';
import { suitName } from './cards.js';

/**
 * The games of Schafkopf (002 5.3): the Rufspiel ("Spiel auf a Sau", calling
 * a partner by a Sau), Wenz (Unter trump), Solo (Ober, Unter and a suit),
 * the Sie (all Ober and Unter in one hand), and the exotic games (5.3.6):
 * Farbwenz, Geier (Ober trump), Farbgeier, Bettel (no trick) and Ramsch
 * (everyone for himself, played when all pass).
 */
export type GameKind = 'rufspiel' | 'wenz' | 'solo' | 'farbwenz' | 'geier' | 'farbgeier' | 'bettel' | 'ramsch' | 'sie';

/** What a seat announces in the bidding. */
export interface GameChoice {
  readonly kind: GameKind;
  /** Rufspiel: the suit of the called Sau; Solo, Farbwenz, Farbgeier: the trump suit. */
  readonly suit?: Suit;
  /** Tout: the declarer must take every trick (002 5.3.4, 5.3.5). */
  readonly tout?: boolean;
}

/** The game that is played. */
export interface Contract extends GameChoice {
  /** Null in a Ramsch. */
  readonly declarer: Seat | null;
  /** Forced on the holder of the Eichel-Ober when everyone passed (002 5.3.7 a). */
  readonly mussspiel?: boolean;
}

/** Games with a suit to name. */
export function needsSuit(kind: GameKind): boolean {
  return kind === 'rufspiel' || kind === 'solo' || kind === 'farbwenz' || kind === 'farbgeier';
}

/** Games that may be played tout. */
export function allowsTout(kind: GameKind): boolean {
  return kind === 'wenz' || kind === 'solo' || kind === 'farbwenz' || kind === 'geier' || kind === 'farbgeier';
}

/** One against three (everything but the Rufspiel and the Ramsch). */
export function isSoloKind(kind: GameKind): boolean {
  return kind !== 'rufspiel' && kind !== 'ramsch';
}

/** The games with a point goal and the 002 6.4 tariff (not Bettel, Ramsch). */
export function isPointGame(kind: GameKind): boolean {
  return kind !== 'bettel' && kind !== 'ramsch';
}

/** The games by their word in the notation (a Map: outside text never reaches an object's prototype). */
const KIND_WORDS: ReadonlyMap<string, GameKind> = new Map(
  (['rufspiel', 'wenz', 'solo', 'farbwenz', 'geier', 'farbgeier', 'bettel', 'ramsch', 'sie'] as const).map((k) => [k, k]),
);

const KINDS: readonly GameKind[] = [...KIND_WORDS.values()];

/**
 * A game named by untrusted data (an action from outside), reduced to its
 * own fields, or why it is not a game. Only own properties are read.
 */
export function readChoice(x: unknown): GameChoice | string {
  if (typeof x !== 'object' || x === null || Array.isArray(x)) return 'a bid needs a game: {kind, suit?, tout?}';
  const own = (key: string): unknown => (Object.prototype.hasOwnProperty.call(x, key) ? (x as Record<string, unknown>)[key] : undefined);
  const kind = own('kind');
  const suit = own('suit');
  const tout = own('tout');
  const k = typeof kind === 'string' ? KIND_WORDS.get(kind) : undefined;
  if (k === undefined) return `unknown game ${quote(kind)} (games: ${KINDS.join(', ')})`;
  if (tout !== undefined && typeof tout !== 'boolean') return `tout must be true or false, not ${quote(tout)}`;
  if (tout && !allowsTout(k)) return `a ${k} cannot be played tout`;
  if (!needsSuit(k)) {
    if (suit !== undefined) return `a ${k} takes no suit`;
    return tout ? { kind: k, tout } : { kind: k };
  }
  if (suit !== 0 && suit !== 1 && suit !== 2 && suit !== 3) return `a ${k} needs a suit 0..3 (Eichel, Gras, Herz, Schellen), not ${quote(suit)}`;
  return tout ? { kind: k, suit, tout } : { kind: k, suit };
}

/** The notation of a game: "rufspiel G", "solo H", "solo-tout E", "wenz", "wenz-tout", "sie". */
export function formatChoice(choice: GameChoice): string {
  const word = choice.kind + (choice.tout ? '-tout' : '');
  return choice.suit === undefined ? word : `${word} ${SUIT_LETTERS[choice.suit]}`;
}

/** The suits by the words players use for them. */
const SUIT_WORDS: ReadonlyMap<string, Suit> = new Map([
  ['e', 0], ['eichel', 0], ['g', 1], ['gras', 1], ['grün', 1], ['gruen', 1], ['blatt', 1], ['h', 2], ['herz', 2], ['s', 3], ['schelln', 3], ['schellen', 3],
]);

const FILLERS: ReadonlySet<string> = new Set(['auf', 'die', 'der', 'sau', 'solo']);

/** Reads a game's notation; undefined if the words are not a game. */
export function parseChoice(text: string): GameChoice | { error: string } | undefined {
  const words = text.trim().toLowerCase().split(/\s+/);
  let head = words[0];
  let tout = false;
  if (head.endsWith('-tout')) {
    tout = true;
    head = head.slice(0, -5);
  } else if (words[1] === 'tout') {
    tout = true;
    words.splice(1, 1);
  }
  const kind = KIND_WORDS.get(head);
  if (kind === undefined) return undefined;
  if (tout && !allowsTout(kind)) return { error: `a ${kind} cannot be played tout` };
  if (needsSuit(kind)) {
    const suitWord = words.slice(1).filter((w) => !FILLERS.has(w))[0];
    if (suitWord === undefined) return { error: `name the suit: "${kind}${tout ? '-tout' : ''} E", G, H or S` };
    const suit = SUIT_WORDS.get(suitWord);
    if (suit === undefined) return { error: `${quote(suitWord)} is not a suit (E Eichel, G Gras, H Herz, S Schellen)` };
    return tout ? { kind, suit, tout } : { kind, suit };
  }
  if (words.length > 1) return { error: `a ${kind} takes no suit` };
  return tout ? { kind, tout } : { kind };
}

/** German name for the terminal: "Rufspiel auf die Gras-Sau", "Herz-Solo tout". */
export function choiceName(choice: GameChoice): string {
  const t = choice.tout ? ' tout' : '';
  switch (choice.kind) {
    case 'rufspiel':
      return `Rufspiel auf die ${suitName(choice.suit!)}-Sau`;
    case 'solo':
      return `${suitName(choice.suit!)}-Solo${t}`;
    case 'farbwenz':
      return `${suitName(choice.suit!)}-Farbwenz${t}`;
    case 'farbgeier':
      return `${suitName(choice.suit!)}-Farbgeier${t}`;
    case 'wenz':
      return `Wenz${t}`;
    case 'geier':
      return `Geier${t}`;
    case 'bettel':
      return 'Bettel';
    case 'ramsch':
      return 'Ramsch';
    case 'sie':
      return 'Sie';
  }
}

export function sameChoice(a: GameChoice, b: GameChoice): boolean {
  return a.kind === b.kind && a.suit === b.suit && Boolean(a.tout) === Boolean(b.tout);
}
