import { popcount32 } from '../../cards/bits.js';
import { cardOf, rankSet, type Card } from '../../cards/pack.js';
import type { Rng } from '../../core/rng.js';
import { SPECTATOR, type Seat } from '../game.js';
import { schafkopfPack } from './cards.js';
import { askAtLevel } from './engine.js';
import { copyEvent } from './events.js';
import type { SchafkopfState } from './state.js';
import { playTables, type PlayTables } from './tables.js';
import type { SchafkopfView } from './view.js';

/*
 * Sampled worlds (issue 8 §4): complete deals that a seat's view could have
 * come from, each consistent deal equally likely.
 *
 * What a seat knows about the hidden cards, besides its own hand and every
 * card played:
 * - a seat that did not follow the card led is void in its class (the
 *   trumps form one class, each plain suit another); there is no duty to
 *   trump or to win, so a discard says nothing more;
 * - Bettel with Stichzwang: a seat that followed without beating the best
 *   card holds no card of that suit above it;
 * - a Rufspiel on a suit (announced, or outbid in the bidding) means its
 *   caller held a plain card of that suit and not its Sau;
 * - the holder of the called Sau had to play it when its suit was first
 *   led: whoever followed that trick with another card of the suit does not
 *   hold it, and whoever led it with another card holds it only with four of
 *   the suit (Davonlaufen);
 * - a seat that gave Stoß is no partner of the declarer; the partner, once
 *   the seat knows him, holds the called Sau;
 * - a Sie announced holds all Ober and Unter; the Mussspiel names the holder
 *   of the Eichel-Ober; the Sie is shown.
 * What a pass suggests about a hand is not used (bots may add it).
 *
 * Sampling: the hidden cards a seat must hold are placed first; the others
 * are dealt uniformly to the remaining places, by rejection from a plain
 * shuffle or, when that fails a few times, by exact counting over the kinds
 * of cards (which seats may hold them); the constraints that count cards
 * (a caller's plain card, Davonlaufen) are then checked by rejection. Every
 * step is uniform over what it allows, so the result is uniform over the
 * consistent deals. The state is then built from the view's public part and
 * the hands; the deck that deals them (`deckForHands`) replayed through
 * `setup` and `apply` with the view's actions gives the same state (tested).
 */

/** What one view reveals about the hidden cards, computed once per sample. */
interface Knowledge {
  /** The hidden cards. */
  readonly hidden: number;
  /** Seats whose cards are (partly) hidden, and how many hidden cards each holds. */
  readonly seats: readonly Seat[];
  readonly caps: readonly number[];
  /** By seat: hidden cards it cannot hold, and hidden cards it must hold. */
  readonly forbid: Int32Array;
  readonly forced: Int32Array;
  /** By seat: the cards it has played and the cards the view shows it holds. */
  readonly played: Int32Array;
  readonly known: Int32Array;
  /** Seats that must hold one of these cards (among those hidden): a caller's plain card of the called suit. */
  readonly oneOf: readonly { readonly seat: Seat; readonly cards: number }[];
  /** Davonlaufen: this seat held the Sau (`sau` 0: it did, it played it since) only with four of the suit, counting the cards it played since. */
  readonly runAway: readonly { readonly seat: Seat; readonly sau: number; readonly suit: number; readonly since: number }[];
}

function bitOf(c: Card): number {
  return 1 << c;
}

