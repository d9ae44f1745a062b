import { randomInt } from 'node:crypto';

/**
 * A source of random integers. Rules never draw randomness themselves: the
 * caller passes an Rng into a shuffle, so the same seed always gives the same
 * deal.
 */
export interface Rng {
  /** A uniformly distributed integer in [0, n), for 1 <= n <= 2^32. */
  int(n: number): number;
}

/**
 * Small fast counter PRNG (sfc32) for simulations and tests. Its state is
 * four 32-bit words derived from the seed by splitmix32.
 */
export class SeededRng implements Rng {
  /**
   * The four state words, in a typed array: V8 keeps them as raw 32-bit
   * integers there, where object fields would box every value beyond its
   * 31-bit small integers (the generator runs several times faster so).
   */
  private readonly s = new Int32Array(4);

  constructor(seed: number | string) {
    let h = typeof seed === 'number' ? seed >>> 0 : hashString(seed);
    const next = (): number => {
      h = (h + 0x9e3779b9) | 0;
      let z = h;
      z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
      z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
      return z ^ (z >>> 16);
    };
    for (let i = 0; i < 4; i++) this.s[i] = next();
    for (let i = 0; i < 12; i++) this.nextUint32();
  }

  nextUint32(): number {
    const s = this.s;
    const a = s[0];
    const b = s[1];
    const c = s[2];
    const d = s[3];
    const t = (((a + b) | 0) + d) | 0;
    s[3] = (d + 1) | 0;
    s[0] = b ^ (b >>> 9);
    s[1] = (c + (c << 3)) | 0;
    s[2] = (((c << 21) | (c >>> 11)) + t) | 0;
    return t >>> 0;
  }

  /**
   * Unbiased: Lemire's multiply-and-reject. For n up to 2^21 the product of
   * two 32-bit numbers is exact in a double, and the low word is found by a
   * subtraction rather than a slow floating-point modulo; larger ranges fall
   * back to rejection on masked bits.
   */
  int(n: number): number {
    if (n <= 0x200000) {
      let m = this.nextUint32() * n;
      let hi = (m / 4294967296) >>> 0;
      let lo = m - hi * 4294967296;
      if (lo < n) {
        const threshold = (4294967296 - n) % n;
        while (lo < threshold) {
          m = this.nextUint32() * n;
          hi = (m / 4294967296) >>> 0;
          lo = m - hi * 4294967296;
        }
      }
      return hi;
    }
    const bits = Math.ceil(Math.log2(n));
    for (;;) {
      const x = bits > 32 ? this.nextUint32() * 2 ** (bits - 32) + (this.nextUint32() >>> (64 - bits)) : this.nextUint32() >>> (32 - bits);
      if (x < n) return x;
    }
  }

  /** A new generator whose sequence is independent of this one's future draws. */
  fork(): SeededRng {
    return new SeededRng(this.nextUint32() ^ Math.imul(this.nextUint32(), 0x27d4eb2d));
  }
}

/** Cryptographic randomness for real play: nobody can predict a deal. */
export class CryptoRng implements Rng {
  int(n: number): number {
    if (n === 1) return 0;
    return n <= 0xffffffffffff ? randomInt(n) : Math.floor(Math.random() * n);
  }
}

/** FNV-1a over the UTF-16 code units, enough to turn a seed word into a number. */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Fisher–Yates shuffle in place, from the last position down (the order both shuffles and the fast paths rely on). */
export function shuffleInPlace<T>(items: { length: number; [i: number]: T }, rng: Rng): void {
  for (let i = items.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    const t = items[i];
    items[i] = items[j];
    items[j] = t;
  }
}

/** Fisher–Yates shuffle of a copy. */
export function shuffled<T>(items: readonly T[], rng: Rng): T[] {
  const out = items.slice();
  shuffleInPlace(out, rng);
  return out;
}
