import { SUIT_LETTERS, type Suit } from '../../cards/pack.js';
import { quote } from '../../core/text.js';
import { formatCard } from '../../cards/notation.js';
import type { Seat } from '../game.js';
import { schnapserTricks } from './contracts.js';
import { CARD_SUIT, PACK, PAIR_MASK, SUIT_MASK, HIGHER, CARD_COUNT, maskPoints } from './cards.js';
import { maskCards } from '../../cards/mask.js';
import { activeCount, contractDef, onDeclarerSide, playTrump, problem, tricksPerDeal, type Draft, type Problem } from './draft.js';
import { DECLARER_WINS, OPPONENTS_WIN, UNDECIDED, judgeAllTricks, judgeBauernNormal, judgeNoTrick, judgeSchnapser, judgeTalonNormal, sidePoints, talonReachable } from './judge.js';
import { ended, finishGame } from './scoring.js';
import type { SchnapsenAction, SchnapsenState } from './state.js';
import { MELD_MOVE, legalPlayMask, playMoveMask, trickWinnerIndex } from './tricks.js';

export function startPlay(d: Draft): void {
  d.phase = 'play';
  d.turn = d.leader;
  d.trick = [];
}

/** Games in which card points count, so that 20 and 40 may be announced. */
export function meldGame(s: Pick<SchnapsenState, 'contract' | 'variant'>): boolean {
  const def = contractDef(s);
  return !!def && def.trump && (def.goal === 'normal' || def.goal === 'schnapser');
}

export function meldPoints(s: Pick<SchnapsenState, 'trump'>, suit: number): 20 | 40 {
  return suit === s.trump ? 40 : 20;
}

export function playCandidates(s: SchnapsenState, seat: Seat): SchnapsenAction[] {
  const out: SchnapsenAction[] = [];
  const mask = playMoveMask(s.hands[seat], s.trick.length > 0 ? s.trick[0].card : -1, playTrump(s), contractDef(s)!.order, meldGame(s), s.pendingMeld);
  for (let suit = 0; suit < 4; suit++) if (mask & (1 << (MELD_MOVE + suit))) out.push({ type: 'meld', suit: suit as Suit, points: meldPoints(s, suit) });
  for (let c = 0; c < CARD_COUNT; c++) if (mask & (1 << c)) out.push({ type: 'play', card: c });
  return out;
}

const suitName = (suit: number) => SUIT_LETTERS[suit];
const code = (c: number) => formatCard(PACK, c);
const FULL = (1 << CARD_COUNT) - 1;

export function checkPlay(s: SchnapsenState, seat: Seat, a: SchnapsenAction): Problem {
  const hand = s.hands[seat];
  if (a.type === 'meld') {
    if (!(a.suit >= 0 && a.suit < 4 && Number.isInteger(a.suit))) return problem('badSuit', `${quote(a.suit)} is not a suit`);
    if (!meldGame(s)) return problem('badMeld', `there is no 20 or 40 in the ${contractDef(s)!.name}`);
    if (s.trick.length > 0) return problem('badMeld', '20 and 40 are announced only by the player about to lead (003 "Normales Spiel")');
    if (a.points !== meldPoints(s, a.suit)) {
      return problem('badMeld', a.suit === s.trump ? `${suitName(a.suit)} is trump: König and Ober of trump are a 40, not a ${quote(a.points)}` : `${suitName(a.suit)} is not trump: König and Ober are a 20, not a ${quote(a.points)}`);
    }
    if (s.pendingMeld >= 0) return problem('badMeld', `you have announced ${meldPoints(s, s.pendingMeld)} in ${suitName(s.pendingMeld)} already: now lead its König or Ober`);
    if ((hand & PAIR_MASK[a.suit]) !== PAIR_MASK[a.suit]) {
      return problem('badMeld', `a ${meldPoints(s, a.suit)} in ${suitName(a.suit)} needs König and Ober of ${suitName(a.suit)} in your hand`);
    }
    return undefined;
  }
  if (a.type !== 'play') return problem('wrongAction', 'play a card' + (meldGame(s) && s.trick.length === 0 ? ' or announce 20/40' : ''));
  const c = a.card;
  if (!Number.isInteger(c) || c < 0 || c >= CARD_COUNT) return problem('badCard', `${quote(c)} is not a card`);
  if (!(hand & (1 << c))) return problem('notInHand', `you do not hold ${code(c)}`, { card: code(c) });
  if (s.pendingMeld >= 0 && !(PAIR_MASK[s.pendingMeld] & (1 << c))) {
    return problem('mustLeadPair', `after announcing ${meldPoints(s, s.pendingMeld)} you must lead König or Ober of ${suitName(s.pendingMeld)}`, { card: code(c), suit: SUIT_LETTERS[s.pendingMeld], points: meldPoints(s, s.pendingMeld), section: '003 Normales Spiel' });
  }
  if (s.trick.length === 0) return undefined;
  const led = s.trick[0].card;
  const trump = playTrump(s);
  const order = contractDef(s)!.order;
  const legal = legalPlayMask(hand, led, trump, order);
  if (legal & (1 << c)) return undefined;
  // Say which duty was broken (003 "Normales Spiel": Farb- und Stichzwang against the card led).
  const higher = hand & HIGHER[order * CARD_COUNT + led];
  const params = { card: code(c), led: code(led), section: '003 Normales Spiel' };
  if (higher) return problem('mustBeat', `${code(led)} was led and you hold a higher ${suitName(CARD_SUIT[led])}: you must beat it (${maskCards(higher).map(code).join(' ')})`, params);
  if (hand & SUIT_MASK[CARD_SUIT[led]]) return problem('mustFollow', `${code(led)} was led: you must follow suit`, params);
  return problem('mustTrump', `${code(led)} was led, you have no ${suitName(CARD_SUIT[led])}: you must play a trump (even when the trick is already trumped)`, params);
}