function analyse(view: SchafkopfView, seat: Seat): Knowledge {
  const rules = view.rules;
  const pack = schafkopfPack(rules.kurzeKarte);
  const all = pack.size === 32 ? -1 : (2 ** pack.size - 1) | 0;
  const perHand = pack.size / 4;
  const viewer = seat === SPECTATOR || !(seat >= 0 && seat < 4) ? SPECTATOR : seat;
  const klopfen = view.phase === 'klopfen';
  const played = new Int32Array(4);
  const known = new Int32Array(4);
  const forbid = new Int32Array(4);
  const forced = new Int32Array(4);
  const oneOf: { seat: Seat; cards: number }[] = [];
  const runAway: { seat: Seat; sau: number; suit: number; since: number }[] = [];

  const tricks: { leader: Seat; cards: readonly Card[] }[] = [...view.tricks];
  if (view.trick) tricks.push(view.trick);
  for (const t of tricks) t.cards.forEach((c, i) => (played[(t.leader + i) % 4] |= bitOf(c)));
  if (viewer !== SPECTATOR) for (const c of view.hand) known[viewer] |= bitOf(c);
  const c = view.contract;
  if (view.shown && c && c.declarer !== null) for (const x of view.shown) known[c.declarer] |= bitOf(x);

  let seen = 0;
  for (let s = 0; s < 4; s++) seen |= played[s] | known[s];
  const hidden = all & ~seen;

  // Hidden cards by seat: during the Klopfen round every seat holds a full hand, the seat itself has seen half of its own.
  const seats: Seat[] = [];
  const caps: number[] = [];
  for (let s = 0; s < 4; s++) {
    const cap = klopfen ? perHand - popcount32(known[s]) : view.handSizes[s] - popcount32(known[s]);
    if (cap > 0) {
      seats.push(s);
      caps.push(cap);
    }
  }

  const must = (s: Seat, cards: number) => (forced[s] |= cards & hidden);
  const cannot = (s: Seat, cards: number) => (forbid[s] |= cards & hidden);

  // The bids: a Rufspiel's caller held a plain card of the suit and not its Sau; a Sie holds every Ober and Unter.
  const ruf = playTables(pack, 'rufspiel');
  for (const b of view.bids) {
    const g = b.game;
    if (!g) continue;
    if (g.kind === 'rufspiel') {
      cannot(b.seat, bitOf(cardOf(pack, g.suit!, 'A')!));
      const suit = ruf.plain[g.suit!];
      if ((played[b.seat] & suit) === 0 && b.seat !== viewer) oneOf.push({ seat: b.seat, cards: suit });
    } else if (g.kind === 'sie') {
      must(b.seat, rankSet(pack, 'O').union(rankSet(pack, 'U')).mask);
    }
  }
  for (const e of view.events) if (e.type === 'mussspiel') must(e.seat, bitOf(cardOf(pack, 0, 'O')!));

  if (c && c.kind !== 'sie') {
    const t: PlayTables = playTables(pack, c.kind === 'ramsch' ? 'rufspiel' : c.kind, c.kind === 'rufspiel' || c.kind === 'ramsch' ? undefined : c.suit);
    const stichzwang = c.kind === 'bettel' && rules.bettelStichzwang;
    for (const tr of tricks) {
      const led = tr.cards[0];
      const cls = t.follow[led];
      let best = led;
      for (let i = 1; i < tr.cards.length; i++) {
        const s = (tr.leader + i) % 4;
        const x = tr.cards[i];
        if ((cls & bitOf(x)) === 0) {
          // Did not follow: void in the class led (002 5.4).
          cannot(s, cls);
          continue;
        }
        if (stichzwang && t.power[x] <= t.power[best]) {
          // Followed without winning under Stichzwang: nothing of the suit above the best card.
          for (let m = cls; m !== 0; m &= m - 1) {
            const y = 31 - Math.clz32(m & -m);
            if (t.power[y] > t.power[best]) cannot(s, bitOf(y));
          }
        }
        if (t.power[x] > t.power[best]) best = x;
      }
    }
    if (c.kind === 'rufspiel') {
      const sau = cardOf(pack, c.suit!, 'A')!;
      const sauBit = bitOf(sau);
      const suit = t.follow[sau];
      // The partner, once known, holds it; a seat that gave Stoß is against the declarer.
      if (view.partner !== null) must(view.partner, sauBit);
      view.stoss.forEach((s, i) => {
        if (i % 2 === 0) cannot(s, sauBit);
      });
      // The first trick led with the called suit: its Sau had to be played in it (002 5.3.1.2), unless
      // its holder led with another card of the suit, holding four of them (Davonlaufen).
      const first = tricks.findIndex((tr) => (suit & bitOf(tr.cards[0])) !== 0);
      const tr = first >= 0 ? tricks[first] : undefined;
      if (tr && !tr.cards.includes(sau)) {
        for (let i = 1; i < tr.cards.length; i++) if ((suit & bitOf(tr.cards[i])) !== 0) cannot((tr.leader + i) % 4, sauBit);
        const leader = tr.leader;
        // The leader's cards at that trick: those it holds now and those it has played since.
        let since = 0;
        for (let k = first; k < tricks.length; k++) {
          const i = (leader - tricks[k].leader + 4) % 4;
          if (i < tricks[k].cards.length) since |= bitOf(tricks[k].cards[i]);
        }
        const ranAway = (since & sauBit) !== 0;
        if (leader !== viewer && (ranAway || (hidden & sauBit) !== 0)) runAway.push({ seat: leader, sau: ranAway ? 0 : sauBit, suit, since });
      }
    }
  }
  return { hidden, seats, caps, forbid, forced, played, known, oneOf, runAway };
}

