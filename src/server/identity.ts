import { createHash, randomBytes, scrypt as scryptCb, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import { checkNewName } from './names.js';
import { passwordProblem } from './passwords.js';
import { isStoreError, type Store, type TicketRow, type UserRow } from './store/store.js';

const scrypt = promisify(scryptCb) as (password: string, salt: Buffer, keylen: number) => Promise<Buffer>;

export const SESSION_COOKIE = 'stich_session';

/** Whether a password is the one stored (hex hash and salt), compared in constant time. */
async function passwordMatches(row: { hash: string; salt: string }, password: string): Promise<boolean> {
  const given = await scrypt(password, Buffer.from(row.salt, 'hex'), 64);
  const expected = Buffer.from(row.hash, 'hex');
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** A random identifier: 128 bits, base64url (table ids, invite ids, user ids, record ids). */
export function randomId(bytes = 16): string {
  return randomBytes(bytes).toString('base64url');
}

/** Sessions and tickets are stored by the SHA-256 of their token, so a copy of the database does not hand out logins. */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export interface IdentityOptions {
  /** A session ends after this long without use (each use starts it again). */
  readonly sessionIdleMs: number;
  /** How long a WebSocket ticket (POST /api/ticket) is valid. */
  readonly ticketMs: number;
  /** How often the sessions not used for `sessionIdleMs` and the expired tickets are deleted (an hour; less in tests). */
  readonly sweepMs?: number;
}

export const DEFAULT_IDENTITY: IdentityOptions = { sessionIdleMs: 30 * 24 * 3600_000, ticketMs: 30_000, sweepMs: 3600_000 };

export type IdentityResult = { ok: true; user: UserRow; token: string } | { ok: false; status: number; code: string; message: string };

const badName = (reason: string): IdentityResult => ({ ok: false, status: 400, code: 'badName', message: reason });

/**
 * Guests, registered players and their sessions. Passwords are hashed with
 * scrypt and a random salt, and never logged or returned. Names are checked and
 * kept in NFC (names.ts); a guest cannot take a registered name or a look-alike
 * of one, nor can a new registration.
 */
export class Identity {
  private lastSweep = 0;

  constructor(
    private readonly store: Store,
    readonly options: IdentityOptions = DEFAULT_IDENTITY,
  ) {}

  /** A new session (a new random token at every login). */
  private async session(user: UserRow): Promise<IdentityResult> {
    const token = randomId(32);
    await this.store.createSession(tokenHash(token), user.id);
    await this.sweep();
    return { ok: true, user, token };
  }

  /** At most once every `sweepMs`, at a login or a ticket bought (a server whose players stay logged in buys tickets): the idle sessions and expired tickets go. */
  private async sweep(): Promise<void> {
    if (Date.now() - this.lastSweep <= (this.options.sweepMs ?? DEFAULT_IDENTITY.sweepMs!)) return;
    this.lastSweep = Date.now();
    await this.store.endIdleSessions(this.options.sessionIdleMs);
  }

  /** Refuses a name that is registered, or looks like a registered one (same key or UTS #39 skeleton). */
  private async lookAlike(name: string): Promise<IdentityResult | undefined> {
    const taken = await this.store.registeredLookAlike(name);
    if (!taken) return undefined;
    const same = taken.name === name;
    return {
      ok: false,
      status: 409,
      code: 'nameTaken',
      message: same ? `the name ${JSON.stringify(name)} is registered already` : `the name ${JSON.stringify(name)} looks like the registered name ${JSON.stringify(taken.name)}: choose another`,
    };
  }

  async guest(input: string): Promise<IdentityResult> {
    const checked = checkNewName(input);
    if (!checked.ok) return badName(checked.reason);
    const refused = await this.lookAlike(checked.name);
    if (refused) return refused;
    const user: UserRow = { id: randomId(), name: checked.name, guest: true };
    await this.store.createUser(user);
    return this.session(user);
  }

  async register(input: string, password: string): Promise<IdentityResult> {
    const checked = checkNewName(input);
    if (!checked.ok) return badName(checked.reason);
    const name = checked.name;
    const weak = passwordProblem(password, name);
    if (weak) return { ok: false, status: 400, code: 'weakPassword', message: weak };
    const refused = await this.lookAlike(name);
    if (refused) return refused;
    const salt = randomBytes(16);
    const hash = await scrypt(password, salt, 64);
    const user: UserRow = { id: randomId(), name, guest: false };
    try {
      await this.store.createUser({ ...user, hash: hash.toString('hex'), salt: salt.toString('hex') });
    } catch (e) {
      if (!isStoreError(e, 'nameTaken')) throw e;
      return { ok: false, status: 409, code: 'nameTaken', message: `the name ${JSON.stringify(name)} is registered already` };
    }
    return this.session(user);
  }

  /** A name is checked before (`checkName`): login's route refuses a malformed one with 400. */
  async login(name: string, password: string): Promise<IdentityResult> {
    const row = await this.store.userByName(name.normalize('NFC'));
    const refused: IdentityResult = { ok: false, status: 401, code: 'unauthorized', message: 'unknown name or wrong password' };
    if (!row) {
      await scrypt(password, randomBytes(16), 64); // the same time as a wrong password
      return refused;
    }
    if (!(await passwordMatches(row, password))) return refused;
    return this.session({ id: row.id, name: row.name, guest: false });
  }

  /**
   * A registered player's new password, given the current one: every other session of theirs ends (a stolen session
   * stops with the old password), the one asking (`token`) goes on. Checked like a registration's.
   */
  async changePassword(user: UserRow, token: string, current: string, next: string): Promise<{ ok: true; ended: number } | Extract<IdentityResult, { ok: false }>> {
    if (user.guest) return { ok: false, status: 403, code: 'notRegistered', message: 'a guest has no password: register a name first' };
    const row = await this.store.userByName(user.name);
    const refused = { ok: false as const, status: 401, code: 'unauthorized', message: 'the current password is wrong' };
    if (!row || row.id !== user.id) return refused;
    if (!(await passwordMatches(row, current))) return refused;
    const weak = passwordProblem(next, user.name);
    if (weak) return { ok: false, status: 400, code: 'weakPassword', message: weak };
    const salt = randomBytes(16);
    const hash = await scrypt(next, salt, 64);
    const ended = await this.store.setPassword(user.id, hash.toString('hex'), salt.toString('hex'), tokenHash(token));
    return { ok: true, ended };
  }

  /** The user of a session token that has not been idle for `sessionIdleMs` (the use counts). */
  async userOfToken(token: string | undefined): Promise<UserRow | undefined> {
    if (!token || token.length > 200 || token.includes('\u0000')) return undefined;
    return this.store.sessionUser(tokenHash(token), this.options.sessionIdleMs);
  }

  /** Ends the session of this token; resolves with whether there was one. */
  async logout(token: string): Promise<boolean> {
    if (token.length > 200 || token.includes('\u0000')) return false;
    return this.store.endSession(tokenHash(token));
  }

  /** Ends every session of the user; resolves with how many there were. */
  logoutEverywhere(userId: string): Promise<number> {
    return this.store.endSessionsOf(userId);
  }

  /**
   * A single-use ticket for the WebSocket (`/ws?ticket=…`), valid for `ticketMs`, bought with the session `session`
   * (its token's hash; null where none is known): logging out of that session ends it.
   */
  async ticket(user: UserRow, session: string | null): Promise<{ ticket: string; expires: number }> {
    const ticket = randomId(32);
    const expires = Date.now() + this.options.ticketMs;
    await this.store.createTicket(tokenHash(ticket), user.id, expires, session);
    await this.sweep();
    return { ticket, expires };
  }

  /** The user of a ticket and the session it was bought with, once. */
  async userOfTicket(ticket: string | undefined): Promise<TicketRow | undefined> {
    if (!ticket || ticket.length > 200 || ticket.includes('\u0000')) return undefined;
    return this.store.takeTicket(tokenHash(ticket));
  }
}
