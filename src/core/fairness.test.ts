import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { isCompleteDeck } from '../cards/deck.js';
import { formatCards, formatMask } from '../cards/notation.js';
import { KARNOEFFEL_48, SCHAFKOPF_24, SCHAFKOPF_32, SCHNAPSEN_20, type Card, type Pack } from '../cards/pack.js';
import { schafkopf } from '../games/schafkopf/game.js';
import { rulesOf } from '../games/schafkopf/testing.js';
import {
  closeDeal,
  commitment,
  fairDeck,
  openDeal,
  randomSeedHex,
  shuffleFromStream,
  shuffleWithBytes,
  substituteContribution,
  verifyDeal,
  type Contribution,
  type DealContext,
  type DealProof,
} from './fairness.js';
import { unwrap, type Result } from './result.js';
import { SeededRng } from './rng.js';

/*
 * Known answers. Every hex value and deck below was computed once, outside
 * this code base, by the Python reference implementation printed in
 * docs/fairness.md (Python 3.11, hashlib and hmac only), and pasted here.
 * The seed and contributions are SHA-256 of ASCII phrases
 * ("stich example server seed", "stich example contribution 1" .. "4").
 */
const SEED = '7e996bf4c83be13a5601fe427ea7bb0a838034afec5aa8f4312c86c4f0e8a0b3';
const C1 = '7a1a32e540e94d7c73baafeeedef5604f4837396a4dd800d5bf8a73fb383817a';
const C2 = '8bb3bb244a320ec304de7d04da1657d10269da4594f376a62bab39b7315b1245';
const C3 = '08b3040e412e33ec97bec86d12295b376d8b1ae04db6d27d8795ee798435abbf';
const C4 = '5e090002eafd13f510cc45cab597dc883b843a9a0d3b32c640e17f0ecf6d5e4c';

interface Known {
  readonly name: string;
  readonly pack: Pack;
  readonly context: DealContext;
  readonly contributions: readonly Contribution[];
  readonly commitment: string;
  readonly deck: readonly Card[];
  readonly notation: string;
}

