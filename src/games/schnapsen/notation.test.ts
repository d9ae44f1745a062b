import { describe, expect, it } from 'vitest';
import { ANNOUNCEABLE } from './contracts.js';
import { formatSchnapsenAction, parseSchnapsenAction } from './notation.js';
import type { SchnapsenAction } from './state.js';

describe('action notation', () => {
  it('round-trips every kind of action', () => {
    const actions: SchnapsenAction[] = [
      { type: 'cut' },
      { type: 'knock' },
      { type: 'redeal' },
      { type: 'keep' },
      { type: 'trump', suit: 2 },
      { type: 'turn', index: 2 },
      { type: 'pass' },
      ...ANNOUNCEABLE.map((game) => ({ type: 'announce' as const, game })),
      { type: 'announce', game: 'gang', ohne: true },
      { type: 'lay', cards: [3, 17] },
      { type: 'spritzen' },
      { type: 'retour' },
      { type: 're' },
      { type: 'meld', suit: 1, points: 20 },
      { type: 'meld', suit: 0, points: 40 },
      { type: 'play', card: 19 },
    ];
    for (const a of actions) expect(parseSchnapsenAction(formatSchnapsenAction(a))).toEqual({ ok: true, value: a });
  });

  it('reads the table words and a few English ones, any case', () => {
    expect(parseSchnapsenAction('Trumpf h')).toEqual({ ok: true, value: { type: 'trump', suit: 2 } });
    expect(parseSchnapsenAction('pass')).toEqual({ ok: true, value: { type: 'pass' } });
    expect(parseSchnapsenAction('ga')).toEqual({ ok: true, value: { type: 'play', card: 5 } });
    expect(formatSchnapsenAction({ type: 'lay', cards: [17, 3] })).toBe('lege EO SK');
  });

  it('rejects malformed actions with a reason', () => {
    for (const [text, why] of [
      ['', /empty/],
      ['trumpf X', /name the trump suit/],
      ['aufdecken 9', /turn up/],
      ['lege EA', /exactly two/],
      ['30 E', /not an action/],
      ['20', /suit of the pair/],
      ['E9', /no rank "9"/],
      ['gang mit', /only "ohne"/],
      ['weiter jetzt', /takes no more words/],
      ['normal', /not an action/],
    ] as const) {
      const r = parseSchnapsenAction(text);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error.message).toMatch(why);
    }
  });
});
