import { ASS_LOW, NORMAL, type Order } from './cards.js';
import type { SchnapsenRules, Variant } from './rules.js';

/**
 * The games of the 003 table ("Punkteübersicht und Kurzbeschreibungen") and
 * its regional additions. Identifiers are the German game names in lower
 * case; `normal` is the game played when nobody announces.
 */
export type GameId =
  | 'normal'
  | 'bettler'
  | 'dokta'
  | 'assenbettler'
  | 'assbettler'
  | 'blinderbettler'
  | 'schnapser'
  | 'schnapserzusammen'
  | 'plauderer'
  | 'gang'
  | 'zehnergang'
  | 'bauernschnapser'
  | 'kontraschnapser'
  | 'bauernloch'
  | 'farbenringerl'
  | 'kontrabauernschnapser'
  | 'trumpfringerl'
  | 'kontraherrenbauer';

/**
 * How a game is won:
 * - normal: 66 card points (20/40 included) or, in Bauernschnapsen, the last trick;
 * - schnapser: the player (or with schnapserMitMann/zusammen his side) wins every
 *   trick until 66, within three tricks (four in Talonschnapsen);
 * - all: the announcer alone takes every trick;
 * - sideAll: the announcer's side takes every trick (Dokta);
 * - none: the announcer takes no trick (the Bettler games);
 * - shown: won at once by showing the hand (Ringerl, Kontra-Herrenbauer).
 */
export type Goal = 'normal' | 'schnapser' | 'all' | 'sideAll' | 'none' | 'shown';

/** Who may announce: anyone, only the Rufer, only an opponent of the Rufer, only the Rufer's partner. */
export type Who = 'any' | 'rufer' | 'kontra' | 'partner';

export interface GameDef {
  readonly id: GameId;
  /** The German name, as the terminal prints it. */
  readonly name: string;
  /** Points of the game (the normal game: 1, 2 or 3 by the losers' card points). */
  readonly value: number;
  /** Does the Rufer's trump count ("Atout gilt")? */
  readonly trump: boolean;
  readonly order: Order;
  readonly goal: Goal;
  readonly who: Who;
  /** Who plays the first card: the Rufer, or the announcer. */
  readonly leader: 'rufer' | 'announcer';
  /** A Bettler game: the announcer's partner sits out under bettlerPartnerSitsOut. */
  readonly beggar: boolean;
  /** The house rule that enables it (undefined: always there). */
  readonly rule?: keyof SchnapsenRules;
  readonly source: string;
}

const def = (d: GameDef): GameDef => d;

const DEFS: readonly GameDef[] = [
  def({ id: 'normal', name: 'Normales Spiel', value: 1, trump: true, order: NORMAL, goal: 'normal', who: 'rufer', leader: 'rufer', beggar: false, source: '003 Normales Spiel' }),
  def({ id: 'bettler', name: 'Bettler', value: 4, trump: false, order: NORMAL, goal: 'none', who: 'any', leader: 'rufer', beggar: true, rule: 'bettler', source: '003 Bettler' }),
  def({ id: 'dokta', name: 'Dokta', value: 5, trump: true, order: NORMAL, goal: 'sideAll', who: 'rufer', leader: 'rufer', beggar: false, rule: 'dokta', source: '003 Dokta' }),
  def({ id: 'assenbettler', name: 'Assenbettler', value: 5, trump: false, order: ASS_LOW, goal: 'none', who: 'any', leader: 'rufer', beggar: true, rule: 'assenbettler', source: '003 Assenbettler' }),
  def({ id: 'assbettler', name: 'Ass-Bettler', value: 5, trump: false, order: NORMAL, goal: 'none', who: 'any', leader: 'rufer', beggar: true, rule: 'assBettler', source: '003 Ass-Bettler' }),
  def({ id: 'blinderbettler', name: 'Blinder Bettler', value: 5, trump: false, order: NORMAL, goal: 'none', who: 'rufer', leader: 'rufer', beggar: true, rule: 'blinderBettler', source: '003 Blinder Bettler' }),
  def({ id: 'schnapser', name: 'Schnapser', value: 6, trump: true, order: NORMAL, goal: 'schnapser', who: 'rufer', leader: 'rufer', beggar: false, rule: 'schnapser', source: '003 Schnapser' }),
  def({ id: 'schnapserzusammen', name: 'Schnapser zusammen', value: 6, trump: true, order: NORMAL, goal: 'schnapser', who: 'partner', leader: 'rufer', beggar: false, rule: 'schnapserZusammen', source: '003 Kontraschnapser (regional)' }),
  def({ id: 'plauderer', name: 'Plauderer', value: 7, trump: false, order: NORMAL, goal: 'none', who: 'any', leader: 'rufer', beggar: true, rule: 'plauderer', source: '003 Plauderer' }),
  // 003 Gangl: "Ein Gang sollte wenn möglich immer gefärbt werden": read as advice to the
  // announcer (play it in suit, no Atout); the rules are those of every game: Farb- und Stichzwang.
  def({ id: 'gang', name: 'Gang', value: 9, trump: false, order: NORMAL, goal: 'all', who: 'any', leader: 'announcer', beggar: false, rule: 'gang', source: '003 Gangl' }),
  def({ id: 'zehnergang', name: 'Zehnergang', value: 10, trump: false, order: ASS_LOW, goal: 'all', who: 'any', leader: 'announcer', beggar: false, rule: 'zehnergang', source: '003 Zehnergang' }),
  def({ id: 'bauernschnapser', name: 'Bauernschnapser', value: 12, trump: true, order: NORMAL, goal: 'all', who: 'any', leader: 'announcer', beggar: false, rule: 'bauernschnapser', source: '003 Bauernschnapser' }),
  def({ id: 'kontraschnapser', name: 'Kontraschnapser', value: 12, trump: true, order: NORMAL, goal: 'schnapser', who: 'kontra', leader: 'rufer', beggar: false, rule: 'kontraschnapser', source: '003 Kontraschnapser' }),
  def({ id: 'bauernloch', name: 'Bauernloch', value: 12, trump: true, order: ASS_LOW, goal: 'all', who: 'rufer', leader: 'rufer', beggar: false, rule: 'bauernloch', source: '003 Bauernloch' }),
  def({ id: 'farbenringerl', name: 'Farbenringerl', value: 18, trump: false, order: NORMAL, goal: 'shown', who: 'any', leader: 'announcer', beggar: false, rule: 'farbenringerl', source: '003 Farbringerl' }),
  def({ id: 'kontrabauernschnapser', name: 'Kontrabauernschnapser', value: 24, trump: true, order: NORMAL, goal: 'all', who: 'kontra', leader: 'rufer', beggar: false, rule: 'kontrabauernschnapser', source: '003 Kontrabauernschnapser' }),
  def({ id: 'trumpfringerl', name: 'Trumpfringerl', value: 24, trump: true, order: NORMAL, goal: 'shown', who: 'rufer', leader: 'rufer', beggar: false, rule: 'trumpfringerl', source: '003 Herrenschnapser' }),
  // 003 Kontra-Herrenbauer: "Der Spieler der eigentlich den Trumpf angesagt hätte, muss in diesem
  // Fall eine Karte ausspielen ... die Karten des Spielers offen auf den Tisch gelegt und das Bummel
  // ist vorüber": decision, shown at once like the Ringerl (the Rufer's lead cannot change it).
  def({ id: 'kontraherrenbauer', name: 'Kontra-Herrenbauer', value: 48, trump: true, order: NORMAL, goal: 'shown', who: 'kontra', leader: 'rufer', beggar: false, rule: 'kontraHerrenbauer', source: '003 Kontra-Herrenbauer' }),
];

