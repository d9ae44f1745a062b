import { describe, expect, it } from 'vitest';
import { maskCards } from '../../cards/mask.js';
import { SeededRng } from '../../core/rng.js';
import { SPECTATOR } from '../game.js';
import { CARDS } from './cards.js';
import { dealOrder, handPosition, stepOf } from './deal.js';
import { apply } from './engine.js';
import { karnoeffelModule } from './module.js';
import { publicActions, sampleWorld } from './sample.js';
import type { KarnoeffelState, KarnoeffelView } from './state.js';
import { randomAction, randomDeal, replay, rulesOf, KARNOEFFEL_CONFIGS } from './testing.js';
import { view } from './view.js';

/** The chi-square value that a uniform sample exceeds with probability about 1e-6 (Wilson–Hilferty). */
function chiSquareCritical(df: number): number {
  const z = 4.753;
  const a = 2 / (9 * df);
  return df * (1 - a + z * Math.sqrt(a)) ** 3;
}

function chiSquare(counts: ReadonlyMap<string, number>, keys: readonly string[], samples: number): number {
  const expected = samples / keys.length;
  let chi = 0;
  for (const k of keys) chi += ((counts.get(k) ?? 0) - expected) ** 2 / expected;
  return chi;
}

const seatsOf = (n: number) => [SPECTATOR, ...Array.from({ length: n }, (_, s) => s)];

describe('sampled worlds agree with the view they come from (issue 8 §4)', () => {
  for (const [preset, n] of KARNOEFFEL_CONFIGS) {
    it(`${preset}, ${n} players: view(sampleWorld(v, seat)) = v; the world is the replay of the public actions from its deck, and plays on`, () => {
      const rules = rulesOf({ players: n }, preset);
      const rng = new SeededRng(`sample-${preset}-${n}`);
      const deals = n >= 6 ? 250 : 400;
      for (let d = 0; d < deals; d++) {
        const deal = randomDeal(rules, rng, d % 4 === 0 ? 'deal' : 'any');
        for (const seat of seatsOf(n)) {
          const v = view(deal.state, seat);
          const world = karnoeffelModule.search!.sampleWorld(v, seat, rng);
          const again = JSON.stringify(view(world, seat));
          if (again !== JSON.stringify(v)) expect.fail(`deal ${d}, seat ${seat}: the sampled world shows another view\n${JSON.stringify(v)}\n${again}`);
          // built directly, the world equals the replay of the same public actions from its deck
          const replayed = replay(rules, world.dealer, world.deck, world.drawn, world.points, publicActions(v.events));
          expect(JSON.stringify(world)).toBe(JSON.stringify(replayed));
          // it is a complete deal: every card once, and the deal goes on from it
          expect([...world.deck].sort((a, b) => a - b)).toEqual(Array.from({ length: CARDS }, (_, c) => c));
          if (seat === 0 && world.phase !== 'done') {
            let s: KarnoeffelState = world;
            while (s.phase !== 'done') {
              const [who, a] = randomAction(s, rng);
              const r = apply(s, who, a);
              if (!r.ok) expect.fail(r.error.message);
              s = r.value;
            }
          }
        }
      }
    });
  }

  it('refuses a view of another seat', () => {
    const rules = rulesOf({ players: 4 });
    const { state } = randomDeal(rules, new SeededRng(1), 'play');
    expect(() => sampleWorld(view(state, 1), 2, new SeededRng(2))).toThrow(/seat 1's, not seat 2's/);
  });
});

/** The hands of the seats whose cards `seat` cannot fully see: what differs between worlds in the card play. */
function hiddenHands(state: KarnoeffelState, v: KarnoeffelView): string {
  const visible = new Set([v.seat, ...v.seen.map((h) => h.seat)]);
  return state.hands.map((m, s) => (visible.has(s) ? '' : maskCards(m).join(','))).join('|');
}

