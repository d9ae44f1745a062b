import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * The seal on every message between the processes of a cluster
 * (docs/cluster.md, docs/security.md): AES-256-GCM with a key the
 * processes share from their configuration (STICH_CLUSTER_KEY or
 * --cluster-key). Whoever reads Redis sees which channel a message went to
 * and its length, never its content: no snapshot, hand, legal action or shuffle
 * contribution crosses Redis in clear. The tag authenticates the sender's
 * process id, its message counter and the channel, so that a message cannot be
 * forged, moved to another channel or played again (each receiver takes a
 * sender's counter only upwards).
 *
 * A sealed message is one line of text: `s1.KID.FROM.N.IV.DATA`, with KID the
 * first 8 hex digits of the key's SHA-256 (so that a key can be replaced
 * process by process: see `parseClusterKeys`), IV 12 random bytes and DATA the
 * ciphertext with its 16-byte tag, both in base64url.
 */

/** The key as given: 64 hex digits (openssl rand -hex 32) or 32 bytes in base64. */
export function parseClusterKey(text: string): Buffer {
  const t = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(t)) return Buffer.from(t, 'hex');
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(t)) {
    const b = Buffer.from(t.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
    if (b.length === 32) return b;
  }
  throw new Error('a cluster key is 32 random bytes, written as 64 hex digits (make one with: openssl rand -hex 32)');
}

/**
 * One key, or several separated by commas while a key is being replaced: the first seals, each of them opens.
 * To replace a key without stopping the cluster: give every process `OLD,NEW`, then `NEW,OLD`, then `NEW`.
 */
export function parseClusterKeys(text: string): Buffer[] {
  const keys = text.split(',').map(parseClusterKey);
  if (keys.length > 4) throw new Error('at most 4 cluster keys at once (the one that seals first)');
  return keys;
}

/**
 * Sealed texts are padded with spaces to a multiple of this many bytes, so that a message's length tells little of
 * its content (how many legal actions a seat has, say): Redis sees it only in steps of 512 bytes.
 */
export const PAD_BYTES = 512;

const kidOf = (key: Buffer) => createHash('sha256').update(key).digest('hex').slice(0, 8);

/** Why a message was refused (the caller logs it, at most once in a while). */
export type Refusal = 'form' | 'key' | 'tag' | 'replay';

export class ClusterSeal {
  private readonly keys: { kid: string; key: Buffer }[];
  private counter = 0;
  /** The highest counter taken from each sending process. */
  private readonly seen = new Map<string, number>();

  constructor(
    keys: readonly Buffer[],
    private readonly self: string,
  ) {
    if (keys.length === 0) throw new Error('a cluster needs a key');
    for (const k of keys) if (k.length !== 32) throw new Error('a cluster key is 32 bytes');
    this.keys = keys.map((key) => ({ kid: kidOf(key), key }));
  }

  /** The sealed text of a message on a channel (JSON, or any text that does not end in spaces). */
  seal(channel: string, text: string): string {
    const bytes = Buffer.byteLength(text);
    const padded = text + ' '.repeat(Math.ceil((bytes + 1) / PAD_BYTES) * PAD_BYTES - bytes);
    const { kid, key } = this.keys[0];
    const n = ++this.counter;
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    cipher.setAAD(Buffer.from(`${channel}\n${this.self}\n${n}`));
    const data = Buffer.concat([cipher.update(padded, 'utf8'), cipher.final(), cipher.getAuthTag()]);
    return `s1.${kid}.${this.self}.${n}.${iv.toString('base64url')}.${data.toString('base64url')}`;
  }

  /** The message's text, or why it is refused: not sealed, an unknown key, a failed tag, or a message heard before. */
  open(channel: string, sealed: string): { ok: true; text: string; from: string } | { ok: false; why: Refusal } {
    const parts = sealed.split('.');
    if (parts.length !== 6 || parts[0] !== 's1' || !/^\d{1,15}$/.test(parts[3])) return { ok: false, why: 'form' };
    const [, kid, from, nText, ivText, dataText] = parts;
    const k = this.keys.find((x) => x.kid === kid);
    if (!k) return { ok: false, why: 'key' };
    const iv = Buffer.from(ivText, 'base64url');
    const data = Buffer.from(dataText, 'base64url');
    if (iv.length !== 12 || data.length < 16) return { ok: false, why: 'form' };
    const n = Number(nText);
    let text: string;
    try {
      const decipher = createDecipheriv('aes-256-gcm', k.key, iv);
      decipher.setAAD(Buffer.from(`${channel}\n${from}\n${n}`));
      decipher.setAuthTag(data.subarray(data.length - 16));
      text = Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()])
        .toString('utf8')
        .replace(/ +$/, '');
    } catch {
      return { ok: false, why: 'tag' };
    }
    // Redis delivers one sender's messages in the order sent: a counter not above the last one is a replay.
    if (n <= (this.seen.get(from) ?? 0)) return { ok: false, why: 'replay' };
    this.seen.set(from, n);
    return { ok: true, text, from };
  }
}