/**
 * The games by id. A Map, never a plain object: ids come from outside (typed
 * actions, records), and "constructor" or "__proto__" must not find anything.
 */
export const GAMES: ReadonlyMap<string, GameDef> = new Map(DEFS.map((d) => [d.id, d]));

/** Is this (outside) value the id of a game of the 003 table? */
export function isGameId(x: unknown): x is GameId {
  return typeof x === 'string' && GAMES.has(x);
}

/** The definition of a known game id (ids inside a state are always known). */
export function gameInfo(id: GameId): GameDef {
  const d = GAMES.get(id);
  if (d === undefined) throw new Error(`unknown game id ${JSON.stringify(String(id).slice(0, 40))}`);
  return d;
}

export const GAME_IDS: readonly GameId[] = DEFS.map((d) => d.id);
/** The games one can announce (all but the normal game). */
export const ANNOUNCEABLE: readonly GameId[] = GAME_IDS.filter((g) => g !== 'normal');

/**
 * The game as played in this variant. Talonschnapsen differs in two games
 * (003 Talonschnapsen: "bis auf den Schnapser und Farbenring"): the
 * Farbenring is played out and needs all six tricks.
 */
export function gameDef(id: GameId, variant: Variant): GameDef {
  const d = gameInfo(id);
  if (variant === 'talon' && id === 'farbenringerl') return { ...d, goal: 'all', source: '003 Talonschnapsen (Farbenring)' };
  return d;
}

/**
 * Tricks within which a Schnapser must reach 66: three in Bauernschnapsen,
 * four in Talonschnapsen ("um auf die 12 Karten zu kommen"). Decision: the
 * Kontraschnapser follows the same count in Talonschnapsen, for the same
 * reason the document gives for the Schnapser (12 cards).
 */
export function schnapserTricks(variant: Variant): number {
  return variant === 'talon' ? 4 : 3;
}

export function isEnabled(rules: SchnapsenRules, id: GameId, variant: Variant): boolean {
  const d = gameInfo(id);
  if (variant === 'talon' && d.who === 'partner') return false;
  return d.rule === undefined || rules[d.rule] === true;
}

/**
 * Rank in the announcements: by points, and where the document names an
 * order between games of different points that differs, by that order.
 * Between equal ranks the earlier announcement stands (NOTES). In
 * Talonschnapsen a game announced "ohne Talon" goes before the same game with
 * the talon (003: "derjenige den Vortritt, der ohne die Talonkarten spielen kann").
 */
export function auctionRank(rules: SchnapsenRules, id: GameId, ohne: boolean): number {
  let base = gameInfo(id).value * 4;
  // 003 Zehnergang: "Wird ein Gang und ein Zehnergang angesagt, wird der Gang gespielt" (one region).
  if (id === 'gang' && rules.zehnergangPrecedence === 'gang') base = gameInfo('zehnergang').value * 4 + 2;
  return base + (ohne ? 1 : 0);
}
