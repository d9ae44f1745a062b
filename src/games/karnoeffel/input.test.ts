import { describe, expect, it } from 'vitest';
import { SeededRng } from '../../core/rng.js';
import { SPECTATOR } from '../game.js';
import { apply, legal, toAct } from './engine.js';
import { karnoeffel } from './game.js';
import { parseAction } from './notation.js';
import { checkKarnoeffelStart } from './sitting.js';
import type { KarnoeffelAction, KarnoeffelState } from './state.js';
import { passToPlay, randomAction, randomDeal, rulesOf, start, KARNOEFFEL_CONFIGS } from './testing.js';
import { view } from './view.js';

/** Names that a plain object would find on its prototype. */
const PROTO_NAMES = ['constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf'];
const MB = 'x'.repeat(1 << 20);
const SHORT = 200;

function refused(r: { ok: boolean; error?: { code: string; message: string } }, code?: string): string {
  expect(r.ok).toBe(false);
  if (r.ok || !r.error) return '';
  if (code) expect(r.error.code).toBe(code);
  expect(r.error.message.length).toBeLessThan(SHORT);
  return r.error.message;
}

describe('names from outside are looked up safely (issue 7 §2.1)', () => {
  const s = start(rulesOf({ players: 4 }), 0, {});
  const playing = passToPlay(s);

  it('parseAction refuses prototype names as words, cards and advice parts', () => {
    for (const name of PROTO_NAMES) {
      refused(parseAction(name), 'badAction');
      refused(parseAction(`play ${name}`), 'badCard');
      refused(parseAction(`advise ${name} "x"`), 'badAction');
      refused(parseAction(`advise @${name} "x"`), 'badAction');
    }
  });

  it('apply refuses prototype names as action types, cards, seats, addressees and fields', () => {
    const seat = toAct(s)[0];
    const announcing = start(rulesOf({ players: 4 }), 0, {}, [40, 0]);
    expect(legal(announcing, 0)).toContainEqual({ type: 'announce' });
    const legalCard = (legal(playing, toAct(playing)[0])[0] as { card: number }).card;
    for (const name of PROTO_NAMES) {
      const msg = refused(apply(s, seat, { type: name } as unknown as KarnoeffelAction), 'badAction');
      expect(msg).toContain('unknown action');
      refused(apply(playing, toAct(playing)[0], { type: 'play', card: name } as unknown as KarnoeffelAction), 'badCard');
      refused(apply(s, name as unknown as number, { type: 'pass' }), 'badSeat');
      refused(apply(s, 3, { type: 'advise', message: 'hi', to: name } as unknown as KarnoeffelAction), 'badAdvice');
      refused(apply(s, 3, { type: 'advise', message: 'hi', card: name } as unknown as KarnoeffelAction), 'badAdvice');
      // the announcement takes no name: a field it does not have is refused, even where the announcement is allowed
      refused(apply(announcing, 0, { type: 'announce', game: name } as unknown as KarnoeffelAction), 'badAction');
      refused(apply(announcing, 0, { type: 'announce', [name]: 1 } as unknown as KarnoeffelAction), 'badAction');
      refused(apply(playing, toAct(playing)[0], JSON.parse(`{"type":"play","card":${legalCard},"${name}":1}`)), 'badAction');
    }
  });

  it('a record start with prototype names as lots is refused', () => {
    const rules = rulesOf({ players: 4 });
    for (const name of PROTO_NAMES) {
      const problem = checkKarnoeffelStart(rules, { lots: [name, 'S5', 'E9', 'HK'], seatOf: [0, 1, 2, 3], firstDealer: 0 });
      expect(problem).toMatch(/not a card/);
    }
  });
});

