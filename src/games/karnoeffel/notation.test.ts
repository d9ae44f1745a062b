import { describe, expect, it } from 'vitest';
import { card } from './testing.js';
import { formatAction, parseAction } from './notation.js';
import type { KarnoeffelAction } from './state.js';

describe('action notation', () => {
  it('round-trips every kind of action, advice with any text included', () => {
    const actions: KarnoeffelAction[] = [
      { type: 'raise' },
      { type: 'pass' },
      { type: 'accept' },
      { type: 'refuse' },
      { type: 'announce' },
      { type: 'play', card: card('GU') },
      { type: 'play', card: card('S2') },
      { type: 'advise', message: 'raise' },
      { type: 'advise', to: 3, message: 'play it' },
      { type: 'advise', card: card('H7'), message: 'lead the Teufel' },
      { type: 'advise', to: 5, card: card('EZ'), message: 'He said "take it" \\ then left; ümlaut, 🂡, tab\tand "quotes"' },
      { type: 'advise', message: 'advise @1 GU "nested"' },
    ];
    for (const a of actions) {
      const text = formatAction(a);
      expect(text).not.toMatch(/\n/);
      expect(parseAction(text)).toEqual({ ok: true, value: a });
    }
    expect(formatAction({ type: 'play', card: card('GU') })).toBe('play GU');
    expect(formatAction({ type: 'advise', to: 2, card: card('G6'), message: 'Papst!' })).toBe('advise @2 G6 "Papst!"');
  });

  it('reads a bare card and upper or lower case', () => {
    expect(parseAction('gu')).toEqual({ ok: true, value: { type: 'play', card: card('GU') } });
    expect(parseAction(' RAISE ')).toEqual({ ok: true, value: { type: 'raise' } });
    expect(parseAction('Play e2')).toEqual({ ok: true, value: { type: 'play', card: card('E2') } });
  });

  it('rejects malformed text with a reason', () => {
    const cases: [string, RegExp][] = [
      ['fold', /not a Karnöffel action/],
      ['play XX', /unknown suit "X"/],
      ['play EA', /has no rank "A"/],
      ['play', /not a Karnöffel action/],
      ['advise hello', /advise \[@seat\] \[card\] "message"/],
      ['advise "unterminated', /advice reads advise \[@seat\]/],
      ['advise "a" "b"', /one quoted string/],
      ['advise @x "a"', /advise \[@seat\]/],
      ['advise QQ "a"', /unknown suit "Q"/],
      ['', /not a Karnöffel action/],
    ];
    for (const [text, message] of cases) {
      const r = parseAction(text);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error.message).toMatch(message);
    }
  });
});
