import { describe, expect, it } from 'vitest';
import { SeededRng } from '../../core/rng.js';
import { unwrap } from '../../core/result.js';
import { dealLayout } from './deal.js';
import type { SchnapsenAction, SchnapsenState } from './state.js';
import { SPECTATOR } from '../game.js';
import type { Variant } from './rules.js';
import { sampleWorld } from './sample.js';
import { gameOf, knownCards, randomDeal, rulesFor, SCHNAPSEN_CONFIGS } from './testing.js';

/**
 * Issue 8 §4: sampled worlds. Every sampled state is a real state of the
 * game that the seat's view could have come from.
 */
const CONFIGS = SCHNAPSEN_CONFIGS;

describe('sampleWorld gives a state the view could have come from (issue 8 §4)', () => {
  it('view(sampleWorld(v, seat), seat) equals v, for random states of every phase, every seat and the spectator (7 rule sets)', () => {
    let checked = 0;
    for (const [variant, preset, overrides] of CONFIGS) {
      const rules = rulesFor(variant, overrides, preset);
      const game = gameOf(variant);
      const rng = new SeededRng(`sample-${variant}-${preset}-${JSON.stringify(overrides)}`);
      for (let i = 0; i < 150; i++) {
        const { states } = randomDeal(variant, rules, rng, i % game.seatCount(rules));
        for (let pick = 0; pick < 3; pick++) {
          const s = states[rng.int(states.length)];
          const seats = [...Array.from({ length: s.seats }, (_, x) => x), SPECTATOR];
          const seat = seats[rng.int(seats.length)];
          const v = game.view(s, seat);
          const w = sampleWorld(v, seat, rng);
          expect(JSON.stringify(game.view(w, seat)), `${variant} ${preset} ${s.phase} seat ${seat}`).toBe(JSON.stringify(v));
          expect(game.events(w, seat, 0)).toEqual(game.events(s, seat, 0));
          expect(game.legal(w, seat)).toEqual(game.legal(s, seat));
          checked++;
        }
      }
    }
    expect(checked).toBe(7 * 450);
  });
});

/** Chi-square critical value for `df` degrees of freedom at a tiny p (about 1e-6), by Wilson and Hilferty. */
function chiSquareLimit(df: number): number {
  const z = 4.75;
  const a = 2 / (9 * df);
  return df * Math.pow(1 - a + z * Math.sqrt(a), 3);
}

function subsets(cards: readonly number[], k: number): number[][] {
  if (k === 0) return [[]];
  if (cards.length < k) return [];
  const [head, ...tail] = cards;
  return [...subsets(tail, k - 1).map((s) => [head, ...s]), ...subsets(tail, k)];
}

/** Every way to put `cards` into locations of these sizes. */
function placements(cards: readonly number[], sizes: readonly number[]): number[][][] {
  if (sizes.length === 0) return cards.length === 0 ? [[]] : [];
  const out: number[][][] = [];
  for (const first of subsets(cards, sizes[0])) {
    const rest = cards.filter((c) => !first.includes(c));
    for (const more of placements(rest, sizes.slice(1))) out.push([first, ...more]);
  }
  return out;
}

const bits = (cards: readonly number[]) => cards.reduce((m, c) => m | (1 << c), 0);
const cardsOfMask = (m: number) => [...Array(20).keys()].filter((c) => m & (1 << c));

/**
 * Every deal consistent with what `seat` sees in `s`, counted exhaustively:
 * the hidden cards in every arrangement over the places they could be (the
 * hands, the talon, the cards laid away), with every choice of the Rufer's
 * first three cards, of the talon the taker found and of the card he turned
 * up; each deck is replayed and kept if the seat's view comes out the same.
 * The other players' first packets never matter, a constant factor left out.
 */