const KNOWN: readonly Known[] = [
  {
    name: 'the docs example: long Schafkopf pack, two contributions',
    pack: SCHAFKOPF_32,
    context: { game: 'schafkopf', table: 'example-table', deal: 7 },
    contributions: [C1, C2],
    commitment: '503e813a556cfd2816ef098b1c228533e74b2326991d4e6077a3c5fa1d22846f',
    deck: [20, 4, 24, 18, 1, 2, 5, 6, 25, 31, 13, 7, 16, 14, 22, 30, 23, 0, 10, 9, 29, 8, 3, 12, 19, 21, 27, 17, 28, 15, 11, 26],
    notation: 'HU EU SA HK EZ EK E9 E8 SZ S7 G9 E7 HA G8 H8 S8 H7 EA GK GZ S9 GA EO GU HO H9 SO HZ SU G7 GO SK',
  },
  {
    name: 'four seats, seat 2 substituted',
    pack: SCHAFKOPF_32,
    context: { game: 'schafkopf', table: 'example-table', deal: 8 },
    contributions: [C1, C2, null, C4],
    commitment: 'd1d891bf79b4c64b812ed192d609644f8d3e18768f014689555a85f5a30a9848',
    deck: [3, 14, 4, 6, 8, 1, 27, 13, 9, 22, 2, 26, 11, 15, 0, 23, 29, 24, 5, 31, 28, 25, 7, 20, 30, 18, 10, 19, 12, 16, 17, 21],
    notation: 'EO G8 EU E8 GA EZ SO G9 GZ H8 EK SK GO G7 EA H7 S9 SA E9 S7 SU SZ E7 HU S8 HK GK HO GU HA HZ H9',
  },
  {
    name: 'short Schafkopf pack',
    pack: SCHAFKOPF_24,
    context: { game: 'schafkopf', table: 'example-table', deal: 9 },
    contributions: [C1, C2, C3, C4],
    commitment: '6d35b36b653538bdf5a99cee4b25e1cb657d2af562f409b7084cae50ed6346f8',
    deck: [7, 13, 1, 3, 8, 6, 20, 10, 12, 21, 15, 2, 23, 18, 22, 17, 0, 11, 19, 16, 4, 9, 5, 14],
    notation: 'GZ HZ EZ EO GK GA SK GU HA SO HO EK S9 SA SU H9 EA G9 SZ HU EU GO E9 HK',
  },
  {
    name: 'Talonschnapsen, three seats, deal 0',
    pack: SCHNAPSEN_20,
    context: { game: 'talonschnapsen', table: 't-42', deal: 0 },
    contributions: [C3, C1, C2],
    commitment: '566f510ae745038c4ea8bd66052d147ac25f5861afecf9a5533ac9848694651d',
    deck: [8, 18, 11, 6, 12, 4, 5, 17, 10, 19, 16, 0, 15, 7, 1, 14, 2, 9, 3, 13],
    notation: 'GO SO HZ GZ HK EU GA SK HA SU SZ EA SA GK EZ HU EK GU EO HO',
  },
  {
    name: 'Karnöffel, six seats, two substituted',
    pack: KARNOEFFEL_48,
    context: { game: 'karnoeffel', table: 'blaue-und-rote', deal: 123456 },
    contributions: [C1, C2, C3, C4, null, null],
    commitment: 'a6cd3bf035412d1f6efe91a349acac1b82aa2f395a66794b44c69f62f10dfb61',
    deck: [
      13, 27, 21, 44, 47, 3, 38, 15, 30, 19, 33, 16, 20, 40, 9, 12, 5, 4, 45, 35, 10, 11, 17, 22, 32, 28, 42, 43, 7, 46, 14, 0, 37, 29, 23, 39, 36, 34, 8, 41,
      24, 26, 2, 1, 25, 6, 31, 18,
    ],
    notation: 'GO HZ G4 S5 S2 EZ SU GZ H7 G6 H4 G9 G5 S9 E4 GK E8 E9 S4 H2 E3 E2 G8 G3 H5 H9 S7 S6 E6 S3 GU EK SO H8 G2 SZ SK H3 E5 S8 HK HU EU EO HO E7 H6 G7',
  },
];

const EX = KNOWN[0];

function proofOf(k: Known): DealProof {
  return { pack: k.pack, commitment: k.commitment, serverSeed: SEED, contributions: k.contributions, context: k.context, deck: k.deck };
}

function errorOf(r: Result<unknown>): { code: string; message: string } {
  if (r.ok) throw new Error('expected an error, got ok');
  return r.error;
}

/** Flips the lowest bit of the hex digit at `at`. */
function flip(hex: string, at = 63): string {
  return hex.slice(0, at) + (parseInt(hex[at], 16) ^ 1).toString(16) + hex.slice(at + 1);
}

