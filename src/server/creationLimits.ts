import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { AddressAllowance } from './addressLimits.js';
import type { Limits } from './limits.js';
import type { ServerErrorCode } from './protocol.js';

/** A refused creation: the HTTP status, the code the browser says in its own words, its parameters, and when to try again. */
export interface CreationRefusal {
  readonly status: 409 | 429;
  readonly code: ServerErrorCode;
  readonly message: string;
  readonly params: Readonly<Record<string, number>>;
  readonly retryAfter?: number;
}

const perMinute = (n: number) => (n > 0 ? new AddressAllowance(n / 60, n) : undefined);

/**
 * What one user and one address may open (docs/security.md): at most `waitingTablesPerUser` waiting tables at
 * once, `botTablesPerUser` tables of bots alone playing at once (`botTables` in the process), `tablesPerMinute` new
 * tables a minute per user and `tablesPerMinutePerAddress` per address. A creation is counted when it is let
 * through, before the table exists, so that requests sent at once cannot slip past together.
 */
export class CreationLimits {
  private readonly users: AddressAllowance | undefined;
  private readonly addresses: AddressAllowance | undefined;
  /** Creations let through and not yet done, per user (they count as waiting tables, or tables of bots alone, until they are). */
  private readonly pending = new Map<string, number>();
  private readonly pendingBots = new Map<string, number>();

  constructor(
    private readonly limits: Limits,
    /** How many waiting tables the user opened that are still waiting. */
    private readonly waitingOf: (userId: string) => number,
    /** How many tables of bots alone are playing: all of them in the process, or those the user opened. */
    private readonly botTablesOf: (userId?: string) => number,
  ) {
    this.users = perMinute(limits.tablesPerMinute);
    this.addresses = perMinute(limits.tablesPerMinutePerAddress);
  }

  /** Lets a creation through (call `done` when it is over, made or not) or says why not. */
  take(userId: string, address: string, botsOnly = false): { ok: true; done: () => void } | { ok: false; refusal: CreationRefusal } {
    const max = this.limits.waitingTablesPerUser;
    // A table of bots alone does not wait: it plays at once, by itself, for as long as its sitting lasts (up to 1,000
    // deals, every one kept in memory while it plays). Ten a minute played side by side held memory without bound.
    if (botsOnly) {
      const mine = this.limits.botTablesPerUser;
      const all = this.limits.botTables;
      const pendingAll = [...this.pendingBots.values()].reduce((a, b) => a + b, 0);
      if (mine > 0 && this.botTablesOf(userId) + (this.pendingBots.get(userId) ?? 0) >= mine) {
        return { ok: false, refusal: { status: 409, code: 'tooManyBotTables', message: `${mine} tables of bots alone that you opened are playing already: wait until one is over, or sit at one yourself`, params: { max: mine } } };
      }
      if (all > 0 && this.botTablesOf() + pendingAll >= all) {
        return { ok: false, refusal: { status: 409, code: 'tooManyBotTables', message: `the server plays ${all} tables of bots alone already: try again later, or sit at one yourself`, params: { max: all, server: 1 } } };
      }
    } else if (max > 0 && this.waitingOf(userId) + (this.pending.get(userId) ?? 0) >= max) {
      return {
        ok: false,
        refusal: { status: 409, code: 'tooManyWaiting', message: `you have ${max} tables waiting for players already: start one or leave one before you open another`, params: { max } },
      };
    }
    for (const [allowance, key, n, who] of [
      [this.users, userId, this.limits.tablesPerMinute, 'player'],
      [this.addresses, address, this.limits.tablesPerMinutePerAddress, 'address'],
    ] as const) {
      const wait = allowance?.wait(key) ?? 0;
      if (wait > 0) return { ok: false, refusal: { status: 429, code: 'tooManyTables', message: `at most ${n} new tables a minute per ${who}: try again in ${wait} s`, params: { max: n, wait }, retryAfter: wait } };
    }
    this.users?.spend(userId);
    this.addresses?.spend(address);
    const counting = botsOnly ? this.pendingBots : this.pending;
    counting.set(userId, (counting.get(userId) ?? 0) + 1);
    let once = false;
    return {
      ok: true,
      done: () => {
        if (once) return;
        once = true;
        const n = (counting.get(userId) ?? 1) - 1;
        if (n > 0) counting.set(userId, n);
        else counting.delete(userId);
      },
    };
  }
}

const GUEST = '/api/guest';
const REGISTER = '/api/register';

/**
 * Guests per address (`guestsPerHour`) and accounts per address (`accountsPerHour`), then 429 with Retry-After (a hook
 * on the whole server, as addressLimits). Before the accounts' limit one address registered 200 accounts in 5 s:
 * as many as it liked past the guests' limit, each a scrypt that made the logins of everyone else wait (2.6 s).
 */
export const guestLimits: FastifyPluginAsync<{ limits: Limits }> = async (app: FastifyInstance, { limits }) => {
  const kinds = [
    { url: GUEST, n: limits.guestsPerHour, code: 'tooManyGuests' as const, what: 'guests' },
    { url: REGISTER, n: limits.accountsPerHour, code: 'tooManyAccounts' as const, what: 'new accounts' },
  ].flatMap((k) => (k.n > 0 ? [{ ...k, allowance: new AddressAllowance(k.n / 3600, k.n) }] : []));
  if (kinds.length === 0) return;
  app.addHook('onRequest', async (req, reply) => {
    if (req.method !== 'POST') return;
    const kind = kinds.find((k) => k.url === req.routeOptions.url);
    if (!kind) return;
    const wait = kind.allowance.wait(req.ip);
    if (wait > 0) {
      return reply
        .code(429)
        .header('retry-after', String(wait))
        .send({ error: { code: kind.code, message: `at most ${kind.n} ${kind.what} an hour from one address: try again in ${Math.ceil(wait / 60)} min`, params: { max: kind.n, wait } } });
    }
    // Counted when let through, so that requests sent at once cannot all pass.
    kind.allowance.spend(req.ip);
  });
};
(guestLimits as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true;