/** Binomial coefficients up to 32 (exact: all below 2^53, as are the products the sampler forms, which count deals). */
const BINOMIAL: readonly (readonly number[])[] = (() => {
  const rows: number[][] = [];
  for (let n = 0; n <= 32; n++) {
    const row = [1];
    for (let k = 1; k <= n; k++) row.push(k === n ? 1 : rows[n - 1][k - 1] + rows[n - 1][k]);
    rows.push(row);
  }
  return rows;
})();

/** The hidden cards as a list. */
function cardsOf(mask: number): Card[] {
  const out: Card[] = [];
  for (let m = mask; m !== 0; m &= m - 1) out.push(31 - Math.clz32(m & -m));
  return out;
}

function shuffle(cards: Card[], rng: Rng): void {
  for (let i = cards.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    const x = cards[i];
    cards[i] = cards[j];
    cards[j] = x;
  }
}

/**
 * Deals `free` to the seats (`caps` places each), uniformly among the ways
 * that give no seat a card it cannot hold, by exact counting: the cards fall
 * into kinds by the seats that may hold them; how many cards of each kind
 * go to each seat is drawn in proportion to the number of deals it leaves,
 * then each kind's cards are shuffled out. Returns the hands by index of
 * `seats`, or undefined when no deal fits.
 */
function exactDeal(free: Card[], seats: readonly Seat[], caps: readonly number[], forbid: Int32Array, rng: Rng): number[] | undefined {
  const k = seats.length;
  const kinds = new Map<number, Card[]>();
  for (const c of free) {
    let allowed = 0;
    for (let i = 0; i < k; i++) if ((forbid[seats[i]] & bitOf(c)) === 0) allowed |= 1 << i;
    if (allowed === 0) return undefined;
    const list = kinds.get(allowed);
    if (list) list.push(c);
    else kinds.set(allowed, [c]);
  }
  const masks = [...kinds.keys()];
  const counts = masks.map((m) => kinds.get(m)!.length);
  // A state is the places still open at each seat, in mixed radix.
  const stride: number[] = [];
  let states = 1;
  for (let i = 0; i < k; i++) {
    stride.push(states);
    states *= caps[i] + 1;
  }
  const memo: Float64Array[] = masks.map(() => new Float64Array(states).fill(-1));
  const open = (state: number, i: number) => Math.floor(state / stride[i]) % (caps[i] + 1);

  /** Every way to split `count` cards among the seats of `mask` within the open places: calls back with the state left and the weight. */
  const splits = (mask: number, count: number, state: number, emit: (next: number, weight: number, split: number[]) => void) => {
    const seatsOf: number[] = [];
    for (let i = 0; i < k; i++) if ((mask & (1 << i)) !== 0) seatsOf.push(i);
    const split = new Array<number>(k).fill(0);
    const walk = (j: number, left: number, next: number, weight: number) => {
      const i = seatsOf[j];
      const room = open(state, i);
      if (j === seatsOf.length - 1) {
        if (left <= room) {
          split[i] = left;
          emit(next - left * stride[i], weight, split);
        }
        return;
      }
      for (let a = 0; a <= Math.min(left, room); a++) {
        split[i] = a;
        walk(j + 1, left - a, next - a * stride[i], weight * BINOMIAL[left][a]);
      }
    };
    walk(0, count, state, 1);
  };
  /** The number of deals of kinds t.. into the open places of `state`. */
  const ways = (t: number, state: number): number => {
    if (t === masks.length) return state === 0 ? 1 : 0;
    const hit = memo[t][state];
    if (hit >= 0) return hit;
    let sum = 0;
    splits(masks[t], counts[t], state, (next, weight) => {
      sum += weight * ways(t + 1, next);
    });
    memo[t][state] = sum;
    return sum;
  };
  let state = states - 1;
  if (ways(0, state) === 0) return undefined;
  const hands = new Array<number>(k).fill(0);
  for (let t = 0; t < masks.length; t++) {
    const options: { next: number; weight: number; split: number[] }[] = [];
    let total = 0;
    splits(masks[t], counts[t], state, (next, weight, split) => {
      const w = weight * ways(t + 1, next);
      if (w > 0) {
        options.push({ next, weight: w, split: split.slice() });
        total += w;
      }
    });
    // Draw in proportion to the weights (whole numbers below 2^53).
    let r = below(rng, total);
    let pick = options[options.length - 1];
    for (const o of options) {
      if (r < o.weight) {
        pick = o;
        break;
      }
      r -= o.weight;
    }
    const cards = kinds.get(masks[t])!;
    shuffle(cards, rng);
    let at = 0;
    for (let i = 0; i < k; i++) for (let a = 0; a < pick.split[i]; a++) hands[i] |= bitOf(cards[at++]);
    state = pick.next;
  }
  return hands;
}