describe('known answers (from the Python reference in docs/fairness.md)', () => {
  for (const k of KNOWN) {
    it(k.name, async () => {
      expect(unwrap(await commitment(SEED, k.context))).toBe(k.commitment);
      const deck = unwrap(await fairDeck(k.pack, SEED, k.contributions, k.context));
      expect(deck).toEqual(k.deck);
      expect(formatCards(k.pack, deck)).toBe(k.notation);
      expect(isCompleteDeck(k.pack, deck)).toBe(true);
      expect(unwrap(await verifyDeal(proofOf(k)))).toEqual(k.deck);
    });
  }

  it('substitutes for missing contributions are derived from the seed', async () => {
    expect(unwrap(await substituteContribution(SEED, KNOWN[1].context, 2))).toBe('7efb9f56359f2d43912584053e75e5fe38d941ef066fe525d66e99a73d947028');
    const karn = KNOWN[4].context;
    expect(unwrap(await substituteContribution(SEED, karn, 4))).toBe('ee75b96b5a062e3bdb5795838b51318d23b4109e21d821d0f20fb782a9ae5997');
    expect(unwrap(await substituteContribution(SEED, karn, 5))).toBe('1e5f91977e03f0274a6fcc4732de203f2e5c7d993f9efe7275ecfdb0b70e7237');
    // A null seat is exactly its substitute written out.
    const written = [C1, C2, C3, C4, unwrap(await substituteContribution(SEED, karn, 4)), unwrap(await substituteContribution(SEED, karn, 5))];
    expect(unwrap(await fairDeck(KARNOEFFEL_48, SEED, written, karn))).toEqual(KNOWN[4].deck);
  });

  it('the docs example deals these Schafkopf hands when seat 3 deals (2 x 4 from Vorhand)', () => {
    const state = unwrap(schafkopf.setup(rulesOf(), { dealer: 3, deck: EX.deck, carry: { stock: 0, bock: 0 } }));
    // formatMask lists a hand in pack order; docs/fairness.md gives these hands.
    expect(state.dealt.map((m) => formatMask(SCHAFKOPF_32, m))).toEqual([
      'EA EU GZ GK HK HU H7 SA',
      'EZ EK EO E9 E8 GA GU S9',
      'E7 G9 HZ HO H9 SZ SO S7',
      'GO G8 G7 HA H8 SK SU S8',
    ]);
  });
});

describe('verification catches every change', () => {
  it('a changed seed: the commitment does not match', async () => {
    const e = errorOf(await verifyDeal({ ...proofOf(EX), serverSeed: flip(SEED) }));
    expect(e.code).toBe('commitmentMismatch');
    expect(e.message).toContain('does not match the revealed seed and context');
    expect(e.message).toContain(EX.commitment);
  });

  it('a changed commitment', async () => {
    const e = errorOf(await verifyDeal({ ...proofOf(EX), commitment: flip(EX.commitment, 0) }));
    expect(e.code).toBe('commitmentMismatch');
    expect(e.message).toContain(`SHA-256 gives ${EX.commitment}`);
  });

  it('a changed context: another deal number, table or game', async () => {
    for (const context of [
      { ...EX.context, deal: 8 },
      { ...EX.context, table: 'example-tablE' },
      { ...EX.context, game: 'karnoeffel' },
    ]) {
      const e = errorOf(await verifyDeal({ ...proofOf(EX), context }));
      expect(e.code).toBe('commitmentMismatch');
      expect(e.message).toContain(`deal ${context.deal}`);
    }
  });

  it('a changed, missing, extra or reordered contribution: the deck differs', async () => {
    const variants: Contribution[][] = [[flip(C1), C2], [C1, flip(C2, 0)], [C2, C1], [C1, null], [C1, C2, C3], [C1]];
    for (const contributions of variants) {
      const other = unwrap(await fairDeck(SCHAFKOPF_32, SEED, contributions, EX.context));
      const k = other.findIndex((c, i) => c !== EX.deck[i]);
      expect(k).toBeGreaterThanOrEqual(0);
      const e = errorOf(await verifyDeal({ ...proofOf(EX), contributions }));
      expect(e.code).toBe('deckMismatch');
      expect(e.message).toContain(`at position ${k} (counting from 0)`);
    }
  });

  it('a changed deck: two cards swapped, a card doubled, a card missing', async () => {
    const swapped = EX.deck.slice();
    [swapped[5], swapped[20]] = [swapped[20], swapped[5]];
    let e = errorOf(await verifyDeal({ ...proofOf(EX), deck: swapped }));
    expect(e.code).toBe('deckMismatch');
    // Position 5 holds EK; position 20 S9.
    expect(e.message).toBe('the deck differs from the recomputed deck at position 5 (counting from 0): it has S9 where the seed and contributions give EK');

    const doubled = EX.deck.slice();
    doubled[31] = doubled[0];
    e = errorOf(await verifyDeal({ ...proofOf(EX), deck: doubled }));
    expect(e.message).toContain('at position 31 (counting from 0): it has HU where the seed and contributions give SK');

    e = errorOf(await verifyDeal({ ...proofOf(EX), deck: EX.notation as unknown as Card[] }));
    expect(e.code).toBe('badDeck');

    e = errorOf(await verifyDeal({ ...proofOf(EX), deck: EX.deck.slice(0, 31) }));
    expect(e.code).toBe('deckMismatch');
    expect(e.message).toBe('the deck has 31 cards; the schafkopf-32 pack has 32');

    const junk = EX.deck.slice() as unknown[];
    junk[3] = 'HK';
    e = errorOf(await verifyDeal({ ...proofOf(EX), deck: junk as Card[] }));
    expect(e.message).toContain('position 3 (counting from 0): it has "HK" where the seed and contributions give HK');
  });

  it('another pack: the deck does not fit', async () => {
    const e = errorOf(await verifyDeal({ ...proofOf(EX), pack: SCHAFKOPF_24 }));
    expect(e.code).toBe('deckMismatch');
    expect(e.message).toContain('the schafkopf-24 pack has 24');
  });
});

