import { describe, expect, it } from 'vitest';
import { popcount32 } from '../../cards/bits.js';
import { SeededRng, type Rng } from '../../core/rng.js';
import { SPECTATOR, type Seat } from '../game.js';
import { schafkopfPack } from './cards.js';
import { schafkopf } from './game.js';
import { sampleWorld } from './sample.js';
import type { SchafkopfRules } from './rules.js';
import type { SchafkopfState } from './state.js';
import type { SchafkopfView } from './view.js';
import { advance, deal, play, randomDeal, randomPlayState, replay, rulesOf, VARIANTS } from './testing.js';

/**
 * Sampled worlds (issue 8 §4): a sampled state shows the seat exactly its
 * view, is a true continuation (the deck that deals its hands, replayed
 * with the view's actions, gives the same state), and on small positions
 * every consistent deal is equally likely (chi-square against an exhaustive
 * enumeration whose oracle is the public API itself).
 */

const SEATS: readonly Seat[] = [0, 1, 2, 3, SPECTATOR];

function assert(condition: boolean, message: () => string): void {
  if (!condition) throw new Error(message());
}

/** The sampled state is the state its deck and the view's actions reach. */
function checkReplay(s: SchafkopfState, where: string): void {
  const r = replay(s.rules, s.dealer, s.carry, s.dealt, s.firstHalf, s.events);
  assert(r.ok, () => `${where}: the sampled deal does not replay: ${r.ok ? '' : r.error.message}`);
  if (r.ok) assert(JSON.stringify(r.value) === JSON.stringify(s), () => `${where}: the replayed state differs from the sampled one`);
}

describe('sampled worlds', () => {
  it('show the seat exactly its view and replay from their deck, in every phase of every variant, for every seat and a spectator', () => {
    const rng = new SeededRng(31);
    let samples = 0;
    for (const { name, rules } of VARIANTS) {
      for (let d = 0; d < 35; d++) {
        let state = randomDeal(rules, rng);
        for (let step = 0; ; step++) {
          if (rng.int(4) === 0) {
            for (const seat of SEATS) {
              const v = schafkopf.view(state, seat);
              const text = JSON.stringify(v);
              const world = sampleWorld(v, seat, rng);
              const where = `${name}, deal ${d}, step ${step}, seat ${seat}`;
              assert(JSON.stringify(schafkopf.view(world, seat)) === text, () => `${where}: the sampled world shows another view`);
              assert(JSON.stringify(v) === text, () => `${where}: sampling changed the view`);
              checkReplay(world, where);
              samples++;
            }
          }
          if (state.phase === 'done') break;
          state = advance(state, rng, 1);
        }
      }
    }
    expect(samples).toBeGreaterThan(5000);
  });

  it('deal the hidden cards afresh: other hands differ from sample to sample', () => {
    const rng = new SeededRng(32);
    const state = randomPlayState(VARIANTS[0].rules, rng, 6)!;
    const v = schafkopf.view(state, 0);
    const seen = new Set<string>();
    for (let i = 0; i < 50; i++) seen.add(JSON.stringify(sampleWorld(v, 0, rng).hands));
    expect(seen.size).toBeGreaterThan(40);
  });

  it('keep what the table knows: the caller’s plain card and not the Sau, the Sau to whoever must hold it, voids', () => {
    // Deal A: seat 0 calls the Gras-Sau (seat 2 holds it with GZ GK).
    const A = ['EO GO HO EU HA HZ G9 S7', 'SO GU HK H9 EA EZ S9 S8', 'GA GZ GK SU H8 EK E9 E8', 'HU H7 SA SZ SK E7 G8 G7'];
    const rules = rulesOf('aumer-koller', { stoss: false });
    const s = play(deal(rules, A), 'rufspiel G, weiter, weiter, weiter', 'S7, S8, SU, SK');
    const pack = schafkopfPack(false);
    const rng = new SeededRng(33);
    const ga = 1 << pack.cards.find((c) => schafkopf.formatAction(rules, { type: 'play', card: c }) === 'GA')!;
    const gras = [...pack.cards].filter((c) => ['G9', 'G8', 'G7', 'GZ', 'GK', 'GA'].includes(schafkopf.formatAction(rules, { type: 'play', card: c }))).reduce((m, c) => m | (1 << c), 0);
    for (let i = 0; i < 300; i++) {
      const w = sampleWorld(schafkopf.view(s, 1), 1, rng);
      // The caller never holds the called Sau, and held a plain Gras card.
      expect(w.dealt[0] & ga).toBe(0);
      expect(w.dealt[0] & gras & ~ga).not.toBe(0);
    }
    // Seat 2 knows it holds it: in its worlds nobody else does.
    for (let i = 0; i < 100; i++) expect(sampleWorld(schafkopf.view(s, 2), 2, rng).dealt[2] & ga).toBe(ga);
    // The Gras is led for the first time by seat 1, and seat 2 follows with a Gras that is not the Sau: so seat 2
    // does not hold it (it would have had to play it), and seat 1 holds it only if it ran away with four Gras.
    const B = ['EO GO HO EU HA HZ G9 S7', 'G7 SO GU HK H9 EA EZ S9', 'G8 GZ SU H8 EK E9 E8 S8', 'GA GK HU H7 SA SZ SK E7'];
    const t = play(deal(rules, B, 0), 'weiter, weiter, weiter, rufspiel G', 'G7, G8');
    const holders = [0, 0, 0, 0];
    for (let i = 0; i < 400; i++) {
      const w = sampleWorld(schafkopf.view(t, 0), 0, rng);
      const holder = w.dealt.findIndex((h) => (h & ga) !== 0);
      holders[holder]++;
      if (holder === 1) expect(popcount32(w.dealt[1] & gras)).toBe(4);
    }
    expect(holders[0] + holders[2]).toBe(0);
    expect(holders[1]).toBeGreaterThan(0);
    expect(holders[3]).toBeGreaterThan(holders[1]);
  });
});