/**
 * `exactDeal` for at most three seats, in closed form: with the cards that
 * only one seat may hold given to it, a deal is fixed by how many of the
 * cards two seats may hold go to the first of them (x, y, z) and how the
 * cards all three may hold are split (which the places left decide), so
 * the deals are counted and drawn over at most 9 x 9 x 9 choices.
 */
function exactDeal3(free: Card[], seats: readonly Seat[], caps: readonly number[], forbid: Int32Array, rng: Rng): number[] | undefined {
  const k = seats.length;
  const byKind: Card[][] = [[], [], [], [], [], [], [], []];
  for (const c of free) {
    let allowed = 0;
    for (let i = 0; i < k; i++) if ((forbid[seats[i]] & bitOf(c)) === 0) allowed |= 1 << i;
    if (allowed === 0) return undefined;
    byKind[allowed].push(c);
  }
  // Places left at each seat once the cards only it may hold are in.
  const a = (caps[0] ?? 0) - byKind[1].length;
  const b = (caps[1] ?? 0) - byKind[2].length;
  const c3 = (caps[2] ?? 0) - byKind[4].length;
  if (a < 0 || b < 0 || c3 < 0) return undefined;
  const n01 = byKind[3].length;
  const n02 = byKind[5].length;
  const n12 = byKind[6].length;
  const n = byKind[7].length;
  const choices: number[] = [];
  const weights: number[] = [];
  let total = 0;
  for (let x = 0; x <= n01; x++) {
    for (let y = 0; y <= n02; y++) {
      const p = a - x - y;
      if (p < 0 || p > n) continue;
      for (let z = 0; z <= n12; z++) {
        const q = b - (n01 - x) - z;
        if (q < 0 || p + q > n) continue;
        if (c3 - (n02 - y) - (n12 - z) !== n - p - q) continue;
        const w = BINOMIAL[n01][x] * BINOMIAL[n02][y] * BINOMIAL[n12][z] * BINOMIAL[n][p] * BINOMIAL[n - p][q];
        choices.push(x, y, z, p, q);
        weights.push(w);
        total += w;
      }
    }
  }
  if (total === 0) return undefined;
  let r = below(rng, total);
  let pick = weights.length - 1;
  for (let i = 0; i < weights.length; i++) {
    if (r < weights[i]) {
      pick = i;
      break;
    }
    r -= weights[i];
  }
  const [x, y, z, p, q] = choices.slice(pick * 5, pick * 5 + 5);
  const hands = [0, 0, 0];
  const give = (cards: Card[], counts: readonly number[], to: readonly number[]) => {
    shuffle(cards, rng);
    let at = 0;
    counts.forEach((count, i) => {
      for (let j = 0; j < count; j++) hands[to[i]] |= bitOf(cards[at++]);
    });
  };
  give(byKind[1], [byKind[1].length], [0]);
  give(byKind[2], [byKind[2].length], [1]);
  give(byKind[4], [byKind[4].length], [2]);
  give(byKind[3], [x, n01 - x], [0, 1]);
  give(byKind[5], [y, n02 - y], [0, 2]);
  give(byKind[6], [z, n12 - z], [1, 2]);
  give(byKind[7], [p, q, n - p - q], [0, 1, 2]);
  return hands.slice(0, k);
}

/** A uniform whole number below n (n a whole number up to 2^53). */
function below(rng: Rng, n: number): number {
  if (n <= 2 ** 32) return rng.int(n);
  const limit = Math.floor(2 ** 53 / n) * n;
  for (;;) {
    const x = rng.int(2 ** 26) * 2 ** 27 + rng.int(2 ** 27);
    if (x < limit) return x % n;
  }
}