describe('strict inputs', () => {
  it('seeds and contributions: 64 lowercase hex digits', async () => {
    const cases: [unknown, string][] = [
      [SEED.slice(1), 'it has 63 characters'],
      [SEED + '0', 'it has 65 characters'],
      [SEED.toUpperCase(), 'character 1 is "E"'],
      [SEED.slice(0, 10) + 'g' + SEED.slice(11), 'character 10 is "g"'],
      [' ' + SEED.slice(1), 'character 0 is " "'],
      [42, 'not number'],
      [undefined, 'not undefined'],
    ];
    for (const [bad, why] of cases) {
      let e = errorOf(await fairDeck(SCHAFKOPF_32, bad as string, [C1], EX.context));
      expect(e.code).toBe('badSeed');
      expect(e.message).toContain('the server seed');
      expect(e.message).toContain(why);
      e = errorOf(await fairDeck(SCHAFKOPF_32, SEED, [C1, bad as string], EX.context));
      expect(e.code).toBe('badContribution');
      expect(e.message).toContain('the contribution of seat 1');
      expect(e.message).toContain(why);
      e = errorOf(await verifyDeal({ ...proofOf(EX), contributions: [bad as string, C2] }));
      expect(e.code).toBe('badContribution');
      expect(e.message).toContain('seat 0');
      e = errorOf(await verifyDeal({ ...proofOf(EX), commitment: bad as string }));
      expect(e.code).toBe('badCommitment');
      expect(e.message).toContain(why);
    }
    expect(errorOf(await commitment(flip(SEED).toUpperCase(), EX.context)).code).toBe('badSeed');
  });

  it('the number of contributions', async () => {
    expect(errorOf(await fairDeck(SCHAFKOPF_32, SEED, [], EX.context)).message).toBe('there must be 1 to 64 contributions (one per seat), not 0');
    expect(errorOf(await fairDeck(SCHAFKOPF_32, SEED, new Array(65).fill(null), EX.context)).code).toBe('badContribution');
    expect(errorOf(await fairDeck(SCHAFKOPF_32, SEED, C1 as unknown as Contribution[], EX.context)).code).toBe('badContribution');
  });

  it('the context', async () => {
    const bad: [unknown, string][] = [
      [{ ...EX.context, deal: -1 }, 'the deal number must be a whole number from 0 to 4294967295, not -1'],
      [{ ...EX.context, deal: 1.5 }, 'not 1.5'],
      [{ ...EX.context, deal: 2 ** 32 }, 'not 4294967296'],
      [{ ...EX.context, deal: '7' }, 'not 7'],
      [{ ...EX.context, table: '' }, 'the table id must have 1 to 255 characters, not 0'],
      [{ ...EX.context, table: 'x'.repeat(256) }, 'not 256'],
      [{ ...EX.context, table: 'Stammtisch Hüber' }, 'character 12 is U+00FC'],
      [{ ...EX.context, game: 'schaf\nkopf' }, 'the game id may hold only printable ASCII'],
      [{ ...EX.context, game: 7 }, 'the game id must be a string, not number'],
      [null, 'the deal context must be { game, table, deal }'],
    ];
    for (const [context, why] of bad) {
      for (const r of [
        await commitment(SEED, context as DealContext),
        await fairDeck(SCHAFKOPF_32, SEED, [C1], context as DealContext),
        await substituteContribution(SEED, context as DealContext, 0),
      ]) {
        const e = errorOf(r);
        expect(e.code).toBe('badContext');
        expect(e.message).toContain(why);
      }
    }
    // The longest ids and deal number are fine.
    expect((await commitment(SEED, { game: 'g', table: '~'.repeat(255), deal: 2 ** 32 - 1 })).ok).toBe(true);
  });

  it('the seat of a substitute', async () => {
    for (const seat of [-1, 64, 0.5]) expect(errorOf(await substituteContribution(SEED, EX.context, seat)).code).toBe('badSeat');
  });

  it('a pack that is not in pack order', async () => {
    const odd = { ...SCHNAPSEN_20, cards: [...SCHNAPSEN_20.cards].reverse() };
    expect(errorOf(await fairDeck(odd, SEED, [C1], EX.context)).code).toBe('badPack');
  });

  it('random seeds are 64 lowercase hex digits and differ', () => {
    const a = randomSeedHex();
    const b = randomSeedHex();
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(b).toMatch(/^[0-9a-f]{64}$/);
    expect(a).not.toBe(b);
  });
});

