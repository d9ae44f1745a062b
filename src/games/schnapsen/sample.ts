import { nthBit32, popcount32 } from '../../cards/bits.js';
import type { Rng } from '../../core/rng.js';
import type { Seat } from '../game.js';
import { CARD_COUNT, CARD_SUIT, HIGHER, PAIR_MASK, SUIT_MASK, UNTER_MASK, type Order } from './cards.js';
import { gameDef } from './contracts.js';
import { dealLayout } from './deal.js';
import { applyAll } from './engine.js';
import { bauernschnapsen, talonschnapsen } from './game.js';
import type { Variant } from './rules.js';
import type { SchnapsenAction, SchnapsenState } from './state.js';
import type { SchnapsenView } from './view.js';

/**
 * Sampled worlds (issue 8 §4): a complete deal consistent with everything
 * one seat (or a spectator) knows, each consistent deal equally likely, as a
 * real state: a deck is built and the public actions of the view are
 * replayed through setup/apply, so the world continues the game exactly.
 *
 * What a seat knows, beyond its hand and the cards it has seen (the turned-up
 * trump card, the tricks, open and shown hands, the talon and the cards laid
 * away if it took them up):
 * - Farb- und Stichzwang (003, NOTES): a seat that played a lower card of the
 *   led suit holds no card that beats the led one; a seat that did not follow
 *   holds none of the led suit; one that did not follow and did not trump
 *   holds no trump — also when the trick was already trumped (003 note 3).
 *   These hold for the seat's hand now (cards laid away are not bound).
 * - 20/40: the announcer held König and Ober; the one not yet played is in
 *   his hand.
 * - The trump call: the Rufer named trump from his first three cards, so one
 *   of them was of that suit (the engine demands it, so it is knowable;
 *   decision: the sampler keeps it). A card turned up is one of the Rufer's
 *   cards still to come.
 * - A Blinder Bettler: the Rufer's first three were Unter. An Ass-Bettler
 *   announced: the announcer held an Ass; a Farbenringerl announced: all five
 *   cards of a suit that is not trump. Every announcement is replayed, so
 *   every such condition of the rules holds in a sampled world.
 * - The talon: the player who took it up laid away two of his cards and the
 *   talon; the others do not know which.
 * What a seat does not learn is left open: the Rufer's silent "behalten"
 *   after three Unter (added when the sampled deal needs it to go on; while
 *   the others wait for the trump call, a sampled Rufer with three Unter has
 *   not decided yet), and in open
 *   announcements the bids not yet shown (sampled as "weiter"; what a bid
 *   suggests belongs to bots). Bidding inference is not part of this.
 *
 * Uniformity: the hidden cards are placed by exact counting (each placement
 * of the hidden cards into the hidden hands, talon and cards laid away that
 * respects the duties above is equally likely), then which of his cards each
 * player got first, which two cards the taker of the talon found in it and
 * the order of the cards are drawn uniformly, and a deal that breaks another
 * rule (the trump call, an announcement, a turned card) is rejected and
 * drawn again: so every consistent deck is equally likely. Where a rule
 * demands that a whole set of cards lies in one hand (a Farbenringerl, a
 * Blinder Bettler), the set is chosen first with the weight of its count.
 */

/** A step of the public history: an action, or one whose content the sampler fills in. */
type Step = { readonly seat: Seat; readonly action: SchnapsenAction } | { readonly seat: Seat; readonly fill: 'lay' | 'turn' };

