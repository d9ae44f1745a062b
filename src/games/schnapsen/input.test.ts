import { describe, expect, it } from 'vitest';
import { bauernschnapsen, talonschnapsen } from './game.js';
import { newDeal, rulesFor, run } from './testing.js';
import type { SchnapsenAction, SchnapsenState } from './state.js';

/**
 * Issue 7 §2: input from outside. Names are looked up in Maps (a made-up
 * game "constructor" is refused, not played), and no error message echoes
 * more than a short excerpt of what was typed.
 */
const PROTO_NAMES = ['constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf'];
const HANDS = ['EA EZ EK EO GU', 'GA GZ GK HA HZ', 'HK HO HU SA SZ', 'SK SO SU EU GO'];
const TALON_HANDS = ['EA EZ EK GA HA SA', 'EO GZ HZ SZ GK HK', 'EU GO HO SK SO SU'];

function refusedEverywhere(s: SchnapsenState, name: string): void {
  const game = s.variant === 'bauern' ? bauernschnapsen : talonschnapsen;
  const before = JSON.stringify(s);
  for (const ohne of [undefined, true]) {
    const action = { type: 'announce', game: name, ...(ohne ? { ohne } : {}) } as unknown as SchnapsenAction;
    const r = game.apply(s, s.turn, action);
    expect(r.ok, `${s.phase}: ${name}`).toBe(false);
    if (!r.ok) {
      expect(['badAnnouncement', 'wrongAction']).toContain(r.error.code);
      expect(r.error.message.length).toBeLessThan(200);
    }
  }
  expect(JSON.stringify(s)).toBe(before);
  // The seat still has its real choices, none of them a made-up game.
  const legal = game.legal(s, s.turn);
  expect(legal.length).toBeGreaterThan(0);
  expect(legal.some((a) => a.type === 'announce' && PROTO_NAMES.includes(a.game))).toBe(false);
}

describe('made-up game names ("constructor", "__proto__", …) are refused at every entry point', () => {
  it('apply in the announcements, the raise after being outbid, the raise after the talon and the three-Unter decision', () => {
    const announce = run(newDeal('bauern', HANDS), '2 abheben; 0 trumpf E');
    expect(announce.phase).toBe('announce');
    const talonRules = rulesFor('talon', { talonRaiseBeforeTalon: true, talonRaiseAfterTalon: true });
    const raise = run(newDeal('talon', TALON_HANDS, { talon: 'GU HU', rules: talonRules }), '1 abheben; 0 trumpf E; 0 schnapser; 1 weiter; 2 gang');
    expect(raise.phase).toBe('raise');
    const raiseAfter = run(newDeal('talon', TALON_HANDS, { talon: 'GU HU', rules: talonRules }), '1 abheben; 0 trumpf E; 0 weiter; 1 weiter; 2 weiter; 0 lege GU HU');
    expect(raiseAfter.phase).toBe('raiseAfter');
    const unter = run(newDeal('bauern', ['EU GU HU EA EZ', 'GA GZ GK HA HZ', 'HK HO SU SA SZ', 'SK SO EK EO GO'], { rules: rulesFor('bauern', { blinderBettler: true }) }), '2 abheben');
    expect(unter.phase).toBe('threeUnter');
    for (const name of PROTO_NAMES) for (const s of [announce, raise, raiseAfter, unter]) refusedEverywhere(s, name);
    // Play goes on with a real game: nobody is left to act without a legal action.
    let s = announce;
    for (let i = 0; i < 4; i++) s = run(s, `${s.turn} weiter`);
    expect(s.phase).toBe('spritzen');
    expect(bauernschnapsen.legal(s, s.turn).length).toBeGreaterThan(0);
  });

  it('parseAction refuses them, alone and with "ohne"', () => {
    for (const game of [bauernschnapsen, talonschnapsen]) {
      const rules = rulesFor(game === bauernschnapsen ? 'bauern' : 'talon');
      for (const name of PROTO_NAMES) {
        for (const text of [name, `${name} ohne`, name.toUpperCase()]) {
          const r = game.parseAction(rules, text);
          expect(r.ok, text).toBe(false);
          if (!r.ok) expect(r.error.code).toMatch(/^bad/);
        }
      }
    }
  });

  it('other fields from outside: a suit, a card, a seat, an index that are no such thing', () => {
    const s = run(newDeal('bauern', HANDS), '2 abheben');
    const bad: unknown[] = [{ type: 'trump', suit: '__proto__' }, { type: 'trump', suit: 'constructor' }, { type: 'turn', index: 'valueOf' }, { type: 'constructor' }, { type: '__proto__' }, null, 'EA', 7];
    for (const a of bad) expect(bauernschnapsen.apply(s, 0, a as SchnapsenAction).ok).toBe(false);
    const p = run(s, '0 trumpf E; 0 weiter; 1 weiter; 2 weiter; 3 weiter; 1 weiter; 3 weiter');
    expect(p.phase).toBe('play');
    for (const a of [{ type: 'play', card: 'toString' }, { type: 'meld', suit: 'constructor', points: 40 }, { type: 'meld', suit: 0, points: '__proto__' }]) {
      expect(bauernschnapsen.apply(p, 0, a as unknown as SchnapsenAction).ok).toBe(false);
    }
  });
});

describe('error messages quote a short excerpt of the input, never all of it', () => {
  const huge = 'x'.repeat(1 << 20);
  it('parseAction with a 1 MB text, in every word position', () => {
    const rules = rulesFor('talon');
    for (const text of [huge, `trumpf ${huge}`, `lege ${huge} EA`, `lege EA ${huge}`, `20 ${huge}`, `aufdecken ${huge}`, `weiter ${huge}`, `gang ${huge}`, `E${huge}`, `${huge} ${huge}`]) {
      const r = talonschnapsen.parseAction(rules, text);
      expect(r.ok).toBe(false);
      if (!r.ok) {
        expect(r.error.message.length, text.slice(0, 12)).toBeLessThan(600);
        expect(r.error.message).not.toMatch(/x{41}/);
      }
    }
  });

  it('apply with 1 MB strings in an action or as the seat', () => {
    const s = run(newDeal('bauern', HANDS), '2 abheben');
    const p = run(s, '0 trumpf E; 0 weiter; 1 weiter; 2 weiter; 3 weiter; 1 weiter; 3 weiter');
    const cases: [SchnapsenState, number, unknown][] = [
      [s, 0, { type: 'trump', suit: huge }],
      [s, huge as unknown as number, { type: 'trump', suit: 0 }],
      [run(s, '0 trumpf E'), 0, { type: 'announce', game: huge }],
      [p, 0, { type: 'play', card: huge }],
      [p, 0, { type: 'meld', suit: huge, points: 20 }],
      [p, 0, { type: 'meld', suit: 0, points: huge }],
    ];
    for (const [state, seat, action] of cases) {
      const r = bauernschnapsen.apply(state, seat, action as SchnapsenAction);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error.message.length).toBeLessThan(400);
      if (!r.ok) expect(r.error.message).not.toMatch(/x{41}/);
    }
    const dealer = bauernschnapsen.setup(rulesFor('bauern'), { dealer: huge as unknown as number, deck: s.deck, carry: s.carry });
    expect(!dealer.ok && dealer.error.message.length).toBeLessThan(400);
  });
});