describe('the shuffle', () => {
  /** Big-endian 32-bit words as bytes. */
  function words(...xs: number[]): Uint8Array {
    const out = new Uint8Array(4 * xs.length);
    xs.forEach((x, i) => new DataView(out.buffer).setUint32(4 * i, x));
    return out;
  }

  it('draws j = x mod (i+1) from 4 big-endian bytes, last position first', () => {
    // i = 3: 6 mod 4 = 2; i = 2: 4 mod 3 = 1; i = 1: 1 mod 2 = 1.
    // [0 1 2 3] -> swap 3,2 -> [0 1 3 2] -> swap 2,1 -> [0 3 1 2] -> swap 1,1.
    expect(shuffleWithBytes([0, 1, 2, 3], words(6, 4, 1))).toEqual([0, 3, 1, 2]);
    expect(shuffleWithBytes([0, 1, 2, 3], words(6, 4))).toBeUndefined();
    expect(shuffleWithBytes([5], new Uint8Array(0))).toEqual([5]);
  });

  it('rejects x >= 2^32 - (2^32 mod (i+1)) and reads the next 4 bytes', () => {
    // i = 2, m = 3: 2^32 mod 3 = 1, so 0xffffffff is rejected. Read: 0 -> j = 0 -> [2 1 0]; then i = 1: 1 -> j = 1.
    // Without the rejection it would give j = 0xffffffff mod 3 = 0, then 0 -> j = 0: [1 2 0].
    expect(shuffleWithBytes([0, 1, 2], words(0xffffffff, 0, 1))).toEqual([2, 1, 0]);
    // 0xfffffffe is the largest value kept: j = 2 (no swap), then 0 -> j = 0.
    expect(shuffleWithBytes([0, 1, 2], words(0xfffffffe, 0))).toEqual([1, 0, 2]);
    // m = 20: 2^32 mod 20 = 16, the last 16 values are rejected, the one below is not.
    const cards = Array.from({ length: 20 }, (_, i) => i);
    const rest = new Array(18).fill(0);
    expect(shuffleWithBytes(cards, words(0xfffffff0, 0xffffffef, ...rest))?.[19]).toBe(0xffffffef % 20);
    expect(shuffleWithBytes(cards, words(0xffffffff, 0xfffffff0, 7, ...rest))?.[19]).toBe(7);
    // m = 2 divides 2^32: nothing is rejected, 0xffffffff gives j = 1 (a rejection would run out of bytes).
    expect(shuffleWithBytes([0, 1], words(0xffffffff))).toEqual([0, 1]);
    expect(shuffleWithBytes([0, 1], words(0xfffffffe))).toEqual([1, 0]);
  });

  it('reads further blocks of the stream when rejections use up the first ones', async () => {
    // 20 cards: 19 draws fit in 3 blocks. Blocks 0-4 hold only 0xffffffff, which m = 20 rejects
    // (2^32 mod 20 = 16), so the first draw takes the first word of block 5 and the rest run on to block 7.
    const cards = Array.from({ length: 20 }, (_, i) => i);
    const asked: number[] = [];
    const block = async (b: number): Promise<Uint8Array> => {
      asked.push(b);
      return b < 5 ? new Uint8Array(32).fill(0xff) : words(...Array.from({ length: 8 }, (_, k) => 8 * b + k));
    };
    const deck = await shuffleFromStream(cards, block);
    expect(asked).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    // The same as the plain shuffle over the whole stream.
    const bytes = new Uint8Array(8 * 32);
    for (let b = 0; b < 8; b++) bytes.set(await block(b), 32 * b);
    expect(deck).toEqual(shuffleWithBytes(cards, bytes));
    expect(isCompleteDeck(SCHNAPSEN_20, deck as Card[])).toBe(true);
  });

  it('gives up on a stream that never stops rejecting', async () => {
    expect(await shuffleFromStream([0, 1, 2], async () => new Uint8Array(32).fill(0xff))).toBeUndefined();
  });
});