interface Plan {
  readonly variant: Variant;
  readonly view: SchnapsenView;
  readonly n: number;
  readonly rufer: Seat;
  readonly viewer: Seat;
  readonly knocked: boolean;
  /** 0: nothing dealt; 1: the first packets (and a cut talon) only; 2: all dealt. */
  readonly stage: 0 | 1 | 2;
  readonly steps: readonly Step[];
  /** Cards each seat played. */
  readonly played: readonly number[];
  /** Cards known to be in each seat's hand now. */
  readonly inHand: readonly number[];
  readonly handSize: readonly number[];
  /** Cards each seat's hand cannot hold now (Farb- und Stichzwang). */
  readonly excluded: readonly number[];
  /** The seat that took up the talon, or -1. */
  readonly taker: Seat;
  /** The talon and the cards laid away, where the viewer knows them (else -1). */
  readonly talonKnown: number;
  readonly laidKnown: number;
  /** An untaken talon lies on the table (dealt, not taken up). */
  readonly talonOut: boolean;
  readonly turned: number;
  /** The suit the Rufer named from his first three cards, or -1. */
  readonly trumpCall: number;
  readonly blinder: boolean;
  /** The Rufer's first three as shown for a new deal (three Unter), in dealing order; else empty. */
  readonly shownFirst: readonly number[];
  /** Seats that announced a Farbenringerl (five cards of a suit that is not trump), with the trump then. */
  readonly farben: readonly Seat[];
  readonly calledTrump: number;
  /** Locations of the hidden cards: a hand (seat), the untaken talon (-2), the cards laid away (-3), not yet dealt (-4). */
  readonly locs: readonly number[];
  readonly caps: readonly number[];
  /** Cards whose place the viewer does not know. */
  readonly hidden: number;
}

const TALON = -2;
const LAID = -3;
const UNDEALT = -4;

/** A world for this view: a state of the same deal, consistent with what `seat` knows, drawn uniformly. */
export function sampleWorld(view: SchnapsenView, seat: Seat, rng: Rng): SchnapsenState {
  const sampler = samplerOf(view, seat);
  for (let attempt = 0; attempt < 20000; attempt++) {
    const state = sampler.tryOnce(rng);
    if (state !== undefined) return state;
  }
  throw new Error('sampleWorld: no consistent deal found (is the view from this game?)');
}

/** The sampler of a view, kept while the view lives: search draws many worlds from one view. */
const SAMPLERS = new WeakMap<SchnapsenView, Map<Seat, Sampler>>();

function samplerOf(view: SchnapsenView, seat: Seat): Sampler {
  let byseat = SAMPLERS.get(view);
  if (!byseat) {
    byseat = new Map();
    SAMPLERS.set(view, byseat);
  }
  let sampler = byseat.get(seat);
  if (!sampler) {
    sampler = new Sampler(makePlan(view, seat));
    byseat.set(seat, sampler);
  }
  return sampler;
}

function maskOf(cards: readonly number[] | null | undefined): number {
  let m = 0;
  for (const c of cards ?? []) m |= 1 << c;
  return m;
}

