import { CARD_POINTS, CARD_SUIT, PAIR_MASK, RANK_K, RANK_O } from '../cards.js';
import type { SchnapsenAction } from '../state.js';
import { beats, declaringSide, isTop, strength, trickLeader, type Knowledge } from './knowledge.js';

/**
 * Card play of the rule-based bot: keep trumps, take 20/40 when possible,
 * lead safe winners, give points to a partner who holds the trick, win a
 * trick worth winning with the cheapest card, else throw the least useful
 * card; in the special games play to the goal (all tricks, no trick, or
 * stop the declarer).
 */
export function choosePlay(k: Knowledge, legal: readonly SchnapsenAction[]): SchnapsenAction {
  const melds = legal.filter((a): a is Extract<SchnapsenAction, { type: 'meld' }> => a.type === 'meld');
  if (melds.length > 0) {
    const r = role(k);
    // Take the 40 before a 20.
    const meld = melds.reduce((best, a) => (a.points > best.points ? a : best));
    if (r === 'points') return meld;
    if (r === 'declarerAll') {
      // In a Schnapser: announce when it reaches 66 now, or when the pair's König is safe to lead.
      const mine = k.cardPoints[k.seat] + k.meldPoints[k.seat] + meld.points;
      if ((k.tricks[k.seat] > 0 && mine >= 66) || isTop(k, meld.suit * 5 + RANK_K)) return meld;
    }
  }
  const cards = legal.filter((a): a is { type: 'play'; card: number } => a.type === 'play').map((a) => a.card);
  if (cards.length === 0) return legal[0];
  const card = pickCard(k, cards);
  return { type: 'play', card };
}

type Role = 'points' | 'declarerAll' | 'helper' | 'stopper' | 'beggar' | 'beggarOpponent';

function role(k: Knowledge): Role {
  const def = k.def!;
  const mine = declaringSide(k, k.seat);
  switch (def.goal) {
    case 'normal':
    case 'sideAll':
      return 'points';
    case 'schnapser': {
      if (k.seat === k.declarer) return 'declarerAll';
      return mine ? 'helper' : 'stopper';
    }
    case 'all':
      if (k.seat === k.declarer) return 'declarerAll';
      return mine ? 'helper' : 'stopper';
    case 'none':
      return k.seat === k.declarer ? 'beggar' : 'beggarOpponent';
    default:
      return 'points';
  }
}

const lowest = (k: Knowledge, cs: number[]) => cs.reduce((a, b) => (value(k, b) < value(k, a) ? b : a));
const highest = (k: Knowledge, cs: number[]) => cs.reduce((a, b) => (strength(k, b) + (CARD_SUIT[b] === k.trump ? 10 : 0) > strength(k, a) + (CARD_SUIT[a] === k.trump ? 10 : 0) ? b : a));

/** How much a card is worth keeping: trumps most, then points; a König or Ober of a pair counts extra. */
function value(k: Knowledge, c: number): number {
  let v = CARD_POINTS[c] + strength(k, c) * 0.1;
  if (CARD_SUIT[c] === k.trump) v += 20;
  const pair = PAIR_MASK[CARD_SUIT[c]];
  if ((c % 5 === RANK_K || c % 5 === RANK_O) && (k.hand & pair) === pair) v += 8;
  return v;
}