describe('the shuffle is unbiased', () => {
  /**
   * Chi-square over the 20 x 20 table "card c at position p" for N decks:
   * each cell expects N / 20. Under a uniform shuffle the total has 361
   * degrees of freedom ((20-1)^2, rows and columns both sum to N) and each
   * row or column 19. Thresholds (scipy.stats.chi2, computed once):
   * total < 503.41 = isf(1e-6, 361) and > 247.34 = ppf(1e-6, 361) (too even
   * is not random either); every row and column < 71.59 = isf(5e-8, 19), a
   * family-wise 1e-6 over 40 lines at most 2e-6.
   */
  const N = 20_000;
  const TOTAL_MAX = 503.41;
  const TOTAL_MIN = 247.34;
  const LINE_MAX = 71.59;

  function chiSquare(counts: number[][]): { total: number; worstRow: number; worstColumn: number } {
    const n = counts.length;
    const e = N / n;
    let total = 0;
    const rows = new Array(n).fill(0);
    const columns = new Array(n).fill(0);
    for (let p = 0; p < n; p++) {
      for (let c = 0; c < n; c++) {
        const d = (counts[p][c] - e) ** 2 / e;
        total += d;
        rows[p] += d;
        columns[c] += d;
      }
    }
    return { total, worstRow: Math.max(...rows), worstColumn: Math.max(...columns) };
  }

  function emptyTable(n: number): number[][] {
    return Array.from({ length: n }, () => new Array(n).fill(0));
  }

  it(`${N} decks of the 20-card pack from fixed seeds`, async () => {
    const pack = SCHNAPSEN_20;
    const counts = emptyTable(pack.size);
    const context = { game: 'bauernschnapsen', table: 'chi-square', deal: 1 };
    const contributions = [C1, C2, C3, C4];
    const prefix = SEED.slice(0, 56);
    const batch = 500;
    for (let start = 0; start < N; start += batch) {
      const decks = await Promise.all(
        Array.from({ length: batch }, (_, k) => fairDeck(pack, prefix + (start + k).toString(16).padStart(8, '0'), contributions, context)),
      );
      for (const r of decks) {
        const deck = unwrap(r);
        if (!isCompleteDeck(pack, deck)) throw new Error(`not a deck: ${deck.join(' ')}`);
        for (let p = 0; p < deck.length; p++) counts[p][deck[p]]++;
      }
    }
    const x = chiSquare(counts);
    expect(x.total).toBeLessThan(TOTAL_MAX);
    expect(x.total).toBeGreaterThan(TOTAL_MIN);
    expect(x.worstRow).toBeLessThan(LINE_MAX);
    expect(x.worstColumn).toBeLessThan(LINE_MAX);
  });

  it('the same test fails for a shuffle with the classic off-by-one (j < i, Sattolo)', () => {
    const rng = new SeededRng(20);
    const counts = emptyTable(20);
    for (let d = 0; d < N; d++) {
      const a = Array.from({ length: 20 }, (_, i) => i);
      for (let i = 19; i > 0; i--) {
        const j = rng.int(i);
        [a[i], a[j]] = [a[j], a[i]];
      }
      for (let p = 0; p < 20; p++) counts[p][a[p]]++;
    }
    const x = chiSquare(counts);
    expect(x.total).toBeGreaterThan(TOTAL_MAX);
    expect(x.worstRow).toBeGreaterThan(LINE_MAX);
  });
});