describe('no error message echoes more than an excerpt of its input (issue 7 §2.3)', () => {
  const s = start(rulesOf({ players: 4 }), 0, {});
  const playing = passToPlay(s);

  it('1 MB of action text', () => {
    for (const text of [MB, `play ${MB}`, `advise ${MB}`, `advise @1 GU "${MB}`, `advise "${MB}" "x"`, `advise ${MB} "x"`, `${MB} raise`]) {
      refused(parseAction(text));
    }
    // a message that reads well but is far too long is refused by the rules, briefly
    const long = parseAction(`advise @3 "${MB}"`);
    expect(long.ok).toBe(true);
    if (long.ok) refused(apply(s, 1, long.value), 'badAdvice');
  });

  it('1 MB in the fields of an action, or as a seat', () => {
    refused(apply(s, toAct(s)[0], { type: MB } as unknown as KarnoeffelAction), 'badAction');
    refused(apply(playing, toAct(playing)[0], { type: 'play', card: MB } as unknown as KarnoeffelAction), 'badCard');
    refused(apply(s, MB as unknown as number, { type: 'pass' }), 'badSeat');
    refused(apply(s, 3, { type: 'advise', message: 'hi', to: MB } as unknown as KarnoeffelAction), 'badAdvice');
    refused(karnoeffel.setup(rulesOf({ players: 4 }), { dealer: MB as unknown as number, deck: [], carry: { points: [0, 0] } }), 'badDealer');
    const problem = checkKarnoeffelStart(rulesOf({ players: 4 }), { lots: [MB, 'S5', 'E9', 'HK'], seatOf: [MB], firstDealer: MB });
    expect(problem!.length).toBeLessThan(SHORT);
  });
});

/** Changes everything reachable in a value: numbers, strings, booleans, arrays (grown too) and nested objects. */
function vandalize(x: unknown, depth = 0): void {
  if (x === null || typeof x !== 'object' || depth > 10) return;
  if (Array.isArray(x)) {
    for (let i = 0; i < x.length; i++) {
      if (typeof x[i] === 'object') vandalize(x[i], depth + 1);
      else x[i] = typeof x[i] === 'number' ? 77 : typeof x[i] === 'string' ? 'vandal' : !x[i];
    }
    x.push(99);
    return;
  }
  const o = x as Record<string, unknown>;
  for (const k of Object.keys(o)) {
    const v = o[k];
    if (typeof v === 'object' && v !== null) vandalize(v, depth + 1);
    else o[k] = typeof v === 'number' ? 77 : typeof v === 'string' ? 'vandal' : typeof v === 'boolean' ? !v : v;
  }
  o.extra = 'added';
}

describe('views and events are fresh values (issue 7 §2.2)', () => {
  for (const [preset, n] of KARNOEFFEL_CONFIGS) {
    it(`${preset}, ${n} players: changing a view or events changes neither the state nor later views`, () => {
      const rules = rulesOf({ players: n }, preset);
      const rng = new SeededRng(`fresh-${preset}-${n}`);
      for (let d = 0; d < 60; d++) {
        const { state } = randomDeal(rules, rng, 'any');
        const before = JSON.stringify(state);
        for (const seat of [SPECTATOR, ...Array.from({ length: n }, (_, s) => s)]) {
          const v = view(state, seat);
          const clean = JSON.stringify(v);
          vandalize(v);
          const evs = karnoeffel.events(state, seat, 0);
          const cleanEvents = JSON.stringify(evs);
          vandalize(evs);
          expect(JSON.stringify(state)).toBe(before);
          expect(JSON.stringify(view(state, seat))).toBe(clean);
          expect(JSON.stringify(karnoeffel.events(state, seat, 0))).toBe(cleanEvents);
        }
        // the state still plays to its end
        let s: KarnoeffelState = state;
        while (s.phase !== 'done') {
          const [seat, a] = randomAction(s, rng);
          const r = apply(s, seat, a);
          if (!r.ok) expect.fail(r.error.message);
          s = r.value;
        }
        expect(JSON.stringify(state)).toBe(before);
      }
    });
  }
});

describe('a spectator sees what is public only', () => {
  it('no hand, no seen hands, no legal action; the same events as everyone', () => {
    for (const [preset, n] of KARNOEFFEL_CONFIGS) {
      const rules = rulesOf({ players: n }, preset);
      const rng = new SeededRng(`spectator-${n}`);
      for (let d = 0; d < 20; d++) {
        const { state } = randomDeal(rules, rng, 'any');
        const v = view(state, SPECTATOR);
        expect(v.seat).toBe(SPECTATOR);
        expect(v.hand).toEqual([]);
        expect(v.seen).toEqual([]);
        expect(legal(state, SPECTATOR)).toEqual([]);
        expect(karnoeffel.events(state, SPECTATOR, 0)).toEqual(karnoeffel.events(state, 0, 0));
        // the spectator's view is a seat's view without that seat's hands
        const seat0 = view(state, 0);
        expect({ ...v, seat: 0, hand: seat0.hand, seen: seat0.seen }).toEqual(seat0);
      }
    }
  });
});
