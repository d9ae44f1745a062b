import { createHash, randomBytes, scrypt as scryptCb, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import { isStoreError, type Store, type UserRow } from './store/store.js';

const scrypt = promisify(scryptCb) as (password: string, salt: Buffer, keylen: number) => Promise<Buffer>;

export const SESSION_COOKIE = 'stich_session';

/** A random identifier: 128 bits, base64url (table ids, invite ids, user ids, record ids). */
export function randomId(bytes = 16): string {
  return randomBytes(bytes).toString('base64url');
}

/** Sessions are stored by the SHA-256 of their token, so a copy of the database does not hand out logins. */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export type IdentityResult = { ok: true; user: UserRow; token: string } | { ok: false; status: number; code: string; message: string };

/**
 * Guests, registered players and their sessions. Passwords are hashed with
 * scrypt and a random salt, and never logged or returned.
 */
export class Identity {
  constructor(private readonly store: Store) {}

  private async session(user: UserRow): Promise<IdentityResult> {
    const token = randomId(32);
    await this.store.createSession(tokenHash(token), user.id);
    return { ok: true, user, token };
  }

  async guest(name: string): Promise<IdentityResult> {
    const user: UserRow = { id: randomId(), name, guest: true };
    await this.store.createUser(user);
    return this.session(user);
  }

  async register(name: string, password: string): Promise<IdentityResult> {
    if (await this.store.userByName(name)) return { ok: false, status: 409, code: 'nameTaken', message: `the name ${JSON.stringify(name)} is registered already` };
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

  async login(name: string, password: string): Promise<IdentityResult> {
    const row = await this.store.userByName(name);
    const refused: IdentityResult = { ok: false, status: 401, code: 'unauthorized', message: 'unknown name or wrong password' };
    if (!row) {
      await scrypt(password, randomBytes(16), 64); // the same time as a wrong password
      return refused;
    }
    const hash = await scrypt(password, Buffer.from(row.salt, 'hex'), 64);
    const expected = Buffer.from(row.hash, 'hex');
    if (expected.length !== hash.length || !timingSafeEqual(expected, hash)) return refused;
    return this.session({ id: row.id, name: row.name, guest: false });
  }

  async userOfToken(token: string | undefined): Promise<UserRow | undefined> {
    if (!token || token.length > 200) return undefined;
    return this.store.sessionUser(tokenHash(token));
  }
}
