/**
 * A table from position keys (whole numbers below 2^53, as `futureKey`
 * gives them) to non-negative whole numbers below 2^31, for the Ramsch's
 * points search: open addressing over typed arrays, growing by doubling
 * while at most half full. The same as a `Map` for these keys, with less
 * work per lookup (a `Map` hashes such keys as heap numbers).
 */
export class KeyTable {
  private keys: Float64Array;
  private values: Int32Array;
  private mask: number;
  private used = 0;

  constructor(private readonly initialBits = 12) {
    this.keys = new Float64Array(1 << initialBits).fill(-1);
    this.values = new Int32Array(1 << initialBits);
    this.mask = (1 << initialBits) - 1;
  }

  get size(): number {
    return this.used;
  }

  /** The value kept for the key, or -1. */
  get(key: number): number {
    const keys = this.keys;
    for (let i = this.slot(key); ; i = (i + 1) & this.mask) {
      const k = keys[i];
      if (k === key) return this.values[i];
      if (k === -1) return -1;
    }
  }

  set(key: number, value: number): void {
    const keys = this.keys;
    for (let i = this.slot(key); ; i = (i + 1) & this.mask) {
      const k = keys[i];
      if (k === key) {
        this.values[i] = value;
        return;
      }
      if (k === -1) {
        keys[i] = key;
        this.values[i] = value;
        if (++this.used * 2 > this.mask) this.grow();
        return;
      }
    }
  }

  clear(): void {
    if (this.used === 0) return;
    this.keys = new Float64Array(1 << this.initialBits).fill(-1);
    this.values = new Int32Array(1 << this.initialBits);
    this.mask = (1 << this.initialBits) - 1;
    this.used = 0;
  }

  private slot(key: number): number {
    const low = key >>> 0;
    const high = (key - low) / 4294967296;
    let h = Math.imul(low ^ Math.imul(high, 0x9e3779b1), 0x85ebca6b);
    h ^= h >>> 15;
    h = Math.imul(h, 0xc2b2ae35);
    return (h ^ (h >>> 13)) & this.mask;
  }

  private grow(): void {
    const keys = this.keys;
    const values = this.values;
    const size = keys.length * 2;
    this.keys = new Float64Array(size).fill(-1);
    this.values = new Int32Array(size);
    this.mask = size - 1;
    for (let i = 0; i < keys.length; i++) {
      if (keys[i] === -1) continue;
      let j = this.slot(keys[i]);
      while (this.keys[j] !== -1) j = (j + 1) & this.mask;
      this.keys[j] = keys[i];
      this.values[j] = values[i];
    }
  }
}
