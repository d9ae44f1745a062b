import { popcount32 } from '../../cards/bits.js';
import type { PlayTables } from './tables.js';

/**
 * For the Ramsch's points search (ramschPoints.ts): whether a seat is sure
 * to keep out of every trick left, whatever the others play, so that it
 * takes no more card points. A test on the hands alone, class by class.
 */
export class DuckTest {
  private readonly trumps: number;
  /** The cards of each class (the trumps first, then each plain suit), the lowest first. */
  private readonly rising: Int8Array[];
  /** The masks of the classes, in the order of `rising`. */
  private readonly classes: Int32Array;

  constructor(t: PlayTables) {
    this.trumps = t.trumps;
    const classes = [t.trumps, ...t.plain].filter((m) => m !== 0);
    this.classes = Int32Array.from(classes);
    this.rising = classes.map((m) => Int8Array.from(t.pack.cards.filter((c) => (m & (1 << c)) !== 0).sort((a, b) => t.power[a] - t.power[b])));
  }

  /**
   * Between tricks (`hands` by seat), whether q can keep out of every trick
   * left whatever the others play (then it takes no more points), class by
   * class (the trumps, each plain suit):
   *
   * - the others' cards of the class: for every j, q's j-th lowest card lies
   *   below their j-th lowest. To a card of the class led by another seat q
   *   plays its highest card below the best card so far (one of theirs: the
   *   rule gives q one below it), and the rule holds on: q had at least as
   *   many cards below that best card as they had, and the cards left of
   *   theirs are at least as high as before, place by place;
   * - or a plain suit with a guard: another seat that holds no other plain
   *   suit (void in this one, it holds only trumps and must play one) and
   *   above whose lowest card of the suit q has none of its lowest cards, as
   *   many as the guard has: q plays its lowest.
   *
   * Void in the class led, q throws its highest card of a plain suit (which
   * keeps both rules). Holding trumps, q must not have to throw one onto a
   * plain suit led: each such trick takes one of the others' plain cards and
   * one of q's, so the others may hold no more plain cards than q. On lead,
   * q leads its lowest card of a class that the others must beat: one with a
   * guard, or one another seat holds where the rule still holds for the rest
   * of q's cards against theirs less their highest (`othersLead`: another
   * seat leads the next trick; `hq`: the cards of q's counted, its hand by
   * default).
   */
  ducksAll(hands: ArrayLike<number>, q: number, othersLead: boolean, hq = hands[q]): boolean {
    let ho = 0;
    for (let t = 0; t < 4; t++) if (t !== q) ho |= hands[t];
    const trumps = this.trumps;
    if ((hq & trumps) !== 0 && popcount32(ho & ~trumps) > popcount32(hq & ~trumps)) return false;
    let lead = othersLead;
    const rising = this.rising;
    for (let k = 0; k < rising.length; k++) {
      const cards = rising[k];
      const cls = this.classes[k];
      const mine = popcount32(hq & cls);
      if (mine === 0) continue;
      if (this.under(cards, hq, ho, mine)) {
        const theirs = ho & cls;
        if (!lead && theirs !== 0) {
          // Leading q's lowest: the rest against theirs less their highest.
          const lowest = this.lowestOf(cards, hq);
          const highest = this.highestOf(cards, theirs);
          lead = this.under(cards, hq & ~(1 << lowest), ho & ~(1 << highest), mine - 1);
        }
        continue;
      }
      if (k === 0) return false;
      let guarded = false;
      for (let t = 0; t < 4 && !guarded; t++) {
        const hx = hands[t];
        if (t !== q && hx !== 0 && (hx & ~trumps & ~cls) === 0 && this.belowLeast(cards, hq, hx, Math.min(mine, popcount32(hx & cls)))) guarded = true;
      }
      if (!guarded) return false;
      lead = true;
    }
    return lead;
  }

  /** The lowest and the highest of the cards of a class (`cards`, the lowest first) in a mask that holds some. */
  private lowestOf(cards: Int8Array, mask: number): number {
    for (let i = 0; i < cards.length; i++) if ((mask & (1 << cards[i])) !== 0) return cards[i];
    return -1;
  }

  private highestOf(cards: Int8Array, mask: number): number {
    for (let i = cards.length - 1; i >= 0; i--) if ((mask & (1 << cards[i])) !== 0) return cards[i];
    return -1;
  }

  /** Whether q's `count` lowest cards of the class (`cards`, the lowest first) lie below `other`'s lowest. */
  private belowLeast(cards: Int8Array, hq: number, other: number, count: number): boolean {
    let seenQ = 0;
    for (let i = 0; i < cards.length && seenQ < count; i++) {
      const bit = 1 << cards[i];
      if ((hq & bit) !== 0) seenQ++;
      else if ((other & bit) !== 0) return false;
    }
    return true;
  }

  /** Whether, for every j up to q's `mine` cards of the class (`cards`, the lowest first), q's j-th lowest lies below the j-th lowest of `other`'s (or `other` has fewer). */
  private under(cards: Int8Array, hq: number, other: number, mine: number): boolean {
    let seenQ = 0;
    let seenO = 0;
    for (let i = 0; i < cards.length && seenO < mine; i++) {
      const bit = 1 << cards[i];
      if ((hq & bit) !== 0) seenQ++;
      else if ((other & bit) !== 0 && ++seenO > seenQ) return false;
    }
    return true;
  }
}