function consistentWorlds(s: SchnapsenState, seat: number, actions: readonly (readonly [number, SchnapsenAction])[]): Map<string, number> {
  const game = gameOf(s.variant);
  const view = JSON.stringify(game.view(s, seat));
  const known = knownCards(game.view(s, seat));
  const hidden = s.deck.filter((c) => !known.has(c));
  // Where the hidden cards lie now, place by place.
  const places: { kind: 'hand' | 'laid' | 'talon'; seat: number }[] = [];
  for (let x = 0; x < s.seats; x++) places.push({ kind: 'hand', seat: x });
  places.push({ kind: 'laid', seat: -1 }, { kind: 'talon', seat: -1 });
  const maskAt = (st: SchnapsenState, i: number) => (i < st.seats ? st.hands[i] : i === st.seats ? st.laidAway : st.talonTaken ? 0 : st.talon);
  const sizes = places.map((_, i) => hidden.filter((c) => maskAt(s, i) & (1 << c)).length);
  const played = Array.from({ length: s.seats }, () => 0);
  for (const [x, a] of actions) if (a.type === 'play') played[x] |= 1 << a.card;
  const taker = s.talonTaken ? s.contract!.declarer : -1;
  const layout = dealLayout(s.variant, s.knocked);
  const counts = new Map<string, number>();
  for (const placed of placements(hidden, sizes)) {
    const now = places.map((_, i) => (maskAt(s, i) & ~bits(hidden)) | bits(placed[i]));
    const laid = now[s.seats];
    const dealtNow = now.slice(0, s.seats).map((h, x) => h | played[x]);
    const talonOptions = taker < 0 ? [now[s.seats + 1]] : subsets(cardsOfMask(dealtNow[taker] | laid), 2).map(bits);
    for (const talon of talonOptions) {
      const dealt = dealtNow.slice();
      if (taker >= 0) dealt[taker] = (dealt[taker] | laid) & ~talon;
      const ruferCards = cardsOfMask(dealt[s.rufer]);
      for (const first of subsets(ruferCards, 3)) {
        const rest = ruferCards.filter((c) => !first.includes(c));
        const deck = new Array<number>(20).fill(-1);
        for (let i = 0; i < s.seats; i++) {
          const x = (s.rufer + i) % s.seats;
          const mine = x === s.rufer ? [...first, ...rest] : cardsOfMask(dealt[x]);
          [...layout.first[i], ...layout.rest[i]].forEach((slot, k) => (deck[slot] = mine[k]));
        }
        layout.talon.forEach((slot, k) => (deck[slot] = cardsOfMask(talon)[k]));
        if (deck.includes(-1)) continue;
        let t = unwrap(game.setup(s.rules, { dealer: s.dealer, deck, carry: s.carry }));
        let ok = true;
        for (const [x, a0] of actions) {
          let a = a0;
          if (a.type === 'lay') a = { type: 'lay', cards: cardsOfMask(laid) as [number, number] };
          if (a.type === 'turn') a = { type: 'turn', index: rest.indexOf(s.turned) + 1 };
          if (a.type === 'keep' && t.phase !== 'threeUnter') continue;
          if (t.phase === 'threeUnter' && a.type !== 'keep' && a.type !== 'redeal' && a.type !== 'announce') t = unwrap(game.apply(t, t.rufer, { type: 'keep' }));
          const r = game.apply(t, x, a);
          if (!r.ok) {
            ok = false;
            break;
          }
          t = r.value;
        }
        if (!ok || JSON.stringify(game.view(t, seat)) !== view) continue;
        const key = JSON.stringify([t.hands, t.laidAway, t.talonTaken ? 0 : t.talon]);
        counts.set(key, (counts.get(key) ?? 0) + 1);
      }
    }
  }
  return counts;
}

describe('sampled worlds are uniform over the consistent deals (issue 8 §4)', () => {
  const cases: [string, Variant, number, (s: SchnapsenState) => number][] = [
    ['Bauernschnapsen, an opponent of the Rufer after three tricks', 'bauern', 3, (s) => (s.rufer + 1) % 4],
    ['Bauernschnapsen, the Rufer after three tricks', 'bauern', 3, (s) => s.rufer],
    ['Bauernschnapsen, a spectator after four tricks', 'bauern', 4, () => SPECTATOR],
    ['Talonschnapsen, an opponent after five tricks (the cards laid away unknown)', 'talon', 5, (s) => (s.rufer + 1) % 3],
    ['Talonschnapsen, the Rufer after four tricks', 'talon', 4, (s) => s.rufer],
  ];
  it.each(cases)('%s: chi-square against exhaustive enumeration', (_name, variant, tricks, seatOf) => {
    const rules = rulesFor(variant);
    const game = gameOf(variant);
    const rng = new SeededRng(`uniform-${variant}-${tricks}-${_name}`);
    let tested = 0;
    for (let tries = 0; tries < 400 && tested < 3; tries++) {
      const { states, actions } = randomDeal(variant, rules, rng, tries % game.seatCount(rules), undefined, true);
      const k = states.findIndex((s) => s.phase === 'play' && s.trick.length === 0 && s.tricks.length === tricks && s.contract?.game === 'normal');
      if (k < 0) continue;
      const s = states[k];
      const seat = seatOf(s);
      if (s.turned >= 0 && !(s.tricks.some((t) => t.cards.some((p) => p.card === s.turned)) || (seat >= 0 && s.hands[seat] & (1 << s.turned)))) continue;
      const worlds = consistentWorlds(s, seat, actions.slice(0, k));
      const truth = JSON.stringify([s.hands, s.laidAway, s.talonTaken ? 0 : s.talon]);
      expect(worlds.get(truth)).toBeGreaterThan(0);
      if (worlds.size < 4) continue;
      const total = [...worlds.values()].reduce((a, b) => a + b, 0);
      const n = Math.max(1500, 25 * worlds.size);
      const seen = new Map<string, number>();
      const v = game.view(s, seat);
      for (let i = 0; i < n; i++) {
        const w = sampleWorld(v, seat, rng);
        const key = JSON.stringify([w.hands, w.laidAway, w.talonTaken ? 0 : w.talon]);
        expect(worlds.has(key), 'a sampled world the enumeration does not know').toBe(true);
        seen.set(key, (seen.get(key) ?? 0) + 1);
      }
      let chi = 0;
      for (const [key, weight] of worlds) {
        const expected = (n * weight) / total;
        const o = seen.get(key) ?? 0;
        chi += ((o - expected) * (o - expected)) / expected;
      }
      expect(chi, `${worlds.size} worlds, ${n} samples`).toBeLessThan(chiSquareLimit(worlds.size - 1));
      tested++;
    }
    expect(tested).toBe(3);
  });
});