export function stepPlay(d: Draft, seat: Seat, a: SchnapsenAction): void {
  if (a.type === 'meld') {
    const points = meldPoints(d, a.suit);
    d.melds.push({ seat, suit: a.suit, points });
    d.pendingMeld = a.suit;
    d.events.push({ type: 'meld', seat, suit: a.suit, points });
    judge(d, false);
    return;
  }
  if (a.type !== 'play') return;
  d.hands[seat] &= ~(1 << a.card);
  d.trick.push({ seat, card: a.card });
  d.pendingMeld = -1;
  d.events.push({ type: 'play', seat, card: a.card });
  if (d.trick.length < activeCount(d)) {
    let next = (seat + 1) % d.seats;
    if (next === d.sittingOut) next = (next + 1) % d.seats;
    d.turn = next;
    return;
  }
  const def = contractDef(d)!;
  const cards = d.trick.map((p) => p.card);
  const winner = d.trick[trickWinnerIndex(cards, cards.length, playTrump(d), def.order)].seat;
  let mask = 0;
  for (const c of cards) mask |= 1 << c;
  d.taken[winner] |= mask;
  const trick = { cards: d.trick, winner };
  d.tricks.push(trick);
  d.events.push({ type: 'trick', winner, cards: d.trick });
  d.trick = [];
  d.leader = winner;
  d.turn = winner;
  // 003 Plauderer (b), (c): after the first trick the opponents, or the announcer, lay their cards open.
  if (d.tricks.length === 1 && d.contract!.game === 'plauderer' && d.rules.plaudererVariant !== 'a') {
    for (const s of plaudererOpenSeats(d)) d.events.push({ type: 'open', seat: s, cards: maskCards(d.hands[s]) });
  }
  judge(d, true);
}

/** Seats whose hands the Plauderer variant opens to everybody (b: the opponents, c: the announcer). */
export function plaudererOpenSeats(s: Pick<SchnapsenState, 'contract' | 'rules' | 'seats' | 'sittingOut' | 'variant'>): Seat[] {
  const c = s.contract!;
  const out: Seat[] = [];
  for (let seat = 0; seat < s.seats; seat++) {
    if (seat === s.sittingOut) continue;
    if (s.rules.plaudererVariant === 'b' ? !onDeclarerSide(s, seat) : seat === c.declarer) out.push(seat);
  }
  return out;
}

interface SideTally {
  cards: number;
  melds: number;
  tricks: number;
}

/** What the seats of `seats` (a bit per seat) took: card points, 20/40, tricks. */
function tally(d: Draft, seats: number): SideTally {
  const t: SideTally = { cards: 0, melds: 0, tricks: 0 };
  for (let seat = 0; seat < d.seats; seat++) if (seats & (1 << seat)) t.cards += maskPoints(d.taken[seat]);
  for (const m of d.melds) if (seats & (1 << m.seat)) t.melds += m.points;
  for (const tr of d.tricks) if (seats & (1 << tr.winner)) t.tricks++;
  return t;
}

/** The seats on the declarer's side, a bit per seat. */
function declarerSeats(d: Draft): number {
  let m = 0;
  for (let seat = 0; seat < d.seats; seat++) if (onDeclarerSide(d, seat)) m |= 1 << seat;
  return m;
}

const pts = (t: SideTally) => sidePoints(t.cards, t.melds, t.tricks);

/**
 * After a trick or a 20/40: is the game decided? (003: the game stops as soon
 * as it is decided.) Decided on public facts only: the cards of the tricks,
 * the 20/40 announced, who took which trick; never on a hand or on the cards
 * laid away (issue 7). The verdicts are the plain-number functions of
 * judge.ts, which the search state calls too.
 */
