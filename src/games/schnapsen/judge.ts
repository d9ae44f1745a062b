import { popcount32 } from '../../cards/bits.js';
import { PAIR_MASK, RANK_POINTS, SUIT_MASK, maskPoints } from './cards.js';

/**
 * The judgement of every game on plain numbers, shared by the public engine
 * and the search state (003 "Normales Spiel" and the special games).
 */

/** RANK_MASK[rank]: the four cards of a rank. */
const RANK_MASK = [0, 1, 2, 3, 4].map((rank) => (0x108421 << rank) & (SUIT_MASK[0] | SUIT_MASK[1] | SUIT_MASK[2] | SUIT_MASK[3]));

/** 20 and 40 count only once the side has a trick (003: "Hat das Team im gesamten Spiel keinen Stich, zählen Zwanziger und Vierziger nicht"). */
export function sidePoints(cardPoints: number, meldPoints: number, tricks: number): number {
  return tricks > 0 ? cardPoints + meldPoints : cardPoints;
}

/**
 * Points of the normal game for the winners: 3 if the losers took no trick,
 * 2 if they have fewer than 33, else 1 (003 table, "Normales Spiel").
 */
export function normalGamePoints(loserPoints: number, loserTricks: number): number {
  if (loserTricks === 0) return 3;
  return loserPoints < 33 ? 2 : 1;
}

export const UNDECIDED = 0;
export const DECLARER_WINS = 1;
export const OPPONENTS_WIN = 2;

/**
 * Bauernschnapsen, normal game: the first side to 66 wins, else the side
 * that takes the last trick; decided as soon as one of these happens.
 */
export function judgeBauernNormal(declPoints: number, oppPoints: number, tricksDone: number, lastTrickByDeclarerSide: boolean): number {
  if (declPoints >= 66) return DECLARER_WINS;
  if (oppPoints >= 66) return OPPONENTS_WIN;
  if (tricksDone >= 5) return lastTrickByDeclarerSide ? DECLARER_WINS : OPPONENTS_WIN;
  return UNDECIDED;
}

/**
 * Talonschnapsen, normal game: the Rufer needs 66 ("muss der Rufer auf
 * mindestens 66 Punkte kommen"; no last-trick rule, the talon cards do not
 * count for him). Decision on "ends as soon as decided": he has lost when he
 * can no longer reach 66 even with every card still in play and every 20/40
 * he could still announce, reckoned on public facts only (`talonReachable`),
 * and the points of the loss can no longer change (he has a trick, and has
 * 33 or cannot reach 33 any more); else play on.
 */
export function judgeTalonNormal(ruferPoints: number, ruferTricks: number, maxReachable: number, tricksDone: number): number {
  if (ruferPoints >= 66) return DECLARER_WINS;
  if (tricksDone >= 6) return OPPONENTS_WIN;
  if (maxReachable < 66 && ruferTricks > 0 && (ruferPoints >= 33 || maxReachable < 33)) return OPPONENTS_WIN;
  return UNDECIDED;
}

/**
 * Talonschnapsen, normal game: the most the Rufer could still reach, judged
 * on what is public only, so that whether play goes on tells nobody anything
 * (issue 7: "the end of play may depend only on what is public"). Publicly
 * the cards not yet played are the hands and the two cards laid away, which
 * count for nobody; so the Rufer could at most take every unplayed card but
 * the two cheapest (the cards laid away are worth at least that), and
 * announce every 20/40 whose König and Ober are both unplayed in a suit
 * nobody has announced yet. `ruferRaw` is his card points and his 20/40 so
 * far (counted as if he had a trick), `unplayed` the mask of the cards not
 * in any trick, `meldedSuits` the suits announced by anyone (bit per suit).
 */
export function talonReachable(ruferRaw: number, unplayed: number, meldedSuits: number, trump: number): number {
  let max = ruferRaw + maskPoints(unplayed) - cheapestTwo(unplayed);
  for (let suit = 0; suit < 4; suit++) {
    if ((unplayed & PAIR_MASK[suit]) === PAIR_MASK[suit] && !(meldedSuits & (1 << suit))) max += suit === trump ? 40 : 20;
  }
  return max;
}

/** The card points of the two cheapest cards of a mask (of at least two cards). */
export function cheapestTwo(mask: number): number {
  let need = 2;
  let sum = 0;
  // Ranks from the cheapest: Unter 2, Ober 3, König 4, Zehner 10, Ass 11.
  for (let rank = 4; rank >= 0 && need > 0; rank--) {
    let n = popcount32(mask & RANK_MASK[rank]);
    while (n > 0 && need > 0) {
      sum += RANK_POINTS[rank];
      n--;
      need--;
    }
  }
  return sum;
}

/**
 * Schnapser and Kontraschnapser (003): a trick taken outside the playing
 * side loses at once; 66 wins; short of 66 after the tricks allowed loses.
 * `trickJustWon`: judged after a trick (not after a 20/40).
 */
export function judgeSchnapser(trickJustWon: boolean, lastByPlayingSide: boolean, sidePts: number, tricksDone: number, tricksAllowed: number): number {
  if (trickJustWon && !lastByPlayingSide) return OPPONENTS_WIN;
  if (sidePts >= 66) return DECLARER_WINS;
  if (tricksDone >= tricksAllowed) return OPPONENTS_WIN;
  return UNDECIDED;
}

/** Gang, Bauernschnapser, Dokta …: a trick not taken by the announcer (his side in the Dokta) loses; every trick wins. */
export function judgeAllTricks(trickJustWon: boolean, lastOk: boolean, tricksDone: number, tricksAll: number): number {
  if (!trickJustWon) return UNDECIDED;
  if (!lastOk) return OPPONENTS_WIN;
  return tricksDone >= tricksAll ? DECLARER_WINS : UNDECIDED;
}

/** The Bettler games: a trick taken by the announcer loses; no trick at all wins. */
export function judgeNoTrick(trickJustWon: boolean, lastByDeclarer: boolean, tricksDone: number, tricksAll: number): number {
  if (!trickJustWon) return UNDECIDED;
  if (lastByDeclarer) return OPPONENTS_WIN;
  return tricksDone >= tricksAll ? DECLARER_WINS : UNDECIDED;
}
