import { formatCard } from '../../../cards/notation.js';
import { devilOf, karnoeffelOf, PACK } from '../cards.js';
import { BASE_VALUE, RAISE_STEP } from '../engine.js';
import { teamOf } from '../talk.js';
import { namedReason, reason } from '../talkWords.js';
import { power, trickWinnerIndex } from '../tables.js';
import type { KarnoeffelView } from '../state.js';
import { beatChance, devilThreat, karnoeffelThreat, winChance, worth, type Knowledge } from './knowledge.js';

/**
 * Thresholds of the rule-based bot, as chances of winning the round. The
 * bar for raising climbs with every raise already in the round, so that two
 * confident sides stop somewhere.
 */
export const RAISE_AT = 0.72;
export const RERAISE_AT = 0.56;
export const CLIMB = 0.05;
export const REFUSE_BELOW = 0.2;

export type PauseKind = 'raise' | 'pass' | 'accept' | 'refuse';

export interface Decision<T> {
  readonly choice: T;
  /** A few words for table talk: why. */
  readonly reason: string;
}

/**
 * Raising (000 "Kartengeben und Steigern"), for `actor` with knowledge `k`:
 * raise with a strong side, raise again with a very strong one, refuse a
 * raise with a weak one, else accept or pass. Two match situations change
 * this: if the opponents would already win the match with the current
 * value, refusing would hand it to them, so never refuse — and raising
 * costs nothing more (their win ends the match anyway), so raise while they
 * have not announced it (000: "darf ruhig weitere Erhöhungen ansagen").
 */
export function pauseDecision(view: KarnoeffelView, k: Knowledge, actor: number, options: readonly PauseKind[]): Decision<PauseKind> {
  const team = teamOf(actor);
  const p = winChance(k, team);
  const opp = 1 - team;
  const theyWinMatch = view.points[opp] + view.value >= view.target;
  const may = (kind: PauseKind) => options.includes(kind);
  const answering = may('accept');
  const raisesSoFar = ((answering ? (view.pause?.bid ?? view.value) : view.value) - BASE_VALUE) / RAISE_STEP;
  const climb = CLIMB * raisesSoFar;
  if (theyWinMatch && view.announcedBy < 0 && may('raise')) {
    return { choice: 'raise', reason: reason('partieAnyway') };
  }
  if (answering) {
    if (may('raise') && p >= RERAISE_AT + climb) return { choice: 'raise', reason: reason('veryStrong') };
    if (!theyWinMatch && p < REFUSE_BELOW) return { choice: 'refuse', reason: reason('tooWeak') };
    return { choice: 'accept', reason: reason(p >= 0.5 ? 'canHold' : 'mayHold') };
  }
  if (may('raise') && p >= RAISE_AT + climb) return { choice: 'raise', reason: reason('strong') };
  return { choice: 'pass', reason: reason('nothingToRaise') };
}

/** How much a card is worth keeping for later: its worth; the Devil only as long as it can still be led. */
function keepValue(k: Knowledge, card: number, handSize: number): number {
  if (card === devilOf(k.trump)) return handSize > 1 ? 0.7 : 0;
  return worth(card, k.trump);
}

function seatsAfter(view: KarnoeffelView, actor: number): number[] {
  const n = view.players;
  const step = view.direction === 'right' ? -1 : 1;
  const out: number[] = [];
  const played = view.trick.length;
  for (let i = 1; i < n - played; i++) out.push((actor + step * i + n * n) % n);
  return out;
}

function cheapest(k: Knowledge, cards: readonly number[], handSize: number): number {
  let best = cards[0];
  for (const c of cards) if (keepValue(k, c, handSize) < keepValue(k, best, handSize)) best = c;
  return best;
}

/**
 * Card play (000 "Spieldurchführung": no duty to follow or to win). As a
 * follower: leave a trick the side already holds safely, else take it with
 * the cheapest card that is likely to stand, else throw the least useful
 * card (never the Devil while it can still be led). As leader: cash a card
 * nobody can beat — keeping the Karnöffel while an opponent may still lead
 * the Devil — lead the Devil when the Karnöffel is unlikely to be against
 * it, else the card with the best balance of chance and cost.
 */
