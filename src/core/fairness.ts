/**
 * Provably fair deals (docs/fairness.md is the specification, byte by byte).
 *
 * Before a deal the server publishes a commitment, the SHA-256 of its secret
 * seed and the deal's context; every seat adds a random contribution; the
 * deck is an unbiased Fisher–Yates shuffle of the pack driven by an
 * HMAC-SHA-256 stream keyed with the seed over the context and all
 * contributions; after the deal the server reveals the seed and anyone can
 * recompute the deck.
 *
 * The same code runs in Node 20 and in the browser: it uses only the Web
 * Crypto API (`globalThis.crypto`), never a `node:` module, so every function
 * that hashes is async. Inputs are checked strictly and errors are returned
 * as results, never thrown.
 */
import type { Card, Pack } from '../cards/pack.js';
import { formatCard } from '../cards/notation.js';
import { fail, ok, type ErrorCode, type Result } from './result.js';

/** Which deal a seed belongs to; the commitment and the deck are bound to it, so a seed serves one deal only. */
export interface DealContext {
  /** The game's id: `schafkopf`, `bauernschnapsen`, `talonschnapsen`, `karnoeffel`. */
  readonly game: string;
  /** The table (or sitting) id. */
  readonly table: string;
  /** The deal's number at that table: every deck, a redeal too, gets its own. */
  readonly deal: number;
}

/**
 * A seat's contribution: 64 lowercase hex digits, or null when the seat sent
 * none (a player who timed out, a seat played by the server's bot); the
 * substitute is then derived from the server's seed (`substituteContribution`),
 * so it was fixed when the server committed and cannot be chosen later.
 */
export type Contribution = string | null;

/** Everything a deal publishes about its shuffle, for `verifyDeal`. */
export interface DealProof {
  readonly pack: Pack;
  /** SHA-256 hex published before the deal. */
  readonly commitment: string;
  /** The seed revealed after the deal. */
  readonly serverSeed: string;
  /** One per seat, in seat order. */
  readonly contributions: readonly Contribution[];
  readonly context: DealContext;
  /** The deck the deal was played with (card ids in the order the dealer hands them out). */
  readonly deck: readonly Card[];
}

/** Domain-separation tags (ASCII), one per use of the seed. */
export const COMMIT_TAG = 'stich-fair-commit-v1';
export const DEAL_TAG = 'stich-fair-deal-v1';
export const SUBSTITUTE_TAG = 'stich-fair-substitute-v1';

/** Bytes of a seed or contribution. */
export const SEED_BYTES = 32;
/** At most this many contributions (seats) in one deal. */
export const MAX_SEATS = 64;
/** Context strings: 1 to this many printable ASCII characters. */
export const MAX_ID_LENGTH = 255;

/** A uniformly random 32-byte value as 64 lowercase hex digits: a server seed or a client's contribution. */
export function randomSeedHex(): string {
  const bytes = new Uint8Array(SEED_BYTES);
  globalThis.crypto.getRandomValues(bytes);
  return toHex(bytes);
}

/** The commitment: SHA-256( str(COMMIT_TAG) || context || seed ), as 64 lowercase hex digits. */
export async function commitment(serverSeedHex: string, context: DealContext): Promise<Result<string>> {
  const seed = parseHex32(serverSeedHex, 'the server seed', 'badSeed');
  if (!seed.ok) return seed;
  const ctx = encodeContext(context);
  if (!ctx.ok) return ctx;
  const subtle = webCrypto();
  if (!subtle.ok) return subtle;
  const digest = await subtle.value.digest('SHA-256', concat([encodeString(COMMIT_TAG), ctx.value, seed.value]));
  return ok(toHex(new Uint8Array(digest)));
}

/** The contribution that stands in for a seat that sent none: HMAC(seed, str(SUBSTITUTE_TAG) || context || u32(seat)). */
export async function substituteContribution(serverSeedHex: string, context: DealContext, seat: number): Promise<Result<string>> {
  const seed = parseHex32(serverSeedHex, 'the server seed', 'badSeed');
  if (!seed.ok) return seed;
  const ctx = encodeContext(context);
  if (!ctx.ok) return ctx;
  if (!Number.isInteger(seat) || seat < 0 || seat >= MAX_SEATS) return fail('badSeat', `the seat must be a whole number from 0 to ${MAX_SEATS - 1}, not ${String(seat)}`);
  const key = await hmacKey(seed.value);
  if (!key.ok) return key;
  return ok(toHex(await key.value.mac(substituteMessage(ctx.value, seat))));
}

