/**
 * The judgement of the normal game on plain numbers, shared by the public
 * engine and the fast playout (003 "Normales Spiel").
 */

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
 * he could still announce, and the points of the loss can no longer change
 * (he has a trick, and has 33 or cannot reach 33 any more); else play on.
 */
export function judgeTalonNormal(ruferPoints: number, ruferTricks: number, maxReachable: number, tricksDone: number): number {
  if (ruferPoints >= 66) return DECLARER_WINS;
  if (tricksDone >= 6) return OPPONENTS_WIN;
  if (maxReachable < 66 && ruferTricks > 0 && (ruferPoints >= 33 || maxReachable < 33)) return OPPONENTS_WIN;
  return UNDECIDED;
}