function makePlan(view: SchnapsenView, seat: Seat): Plan {
  const variant: Variant = view.game === 'bauernschnapsen' ? 'bauern' : 'talon';
  const n = view.seats;
  const viewer = seat >= 0 && seat < n && view.seat === seat ? seat : -1;
  const rufer = view.rufer;
  const played = new Array<number>(n).fill(0);
  const inHand = new Array<number>(n).fill(0);
  const excluded = new Array<number>(n).fill(0);
  const handSize = view.handSizes.slice();
  const steps: Step[] = [];
  let knocked = false;
  let turned = -1;
  let trumpCall = -1;
  let blinder = false;
  let talonKnown = -1;
  let laidKnown = -1;
  let taker = -1;
  let redeal = false;
  let shownFirst: number[] = [];
  const farben: Seat[] = [];
  const revealed = view.events.find((e) => e.type === 'reveal');
  const revealedBids = revealed && revealed.type === 'reveal' ? revealed.bids.slice() : [];
  const def = view.contract ? gameDef(view.contract.game, variant) : undefined;
  const playTrump = def && def.trump ? (view.trump ?? -1) : -1;
  const order: Order = def ? def.order : 0;
  let led = -1;
  const noteBid = (bidder: Seat, game: string | null) => {
    if (game === 'farbenringerl' && !farben.includes(bidder)) farben.push(bidder);
  };
  for (const e of view.events) {
    switch (e.type) {
      case 'cut':
        steps.push({ seat: e.seat, action: { type: 'cut' } });
        break;
      case 'knock':
        knocked = true;
        steps.push({ seat: e.seat, action: { type: 'knock' } });
        break;
      case 'trump':
        if (e.turned !== undefined) {
          turned = e.turned;
          steps.push({ seat: e.seat, fill: 'turn' });
        } else {
          if (!e.blind) trumpCall = e.suit;
          steps.push({ seat: e.seat, action: { type: 'trump', suit: e.suit } });
        }
        break;
      case 'threeUnter':
        redeal = true;
        shownFirst = e.cards.slice();
        steps.push({ seat: e.seat, action: { type: 'redeal' } });
        for (const c of e.cards) inHand[e.seat] |= 1 << c;
        break;
      case 'bid': {
        let game = e.game;
        let ohne = e.ohne;
        if (e.hidden) {
          // Shown later by the reveal, or not yet known: "weiter".
          const shown = revealedBids.find((b) => b.seat === e.seat);
          game = shown ? shown.game : null;
          ohne = shown?.ohne;
          if (shown) revealedBids.splice(revealedBids.indexOf(shown), 1);
        } else if (revealed && !e.raise && e.game !== 'blinderbettler') {
          const own = revealedBids.find((b) => b.seat === e.seat);
          if (own) revealedBids.splice(revealedBids.indexOf(own), 1);
        }
        if (game === 'blinderbettler') blinder = true;
        noteBid(e.seat, game);
        steps.push({ seat: e.seat, action: game === null ? { type: 'pass' } : { type: 'announce', game, ...(ohne ? { ohne: true } : {}) } });
        break;
      }
      case 'talon':
        taker = e.seat;
        if (e.talon) talonKnown = maskOf(e.talon);
        if (e.cards) laidKnown = maskOf(e.cards);
        steps.push(e.cards ? { seat: e.seat, action: { type: 'lay', cards: [e.cards[0], e.cards[1]] } } : { seat: e.seat, fill: 'lay' });
        break;
      case 'double':
        steps.push({ seat: e.seat, action: { type: (['spritzen', 'retour', 're'] as const)[e.level - 1] } });
        break;
      case 'noDouble':
        steps.push({ seat: e.seat, action: { type: 'pass' } });
        break;
      case 'meld': {
        steps.push({ seat: e.seat, action: { type: 'meld', suit: e.suit, points: e.points as 20 | 40 } });
        // He held König and Ober: the one he does not lead now stays in his hand until played.
        inHand[e.seat] |= PAIR_MASK[e.suit];
        break;
      }
      case 'play': {
        steps.push({ seat: e.seat, action: { type: 'play', card: e.card } });
        played[e.seat] |= 1 << e.card;
        inHand[e.seat] &= ~(1 << e.card);
        if (led < 0) led = e.card;
        else excluded[e.seat] |= followExclusion(e.card, led, playTrump, order);
        break;
      }
      case 'trick':
        led = -1;
        break;
      default:
        break;
    }
  }
  if (view.talon) talonKnown = maskOf(view.talon);
  if (view.laidAway) laidKnown = maskOf(view.laidAway);
  if (viewer >= 0) inHand[viewer] = maskOf(view.hand);
  view.openHands.forEach((h, x) => {
    if (h) inHand[x] = maskOf(h);
  });
  // The stage of the dealing.
  const phase = view.phase;
  let stage: 0 | 1 | 2;
  if (phase === 'cut' || phase === 'blindTrump') stage = 0;
  else if (redeal || phase === 'trump' || phase === 'threeUnter') stage = 1;
  else stage = 2;
  // Locations of the hidden cards.
  const locs: number[] = [];
  const caps: number[] = [];
  let known = 0;
  for (let x = 0; x < n; x++) known |= played[x] | inHand[x];
  if (talonKnown >= 0) known |= talonKnown;
  if (laidKnown >= 0) known |= laidKnown;
  for (let x = 0; x < n; x++) {
    const room = handSize[x] - popcount32(inHand[x]);
    if (room > 0) {
      locs.push(x);
      caps.push(room);
    }
  }
  const talonOut = variant === 'talon' && taker < 0 && (stage === 2 || (stage === 1 && !knocked));
  if (talonOut && talonKnown < 0) {
    locs.push(TALON);
    caps.push(2);
  }
  if (taker >= 0 && laidKnown < 0) {
    locs.push(LAID);
    caps.push(2);
  }
  // Hidden: every card whose place is unknown (the turned card too, when it may be in the Rufer's hand or laid away).
  const hidden = ((1 << CARD_COUNT) - 1) & ~known;
  let dealtHidden = 0;
  for (const c of caps) dealtHidden += c;
  const undealt = popcount32(hidden) - dealtHidden;
  if (undealt > 0) {
    if (stage === 2) throw new Error('sampleWorld: the view does not account for every card');
    locs.push(UNDEALT);
    caps.push(undealt);
  }
  return {
    variant,
    view,
    n,
    rufer,
    viewer,
    knocked,
    stage,
    steps,
    played,
    inHand,
    handSize,
    excluded,
    taker,
    talonKnown,
    laidKnown,
    talonOut,
    turned,
    trumpCall,
    blinder,
    shownFirst,
    farben,
    calledTrump: view.trump ?? -1,
    locs,
    caps,
    hidden,
  };
}