export function playDecision(view: KarnoeffelView, k: Knowledge, actor: number, legalCards: readonly number[]): Decision<number> {
  const team = teamOf(actor);
  const handSize = k.known[actor].length;
  const after = seatsAfter(view, actor);
  const oppsAfter = after.filter((s) => teamOf(s) !== team);
  const critical = view.won[1 - team] === 2 || view.won[team] === 2;
  const name = (c: number) => `${formatCard(PACK, c)}`;
  if (legalCards.length === 1) return { choice: legalCards[0], reason: reason('onlyCard') };

  if (view.trick.length === 0) {
    const opponents = Array.from({ length: view.players }, (_, s) => s).filter((s) => teamOf(s) !== team);
    const chance = (c: number) => beatChance(k, c, c, opponents);
    const ka = karnoeffelOf(k.trump);
    const sure = legalCards.filter((c) => chance(c) === 0);
    const keepKa = devilThreat(k, team) && !critical;
    const cash = sure.filter((c) => !(keepKa && c === ka));
    if (cash.length > 0) {
      const c = cheapest(k, cash, handSize);
      return { choice: c, reason: namedReason('unbeatable', name(c)) };
    }
    const devil = devilOf(k.trump);
    if (legalCards.includes(devil) && (!karnoeffelThreat(k, team) || chance(devil) < 0.5)) {
      return { choice: devil, reason: namedReason('leadDevil', name(devil)) };
    }
    let best = legalCards[0];
    let bestScore = -Infinity;
    for (const c of legalCards) {
      const score = critical ? -chance(c) : 1 - chance(c) - 0.7 * keepValue(k, c, handSize);
      if (score > bestScore) {
        bestScore = score;
        best = c;
      }
    }
    return { choice: best, reason: namedReason(critical ? 'bestChance' : 'lead', name(best)) };
  }

  const led = view.trick[0];
  const bestIdx = trickWinnerIndex(k.trump, view.trick);
  const step = view.direction === 'right' ? -1 : 1;
  const n = view.players;
  const bestSeat = (view.trickLeader + step * bestIdx + n * n) % n;
  const bestCard = view.trick[bestIdx];
  const bar = power(k.trump, led, bestCard);
  const winners = legalCards.filter((c) => power(k.trump, led, c) > bar);
  const discard = () => cheapest(k, legalCards, handSize);

  if (teamOf(bestSeat) === team) {
    const risk = beatChance(k, led, bestCard, oppsAfter);
    if (risk < 0.35) return { choice: discard(), reason: reason('trickOurs') };
    const safer = winners.filter((c) => beatChance(k, led, c, oppsAfter) < risk - 0.2);
    if (safer.length > 0) {
      const c = cheapest(k, safer, handSize);
      return { choice: c, reason: namedReason('makeSafe', name(c)) };
    }
    return { choice: discard(), reason: reason('nothingBetter') };
  }

  // A teammate after me who holds a card that takes the trick and stands.
  for (let i = 0; i < after.length; i++) {
    const mate = after[i];
    if (teamOf(mate) !== team || mate === actor) continue;
    const rest = after.slice(i + 1).filter((s) => teamOf(s) !== team);
    for (const c of k.known[mate]) {
      if (power(k.trump, led, c) > bar && beatChance(k, led, c, rest) === 0) {
        return { choice: discard(), reason: namedReason('leaveTo', mate) };
      }
    }
  }
  const ranked = [...winners].sort((x, y) => keepValue(k, x, handSize) - keepValue(k, y, handSize));
  for (const c of ranked) {
    if (beatChance(k, led, c, oppsAfter) < 0.5) return { choice: c, reason: namedReason('takeWith', name(c)) };
  }
  if (critical && winners.length > 0) {
    let c = winners[0];
    for (const w of winners) if (beatChance(k, led, w, oppsAfter) < beatChance(k, led, c, oppsAfter)) c = w;
    return { choice: c, reason: namedReason('fight', name(c)) };
  }
  return { choice: discard(), reason: reason('letGo') };
}