/** The hidden cards of a consistent deal, by seat: uniform among the deals the knowledge allows. */
function dealHidden(kn: Knowledge, rng: Rng): Int32Array {
  const hands = new Int32Array(4);
  const { seats, forbid, forced } = kn;
  let placed = 0;
  for (const s of seats) placed |= forced[s];
  const caps = kn.caps.map((cap, i) => cap - popcount32(forced[seats[i]]));
  const free = cardsOf(kn.hidden & ~placed);
  for (let attempt = 0; attempt < 100_000; attempt++) {
    let got: number[] | undefined;
    // A few plain shuffles first: uniform, and fast when the constraints are loose.
    for (let tries = 0; tries < 8 && got === undefined; tries++) {
      shuffle(free, rng);
      const deal: number[] = [];
      let at = 0;
      let fits = true;
      for (let i = 0; i < seats.length && fits; i++) {
        let h = 0;
        for (let a = 0; a < caps[i]; a++) h |= bitOf(free[at++]);
        fits = (h & forbid[seats[i]]) === 0;
        deal.push(h);
      }
      if (fits) got = deal;
    }
    got ??= seats.length <= 3 ? exactDeal3(free, seats, caps, forbid, rng) : exactDeal(free, seats, caps, forbid, rng);
    if (got === undefined) throw new Error('no deal fits this view');
    for (let i = 0; i < seats.length; i++) hands[seats[i]] = got[i] | forced[seats[i]];
    if (countsHold(kn, hands)) return hands;
  }
  throw new Error('no consistent deal found for this view');
}

/** The constraints that count cards: a caller's plain card of the called suit, Davonlaufen. */
function countsHold(kn: Knowledge, hidden: Int32Array): boolean {
  for (const { seat, cards } of kn.oneOf) if ((hidden[seat] & cards) === 0) return false;
  for (const { seat, sau, suit, since } of kn.runAway) {
    // sau = 0: the leader has played the Sau since, so it held it then.
    if ((sau === 0 || (hidden[seat] & sau) !== 0) && popcount32((hidden[seat] | since) & suit) < 4) return false;
  }
  return true;
}

/** A random half of a hand: the first packet the dealer gave that seat. */
function firstHalfOf(hand: number, half: number, rng: Rng): number {
  const cards = cardsOf(hand);
  shuffle(cards, rng);
  let m = 0;
  for (let i = 0; i < half; i++) m |= bitOf(cards[i]);
  return m >>> 0;
}

/**
 * A complete state that `seat`'s view could have come from, uniform over
 * the consistent deals (see above); `view(sampleWorld(v, seat), seat)`
 * equals `v`. A spectator's view works too.
 */
export function sampleWorld(view: SchafkopfView, seat: Seat, rng: Rng): SchafkopfState {
  const kn = analyse(view, seat);
  const hidden = dealHidden(kn, rng);
  const pack = schafkopfPack(view.rules.kurzeKarte);
  const half = pack.size / 8;
  const klopfen = view.phase === 'klopfen';
  const viewer = seat === SPECTATOR || !(seat >= 0 && seat < 4) ? SPECTATOR : seat;
  const hands: number[] = [];
  const dealt: number[] = [];
  const firstHalf: number[] = [];
  for (let s = 0; s < 4; s++) {
    const hand = (hidden[s] | kn.known[s]) >>> 0;
    hands.push(hand);
    dealt.push((hand | kn.played[s]) >>> 0);
    firstHalf.push(klopfen && s === viewer ? kn.known[s] >>> 0 : firstHalfOf(dealt[s], half, rng));
  }
  let stossAsk: number[] = [];
  if (view.phase === 'stoss') {
    const level = view.stoss.length;
    let passed = 0;
    for (const e of view.events) if (e.type === 'pass' && e.round === 'stoss' && e.level === level + 1) passed++;
    stossAsk = askAtLevel({ contract: view.contract, dealer: view.dealer }, level, view.stoss).slice(passed);
  }
  return {
    rules: { ...view.rules },
    dealer: view.dealer,
    carry: { ...view.carry },
    dealt,
    firstHalf,
    hands,
    phase: view.phase,
    turn: view.toAct.length > 0 ? view.toAct[0] : -1,
    events: view.events.map(copyEvent),
    klopfer: view.klopfer.slice(),
    bids: view.bids.map((b) => ({ seat: b.seat, game: b.game === null ? null : { ...b.game } })),
    contract: view.contract === null ? null : { ...view.contract },
    stoss: view.stoss.slice(),
    stossAsk,
    trick: view.trick === null ? null : { leader: view.trick.leader, cards: view.trick.cards.slice() },
    tricks: view.tricks.map((t) => ({ leader: t.leader, cards: t.cards.slice(), winner: t.winner })),
    searched: view.searched,
    outcome: view.outcome === null ? null : structuredClone(view.outcome),
  };
}