/** The deck for these inputs: a permutation of `pack.cards`, in the order the dealer hands the cards out. */
export async function fairDeck(pack: Pack, serverSeedHex: string, contributions: readonly Contribution[], context: DealContext): Promise<Result<Card[]>> {
  const p = checkPack(pack);
  if (!p.ok) return p;
  const seed = parseHex32(serverSeedHex, 'the server seed', 'badSeed');
  if (!seed.ok) return seed;
  const ctx = encodeContext(context);
  if (!ctx.ok) return ctx;
  const given = parseContributions(contributions);
  if (!given.ok) return given;
  const key = await hmacKey(seed.value);
  if (!key.ok) return key;
  const mac = key.value.mac;
  const parts: Uint8Array[] = [];
  for (let seat = 0; seat < given.value.length; seat++) parts.push(given.value[seat] ?? (await mac(substituteMessage(ctx.value, seat))));
  const combined = await mac(dealMessage(ctx.value, pack, parts));
  const deck = await shuffleFromStream(pack.cards, (b) => mac(concat([combined, u32(b)])));
  if (!deck) return fail('streamExhausted', 'the byte stream ran out before the shuffle finished (this cannot happen with HMAC-SHA-256)');
  return ok(deck);
}

/**
 * Checks a deal: the commitment is the SHA-256 of the revealed seed and the
 * context, and the deck is the one the seed and contributions give. Returns
 * the deck, or an error naming the first thing that fails.
 */
export async function verifyDeal(proof: DealProof): Promise<Result<Card[]>> {
  const { pack, serverSeed, contributions, context, deck } = proof;
  const p = checkPack(pack);
  if (!p.ok) return p;
  const published = parseHex32(proof.commitment, 'the commitment', 'badCommitment');
  if (!published.ok) return published;
  const expected = await commitment(serverSeed, context);
  if (!expected.ok) return expected;
  if (expected.value !== proof.commitment) {
    return fail(
      'commitmentMismatch',
      `the commitment does not match the revealed seed and context (game ${context.game}, table ${context.table}, deal ${context.deal}): SHA-256 gives ${expected.value}, the deal published ${proof.commitment}`,
    );
  }
  const recomputed = await fairDeck(pack, serverSeed, contributions, context);
  if (!recomputed.ok) return recomputed;
  if (!Array.isArray(deck)) return fail('badDeck', 'the deck must be a list of card ids');
  if (deck.length !== pack.size) return fail('deckMismatch', `the deck has ${deck.length} cards; the ${pack.name} pack has ${pack.size}`);
  for (let k = 0; k < pack.size; k++) {
    if (deck[k] !== recomputed.value[k]) {
      return fail(
        'deckMismatch',
        `the deck differs from the recomputed deck at position ${k} (counting from 0): it has ${showCard(pack, deck[k])} where the seed and contributions give ${showCard(pack, recomputed.value[k])}`,
      );
    }
  }
  return ok(recomputed.value);
}

// ---- the shuffle ------------------------------------------------------------

/**
 * Fisher–Yates from the last position down, driven by `bytes`: for i = n-1 .. 1
 * each draw reads the next 4 bytes as a big-endian unsigned x, rejects it if
 * x >= 2^32 - (2^32 mod (i+1)) and reads again, else swaps positions i and
 * x mod (i+1). Undefined if the bytes run out. Exported for tests.
 */
export function shuffleWithBytes(cards: readonly Card[], bytes: Uint8Array): Card[] | undefined {
  const a = cards.slice();
  let p = 0;
  for (let i = a.length - 1; i > 0; i--) {
    const m = i + 1;
    const limit = 0x100000000 - (0x100000000 % m);
    let x: number;
    do {
      if (p + 4 > bytes.length) return undefined;
      x = ((bytes[p] << 24) | (bytes[p + 1] << 16) | (bytes[p + 2] << 8) | bytes[p + 3]) >>> 0;
      p += 4;
    } while (x >= limit);
    const j = x % m;
    const t = a[i];
    a[i] = a[j];
    a[j] = t;
  }
  return a;
}

/** Blocks a shuffle reads at most: a draw is rejected with probability below 256 / 2^32 = 2^-24, so a real stream never comes near. */
const MAX_BLOCKS = 1024;