function pickCard(k: Knowledge, cards: number[]): number {
  const trick = k.view.trick;
  const r = role(k);
  const pending = k.view.pendingMeld;
  if (pending !== null) {
    // After a 20/40: lead the one that cannot be beaten, else the Ober (a common habit).
    const top = cards.find((c) => isTop(k, c));
    if (top !== undefined && r !== 'points') return top;
    const o = cards.find((c) => c % 5 === RANK_O);
    return o ?? cards[0];
  }
  if (trick.length === 0) return lead(k, cards, r);
  const best = trickLeader(k)!;
  const winners = cards.filter((c) => beats(c, best.card, k.trump, k.order));
  const losers = cards.filter((c) => !winners.includes(c));
  const activeSeats = k.view.seats - (k.view.sittingOut !== null ? 1 : 0);
  const last = trick.length === activeSeats - 1;
  const friend = (seat: number) => declaringSide(k, seat) === declaringSide(k, k.seat);
  switch (r) {
    case 'declarerAll':
      return winners.length > 0 ? lowest(k, winners) : lowest(k, cards);
    case 'helper':
      // Never take the declarer's trick (a partner's trick loses the game).
      return losers.length > 0 ? highestPoints(losers) : lowest(k, cards);
    case 'stopper':
      return winners.length > 0 ? lowest(k, winners) : lowest(k, cards);
    case 'beggar':
      // Stay under the card that wins; if forced to win, get rid of the highest card.
      return losers.length > 0 ? highest(k, losers) : highest(k, cards);
    case 'beggarOpponent': {
      const beggarPlayed = trick.some((p) => p.seat === k.declarer);
      if (beggarPlayed && best.seat === k.declarer) return losers.length > 0 ? highest(k, losers) : lowest(k, cards);
      return lowest(k, cards);
    }
    case 'points': {
      const partnerHolds = friend(best.seat) && best.seat !== k.seat;
      const safe = last || isTop(k, best.card) || (CARD_SUIT[best.card] === k.trump && isTop(k, best.card));
      if (partnerHolds && (safe || winners.length === 0)) {
        // Schmieren: give points to the partner's trick.
        const give = losers.length > 0 ? losers : cards;
        const nonTrump = give.filter((c) => CARD_SUIT[c] !== k.trump);
        return highestPoints(nonTrump.length > 0 ? nonTrump : give);
      }
      const trickPoints = trick.reduce((s, p) => s + CARD_POINTS[p.card], 0);
      if (winners.length > 0 && (trickPoints >= 10 || last || k.def?.goal === 'sideAll')) {
        // Win cheaply: prefer a safe winner, a non-trump one, the lowest.
        const sure = winners.filter((c) => last || isTop(k, c));
        const pool = sure.length > 0 ? sure : winners;
        return lowest(k, pool);
      }
      return lowest(k, cards);
    }
  }
}

function highestPoints(cs: number[]): number {
  return cs.reduce((a, b) => (CARD_POINTS[b] > CARD_POINTS[a] ? b : a));
}

function lead(k: Knowledge, cards: number[], r: Role): number {
  const tops = cards.filter((c) => isTop(k, c));
  const trumps = cards.filter((c) => CARD_SUIT[c] === k.trump);
  switch (r) {
    case 'declarerAll': {
      // Draw trumps from the top, then cash the top cards.
      const topTrumps = tops.filter((c) => CARD_SUIT[c] === k.trump);
      if (topTrumps.length > 0) return highest(k, topTrumps);
      if (tops.length > 0) return highest(k, tops);
      return highest(k, cards);
    }
    case 'stopper':
    case 'helper':
      return tops.length > 0 ? highest(k, tops) : lowest(k, cards);
    case 'beggar': {
      // The lowest card of the suit with most higher cards still out.
      return cards.reduce((a, b) => (strength(k, b) < strength(k, a) ? b : a));
    }
    case 'beggarOpponent':
      return cards.reduce((a, b) => (strength(k, b) < strength(k, a) ? b : a));
    case 'points': {
      const sideTops = tops.filter((c) => CARD_SUIT[c] !== k.trump && CARD_POINTS[c] >= 10);
      if (sideTops.length > 0) return highestPoints(sideTops);
      const topTrumps = tops.filter((c) => CARD_SUIT[c] === k.trump);
      if (topTrumps.length > 0 && trumps.length >= 3) return highest(k, topTrumps);
      const side = cards.filter((c) => CARD_SUIT[c] !== k.trump);
      return lowest(k, side.length > 0 ? side : cards);
    }
  }
}

