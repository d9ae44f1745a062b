/**
 * Texts kept by key up to a number of bytes (UTF-16 code units × 2, roughly what they hold in memory), the one used
 * longest ago forgotten first. For what never changes once written and costs much to make again: a finished sitting's
 * record as JSON (GET /api/records/:id; docs/security.md).
 */
export class TextCache<M> {
  private readonly entries = new Map<string, { readonly text: string; readonly meta: M }>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  get(key: string): { readonly text: string; readonly meta: M } | undefined {
    const e = this.entries.get(key);
    if (!e) return undefined;
    // Used now: to the end of the order.
    this.entries.delete(key);
    this.entries.set(key, e);
    return e;
  }

  set(key: string, text: string, meta: M): void {
    const size = text.length * 2;
    if (size > this.maxBytes) return;
    const old = this.entries.get(key);
    if (old) {
      this.bytes -= old.text.length * 2;
      this.entries.delete(key);
    }
    this.entries.set(key, { text, meta });
    this.bytes += size;
    for (const [k, e] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(k);
      this.bytes -= e.text.length * 2;
    }
  }

  /** Bytes held (for tests). */
  get size(): number {
    return this.bytes;
  }
}
