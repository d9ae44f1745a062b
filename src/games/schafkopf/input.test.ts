import { describe, expect, it } from 'vitest';
import { EXCERPT_LENGTH } from '../../core/text.js';
import { parseChoice, readChoice } from './contract.js';
import { schafkopf } from './game.js';
import type { SchafkopfAction } from './notation.js';
import type { SchafkopfState } from './state.js';
import { deal, play, rulesOf } from './testing.js';

/**
 * Bad input from outside (issue 7 §2): names that are properties of every
 * object are not actions, games or suits; error messages quote only a short
 * excerpt of what they were given.
 */

const PROTO_NAMES = ['constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf', 'isPrototypeOf'];
const A = ['EO GO HO EU HA HZ G9 S7', 'SO GU HK H9 EA EZ S9 S8', 'GA GZ GK SU H8 EK E9 E8', 'HU H7 SA SZ SK E7 G8 G7'];
const AK = rulesOf();

function refusedUnchanged(state: SchafkopfState, seat: number, action: unknown): string {
  const before = JSON.stringify(state);
  const r = schafkopf.apply(state, seat, action as SchafkopfAction);
  expect(r.ok, JSON.stringify(action)).toBe(false);
  expect(JSON.stringify(state)).toBe(before);
  return r.ok ? '' : r.error.message;
}

describe('names from outside are looked up as own names only', () => {
  it('parseAction refuses every prototype name, alone and as a game or suit', () => {
    for (const name of PROTO_NAMES) {
      for (const text of [name, name.toUpperCase(), `rufspiel ${name}`, `solo ${name}`, `${name} E`, `play ${name}`]) {
        const r = schafkopf.parseAction(AK, text);
        expect(r.ok, text).toBe(false);
        if (!r.ok) expect(['badAction', 'badCard']).toContain(r.error.code);
      }
    }
  });

  it('parseChoice and readChoice know no prototype names', () => {
    for (const name of PROTO_NAMES) {
      expect(parseChoice(name)).toBeUndefined();
      expect(parseChoice(`rufspiel ${name}`)).toHaveProperty('error');
      expect(typeof readChoice({ kind: name })).toBe('string');
      expect(typeof readChoice({ kind: 'solo', suit: name })).toBe('string');
    }
    // Inherited fields do not count: only the object's own.
    expect(typeof readChoice(Object.create({ kind: 'wenz' }))).toBe('string');
  });

  it('apply refuses actions and games named by prototype names, leaving the state as it was', () => {
    const s = deal(AK, A);
    for (const name of PROTO_NAMES) {
      expect(refusedUnchanged(s, 0, { type: name })).toMatch(/unknown action type/);
      expect(refusedUnchanged(s, 0, { type: 'bid', game: name })).toMatch(/needs a game/);
      expect(refusedUnchanged(s, 0, { type: 'bid', game: { kind: name } })).toMatch(/unknown game/);
      expect(refusedUnchanged(s, 0, { type: 'bid', game: { kind: 'solo', suit: name } })).toMatch(/needs a suit/);
    }
    // An action whose fields come from its prototype is not an action.
    expect(refusedUnchanged(s, 0, Object.create({ type: 'weiter' }))).toMatch(/unknown action type/);
    const p = play(s, 'rufspiel G, weiter, weiter, weiter, weiter, weiter, weiter');
    expect(p.phase).toBe('play');
    for (const name of PROTO_NAMES) refusedUnchanged(p, 0, { type: 'play', card: name });
  });
});

describe('error messages quote a short excerpt of their input', () => {
  const huge = 'x'.repeat(1_000_000);
  const short = (m: string) => expect(m.length).toBeLessThan(EXCERPT_LENGTH + 200);

  it('a 1 MB action text', () => {
    for (const text of [huge, `rufspiel ${huge}`, `solo-tout ${huge}`, `play ${huge}`]) {
      const r = schafkopf.parseAction(AK, text);
      expect(r.ok).toBe(false);
      if (!r.ok) short(r.error.message);
    }
  });

  it('a 1 MB field in an action given to apply', () => {
    const s = deal(AK, A);
    short(refusedUnchanged(s, 0, { type: huge }));
    short(refusedUnchanged(s, 0, { type: 'bid', game: { kind: huge } }));
    short(refusedUnchanged(s, 0, { type: 'bid', game: { kind: 'solo', suit: huge } }));
    short(refusedUnchanged(s, 0, { type: 'bid', game: { kind: 'solo', suit: 1, tout: huge } }));
    short(refusedUnchanged(s, huge as unknown as number, { type: 'weiter' }));
    const p = play(s, 'rufspiel G, weiter, weiter, weiter, weiter, weiter, weiter');
    short(refusedUnchanged(p, 0, { type: 'play', card: huge }));
  });
});
