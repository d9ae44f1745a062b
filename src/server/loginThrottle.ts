/**
 * Login throttling (docs/security.md, "Login throttling"): failed logins are
 * counted per account (by the name's key, whether the account exists or not, so
 * that a refusal tells nothing) and per client address. Past a number of free
 * failures, each further one makes that account or address wait, twice as long
 * as the one before, up to a cap; a count leaks away by one every `leakMs`.
 * The account's wait does not apply to an address that logged in to the account
 * successfully before (its owner's usual address), and it never exceeds the cap:
 * an attacker on other addresses delays the owner at most that long.
 * One login per account and a few per address are checked at once; more are
 * refused at once (else parallel guesses would all pass before the first failure
 * counts). Kept in memory, per process.
 */

export interface LoginThrottleLimits {
  /** From this many failed logins of an account on, each one makes it wait (`baseDelayMs` after the first of them). */
  readonly accountFreeFailures: number;
  /** The same per address, over all accounts. */
  readonly addressFreeFailures: number;
  /** The first wait, in ms; each further failure doubles it. */
  readonly baseDelayMs: number;
  /** The longest wait, in ms. */
  readonly maxDelayMs: number;
  /** A failure is forgotten after this long (one per period). */
  readonly leakMs: number;
  /** How long an address that logged in to an account successfully is spared that account's wait. */
  readonly knownAddressMs: number;
  /** Logins checked at once from one address. */
  readonly addressInFlight: number;
  /** At most this many accounts and addresses are remembered each (the oldest are forgotten first). */
  readonly maxEntries: number;
}

export const DEFAULT_LOGIN_THROTTLE: LoginThrottleLimits = {
  accountFreeFailures: 5,
  addressFreeFailures: 10,
  baseDelayMs: 1000,
  maxDelayMs: 15 * 60_000,
  leakMs: 15 * 60_000,
  knownAddressMs: 30 * 24 * 3600_000,
  addressInFlight: 4,
  maxEntries: 100_000,
};

interface Count {
  failures: number;
  last: number;
  until: number;
}

/** A count of failures per key that leaks, with the wait it has earned. */
class Failures {
  private readonly counts = new Map<string, Count>();

  constructor(
    private readonly free: number,
    private readonly limits: LoginThrottleLimits,
    private readonly now: () => number,
  ) {}

  private current(key: string): Count | undefined {
    const c = this.counts.get(key);
    if (!c) return undefined;
    const t = this.now();
    const leaked = Math.floor((t - c.last) / this.limits.leakMs);
    if (leaked > 0) {
      c.failures = Math.max(0, c.failures - leaked);
      c.last += leaked * this.limits.leakMs;
    }
    if (c.failures === 0 && c.until <= t) {
      this.counts.delete(key);
      return undefined;
    }
    return c;
  }

  /** Milliseconds the key must still wait (0: none). */
  wait(key: string): number {
    const c = this.current(key);
    return c ? Math.max(0, c.until - this.now()) : 0;
  }

  failed(key: string): void {
    const t = this.now();
    const c = this.current(key) ?? { failures: 0, last: t, until: 0 };
    c.failures += 1;
    if (c.failures >= this.free) c.until = t + Math.min(this.limits.maxDelayMs, this.limits.baseDelayMs * 2 ** Math.min(40, c.failures - this.free));
    this.counts.delete(key); // to the end of the map's order: the oldest are forgotten first
    this.counts.set(key, c);
    while (this.counts.size > this.limits.maxEntries) this.counts.delete(this.counts.keys().next().value!);
  }

  forget(key: string): void {
    this.counts.delete(key);
  }

  /** The keys still remembered (those whose count has leaked away are forgotten first). */
  get size(): number {
    for (const key of [...this.counts.keys()]) this.current(key);
    return this.counts.size;
  }
}

export type LoginGate = { ok: true; done: (success: boolean) => void } | { ok: false; retryAfterS: number; message: string };

export class LoginThrottle {
  private readonly accounts: Failures;
  private readonly addresses: Failures;
  /** Per account: the addresses that logged in to it, with the time. */
  private readonly known = new Map<string, Map<string, number>>();
  private readonly busyAccounts = new Set<string>();
  private readonly busyAddresses = new Map<string, number>();

  constructor(
    readonly limits: LoginThrottleLimits = DEFAULT_LOGIN_THROTTLE,
    private readonly now: () => number = Date.now,
  ) {
    this.accounts = new Failures(limits.accountFreeFailures, limits, now);
    this.addresses = new Failures(limits.addressFreeFailures, limits, now);
  }

  private isKnown(account: string, address: string): boolean {
    const at = this.known.get(account)?.get(address);
    return at !== undefined && this.now() - at < this.limits.knownAddressMs;
  }

  /**
   * May this address try a password for this account now? If so, call `done` with the outcome once the password is
   * checked; if not, answer 429 with Retry-After.
   */
  begin(account: string, address: string): LoginGate {
    const addressWait = this.addresses.wait(address);
    const accountWait = this.isKnown(account, address) ? 0 : this.accounts.wait(account);
    const wait = Math.max(addressWait, accountWait);
    if (wait > 0) {
      const s = Math.ceil(wait / 1000);
      return { ok: false, retryAfterS: s, message: `too many failed logins ${addressWait >= accountWait ? 'from this address' : 'for this name'}: try again in ${s} s` };
    }
    const inFlight = this.busyAddresses.get(address) ?? 0;
    if (this.busyAccounts.has(account) || inFlight >= this.limits.addressInFlight) {
      return { ok: false, retryAfterS: 1, message: 'a login for this name or from this address is being checked: try again in 1 s' };
    }
    this.busyAccounts.add(account);
    this.busyAddresses.set(address, inFlight + 1);
    let finished = false;
    return {
      ok: true,
      done: (success) => {
        if (finished) return;
        finished = true;
        this.busyAccounts.delete(account);
        const n = (this.busyAddresses.get(address) ?? 1) - 1;
        if (n > 0) this.busyAddresses.set(address, n);
        else this.busyAddresses.delete(address);
        if (success) {
          // The owner is in: the account's count starts again, and this address is theirs. The address's count stays
          // (a guesser could otherwise clear it with logins to an account of its own).
          this.accounts.forget(account);
          const known = this.known.get(account) ?? new Map<string, number>();
          known.delete(address);
          known.set(address, this.now());
          while (known.size > 16) known.delete(known.keys().next().value!);
          this.known.delete(account);
          this.known.set(account, known);
          while (this.known.size > this.limits.maxEntries) this.known.delete(this.known.keys().next().value!);
        } else {
          this.accounts.failed(account);
          this.addresses.failed(address);
        }
      },
    };
  }

  /** Accounts and addresses with failures remembered (for tests and metrics). */
  get size(): { accounts: number; addresses: number } {
    return { accounts: this.accounts.size, addresses: this.addresses.size };
  }
}