/** Every consistent assignment of the unknown cards to the hidden hands, by `hiddenHands` key; undefined if there are more than `max`. */
function enumerateWorlds(v: KarnoeffelView, max: number): string[] | undefined {
  const n = v.players;
  const visible = new Set([v.seat, ...v.seen.map((h) => h.seat)]);
  const placed = new Set<number>([...v.hand, ...v.seen.flatMap((h) => h.cards), ...v.faceUp.filter((c) => c >= 0)]);
  for (const e of v.events) if (e.type === 'play') placed.add(e.card);
  const pool = Array.from({ length: CARDS }, (_, c) => c).filter((c) => !placed.has(c));
  const playedCards = new Set(v.events.flatMap((e) => (e.type === 'play' ? [e.card] : [])));
  const fixed = Array.from({ length: n }, (_, s) => (v.faceUp[s] >= 0 && !playedCards.has(v.faceUp[s]) ? [v.faceUp[s]] : []));
  const slots = Array.from({ length: n }, (_, s) => (visible.has(s) ? 0 : v.handSizes[s] - fixed[s].length));
  // how many: the pool cards placed into the slots, each hand's slots unordered
  let count = 1;
  let free = pool.length;
  for (const k of slots) {
    for (let i = 0; i < k; i++) count = (count * (free - i)) / (i + 1);
    free -= k;
  }
  if (count > max) return undefined;
  const out: string[] = [];
  const hands: number[][] = fixed.map((f) => [...f]);
  const used = new Set<number>();
  const fill = (s: number, from: number) => {
    if (s === n) {
      out.push(hands.map((h, i) => (visible.has(i) ? '' : [...h].sort((a, b) => a - b).join(','))).join('|'));
      return;
    }
    if (hands[s].length - fixed[s].length === slots[s]) return fill(s + 1, 0);
    for (let k = from; k < pool.length; k++) {
      const c = pool[k];
      if (used.has(c)) continue;
      used.add(c);
      hands[s].push(c);
      fill(s, k + 1);
      hands[s].pop();
      used.delete(c);
    }
  };
  fill(0, 0);
  return out;
}

describe('sampled worlds are uniform over the consistent worlds (chi-square against exhaustive enumeration)', () => {
  const cases: [string, number, number][] = [
    ['leyden-dummett', 2, 45],
    ['leyden-dummett', 4, 45],
    ['leyden-dummett', 6, 60],
    ['leyden-dummett', 8, 120],
    ['landsknecht', 8, 120],
  ];
  for (const [preset, n, maxWorlds] of cases) {
    it(`${preset}, ${n} players: late positions with few unknown cards`, () => {
      const rules = rulesOf({ players: n }, preset);
      const rng = new SeededRng(`uniform-${preset}-${n}`);
      let tested = 0;
      for (let attempt = 0; attempt < 4000 && tested < 3; attempt++) {
        const { state } = randomDeal(rules, rng, 'play');
        const seat = seatsOf(n)[1 + rng.int(n)];
        const v = view(state, seat);
        const worlds = enumerateWorlds(v, maxWorlds);
        if (worlds === undefined || worlds.length < 2) continue;
        tested++;
        const known = new Set(worlds);
        expect(known.size).toBe(worlds.length);
        const samples = 80 * worlds.length;
        const counts = new Map<string, number>();
        for (let i = 0; i < samples; i++) {
          const key = hiddenHands(sampleWorld(v, seat, rng), v);
          if (!known.has(key)) expect.fail(`a sampled world outside the consistent ones: ${key}`);
          counts.set(key, (counts.get(key) ?? 0) + 1);
        }
        const chi = chiSquare(counts, worlds, samples);
        expect(chi).toBeLessThan(chiSquareCritical(worlds.length - 1));
      }
      expect(tested).toBe(3);
    });
  }

  it('during the deal, every unknown card is equally likely at every hidden position, the undealt ones included', () => {
    for (const [preset, n] of [['leyden-dummett', 4], ['landsknecht', 6]] as const) {
      const rules = rulesOf({ players: n }, preset);
      const rng = new SeededRng(`uniform-deal-${preset}-${n}`);
      let deal = randomDeal(rules, rng, 'deal');
      // a pause of the second round: some face-down cards are out, most are not
      while (deal.state.received.reduce((a, b) => a + b, 0) <= n) deal = randomDeal(rules, rng, 'deal');
      const seat = 0;
      const v = view(deal.state, seat);
      const order = dealOrder(v.dealer, stepOf(rules), n);
      const opponent = order.find((s) => s % 2 !== seat % 2 && v.received[s] >= 3)!;
      const dealtDown = handPosition(n, order.indexOf(opponent), 1);
      const undealt = CARDS - 1;
      const samples = 60_000;
      const at = (p: number) => {
        const counts = new Map<string, number>();
        for (let i = 0; i < samples / 2; i++) {
          const key = String(sampleWorld(v, seat, rng).deck[p]);
          counts.set(key, (counts.get(key) ?? 0) + 1);
        }
        return counts;
      };
      const known = new Set([...v.hand, ...v.seen.flatMap((h) => h.cards), ...v.faceUp.filter((c) => c >= 0)]);
      const pool = Array.from({ length: CARDS }, (_, c) => String(c)).filter((c) => !known.has(Number(c)));
      for (const p of [dealtDown, undealt]) {
        const counts = at(p);
        expect([...counts.keys()].every((k) => pool.includes(k))).toBe(true);
        expect(chiSquare(counts, pool, samples / 2)).toBeLessThan(chiSquareCritical(pool.length - 1));
      }
    }
  });
});
