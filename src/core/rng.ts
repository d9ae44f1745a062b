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
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: number | string) {
    let h = typeof seed === 'number' ? seed >>> 0 : hashString(seed);
    const next = (): number => {
      h = (h + 0x9e3779b9) | 0;
      let z = h;
      z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
      z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
      return (z ^ (z >>> 16)) >>> 0;
    };
    this.a = next();
    this.b = next();
    this.c = next();
    this.d = next();
    for (let i = 0; i < 12; i++) this.nextUint32();
  }

  nextUint32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
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

/** Fisher–Yates shuffle of a copy. */
export function shuffled<T>(items: readonly T[], rng: Rng): T[] {
  const out = items.slice();
  for (let i = out.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    const t = out[i];
    out[i] = out[j];
    out[j] = t;
  }
  return out;
}
