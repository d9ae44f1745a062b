/** The solver's transposition table (solver.ts). */

/**
 * The transposition table: open addressing over one typed array (no
 * objects in the hot loop, one slot on one cache line): each slot holds the
 * position's key, a lower and an upper bound on its value, and the
 * generation and best move found (`gen * 64 + move + 1`). A slot of another
 * generation is empty, so clearing is one increment. A key is probed in
 * `PROBES` neighbouring slots; when all hold other positions, the first is
 * overwritten. Slots are addressed by their offset j: key at j, bounds at
 * j + 1 and j + 2.
 */
const PROBES = 4;

export class Table {
  d: Float64Array;
  /** The second word of each slot's key (0 for a key of one word), by slot offset / 4. */
  k2: Float64Array;
  private generation = 1;
  private gen64 = 64;
  private bits: number;
  private mask: number;
  /** Positions stored in this generation: at half the slots the table doubles, up to 2^maxBits. */
  private used = 0;

  constructor(
    bits: number,
    private readonly maxBits: number,
  ) {
    this.bits = Math.min(bits, maxBits);
    this.mask = (1 << this.bits) - 1;
    this.d = new Float64Array((this.mask + 1 + PROBES) * 4);
    this.k2 = new Float64Array(this.mask + 1 + PROBES);
  }

  clear(): void {
    this.generation++;
    this.gen64 = this.generation * 64;
    this.used = 0;
  }

  /** Doubles the table, keeping what this generation stored. */
  private grow(): void {
    const old = this.d;
    const oldK2 = this.k2;
    const g = this.gen64;
    this.bits++;
    this.mask = (1 << this.bits) - 1;
    this.d = new Float64Array((this.mask + 1 + PROBES) * 4);
    this.k2 = new Float64Array(this.mask + 1 + PROBES);
    this.used = 0;
    for (let j = 0; j < old.length; j += 4) {
      const meta = old[j + 3];
      if (meta < g || meta >= g + 64) continue;
      const i = this.slot(old[j], oldK2[j >> 2]);
      this.d[i + 1] = old[j + 1];
      this.d[i + 2] = old[j + 2];
      this.d[i + 3] = meta;
    }
  }

  private home(key: number): number {
    const lo = key >>> 0;
    const hi = (key / 4294967296) >>> 0;
    let h = Math.imul(lo ^ Math.imul(hi, 0x9e3779b1), 0x85ebca6b);
    h ^= h >>> 15;
    return (h & this.mask) * 4;
  }

  /** The slot holding `key` (with its second word `key2`), or -1. */
  find(key: number, key2 = 0): number {
    const d = this.d;
    const g = this.gen64;
    for (let j = this.home(key), end = j + PROBES * 4; j < end; j += 4) {
      const meta = d[j + 3];
      if (meta < g || meta >= g + 64) return -1;
      if (d[j] === key && this.k2[j >> 2] === key2) return j;
    }
    return -1;
  }

  /** A slot for `key`, new (bounds open, no move) or its own. */
  slot(key: number, key2 = 0): number {
    if (this.used > this.mask >> 1 && this.bits < this.maxBits) this.grow();
    const d = this.d;
    const g = this.gen64;
    const home = this.home(key);
    for (let j = home, end = home + PROBES * 4; j < end; j += 4) {
      const meta = d[j + 3];
      if (meta < g || meta >= g + 64) return this.fresh(j, key, key2);
      if (d[j] === key && this.k2[j >> 2] === key2) return j;
    }
    return this.fresh(home, key, key2);
  }

  private fresh(j: number, key: number, key2: number): number {
    const d = this.d;
    d[j] = key;
    this.k2[j >> 2] = key2;
    d[j + 1] = -Infinity;
    d[j + 2] = Infinity;
    d[j + 3] = this.gen64;
    this.used++;
    return j;
  }

  /** The best move of a slot, -1 for none. */
  best(j: number): number {
    return this.d[j + 3] - this.gen64 - 1;
  }

  setBest(j: number, move: number): void {
    this.d[j + 3] = this.gen64 + move + 1;
  }

  /** Records a fail-soft result `value` of a search with the window (alpha, beta) as a bound (or the exact value), and the move that gave it. */
  record(key: number, key2: number, value: number, alpha: number, beta: number, move: number): void {
    const j = this.slot(key, key2);
    const d = this.d;
    if (value <= alpha) d[j + 2] = Math.min(d[j + 2], value);
    else if (value >= beta) d[j + 1] = Math.max(d[j + 1], value);
    else d[j + 1] = d[j + 2] = value;
    this.setBest(j, move);
  }
}
