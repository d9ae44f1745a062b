import type { Seat } from '../game.js';
import { maskCards } from '../../cards/mask.js';
import { fixContract, announceProblem } from './auction.js';
import { ANNOUNCEABLE, auctionRank, gameInfo } from './contracts.js';
import { problem, type Draft, type Problem } from './draft.js';
import { startSpritzen } from './spritzen.js';
import type { Contract, SchnapsenAction, SchnapsenState } from './state.js';

/**
 * Talonschnapsen (003): the winner of the announcements "darf nun den Talon
 * aufnehmen und muss dann zwei Karten wieder ablegen"; in the normal game the
 * Rufer may look at it and exchange. The cards laid away stay face down and
 * count for nobody. Under the second regional rule on raising the declarer
 * may then announce a higher game.
 */
export function talonCandidates(s: SchnapsenState, seat: Seat): SchnapsenAction[] {
  const pool = s.hands[seat] | s.talon;
  const cards: number[] = [];
  for (let c = 0; c < 20; c++) if (pool & (1 << c)) cards.push(c);
  const out: SchnapsenAction[] = [];
  for (let i = 0; i < cards.length; i++) for (let j = i + 1; j < cards.length; j++) out.push({ type: 'lay', cards: [cards[i], cards[j]] });
  return out;
}

export function checkTalon(s: SchnapsenState, seat: Seat, a: SchnapsenAction): Problem {
  if (a.type !== 'lay') return problem('wrongAction', 'take up the talon and lay away two cards ("lege EA GK")');
  if (!Array.isArray(a.cards) || a.cards.length !== 2) return problem('badLay', 'lay away exactly two cards');
  const [x, y] = a.cards;
  if (x === y) return problem('badLay', 'lay away two different cards');
  const pool = s.hands[seat] | s.talon;
  for (const c of [x, y]) {
    if (!Number.isInteger(c) || c < 0 || c >= 20 || !(pool & (1 << c))) return problem('notInHand', 'you can lay away only cards of your hand or the talon');
  }
  return undefined;
}

export function stepTalon(d: Draft, seat: Seat, a: SchnapsenAction): void {
  if (a.type !== 'lay') return;
  const laid = (1 << a.cards[0]) | (1 << a.cards[1]);
  const talon = maskCards(d.talon);
  d.hands[seat] = (d.hands[seat] | d.talon) & ~laid;
  d.laidAway = laid;
  d.talonTaken = true;
  d.events.push({ type: 'talon', seat, talon, cards: maskCards(laid) });
  // 003 Talonschnapsen, second rule on raising (regional): after seeing the talon the
  // declarer may announce a higher game before the first card.
  if (d.rules.talonRaiseAfterTalon) {
    d.phase = 'raiseAfter';
    d.turn = seat;
    return;
  }
  startSpritzen(d);
}

export function checkRaiseAfter(s: SchnapsenState, seat: Seat, a: SchnapsenAction): Problem {
  if (a.type === 'pass') return undefined;
  if (a.type !== 'announce') return problem('wrongAction', 'after the talon: announce a higher game or say "weiter"');
  if (a.ohne) return problem('badAnnouncement', 'the talon is already taken up: no "ohne"');
  const p = announceProblem(s, seat, a.game, false, s.hands[seat]);
  if (p) return p;
  const cur = s.contract as Contract;
  if (cur.game !== 'normal' && auctionRank(s.rules, a.game, false) <= auctionRank(s.rules, cur.game, false)) {
    return problem('tooLow', `the ${gameInfo(a.game).name} does not beat the ${gameInfo(cur.game).name}`);
  }
  return undefined;
}

export function raiseAfterCandidates(): SchnapsenAction[] {
  return [{ type: 'pass' }, ...ANNOUNCEABLE.map((game) => ({ type: 'announce' as const, game }))];
}

export function stepRaiseAfter(d: Draft, seat: Seat, a: SchnapsenAction): void {
  if (a.type === 'announce') {
    d.bids.push({ seat, game: a.game });
    d.events.push({ type: 'bid', seat, game: a.game, raise: true });
    fixContract(d, { game: a.game, declarer: seat, ohne: false });
    return;
  }
  d.events.push({ type: 'bid', seat, game: null, raise: true });
  startSpritzen(d);
}