describe('one deal from commitment to proof (openDeal, closeDeal)', () => {
  const context: DealContext = { game: 'bauernschnapsen', table: 'open-close', deal: 3 };

  it('opens with a fresh seed and its commitment, and closes with the deck fairDeck gives and a proof that verifies', async () => {
    const a = unwrap(await openDeal(context));
    const b = unwrap(await openDeal(context));
    expect(a.seed).not.toBe(b.seed);
    expect(a.commitment).toBe(unwrap(await commitment(a.seed, context)));
    const contributions: Contribution[] = [C1, null, C3, null];
    const closed = unwrap(await closeDeal(SCHNAPSEN_20, a, contributions));
    expect(closed.deck).toEqual(unwrap(await fairDeck(SCHNAPSEN_20, a.seed, contributions, context)));
    expect(closed.fair).toEqual({ context, commitment: a.commitment, seed: a.seed, contributions });
    expect(closed.fair.contributions).not.toBe(contributions);
    const proof: DealProof = { pack: SCHNAPSEN_20, commitment: closed.fair.commitment, serverSeed: closed.fair.seed, contributions: closed.fair.contributions, context, deck: closed.deck };
    expect(unwrap(await verifyDeal(proof))).toEqual(closed.deck);
  });

  it('refuses a bad context or contribution with the reason', async () => {
    const bad = await openDeal({ game: '', table: 't', deal: 0 });
    expect(!bad.ok && bad.error.code).toBe('badContext');
    const open = unwrap(await openDeal(context));
    const closed = await closeDeal(SCHNAPSEN_20, open, [C1, 'not hex']);
    expect(!closed.ok && closed.error.code).toBe('badContribution');
  });
});

describe('runs in the browser too', () => {
  it('fairness.ts and everything it imports use no node: or other Node-only module', () => {
    const here = dirname(fileURLToPath(import.meta.url));
    const seen = new Set<string>();
    const visit = (file: string): void => {
      if (seen.has(file)) return;
      seen.add(file);
      const text = readFileSync(file, 'utf8');
      const specifiers = [...text.matchAll(/^\s*(?:import|export)\b[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/gm)].map((m) => m[1] ?? m[2]);
      for (const s of specifiers) {
        expect(s.startsWith('.'), `${file} imports "${s}"`).toBe(true);
        visit(resolve(dirname(file), s.replace(/\.js$/, '.ts')));
      }
      expect(text).not.toMatch(/\brequire\s*\(|\bprocess\.|\bBuffer\b/);
    };
    visit(resolve(here, 'fairness.ts'));
    expect([...seen].map((f) => f.slice(here.length - 'core'.length))).toEqual(
      expect.arrayContaining(['core/fairness.ts', 'cards/notation.ts', 'cards/pack.ts', 'core/result.ts']),
    );
  });
});