/** Every assignment of the hidden cards to the seats' open places. */
function* assignments(cards: number[], seats: Seat[], caps: number[], at = 0, hands: number[] = [0, 0, 0, 0]): Generator<number[]> {
  if (at === cards.length) {
    yield hands.slice();
    return;
  }
  for (let i = 0; i < seats.length; i++) {
    const s = seats[i];
    if (popcount32(hands[s]) >= caps[i]) continue;
    hands[s] |= 1 << cards[at];
    yield* assignments(cards, seats, caps, at + 1, hands);
    hands[s] &= ~(1 << cards[at]);
  }
}

/** The consistent worlds of a view, by the public API: each assignment of the hidden cards whose replay accepts every action and shows the same view. */
function consistentWorlds(state: SchafkopfState, v: SchafkopfView, seat: Seat): Set<string> {
  const known = [0, 0, 0, 0];
  const played = [0, 0, 0, 0];
  for (const t of [...state.tricks, ...(state.trick ? [state.trick] : [])]) t.cards.forEach((c, i) => (played[(t.leader + i) % 4] |= 1 << c));
  let hidden = 0;
  for (let s = 0; s < 4; s++) if (s !== seat) hidden |= state.hands[s];
  const cards = [...Array(32).keys()].filter((c) => ((hidden >>> c) & 1) === 1);
  const seats = [0, 1, 2, 3].filter((s) => s !== seat && state.hands[s] !== 0);
  const caps = seats.map((s) => popcount32(state.hands[s]));
  const worlds = new Set<string>();
  const text = JSON.stringify(v);
  for (const h of assignments(cards, seats, caps)) {
    const hands = [0, 1, 2, 3].map((s) => (s === seat ? state.hands[s] : h[s]) | known[s]);
    const dealt = hands.map((x, s) => (x | played[s]) >>> 0);
    // Any split into halves will do in the play: the first halves count only in the Klopfen round.
    const firstHalf = dealt.map((d) => {
      let m = 0;
      let n = 0;
      for (let c = 0; c < 32 && n < popcount32(d) / 2; c++) if (((d >>> c) & 1) === 1) ((m |= 1 << c), n++);
      return m >>> 0;
    });
    const r = replay(state.rules, state.dealer, state.carry, dealt, firstHalf, state.events);
    if (r.ok && JSON.stringify(schafkopf.view(r.value, seat)) === text) worlds.add(JSON.stringify(hands.map((x) => x >>> 0)));
  }
  return worlds;
}

