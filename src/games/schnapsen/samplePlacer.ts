import { nthBit32, popcount32 } from '../../cards/bits.js';
import type { Rng } from '../../core/rng.js';
import { CARD_COUNT } from './cards.js';

// Uniform placements of cards by exact counting, and the small random helpers of the sampler (sample.ts).
const FACTORIAL: number[] = [1];
for (let i = 1; i <= 20; i++) FACTORIAL.push(FACTORIAL[i - 1] * i);

/**
 * Uniform placements of cards into locations with capacities, each card
 * restricted to some locations, by exact counting: the cards are grouped by
 * the locations they may go to, and the number of placements of the groups
 * still to place into the room still left is counted once and remembered.
 */
export class Placer {
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

export function randomReal(rng: Rng): number {
  return (rng.int(0x40000000) + rng.int(0x40000000) / 0x40000000) / 0x40000000;
}

export function shuffle<T>(items: T[], rng: Rng): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    const t = items[i];
    items[i] = items[j];
    items[j] = t;
  }
  return items;
}

export function cardsOf(mask: number): number[] {
  const out: number[] = [];
  for (let c = 0; c < CARD_COUNT; c++) if (mask & (1 << c)) out.push(c);
  return out;
}

/** A random k-subset of a mask. */
export function subset(mask: number, k: number, rng: Rng): number {
  let out = 0;
  for (let i = 0; i < k; i++) {
    const c = nthBit32(mask, rng.int(popcount32(mask)));
    out |= 1 << c;
    mask &= ~(1 << c);
  }
  return out;
}

