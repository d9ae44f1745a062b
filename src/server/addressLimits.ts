/**
 * An allowance per client address: `burst` tries, then one more every 1 / `rate` seconds. (Failed logins are
 * counted by loginThrottle.ts.) The address is Fastify's `req.ip`: behind nginx or Caddy that is the proxy's own
 * unless the server trusts it (`stich serve --trust-proxy`), and then every player behind the proxy would share one
 * allowance.
 */
export class AddressAllowance {
  private readonly spent = new Map<string, { tokens: number; last: number }>();

  constructor(
    private readonly rate: number,
    private readonly burst: number,
    private readonly now: () => number = Date.now,
  ) {}

  private refill(address: string): { tokens: number; last: number } | undefined {
    const b = this.spent.get(address);
    if (!b) return undefined;
    const t = this.now();
    b.tokens = Math.min(this.burst, b.tokens + ((t - b.last) / 1000) * this.rate);
    b.last = t;
    // A full allowance is forgotten: the map holds only addresses that failed lately.
    if (b.tokens >= this.burst) {
      this.spent.delete(address);
      return undefined;
    }
    return b;
  }

  /** Seconds until the address may try again (0: now). */
  wait(address: string): number {
    const b = this.refill(address);
    return !b || b.tokens >= 1 ? 0 : Math.ceil((1 - b.tokens) / this.rate);
  }

  /** Spends one try of the address. */
  spend(address: string): void {
    const b = this.refill(address) ?? { tokens: this.burst, last: this.now() };
    b.tokens = Math.max(0, b.tokens - 1);
    this.spent.set(address, b);
  }

  /** Addresses with a spent allowance (for tests and metrics). */
  get size(): number {
    return this.spent.size;
  }
}