/**
 * The shuffle over a stream of 32-byte blocks (`block(0)`, `block(1)`, …):
 * reads the blocks that n-1 draws need without rejections and one more block
 * at a time when rejections use them up. Exported for tests.
 */
export async function shuffleFromStream(cards: readonly Card[], block: (index: number) => Promise<Uint8Array>): Promise<Card[] | undefined> {
  const blocks: Uint8Array[] = [];
  const need = Math.ceil((4 * Math.max(0, cards.length - 1)) / 32);
  while (blocks.length < need) blocks.push(await block(blocks.length));
  for (;;) {
    const deck = shuffleWithBytes(cards, concat(blocks));
    if (deck || blocks.length >= MAX_BLOCKS) return deck;
    blocks.push(await block(blocks.length));
  }
}

// ---- encodings --------------------------------------------------------------

/** The message the seed keys to combine everything: str(DEAL_TAG) || context || str(pack name) || u32(pack size) || u32(k) || c_0 || … || c_k-1. */
function dealMessage(ctx: Uint8Array, pack: Pack, contributions: readonly Uint8Array[]): Bytes {
  return concat([encodeString(DEAL_TAG), ctx, encodeString(pack.name), u32(pack.size), u32(contributions.length), ...contributions]);
}

function substituteMessage(ctx: Uint8Array, seat: number): Bytes {
  return concat([encodeString(SUBSTITUTE_TAG), ctx, u32(seat)]);
}

/** context = str(game) || str(table) || u32(deal). */
function encodeContext(context: DealContext): Result<Uint8Array> {
  if (typeof context !== 'object' || context === null) return fail('badContext', 'the deal context must be { game, table, deal }');
  const game = checkId(context.game, 'game');
  if (!game.ok) return game;
  const table = checkId(context.table, 'table');
  if (!table.ok) return table;
  const deal = context.deal;
  if (typeof deal !== 'number' || !Number.isInteger(deal) || deal < 0 || deal > 0xffffffff) {
    return fail('badContext', `the deal number must be a whole number from 0 to 4294967295, not ${String(deal)}`);
  }
  return ok(concat([encodeString(context.game), encodeString(context.table), u32(deal)]));
}

function checkId(id: unknown, what: string): Result<string> {
  if (typeof id !== 'string') return fail('badContext', `the ${what} id must be a string, not ${typeof id}`);
  if (id.length < 1 || id.length > MAX_ID_LENGTH) return fail('badContext', `the ${what} id must have 1 to ${MAX_ID_LENGTH} characters, not ${id.length}`);
  for (let i = 0; i < id.length; i++) {
    const c = id.charCodeAt(i);
    if (c < 0x20 || c > 0x7e) return fail('badContext', `the ${what} id may hold only printable ASCII characters (space to ~); character ${i} is U+${c.toString(16).toUpperCase().padStart(4, '0')}`);
  }
  return ok(id);
}

function checkPack(pack: Pack): Result<Pack> {
  if (typeof pack !== 'object' || pack === null || !Array.isArray(pack.cards)) return fail('badPack', 'the pack must be one of the game packs');
  const n = pack.cards.length;
  if (n !== pack.size || n < 1 || n > 256 || pack.cards.some((c, i) => c !== i)) return fail('badPack', `the pack's cards must be the ids 0 .. ${pack.size - 1} in order`);
  const name = checkId(pack.name, 'pack');
  return name.ok ? ok(pack) : fail('badPack', name.error.message);
}

function parseContributions(contributions: readonly Contribution[]): Result<(Uint8Array | null)[]> {
  if (!Array.isArray(contributions)) return fail('badContribution', 'the contributions must be a list, one per seat in seat order');
  if (contributions.length < 1 || contributions.length > MAX_SEATS) {
    return fail('badContribution', `there must be 1 to ${MAX_SEATS} contributions (one per seat), not ${contributions.length}`);
  }
  const out: (Uint8Array | null)[] = [];
  for (let seat = 0; seat < contributions.length; seat++) {
    const c = contributions[seat];
    if (c === null) {
      out.push(null);
      continue;
    }
    const bytes = parseHex32(c, `the contribution of seat ${seat}`, 'badContribution');
    if (!bytes.ok) return bytes;
    out.push(bytes.value);
  }
  return ok(out);
}

