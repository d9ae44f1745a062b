import { CARDS, devilOf, karnoeffelOf, lowestIndex, PER_SUIT, R_2, R_3, R_4, R_5, R_6, R_7, R_KOENIG, R_OBER, R_UNTER, rankPos, suitOfCard } from '../cards.js';
import { teamOf } from '../talk.js';
import { HAND_SIZE } from '../deal.js';
import { power } from '../tables.js';
import type { KarnoeffelView } from '../state.js';

/**
 * What a bot knows from a view, from the point of view of one seat of its
 * team (itself, or the teammate it advises): where the known cards are, and
 * which cards could be in any hidden slot (the pool: cards not held by a
 * known hand, not face up, not played — including the cards never dealt).
 */
export interface Knowledge {
  readonly n: number;
  /** The trump suit, or while the face-up round is still being dealt (000) the suit of the lowest face-up card so far. */
  readonly trump: number;
  readonly trumpCertain: boolean;
  /** known[seat] = cards known to be in that seat's hand now. */
  readonly known: readonly number[][];
  /** Cards in hidden slots of that seat (dealt but unknown, plus not yet dealt). */
  readonly hidden: readonly number[];
  /** Cards whose place is unknown. */
  readonly pool: readonly number[];
  /** played[card] = true once it was played. */
  readonly played: readonly boolean[];
}

export function knowledgeOf(view: KarnoeffelView): Knowledge {
  const n = view.players;
  const known: number[][] = Array.from({ length: n }, () => []);
  const placed = new Uint8Array(CARDS);
  const played = new Array<boolean>(CARDS).fill(false);
  for (const t of view.tricks) for (const c of t.cards) played[c] = true;
  for (const c of view.trick) played[c] = true;
  const put = (seat: number, card: number) => {
    if (placed[card] || played[card]) return;
    placed[card] = 1;
    known[seat].push(card);
  };
  for (const c of view.hand) put(view.seat, c);
  for (const s of view.seen) for (const c of s.cards) put(s.seat, c);
  for (let seat = 0; seat < n; seat++) if (view.faceUp[seat] >= 0) put(seat, view.faceUp[seat]);
  const pool: number[] = [];
  for (let c = 0; c < CARDS; c++) if (!placed[c] && !played[c]) pool.push(c);
  const hidden = new Array<number>(n);
  for (let seat = 0; seat < n; seat++) hidden[seat] = view.handSizes[seat] - known[seat].length + (HAND_SIZE - view.received[seat]);
  let trump = view.trump;
  let trumpCertain = trump >= 0;
  if (trump < 0) {
    const up = view.order.map((s) => view.faceUp[s]).filter((c) => c >= 0);
    trump = up.length > 0 ? suitOfCard(up[lowestIndex(up)]) : 0;
    trumpCertain = false;
  }
  return { n, trump, trumpCertain, known, hidden, pool, played };
}

/**
 * How much a card is worth towards the three tricks a side needs, roughly
 * the chance that it takes a trick when played well: the Karnöffel always
 * takes one, the Papst and Kaiser nearly always, the Devil when led, the
 * trump 3 and the plain Könige often, the small powers now and then.
 */
export function worth(card: number, trump: number): number {
  const r = rankPos(card);
  if (suitOfCard(card) === trump) {
    return TRUMP_WORTH[r];
  }
  return PLAIN_WORTH[r];
}

const TRUMP_WORTH = (() => {
  const w = new Array<number>(PER_SUIT).fill(0.06);
  w[R_UNTER] = 1;
  w[R_6] = 0.9;
  w[R_2] = 0.8;
  w[R_7] = 0.65;
  w[R_3] = 0.5;
  w[R_KOENIG] = 0.35;
  w[R_4] = 0.35;
  w[R_5] = 0.25;
  w[R_OBER] = 0.2;
  return w;
})();

const PLAIN_WORTH = (() => {
  const w = new Array<number>(PER_SUIT).fill(0.04);
  w[R_KOENIG] = 0.4;
  w[R_OBER] = 0.25;
  w[R_UNTER] = 0.15;
  w[3] = 0.08;
  return w;
})();

/**
 * The chance that the side of `team` wins the round: known cards count at
 * their worth, every hidden slot at the pool's average; the difference
 * between the sides through a logistic curve. With the trump not yet
 * certain (the face-up round of 000) the estimate is pulled towards even.
 */
export function winChance(k: Knowledge, team: number): number {
  let poolWorth = 0;
  for (const c of k.pool) poolWorth += worth(c, k.trump);
  const avg = k.pool.length > 0 ? poolWorth / k.pool.length : 0;
  let diff = 0;
  for (let seat = 0; seat < k.n; seat++) {
    let w = k.hidden[seat] * avg;
    for (const c of k.known[seat]) w += worth(c, k.trump);
    diff += teamOf(seat) === team ? w : -w;
  }
  // Scaled by the square root of the team size: a bigger table has more cards in play, and each seat knows a smaller share of them.
  const x = (diff / Math.sqrt(k.n / 2)) * (k.trumpCertain ? 2.1 : 1.05);
  return 1 / (1 + Math.exp(-x));
}

/**
 * The chance that one of `opponents` beats a trick whose best card so far
 * is `best` (led card `led`): a known card of theirs that beats it makes it
 * certain; each stronger card in the pool is with them in proportion to
 * their hidden slots.
 */
export function beatChance(k: Knowledge, led: number, best: number, opponents: readonly number[]): number {
  const bar = power(k.trump, led, best);
  let slots = 0;
  for (const r of opponents) {
    for (const c of k.known[r]) if (power(k.trump, led, c) > bar) return 1;
    slots += k.hidden[r];
  }
  if (slots === 0 || k.pool.length === 0) return 0;
  const q = Math.min(1, slots / k.pool.length);
  let safe = 1;
  for (const c of k.pool) if (power(k.trump, led, c) > bar) safe *= 1 - q;
  return 1 - safe;
}

/** Whether the Karnöffel may still be in an opponent's hand (it is neither played nor known to be with the team). */
export function karnoeffelThreat(k: Knowledge, team: number): boolean {
  const ka = karnoeffelOf(k.trump);
  if (k.played[ka]) return false;
  for (let seat = 0; seat < k.n; seat++) if (k.known[seat].includes(ka)) return teamOf(seat) !== team;
  return true;
}

/** Whether the Devil may still be led by an opponent. */
export function devilThreat(k: Knowledge, team: number): boolean {
  const d = devilOf(k.trump);
  if (k.played[d]) return false;
  for (let seat = 0; seat < k.n; seat++) if (k.known[seat].includes(d)) return teamOf(seat) !== team;
  return true;
}

