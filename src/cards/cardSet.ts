import { highestBit32, lowestBit32, popcount32 } from './bits.js';

const TWO_POW_32 = 4294967296;

/**
 * An immutable set of cards of one pack, as a bit set of two 32-bit words
 * (bit i = card id i), after chessops' SquareSet. Packs of up to 32 cards use
 * only the low word. A set converts losslessly to and from a plain number
 * (`mask`, below 2^48), which is how game states store hands so that they
 * stay plain JSON.
 */
export class CardSet implements Iterable<number> {
  private constructor(
    readonly lo: number,
    readonly hi: number,
  ) {}

  static readonly EMPTY = new CardSet(0, 0);

  static fromWords(lo: number, hi: number): CardSet {
    return new CardSet(lo >>> 0, hi >>> 0);
  }

  /** From a mask stored as a plain number (a non-negative integer below 2^53). */
  static fromMask(mask: number): CardSet {
    return new CardSet(mask >>> 0, Math.floor(mask / TWO_POW_32) >>> 0);
  }

  static of(...cards: number[]): CardSet {
    return CardSet.from(cards);
  }

  static from(cards: Iterable<number>): CardSet {
    let lo = 0;
    let hi = 0;
    for (const c of cards) {
      if (c < 32) lo |= 1 << c;
      else hi |= 1 << (c - 32);
    }
    return new CardSet(lo >>> 0, hi >>> 0);
  }

  /** Cards 0 .. size-1. */
  static full(size: number): CardSet {
    const lo = size >= 32 ? 0xffffffff : (1 << size) - 1;
    const hiBits = Math.max(0, size - 32);
    const hi = hiBits >= 32 ? 0xffffffff : (1 << hiBits) - 1;
    return new CardSet(lo >>> 0, hi >>> 0);
  }

  get mask(): number {
    return this.hi * TWO_POW_32 + this.lo;
  }

  has(card: number): boolean {
    return card < 32 ? (this.lo & (1 << card)) !== 0 : (this.hi & (1 << (card - 32))) !== 0;
  }

  with(card: number): CardSet {
    return card < 32
      ? new CardSet((this.lo | (1 << card)) >>> 0, this.hi)
      : new CardSet(this.lo, (this.hi | (1 << (card - 32))) >>> 0);
  }

  without(card: number): CardSet {
    return card < 32
      ? new CardSet((this.lo & ~(1 << card)) >>> 0, this.hi)
      : new CardSet(this.lo, (this.hi & ~(1 << (card - 32))) >>> 0);
  }

  union(other: CardSet): CardSet {
    return new CardSet((this.lo | other.lo) >>> 0, (this.hi | other.hi) >>> 0);
  }

  intersect(other: CardSet): CardSet {
    return new CardSet((this.lo & other.lo) >>> 0, (this.hi & other.hi) >>> 0);
  }

  diff(other: CardSet): CardSet {
    return new CardSet((this.lo & ~other.lo) >>> 0, (this.hi & ~other.hi) >>> 0);
  }

  intersects(other: CardSet): boolean {
    return (this.lo & other.lo) !== 0 || (this.hi & other.hi) !== 0;
  }

  isSubsetOf(other: CardSet): boolean {
    return (this.lo & ~other.lo) === 0 && (this.hi & ~other.hi) === 0;
  }

  isEmpty(): boolean {
    return this.lo === 0 && this.hi === 0;
  }

  nonEmpty(): boolean {
    return !this.isEmpty();
  }

  size(): number {
    return popcount32(this.lo) + popcount32(this.hi);
  }

  equals(other: CardSet): boolean {
    return this.lo === other.lo && this.hi === other.hi;
  }

  /** The lowest card id, or undefined. */
  first(): number | undefined {
    if (this.lo !== 0) return lowestBit32(this.lo);
    if (this.hi !== 0) return 32 + lowestBit32(this.hi);
    return undefined;
  }

  /** The highest card id, or undefined. */
  last(): number | undefined {
    if (this.hi !== 0) return 32 + highestBit32(this.hi);
    if (this.lo !== 0) return highestBit32(this.lo);
    return undefined;
  }

  *[Symbol.iterator](): Iterator<number> {
    let lo = this.lo;
    while (lo !== 0) {
      const c = lowestBit32(lo);
      yield c;
      lo &= lo - 1;
    }
    let hi = this.hi;
    while (hi !== 0) {
      const c = lowestBit32(hi);
      yield 32 + c;
      hi &= hi - 1;
    }
  }

  toArray(): number[] {
    return [...this];
  }
}