/** The chi-square value above which a uniform sample is rejected at p = 1e-6 (Wilson–Hilferty). */
function critical(df: number): number {
  const z = 4.753;
  const a = 2 / (9 * df);
  return df * (1 - a + z * Math.sqrt(a)) ** 3;
}

/** Late positions (few hidden cards) of a variant, with more than one consistent world. */
function latePosition(rules: SchafkopfRules, rng: Rng, want: (s: SchafkopfState) => boolean): SchafkopfState {
  for (;;) {
    const perHand = rules.kurzeKarte ? 6 : 8;
    const s = randomPlayState(rules, rng, 4 * (perHand - 3) + 1 + rng.int(6));
    if (s && s.phase === 'play' && want(s)) return s;
  }
}

describe('sampled worlds are uniform over the consistent deals', () => {
  const cases: [string, SchafkopfRules, (s: SchafkopfState) => boolean][] = [
    ['Rufspiel, the called Sau still out', rulesOf('aumer-koller'), (s) => s.contract!.kind === 'rufspiel' && !s.searched],
    ['Rufspiel, searched', rulesOf('aumer-koller'), (s) => s.contract!.kind === 'rufspiel' && s.searched],
    ['Solo or Wenz', rulesOf('sauspiel'), (s) => s.contract!.kind === 'solo' || s.contract!.kind === 'wenz'],
    ['Bettel with Stichzwang', rulesOf('aumer-koller', { bettel: true, bettelStichzwang: true }), (s) => s.contract!.kind === 'bettel'],
    ['Ramsch', rulesOf('aumer-koller', { stoss: false }), (s) => s.contract!.kind === 'ramsch'],
    ['kurze Karte', rulesOf('aumer-koller', { kurzeKarte: true }), () => true],
  ];
  for (const [name, rules, want] of cases) {
    it(`${name}: chi-square against every consistent world`, () => {
      const rng = new SeededRng(`uniform ${name}`);
      let tested = 0;
      for (let attempt = 0; tested < 3 && attempt < 200; attempt++) {
        const state = latePosition(rules, rng, want);
        const seat = ([0, 1, 2, 3] as Seat[]).filter((s) => s !== state.turn)[rng.int(3)];
        const v = schafkopf.view(state, seat);
        const worlds = consistentWorlds(state, v, seat);
        if (worlds.size < 3 || worlds.size > 600) continue;
        const n = Math.max(3000, 25 * worlds.size);
        const tally = new Map<string, number>();
        for (let i = 0; i < n; i++) {
          const w = sampleWorld(v, seat, rng);
          const key = JSON.stringify(w.hands);
          assert(worlds.has(key), () => `${name}: sampled a world the rules do not allow: ${key}`);
          tally.set(key, (tally.get(key) ?? 0) + 1);
        }
        const expected = n / worlds.size;
        let chi = 0;
        for (const key of worlds) chi += ((tally.get(key) ?? 0) - expected) ** 2 / expected;
        expect(chi, `${name}: ${worlds.size} worlds, ${n} samples`).toBeLessThan(critical(worlds.size - 1));
        tested++;
      }
      expect(tested).toBe(3);
    });
  }
});