/** 64 lowercase hex digits to 32 bytes. */
function parseHex32(hex: unknown, what: string, code: ErrorCode): Result<Bytes> {
  if (typeof hex !== 'string') return fail(code, `${what} must be a string of 64 lowercase hex digits, not ${hex === null ? 'null' : typeof hex}`);
  if (hex.length !== 2 * SEED_BYTES) return fail(code, `${what} must be 64 lowercase hex digits (32 bytes); it has ${hex.length} characters`);
  const out = new Uint8Array(SEED_BYTES);
  for (let i = 0; i < hex.length; i++) {
    const d = HEX_DIGITS.indexOf(hex[i]);
    if (d < 0) return fail(code, `${what} must be lowercase hex (0-9, a-f); character ${i} is "${hex[i]}"`);
    out[i >> 1] |= i % 2 === 0 ? d << 4 : d;
  }
  return ok(out);
}

const HEX_DIGITS = '0123456789abcdef';

function toHex(bytes: Uint8Array): string {
  let s = '';
  for (const b of bytes) s += HEX_DIGITS[b >> 4] + HEX_DIGITS[b & 15];
  return s;
}

function u32(x: number): Uint8Array {
  return new Uint8Array([(x >>> 24) & 255, (x >>> 16) & 255, (x >>> 8) & 255, x & 255]);
}

/** str(s) = u32(byte length) || the ASCII bytes (callers check the characters are ASCII). */
function encodeString(s: string): Uint8Array {
  const out = new Uint8Array(4 + s.length);
  out.set(u32(s.length));
  for (let i = 0; i < s.length; i++) out[4 + i] = s.charCodeAt(i);
  return out;
}

function concat(parts: readonly Uint8Array[]): Bytes {
  let n = 0;
  for (const p of parts) n += p.length;
  const out = new Uint8Array(n);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

function showCard(pack: Pack, card: unknown): string {
  return typeof card === 'number' && Number.isInteger(card) && card >= 0 && card < pack.size ? formatCard(pack, card) : JSON.stringify(card) ?? String(card);
}

// ---- Web Crypto ---------------------------------------------------------------

type Subtle = typeof globalThis.crypto.subtle;

/** Bytes on a plain ArrayBuffer, as Web Crypto takes them. */
type Bytes = Uint8Array<ArrayBuffer>;

function webCrypto(): Result<Subtle> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) return fail('noWebCrypto', 'this environment has no Web Crypto (crypto.subtle); browsers offer it only on secure pages (https or localhost)');
  return ok(subtle);
}

/** HMAC-SHA-256 keyed with the seed. */
async function hmacKey(seed: Bytes): Promise<Result<{ mac: (message: Bytes) => Promise<Uint8Array> }>> {
  const subtle = webCrypto();
  if (!subtle.ok) return subtle;
  const key = await subtle.value.importKey('raw', seed, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return ok({ mac: async (message: Bytes) => new Uint8Array(await subtle.value.sign('HMAC', key, message)) });
}

// ---- one deal, from commitment to proof ---------------------------------------

/**
 * What a record keeps of a fair deal (docs/records.md, `deals[].fair`): the
 * context, the commitment published before the deal, the seed revealed after
 * it, and one contribution per seat in seat order (null: substituted).
 */
export interface DealFairness {
  readonly context: DealContext;
  readonly commitment: string;
  readonly seed: string;
  readonly contributions: readonly Contribution[];
}

/** A deal whose commitment is published and whose contributions are not yet in: the seed is secret until the deal ends. */
export interface OpenDeal {
  readonly context: DealContext;
  readonly seed: string;
  readonly commitment: string;
}

/** Step 1 of the protocol: a fresh secret seed and its commitment for this context. */
export async function openDeal(context: DealContext): Promise<Result<OpenDeal>> {
  const seed = randomSeedHex();
  const c = await commitment(seed, context);
  if (!c.ok) return c;
  return ok({ context, seed, commitment: c.value });
}

/** Steps 3 and 4: the deck from the open deal and the contributions (null where substituted), with its proof for the record. */
export async function closeDeal(pack: Pack, open: OpenDeal, contributions: readonly Contribution[]): Promise<Result<{ deck: Card[]; fair: DealFairness }>> {
  const deck = await fairDeck(pack, open.seed, contributions, open.context);
  if (!deck.ok) return deck;
  return ok({ deck: deck.value, fair: { context: open.context, commitment: open.commitment, seed: open.seed, contributions: [...contributions] } });
}
