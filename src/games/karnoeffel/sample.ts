import { maskOf } from '../../cards/mask.js';
import type { Rng } from '../../core/rng.js';
import { CARDS } from './cards.js';
import { dealOrder, handPosition, stepOf } from './deal.js';
import type { KarnoeffelAction, KarnoeffelEvent, KarnoeffelState, KarnoeffelView } from './state.js';
import { copyEvent, copyOutcome } from './view.js';

/**
 * Sampled worlds (issue 8 §4): a complete deal that a seat's view could
 * have come from, each consistent deal equally likely.
 *
 * What a seat knows, and therefore keeps in every world:
 * - its own hand, and the hands the table talk lets it see (its partner's
 *   with four players, the team's for a leader with six or eight; talk.ts);
 * - every face-up card of the first round (a face-up card stays in its
 *   holder's hand until played), the trump draw (`trump=drawn`: the drawn
 *   cards go back into the pack, so they say nothing about the hands), and
 *   every card played, by whom;
 * - how many cards each seat has received and holds.
 *
 * What play does not reveal: Karnöffel has no duty to follow suit or to win
 * a trick (000 "Es gibt also keinen Farbzwang, aber auch keinen
 * Stichzwang"), so no card played or not played makes a seat void in
 * anything. The only restriction, the Devil in the first trick, forbids a
 * card without saying whether the seat holds it: a seat that led something
 * else says nothing. Advice with a suggested card is talk, not a rule: a
 * teammate may name any card not yet played (talk.ts `checkAdvice`), so it
 * does not constrain the hands either (what it suggests is for bots to
 * weigh, like bidding inference). Nor do raises and passes.
 *
 * So every hidden card is equally likely in every hidden slot: the cards
 * no seat of the view can place (the pool) are shuffled uniformly into the
 * unknown slots of the hands the seat cannot see and into the deck
 * positions not yet dealt, and each hand's face-down cards are put in its
 * dealt positions in uniform random order. Every deck consistent with the
 * view comes out with the same probability, so every consistent world
 * (hands, and the cards still to come during the deal) does too.
 *
 * The state is built directly from the view and the deck (no replay), with
 * exactly the fields a replay of the public actions from that deck gives:
 * sample.test.ts replays every sampled deck through `setup` and `apply` and
 * compares the two states field by field. During the deal (raising pauses)
 * the undealt positions are part of the sampled deck, so the world goes on
 * being dealt from them.
 */
export function sampleWorld(view: KarnoeffelView, seat: number, rng: Rng): KarnoeffelState {
  if (seat !== view.seat) throw new Error(`sampleWorld: the view is seat ${view.seat}'s, not seat ${seat}'s`);
  const rules = view.rules;
  const n = rules.players;
  const order = dealOrder(view.dealer, stepOf(rules), n);
  // Cards whose place is known: hands the seat sees, face-up cards, cards played.
  const placed = new Uint8Array(CARDS);
  const held: number[][] = Array.from({ length: n }, () => []);
  const full = new Uint8Array(n);
  const playedBy: number[][] = Array.from({ length: n }, () => []);
  for (const e of view.events) {
    if (e.type === 'play') {
      playedBy[e.seat].push(e.card);
      placed[e.card] = 1;
    }
  }
  if (seat >= 0) {
    held[seat] = [...view.hand];
    full[seat] = 1;
  }
  for (const h of view.seen) {
    held[h.seat] = [...h.cards];
    full[h.seat] = 1;
  }
  for (let s = 0; s < n; s++) {
    for (const c of held[s]) placed[c] = 1;
    const up = view.faceUp[s];
    if (up < 0) continue;
    if (!full[s] && !placed[up]) held[s].push(up);
    placed[up] = 1;
  }
  const pool: number[] = [];
  for (let c = 0; c < CARDS; c++) if (!placed[c]) pool.push(c);
  shuffle(pool, rng, pool.length);
  // The unknown slots of the hands the seat cannot see, filled from the front of the shuffled pool.
  let next = 0;
  for (let s = 0; s < n; s++) {
    if (full[s]) continue;
    for (let k = view.handSizes[s] - held[s].length; k > 0; k--) held[s].push(pool[next++]);
  }
  // The deck: each seat's face-up card at its first-round position, its other cards (held or played) in random order at its other dealt positions, the rest of the pool where nothing was dealt yet.
  const deck = new Array<number>(CARDS).fill(-1);
  order.forEach((s, i) => {
    const got = view.received[s];
    if (got === 0) return;
    const up = view.faceUp[s];
    deck[handPosition(n, i, 0)] = up;
    const down = held[s].concat(playedBy[s]).filter((c) => c !== up);
    shuffle(down, rng, down.length);
    for (let j = 1; j < got; j++) deck[handPosition(n, i, j)] = down[j - 1];
  });
  for (let p = 0; p < CARDS; p++) if (deck[p] < 0) deck[p] = pool[next++];

  const received = [...view.received];
  const dealt = received.reduce((a, b) => a + b, 0);
  const talked = new Array<number>(n).fill(-1);
  let decisions = 0;
  for (const e of view.events) {
    if (e.type === 'advise') talked[e.seat] = decisions;
    else if (ACTION_EVENTS.has(e.type)) decisions++;
  }
  return {
    rules: { ...rules },
    dealer: view.dealer,
    deck,
    drawn: view.drawn ? [...view.drawn] : null,
    points: [...view.points],
    phase: view.phase,
    pairs: dealt <= n ? dealt / 2 : n / 2 + (dealt - n) / 4,
    hands: held.map(maskOf),
    faceUp: [...view.faceUp],
    received,
    trump: view.trump,
    value: view.value,
    pause: view.pause ? { ...view.pause } : null,
    announcedBy: view.announcedBy,
    turn: view.turn,
    trickLeader: view.trickLeader,
    trick: [...view.trick],
    tricks: view.tricks.map((t) => ({ leader: t.leader, cards: [...t.cards], winner: t.winner })),
    won: [...view.won],
    decisions,
    talked,
    events: view.events.map(copyEvent),
    outcome: copyOutcome(view.outcome),
  };
}

/** Event types that an action of a seat produces, one each; the rest come from the dealer (cards, trump) and the rules (tricks, the end). */
const ACTION_EVENTS: ReadonlySet<KarnoeffelEvent['type']> = new Set(['raise', 'pass', 'accept', 'refuse', 'announce', 'advise', 'play']);

/** The actions of a deal, by seat and in order, as its public events tell them: what a replay of it needs. */
export function publicActions(events: readonly KarnoeffelEvent[]): [number, KarnoeffelAction][] {
  const out: [number, KarnoeffelAction][] = [];
  for (const e of events) {
    switch (e.type) {
      case 'raise':
      case 'pass':
      case 'accept':
      case 'refuse':
      case 'announce':
        out.push([e.seat, { type: e.type }]);
        break;
      case 'play':
        out.push([e.seat, { type: 'play', card: e.card }]);
        break;
      case 'advise': {
        const a: { type: 'advise'; message: string; card?: number; to?: number } = { type: 'advise', message: e.message };
        if (e.card !== undefined) a.card = e.card;
        if (e.to !== undefined) a.to = e.to;
        out.push([e.seat, a]);
        break;
      }
      default:
        break;
    }
  }
  return out;
}

/** Fisher–Yates on the first `count` items: a uniform random order. */
function shuffle(items: number[], rng: Rng, count: number): void {
  for (let i = count - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    const t = items[i];
    items[i] = items[j];
    items[j] = t;
  }
}