function judge(d: Draft, afterTrick: boolean): void {
  const c = d.contract!;
  const def = contractDef(d)!;
  const done = d.tricks.length;
  const all = tricksPerDeal(d);
  const lastWinner = done > 0 ? d.tricks[done - 1].winner : -1;
  switch (def.goal) {
    case 'normal': {
      const declSeats = declarerSeats(d);
      const decl = tally(d, declSeats);
      const opp = tally(d, ~declSeats);
      let verdict: number;
      if (d.variant === 'bauern') {
        verdict = judgeBauernNormal(pts(decl), pts(opp), done, onDeclarerSide(d, lastWinner));
      } else {
        let played = 0;
        for (const t of d.taken) played |= t;
        let melded = 0;
        for (const m of d.melds) melded |= 1 << m.suit;
        verdict = judgeTalonNormal(pts(decl), decl.tricks, d.rules.talonEndHidden ? hiddenReachable(d, decl.cards + decl.melds) : talonReachable(decl.cards + decl.melds, FULL & ~played, melded, d.trump), done);
      }
      if (verdict === UNDECIDED) return;
      const won = verdict === DECLARER_WINS;
      const p = won ? pts(decl) : pts(opp);
      if (d.variant === 'talon') {
        if (won) finishGame(d, true, `the Rufer reached ${pts(decl)}`, ended('points', { points: pts(decl) }));
        else finishGame(d, false, `the Rufer cannot reach 66 (${pts(decl)})`, ended('cannotReach', { points: pts(decl) }));
        return;
      }
      const reason = `${won ? "the Rufer's side" : "the Rufer's opponents"} win${p >= 66 ? ` with ${p}` : ' the last trick'}`;
      finishGame(d, won, reason, p >= 66 ? ended('points', { points: p }) : ended('lastTrick', { by: lastWinner, points: p }));
      return;
    }
    case 'schnapser': {
      // 003 Schnapser: "Sticht jemand eine seiner ausgespielten Karten, verliert das Team";
      // the partner's tricks lose too ("ohne dass sein Partner Stiche macht"), except under
      // "Schnapser mit Mann" and in the "Schnapser zusammen". Kontraschnapser: "Der Ansager muss
      // mit den ersten drei Stichen 66 Punkte erreichen": decision, the announcer alone, his
      // partner's trick loses as in the Schnapser.
      const together = schnapserTogether(d);
      const group = together ? declarerSeats(d) : 1 << c.declarer;
      const inSide = (s: Seat) => (group & (1 << s)) !== 0;
      const t = tally(d, group);
      const verdict = judgeSchnapser(afterTrick, afterTrick && inSide(lastWinner), pts(t), done, schnapserTricks(d.variant));
      if (verdict === UNDECIDED) return;
      if (afterTrick && !inSide(lastWinner)) finishGame(d, false, `seat ${lastWinner} took a trick: the ${def.name} is lost`, ended('tookTrick', { by: lastWinner }));
      else if (verdict === DECLARER_WINS) {
        const reason = `${together ? 'the side of seat ' + c.declarer : 'seat ' + c.declarer} reached ${pts(t)} in ${t.tricks} trick${t.tricks === 1 ? '' : 's'}: the ${def.name} is won`;
        finishGame(d, true, reason, ended('points', { points: pts(t), tricks: t.tricks }));
      } else finishGame(d, false, `only ${pts(t)} after ${done} tricks: the ${def.name} is lost`, ended('short', { points: pts(t), tricks: done }));
      return;
    }
    case 'all':
    case 'sideAll': {
      const ok = afterTrick && (def.goal === 'all' ? lastWinner === c.declarer : onDeclarerSide(d, lastWinner));
      const verdict = judgeAllTricks(afterTrick, ok, done, all);
      if (verdict === OPPONENTS_WIN) finishGame(d, false, `seat ${lastWinner} took a trick: the ${def.name} is lost`, ended('tookTrick', { by: lastWinner }));
      else if (verdict === DECLARER_WINS) finishGame(d, true, `every trick taken: the ${def.name} is won`, ended('allTricks'));
      return;
    }
    case 'none': {
      const verdict = judgeNoTrick(afterTrick, lastWinner === c.declarer, done, all);
      if (verdict === OPPONENTS_WIN) finishGame(d, false, `seat ${c.declarer} took a trick: the ${def.name} is lost`, ended('tookTrick', { by: c.declarer }));
      else if (verdict === DECLARER_WINS) finishGame(d, true, `no trick taken: the ${def.name} is won`, ended('noTrick'));
      return;
    }
    case 'shown':
      return;
  }
}

/** Does the Rufer's partner play with him in this Schnapser (Schnapser mit Mann, Schnapser zusammen)? */
export function schnapserTogether(s: Pick<SchnapsenState, 'variant' | 'contract' | 'rules'>): boolean {
  const game = s.contract?.game;
  return s.variant === 'bauern' && (game === 'schnapserzusammen' || (game === 'schnapser' && s.rules.schnapserMitMann));
}

/**
 * The most the Rufer could still reach counted from every hand, as records of
 * format version 1 were played (house rule `talonEndHidden`): his points and
 * 20/40 so far, every card still in a hand, and every König-Ober pair in his
 * own hand.
 */
function hiddenReachable(d: Draft, ruferRaw: number): number {
  let remaining = 0;
  for (let s = 0; s < d.seats; s++) remaining += maskPoints(d.hands[s]);
  let potential = 0;
  const declarer = d.contract!.declarer;
  for (let suit = 0; suit < 4; suit++) if ((d.hands[declarer] & PAIR_MASK[suit]) === PAIR_MASK[suit]) potential += meldPoints(d, suit);
  return ruferRaw + remaining + potential;
}
