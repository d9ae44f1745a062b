import { maskCards, maskOf } from '../../../cards/mask.js';
import type { Card } from '../../../cards/pack.js';
import type { SchafkopfView } from '../view.js';
import {
  beating,
  currentWinner,
  isTop,
  isTrump,
  knowledge,
  strongest,
  trickPoints,
  weakest,
  type PlayKnowledge,
} from './knowledge.js';

/** Trump strength from which a trump is too good to schmier or to spend on an empty trick: the top five or six trumps. */
const HIGH_TRUMP = 195;

/** The card with the most points, the weaker card on a tie. */
function richest(k: PlayKnowledge, cards: readonly Card[]): Card {
  return cards.reduce((a, b) => {
    const d = k.t.points[b] - k.t.points[a];
    return d > 0 || (d === 0 && k.t.power[b] < k.t.power[a]) ? b : a;
  });
}

/** The card with the fewest points, the stronger card on a tie. */
function poorest(k: PlayKnowledge, cards: readonly Card[]): Card {
  return cards.reduce((a, b) => {
    const d = k.t.points[b] - k.t.points[a];
    return d < 0 || (d === 0 && k.t.power[b] > k.t.power[a]) ? b : a;
  });
}

function lowest(k: PlayKnowledge, cards: readonly Card[]): Card {
  return cards.reduce((a, b) => (k.t.power[b] < k.t.power[a] ? b : a));
}

/** Cards still out that could beat this card in its class (trumps always, else its suit). */
function canBeBeaten(k: PlayKnowledge, card: Card, led: Card): boolean {
  const follows = (k.t.follow[led] | k.t.trumps) & k.unseen;
  for (let m = follows; m !== 0; m &= m - 1) {
    const c = 31 - Math.clz32(m & -m);
    if (k.t.power[c] > k.t.power[card]) return true;
  }
  return false;
}

function leadPointGame(k: PlayKnowledge, legal: Card[]): Card {
  const contract = k.view.contract!;
  const trumps = legal.filter((c) => isTrump(k, c));
  const enemyTrumpsOut = (k.unseen & k.t.trumps) !== 0;
  if (k.isDeclarerSide) {
    if (trumps.length > 0 && enemyTrumpsOut) {
      const top = strongest(k, trumps);
      if (isTop(k, top)) return top;
      // Draw trumps with a small one, keeping the high ones to take the tricks back.
      return trumps.length >= 3 ? lowest(k, trumps) : top;
    }
    const standing = legal.filter((c) => !isTrump(k, c) && isTop(k, c));
    if (standing.length > 0) return richest(k, standing);
    return weakest(k, legal);
  }
  // Against the declarers.
  if (contract.kind === 'rufspiel' && !k.view.searched && k.view.partner === null) {
    // Look for the called Sau ("Sau suchen"): lead the called suit.
    const calledSuit = legal.filter((c) => !isTrump(k, c) && (k.t.follow[k.calledSau] & (1 << c)) !== 0);
    if (calledSuit.length > 0) return lowest(k, calledSuit);
  }
  const standing = legal.filter((c) => !isTrump(k, c) && isTop(k, c) && k.t.points[c] >= 10);
  if (standing.length > 0) return richest(k, standing);
  const plain = legal.filter((c) => !isTrump(k, c));
  if (plain.length > 0) {
    // Lead the suit held shortest, with its lowest card.
    const bySuit = new Map<number, Card[]>();
    for (const c of plain) bySuit.set(k.t.follow[c], [...(bySuit.get(k.t.follow[c]) ?? []), c]);
    const shortest = [...bySuit.values()].sort((a, b) => a.length - b.length)[0];
    return lowest(k, shortest);
  }
  return weakest(k, legal);
}

function followPointGame(k: PlayKnowledge, legal: Card[]): Card {
  const win = currentWinner(k)!;
  const led = k.trickCards[0];
  const friendWins = k.friends.includes(win.seat) && win.seat !== k.me ? true : false;
  const unsureAfter = k.after.filter((s) => !k.friends.includes(s));
  const winners = maskCards(beating(k, maskOf(legal), led, win.card)).filter((c) => legal.includes(c));
  const points = trickPoints(k);
  if (friendWins) {
    const safe = unsureAfter.length === 0 || !canBeBeaten(k, win.card, led);
    if (safe) {
      // Schmieren: give the friend points, but not a trump worth keeping.
      const plain = legal.filter((c) => !isTrump(k, c));
      if (plain.length > 0) return richest(k, plain);
      // Only trumps: schmier the low ones (a Herz-Sau), keep the Ober.
      const low = legal.filter((c) => k.t.power[c] < HIGH_TRUMP);
      return richest(k, low.length > 0 ? low : legal);
    }
    return weakest(k, legal);
  }
  if (winners.length > 0) {
    if (unsureAfter.length === 0) {
      const cheapest = lowest(k, winners);
      const costly = isTrump(k, cheapest) && k.t.power[cheapest] >= HIGH_TRUMP;
      if (points >= 3 || !costly) return cheapest;
      return weakest(k, legal);
    }
    const sure = winners.filter((c) => !canBeBeaten(k, c, led));
    if (sure.length > 0 && (points >= 4 || k.isDeclarerSide)) return lowest(k, sure);
    if (points >= 10) return strongest(k, winners);
  }
  return weakest(k, legal);
}

function playRamsch(k: PlayKnowledge, legal: Card[]): Card {
  if (k.trickCards.length === 0) return lowest(k, legal.filter((c) => !isTrump(k, c)).length > 0 ? legal.filter((c) => !isTrump(k, c)) : legal);
  const win = currentWinner(k)!;
  const over = maskCards(beating(k, maskOf(legal), k.trickCards[0], win.card));
  const under = legal.filter((c) => !over.includes(c));
  // Give points away under someone else's card; if the trick is mine anyway, take it with the card worth least.
  if (under.length > 0) return richest(k, under);
  return k.after.length === 0 ? poorest(k, legal) : strongest(k, legal);
}

function playBettel(k: PlayKnowledge, legal: Card[]): Card {
  const declarer = k.view.contract!.declarer!;
  if (k.me === declarer) {
    if (k.trickCards.length === 0) return lowest(k, legal);
    const win = currentWinner(k)!;
    const over = maskCards(beating(k, maskOf(legal), k.trickCards[0], win.card));
    const under = legal.filter((c) => !over.includes(c));
    return under.length > 0 ? strongest(k, under) : lowest(k, legal);
  }
  if (k.trickCards.length === 0) return lowest(k, legal);
  const win = currentWinner(k)!;
  const declarerPlayed = !k.after.includes(declarer);
  if (declarerPlayed && win.seat === declarer) {
    const over = maskCards(beating(k, maskOf(legal), k.trickCards[0], win.card));
    const under = legal.filter((c) => !over.includes(c));
    return under.length > 0 ? strongest(k, under) : lowest(k, legal);
  }
  return lowest(k, legal);
}

/** The bot's card. */
export function choosePlay(view: SchafkopfView, legal: readonly Card[]): Card {
  if (legal.length === 1) return legal[0];
  const k = knowledge(view);
  const cards = [...legal];
  switch (view.contract!.kind) {
    case 'ramsch':
      return playRamsch(k, cards);
    case 'bettel':
      return playBettel(k, cards);
    default:
      return k.trickCards.length === 0 ? leadPointGame(k, cards) : followPointGame(k, cards);
  }
}