/**
 * The cards a seat cannot hold after playing `card` to a trick led with
 * `led` (003 Farb- und Stichzwang, as legalPlayMask orders the duties): it
 * played a lower card of the led suit — none that beats the led card; it
 * did not follow — none of the led suit; it did not follow and did not trump
 * — no trump either.
 */
export function followExclusion(card: number, led: number, trump: number, order: Order): number {
  const higher = HIGHER[order * CARD_COUNT + led];
  if (higher & (1 << card)) return 0;
  const ledSuit = SUIT_MASK[CARD_SUIT[led]];
  if (ledSuit & (1 << card)) return higher;
  if (trump >= 0 && CARD_SUIT[card] === trump) return ledSuit;
  return trump >= 0 ? ledSuit | SUIT_MASK[trump] : ledSuit;
}

const FACTORIAL: number[] = [1];
for (let i = 1; i <= 20; i++) FACTORIAL.push(FACTORIAL[i - 1] * i);

/**
 * Uniform placements of cards into locations with capacities, each card
 * restricted to some locations, by exact counting: the cards are grouped by
 * the locations they may go to, and the number of placements of the groups
 * still to place into the room still left is counted once and remembered.
 */
class Placer {
  private readonly types: number[][] = [];
  private readonly allowed: number[] = [];
  private readonly memo = new Map<number, number>();
  /** The ways to place type t into a room (by key): the counts per location, the room left (key), the weight. */
  private readonly options = new Map<number, { k: number[]; next: number; w: number }[]>();
  private readonly locations: number;

  constructor(
    cards: readonly number[],
    allowedOf: (card: number) => number,
    private readonly caps: readonly number[],
  ) {
    this.locations = caps.length;
    const byMask = new Map<number, number[]>();
    for (const c of cards) {
      const a = allowedOf(c);
      let list = byMask.get(a);
      if (!list) {
        list = [];
        byMask.set(a, list);
      }
      list.push(c);
    }
    for (const [a, list] of byMask) {
      this.allowed.push(a);
      this.types.push(list);
    }
  }

  /** The room left in each location, as one number (5 bits each). */
  private static key(room: readonly number[]): number {
    let k = 0;
    for (const r of room) k = k * 32 + r;
    return k;
  }

  private unkey(key: number): number[] {
    const room = new Array<number>(this.locations);
    for (let i = this.locations - 1; i >= 0; i--) {
      room[i] = key % 32;
      key = Math.floor(key / 32);
    }
    return room;
  }

  /** The number of placements of types t.. into the room `key`. */
  private count(t: number, key: number): number {
    if (t === this.types.length) return key === 0 ? 1 : 0;
    const memoKey = key * 64 + t;
    const hit = this.memo.get(memoKey);
    if (hit !== undefined) return hit;
    let total = 0;
    for (const o of this.optionsOf(t, key)) total += o.w;
    this.memo.set(memoKey, total);
    return total;
  }

  /** Every way to put the cards of type t into the allowed locations of room `key`, weighted by the placements it leaves. */
  private optionsOf(t: number, key: number): { k: number[]; next: number; w: number }[] {
    const cacheKey = key * 64 + t;
    const hit = this.options.get(cacheKey);
    if (hit !== undefined) return hit;
    const room = this.unkey(key);
    const size = this.types[t].length;
    const allowed = this.allowed[t];
    const out: { k: number[]; next: number; w: number }[] = [];
    const k = new Array<number>(room.length).fill(0);
    const go = (i: number, left: number): void => {
      if (i === room.length) {
        if (left !== 0) return;
        let ways = FACTORIAL[size];
        for (const x of k) ways /= FACTORIAL[x];
        const next = Placer.key(room.map((r, j) => r - k[j]));
        const w = ways * this.count(t + 1, next);
        if (w > 0) out.push({ k: k.slice(), next, w });
        return;
      }
      const max = allowed & (1 << i) ? Math.min(left, room[i]) : 0;
      for (let x = 0; x <= max; x++) {
        k[i] = x;
        go(i + 1, left - x);
      }
      k[i] = 0;
    };
    go(0, size);
    this.options.set(cacheKey, out);
    return out;
  }

