import { maskOf } from '../../../cards/mask.js';
import { cardOf, type Card, type Pack } from '../../../cards/pack.js';
import type { Seat } from '../../game.js';
import { schafkopfPack } from '../cards.js';
import { playTables, trickWinnerIndex, type PlayTables } from '../tables.js';
import type { SchafkopfView } from '../view.js';

/**
 * What a seat can work out from its view during the play: the cards still
 * out, who is on its side as far as it knows, and the state of the trick.
 */
export interface PlayKnowledge {
  readonly view: SchafkopfView;
  readonly pack: Pack;
  readonly t: PlayTables;
  readonly me: Seat;
  readonly hand: number;
  /** Cards already played (finished tricks and the trick on the table). */
  readonly played: number;
  /** Cards neither in my hand nor played: held by the others. */
  readonly unseen: number;
  /** Seats known to be on my side (me included). */
  readonly friends: readonly Seat[];
  /** Seats known to be against me. */
  readonly foes: readonly Seat[];
  readonly trickCards: readonly Card[];
  readonly leader: Seat;
  /** Seats still to play after me in this trick. */
  readonly after: readonly Seat[];
  readonly calledSau: Card;
  readonly isDeclarerSide: boolean;
}

export function knowledge(view: SchafkopfView): PlayKnowledge {
  const contract = view.contract!;
  const pack = schafkopfPack(view.rules.kurzeKarte);
  const t = playTables(pack, contract.kind, contract.kind === 'rufspiel' ? undefined : contract.suit);
  const me = view.seat;
  const hand = maskOf(view.hand);
  let played = 0;
  for (const tr of view.tricks) played |= maskOf(tr.cards);
  const trickCards = view.trick?.cards ?? [];
  played |= maskOf(trickCards);
  const unseen = (pack.full.lo & ~hand & ~played) >>> 0;
  const calledSau = contract.kind === 'rufspiel' ? cardOf(pack, contract.suit!, 'A')! : -1;
  const seats = [0, 1, 2, 3];
  let friends: Seat[];
  let foes: Seat[];
  const declarer = contract.declarer;
  if (declarer === null) {
    friends = [me];
    foes = seats.filter((s) => s !== me);
  } else if (contract.kind !== 'rufspiel') {
    friends = me === declarer ? [me] : seats.filter((s) => s !== declarer);
    foes = me === declarer ? seats.filter((s) => s !== me) : [declarer];
  } else {
    const partner = view.partner;
    const mySide = me === declarer || partner === me;
    if (partner !== null) {
      const party = [declarer, partner];
      friends = mySide ? party : seats.filter((s) => !party.includes(s));
      foes = seats.filter((s) => !friends.includes(s));
    } else {
      // Partner unknown to me: I am an opponent; only the declarer is known.
      friends = [me];
      foes = [declarer];
    }
  }
  const leader = view.trick?.leader ?? me;
  const after: Seat[] = [];
  for (let i = trickCards.length + 1; i < 4; i++) after.push((leader + i) % 4);
  const isDeclarerSide = declarer !== null && (me === declarer || (contract.kind === 'rufspiel' && view.partner === me));
  return { view, pack, t, me, hand, played, unseen, friends, foes, trickCards, leader, after, calledSau, isDeclarerSide };
}

export function isTrump(k: PlayKnowledge, c: Card): boolean {
  return (k.t.trumps & (1 << c)) !== 0;
}

/** Cards of `mask` that beat `best` if led card is `led`. */
export function beating(k: PlayKnowledge, mask: number, led: Card, best: Card): number {
  const follows = k.t.follow[led] | k.t.trumps;
  let out = 0;
  for (let m = mask & follows; m !== 0; m &= m - 1) {
    const c = 31 - Math.clz32(m & -m);
    if (k.t.power[c] > k.t.power[best]) out |= 1 << c;
  }
  return out >>> 0;
}

/** Whether `card` is the strongest card still out in its class (trump or its plain suit). */
export function isTop(k: PlayKnowledge, card: Card): boolean {
  const cls = k.t.follow[card];
  for (let m = k.unseen & cls; m !== 0; m &= m - 1) {
    const c = 31 - Math.clz32(m & -m);
    if (k.t.power[c] > k.t.power[card]) return false;
  }
  return true;
}

export function currentWinner(k: PlayKnowledge): { seat: Seat; card: Card } | null {
  if (k.trickCards.length === 0) return null;
  const i = trickWinnerIndex(k.t, k.trickCards);
  return { seat: (k.leader + i) % 4, card: k.trickCards[i] };
}

export function trickPoints(k: PlayKnowledge): number {
  let p = 0;
  for (const c of k.trickCards) p += k.t.points[c];
  return p;
}


/** The lowest card by trick strength, then by points. */
export function weakest(k: PlayKnowledge, cards: readonly Card[]): Card {
  return cards.reduce((a, b) => (k.t.power[b] + k.t.points[b] * 2 < k.t.power[a] + k.t.points[a] * 2 ? b : a));
}

export function strongest(k: PlayKnowledge, cards: readonly Card[]): Card {
  return cards.reduce((a, b) => (k.t.power[b] > k.t.power[a] ? b : a));
}
