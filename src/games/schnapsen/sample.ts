import { popcount32 } from '../../cards/bits.js';
import type { Rng } from '../../core/rng.js';
import type { Seat } from '../game.js';
import { CARD_COUNT, SUIT_MASK, UNTER_MASK } from './cards.js';
import { dealLayout } from './deal.js';
import { applyAll } from './engine.js';
import { bauernschnapsen, talonschnapsen } from './game.js';
import type { SchnapsenAction, SchnapsenState } from './state.js';
import type { SchnapsenView } from './view.js';
import { Placer, cardsOf, randomReal, shuffle, subset } from './samplePlacer.js';
import { LAID, TALON, UNDEALT, makePlan, type Plan } from './samplePlan.js';

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

