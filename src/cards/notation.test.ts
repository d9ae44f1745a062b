import { describe, expect, it } from 'vitest';
import { formatCard, parseCard, parseCards } from './notation.js';
import { KARNOEFFEL_48, PACKS, SCHAFKOPF_24, SCHAFKOPF_32, SCHNAPSEN_20, rankOf, suitOf } from './pack.js';

describe('packs', () => {
  it('have 20, 24, 32 and 48 cards, every suit a contiguous run', () => {
    expect([SCHNAPSEN_20.size, SCHAFKOPF_24.size, SCHAFKOPF_32.size, KARNOEFFEL_48.size]).toEqual([20, 24, 32, 48]);
    for (const pack of PACKS) {
      for (const card of pack.cards) {
        expect(suitOf(pack, card)).toBe(Math.floor(card / pack.perSuit));
      }
    }
    expect(KARNOEFFEL_48.ranks).toEqual(['K', 'O', 'U', 'Z', '9', '8', '7', '6', '5', '4', '3', '2']);
  });
});

describe('two-letter notation', () => {
  it('round-trips every card of every pack', () => {
    for (const pack of PACKS) {
      for (const card of pack.cards) {
        const code = formatCard(pack, card);
        expect(code).toMatch(/^[EGHS][AZKOU98765432]$/);
        expect(parseCard(pack, code)).toEqual({ ok: true, value: card });
      }
    }
  });

  it('reads lower case', () => {
    const r = parseCard(SCHAFKOPF_32, 'go');
    expect(r.ok && formatCard(SCHAFKOPF_32, r.value)).toBe('GO');
    expect(r.ok && rankOf(SCHAFKOPF_32, r.value)).toBe('O');
  });

  it('rejects unknown codes with a reason', () => {
    const cases: [string, RegExp][] = [
      ['XA', /unknown suit "X"/],
      ['EX', /unknown rank "X"/],
      ['E', /two letters/],
      ['EAA', /two letters/],
      ['', /two letters/],
    ];
    for (const [code, message] of cases) {
      const r = parseCard(SCHAFKOPF_32, code);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error.message).toMatch(message);
    }
  });

  it('rejects ranks the pack does not have', () => {
    const r = parseCard(SCHAFKOPF_24, 'E7');
    expect(!r.ok && r.error.message).toMatch(/has no rank "7"/);
    expect(parseCard(SCHNAPSEN_20, 'E9').ok).toBe(false);
    expect(parseCard(KARNOEFFEL_48, 'EA').ok).toBe(false);
    expect(parseCard(KARNOEFFEL_48, 'E2').ok).toBe(true);
  });

  it('parses lists and refuses duplicates', () => {
    const r = parseCards(SCHAFKOPF_32, 'EA, GO HU');
    expect(r.ok && r.value.length).toBe(3);
    const dup = parseCards(SCHAFKOPF_32, ['EA', 'ea']);
    expect(!dup.ok && dup.error.message).toMatch(/twice/);
  });
});

describe('card codes from outside', () => {
  it('a huge code is quoted as a short excerpt', () => {
    const r = parseCard(SCHAFKOPF_32, 'E'.repeat(1_000_000));
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.message.length).toBeLessThan(200);
  });
});