  total(): number {
    return this.count(0, Placer.key(this.caps));
  }

  /** A uniform placement: the cards in each location (masks), or undefined if there is none. */
  sample(rng: Rng): number[] | undefined {
    let key = Placer.key(this.caps);
    if (this.count(0, key) === 0) return undefined;
    const out = new Array<number>(this.locations).fill(0);
    for (let t = 0; t < this.types.length; t++) {
      const options = this.optionsOf(t, key);
      let total = 0;
      for (const o of options) total += o.w;
      let x = randomReal(rng) * total;
      let pick = options[options.length - 1];
      for (const o of options) {
        if (x < o.w) {
          pick = o;
          break;
        }
        x -= o.w;
      }
      const cards = this.types[t];
      // A uniformly random order of the type's cards, cut into the chosen counts.
      let left = cards.length;
      const pool = cards.slice();
      for (let i = 0; i < this.locations; i++) {
        for (let j = 0; j < pick.k[i]; j++) {
          const r = rng.int(left);
          out[i] |= 1 << pool[r];
          pool[r] = pool[--left];
        }
      }
      key = pick.next;
    }
    return out;
  }
}

function randomReal(rng: Rng): number {
  return (rng.int(0x40000000) + rng.int(0x40000000) / 0x40000000) / 0x40000000;
}

function shuffle<T>(items: T[], rng: Rng): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    const t = items[i];
    items[i] = items[j];
    items[j] = t;
  }
  return items;
}

function cardsOf(mask: number): number[] {
  const out: number[] = [];
  for (let c = 0; c < CARD_COUNT; c++) if (mask & (1 << c)) out.push(c);
  return out;
}

/** A random k-subset of a mask. */
function subset(mask: number, k: number, rng: Rng): number {
  let out = 0;
  for (let i = 0; i < k; i++) {
    const c = nthBit32(mask, rng.int(popcount32(mask)));
    out |= 1 << c;
    mask &= ~(1 << c);
  }
  return out;
}

/** One choice made before the placement: cards that must lie in one seat's hand (all of them), with its weight. */
interface Forcing {
  /** seat -> cards it was dealt for sure. */
  readonly dealt: ReadonlyMap<Seat, number>;
  /** The Rufer's first three, where a rule fixes them (Blinder Bettler). */
  readonly firstThree: number;
  readonly placer: Placer;
  readonly weight: number;
}

class Sampler {
  private readonly forcings: Forcing[];
  private readonly totalWeight: number;

  private rng: Rng = { int: () => 0 };

  constructor(private readonly plan: Plan) {
    this.forcings = this.makeForcings();
    this.totalWeight = this.forcings.reduce((s, f) => s + f.weight, 0);
  }

  /** The alternatives of cards forced into hands by the rules (Farbenringerl suits, Blinder Bettler Unter), each with its count. */
  private makeForcings(): Forcing[] {
    const p = this.plan;
    let options: { dealt: Map<Seat, number>; firstThree: number }[] = [{ dealt: new Map(), firstThree: 0 }];
    for (const x of p.farben) {
      const next: typeof options = [];
      for (const o of options) {
        for (let suit = 0; suit < 4; suit++) {
          if (suit === p.calledTrump) continue;
          const dealt = new Map(o.dealt);
          dealt.set(x, (dealt.get(x) ?? 0) | SUIT_MASK[suit]);
          next.push({ dealt, firstThree: o.firstThree });
        }
      }
      options = next;
    }
    if (p.blinder) {
      const next: typeof options = [];
      for (const o of options) {
        for (const u of cardsOf(UNTER_MASK)) {
          const three = UNTER_MASK & ~(1 << u);
          const dealt = new Map(o.dealt);
          dealt.set(p.rufer, (dealt.get(p.rufer) ?? 0) | three);
          next.push({ dealt, firstThree: three });
        }
      }
      options = next;
    }
    const out: Forcing[] = [];
    for (const o of options) {
      const placer = this.placerFor(o.dealt);
      if (placer === undefined) continue;
      const weight = placer.total();
      if (weight > 0) out.push({ dealt: o.dealt, firstThree: o.firstThree, placer, weight });
    }
    if (out.length === 0) throw new Error('sampleWorld: the view admits no deal');
    return out;
  }

  /** The placer of the hidden cards, with these cards forced into these seats' dealt cards; undefined if impossible. */
  private placerFor(dealt: ReadonlyMap<Seat, number>): Placer | undefined {
    const p = this.plan;
    const forced = new Map<number, number>();
    for (const [x, cards] of dealt) {
      for (const c of cardsOf(cards)) {
        const laidByX = p.taker === x && p.laidKnown >= 0 ? p.laidKnown : 0;
        if ((p.played[x] | p.inHand[x] | laidByX) & (1 << c)) continue;
        if (!(p.hidden & (1 << c))) return undefined;
        // Dealt to x and not yet played: in his hand, or laid away by him.
        let a = 0;
        p.locs.forEach((loc, i) => {
          if (loc === x || (loc === LAID && p.taker === x) || loc === UNDEALT) a |= 1 << i;
        });
        forced.set(c, (forced.get(c) ?? ~0) & a);
      }
    }
    const allowedOf = (c: number): number => {
      let a = 0;
      p.locs.forEach((loc, i) => {
        if (loc >= 0 && p.excluded[loc] & (1 << c)) return;
        if (c === p.turned && !(loc === p.rufer || (loc === LAID && p.taker === p.rufer))) return;
        a |= 1 << i;
      });
      return a & (forced.get(c) ?? ~0);
    };
    return new Placer(cardsOf(p.hidden), allowedOf, p.caps);
  }

  tryOnce(rng: Rng): SchnapsenState | undefined {
    this.rng = rng;
    const p = this.plan;
    // The forced cards, chosen with the weight of their count.
    let x = randomReal(rng) * this.totalWeight;
    let forcing = this.forcings[this.forcings.length - 1];
    for (const f of this.forcings) {
      if (x < f.weight) {
        forcing = f;
        break;
      }
      x -= f.weight;
    }
    const placed = forcing.placer.sample(rng);
    if (placed === undefined) return undefined;
    const where = (loc: number) => {
      const i = p.locs.indexOf(loc);
      return i < 0 ? 0 : placed[i];
    };
    // Each seat's hand now, the talon, the cards laid away, the cards not dealt.
    const hands = Array.from({ length: p.n }, (_, s) => p.inHand[s] | where(s));
    const laid = p.laidKnown >= 0 ? p.laidKnown : where(LAID);
    let talon = p.talonKnown >= 0 && p.taker < 0 ? p.talonKnown : where(TALON);
    const undealt = where(UNDEALT);
    // Each seat's dealt cards; the taker of the talon found two of his pool in it.
    const dealt = hands.map((h, s) => h | p.played[s]);
    if (p.taker >= 0) {
      const pool = dealt[p.taker] | laid;
      const t = p.talonKnown >= 0 ? p.talonKnown : subset(pool, 2, rng);
      if (p.turned >= 0 && p.taker === p.rufer && t & (1 << p.turned)) return undefined;
      for (const [seat, cards] of forcing.dealt) if (seat === p.taker && t & cards) return undefined;
      dealt[p.taker] = pool & ~t;
      talon = t;
    }
    const deck = this.buildDeck(dealt, talon, undealt, forcing.firstThree);
    if (deck === undefined) return undefined;
    return this.replay(deck.deck, deck.turnIndex, laid);
  }

  /** Lays the dealt cards into the dealing order: first packets (the Rufer's by the rules), the talon, the rest. */
  private buildDeck(dealt: number[], talon: number, undealt: number, firstThree: number): { deck: number[]; turnIndex: number } | undefined {
    const p = this.plan;
    const rng = this.rng;
    const layout = dealLayout(p.variant, p.knocked);
    const deck = new Array<number>(CARD_COUNT).fill(-1);
    let rest = undealt;
    let turnIndex = 0;
    for (let i = 0; i < p.n; i++) {
      const seat = (p.rufer + i) % p.n;
      const firstSlots = layout.first[i];
      const restSlots = layout.rest[i];
      let first: number;
      let more: number;
      if (p.stage === 2) {
        const cards = dealt[seat];
        if (popcount32(cards) !== firstSlots.length + restSlots.length) return undefined;
        if (seat === p.rufer && firstThree) first = firstThree;
        else if (seat === p.rufer && p.turned >= 0) first = subset(cards & ~(1 << p.turned), firstSlots.length, rng);
        else first = subset(cards, firstSlots.length, rng);
        more = cards & ~first;
      } else {
        // Not all dealt: the first packets are in the hands (stage 1) or still in the pack (stage 0).
        first = p.stage === 1 ? dealt[seat] : subset(rest, firstSlots.length, rng);
        if (popcount32(first) !== firstSlots.length) return undefined;
        rest &= ~first;
        more = subset(rest, restSlots.length, rng);
        rest &= ~more;
      }
      if (seat === p.rufer && p.stage === 2) {
        // The trump call: a suit among the first three; a turned card among the rest.
        if (p.trumpCall >= 0 && !(first & SUIT_MASK[p.trumpCall])) return undefined;
      }
      const firstCards = seat === p.rufer && p.shownFirst.length > 0 ? p.shownFirst.slice() : shuffle(cardsOf(first), rng);
      firstSlots.forEach((slot, k) => (deck[slot] = firstCards[k]));
      const restCards = shuffle(cardsOf(more), rng);
      restSlots.forEach((slot, k) => (deck[slot] = restCards[k]));
      if (seat === p.rufer && p.turned >= 0) turnIndex = restCards.indexOf(p.turned) + 1;
    }
    if (layout.talon.length > 0) {
      let t = talon;
      if (p.stage < 2 && !p.talonOut) {
        t = subset(rest, 2, rng);
        rest &= ~t;
      } else if (p.stage < 2 && p.talonOut && !talon) {
        return undefined;
      }
      const talonCards = shuffle(cardsOf(t), rng);
      layout.talon.forEach((slot, k) => (deck[slot] = talonCards[k]));
    }
    if (deck.includes(-1)) return undefined;
    return { deck, turnIndex };
  }

  /** Replays the public history on this deck; undefined if an action does not apply (the deal is not consistent). */
  private replay(deck: number[], turnIndex: number, laid: number): SchnapsenState | undefined {
    const p = this.plan;
    const game = p.variant === 'bauern' ? bauernschnapsen : talonschnapsen;
    const v = p.view;
    const setup = game.setup({ ...v.rules }, { dealer: v.dealer, deck, carry: { points: v.bummerl.slice(), trump: v.bummerlTrump } });
    if (!setup.ok) return undefined;
    const actions: [Seat, SchnapsenAction][] = p.steps.map((step) => {
      if ('action' in step) return [step.seat, step.action];
      if (step.fill === 'turn') return [step.seat, { type: 'turn', index: turnIndex }];
      const cards = cardsOf(laid);
      return [step.seat, { type: 'lay', cards: [cards[0], cards[1]] }];
    });
    // The Rufer keeps three Unter without a word: add it where this deck needs it.
    const keep = (s: SchnapsenState, next: SchnapsenAction): SchnapsenAction | undefined =>
      s.phase === 'threeUnter' && next.type !== 'redeal' && next.type !== 'keep' && !(next.type === 'announce' && next.game === 'blinderbettler') ? { type: 'keep' } : undefined;
    let s = applyAll(setup.value, actions, keep);
    if (s === undefined) return undefined;
    if (s.phase === 'threeUnter' && v.phase === 'trump' && p.viewer === p.rufer) {
      // The Rufer himself sees that he has kept his three Unter.
      const kept = game.apply(s, s.rufer, { type: 'keep' });
      if (!kept.ok) return undefined;
      s = kept.value;
    }
    // For the others a three-Unter decision not yet taken looks like the trump call: it stays open.
    if (s.phase !== v.phase && !(v.phase === 'trump' && s.phase === 'threeUnter')) return undefined;
    return s;
  }
}

