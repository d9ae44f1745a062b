import { describe, expect, it } from 'vitest';
import { SeededRng } from '../../core/rng.js';
import { SPECTATOR } from '../game.js';
import { dealOrder, handPosition, stepOf } from './deal.js';
import { legal, mayAct, toAct } from './engine.js';
import { karnoeffel } from './game.js';
import type { KarnoeffelState } from './state.js';
import { sees } from './talk.js';
import { randomDeal, replay, rulesOf, KARNOEFFEL_CONFIGS } from './testing.js';
import { view } from './view.js';

/**
 * The deck positions whose cards `seat` cannot know: face-down cards dealt
 * to a hand it may not see and not yet played, and every position not yet
 * dealt. Face-up cards, played cards and the hands it sees stay put.
 */
export function hiddenPositions(state: KarnoeffelState, seat: number): number[] {
  const n = state.rules.players;
  const order = dealOrder(state.dealer, stepOf(state.rules), n);
  const played = new Set(state.tricks.flatMap((t) => t.cards).concat(state.trick));
  const out: number[] = [];
  const dealt = new Set<number>();
  order.forEach((holder, i) => {
    for (let j = 0; j < state.received[holder]; j++) {
      const p = handPosition(n, i, j);
      dealt.add(p);
      const known = j === 0 || holder === seat || (seat >= 0 && sees(state.rules, seat, holder)) || played.has(state.deck[p]);
      if (!known) out.push(p);
    }
  });
  for (let p = 0; p < 48; p++) if (!dealt.has(p)) out.push(p);
  return out;
}

const snapshot = (s: KarnoeffelState, seat: number) =>
  JSON.stringify({
    view: view(s, seat),
    events: karnoeffel.events(s, seat, 0),
    legal: legal(s, seat),
    toAct: toAct(s),
    mayAct: mayAct(s),
    over: s.phase === 'done',
    outcome: s.outcome,
  });

describe('who may act (issue 8 §2)', () => {
  for (const [preset, n] of KARNOEFFEL_CONFIGS) {
    it(`${preset}, ${n} players: a seat is in mayAct iff it has a legal action; toAct ⊆ mayAct`, () => {
      const rules = rulesOf({ players: n }, preset);
      const rng = new SeededRng(`mayact-${preset}-${n}`);
      let outside = 0;
      for (let d = 0; d < 300; d++) {
        const { state } = randomDeal(rules, rng, 'any');
        const may = mayAct(state);
        for (let seat = 0; seat < n; seat++) expect(may.includes(seat)).toBe(legal(state, seat).length > 0);
        for (const seat of toAct(state)) expect(may).toContain(seat);
        outside += may.filter((s) => !toAct(state).includes(s)).length;
        if (state.phase === 'done') expect(may).toEqual([]);
      }
      // advice and the announcement come from seats outside the turn order
      if (n > 2) expect(outside).toBeGreaterThan(0);
    });
  }
});

describe('numbered events per seat (issue 8 §2)', () => {
  it('every seat and the spectator get every number 0 .. n-1 without gaps, from any `since`', () => {
    for (const [preset, n] of KARNOEFFEL_CONFIGS) {
      const rules = rulesOf({ players: n }, preset);
      const rng = new SeededRng(`numbers-${preset}-${n}`);
      for (let d = 0; d < 50; d++) {
        const { state } = randomDeal(rules, rng, 'any');
        const count = state.events.length;
        for (const seat of [SPECTATOR, ...Array.from({ length: n }, (_, s) => s)]) {
          const all = karnoeffel.events(state, seat, 0);
          expect(all.map((e) => e.n)).toEqual(Array.from({ length: count }, (_, i) => i));
          const since = rng.int(count + 2);
          expect(karnoeffel.events(state, seat, since).map((e) => e.n)).toEqual(all.slice(since).map((e) => e.n));
          expect(all.map((e) => e.event)).toEqual(view(state, seat).events);
        }
        expect(karnoeffel.events(state, 0, -5)).toHaveLength(count);
      }
    }
  });

  it('the stream tells the deal: cards face up, raises, plays, tricks with their winner, the end with its result', () => {
    const rules = rulesOf({ players: 4 });
    const rng = new SeededRng('story');
    let d = randomDeal(rules, rng, 'any');
    while (d.state.phase !== 'done' || d.state.outcome?.by !== 'tricks') d = randomDeal(rules, rng, 'any');
    const types = new Set(karnoeffel.events(d.state, 0, 0).map((e) => e.event.type));
    for (const t of ['up', 'down', 'trump', 'pass', 'play', 'trick', 'end']) expect(types).toContain(t);
    const end = d.state.events.at(-1);
    expect(end).toEqual({ type: 'end', team: d.state.outcome!.winner, value: d.state.outcome!.value, by: 'tricks' });
  });
});

describe('hidden cards make no difference to what a seat sees (issue 8 §2 property)', () => {
  for (const [preset, n] of KARNOEFFEL_CONFIGS) {
    it(`${preset}, ${n} players: swapping cards a seat cannot know changes neither its view, its events, its legal actions nor the end`, () => {
      const rules = rulesOf({ players: n }, preset);
      const rng = new SeededRng(`hidden-${preset}-${n}`);
      const states = n >= 6 ? 250 : 400;
      let moved = 0;
      for (let d = 0; d < states; d++) {
        const deal = randomDeal(rules, rng, d % 3 === 0 ? 'deal' : 'any');
        for (const seat of [SPECTATOR, ...Array.from({ length: n }, (_, s) => s)]) {
          const hidden = hiddenPositions(deal.state, seat);
          const deck = [...deal.deck];
          // a uniform random permutation of the hidden positions' cards
          for (let i = hidden.length - 1; i > 0; i--) {
            const j = rng.int(i + 1);
            [deck[hidden[i]], deck[hidden[j]]] = [deck[hidden[j]], deck[hidden[i]]];
          }
          const other = replay(rules, deal.dealer, deck, deal.drawn, deal.points, deal.actions);
          if (JSON.stringify(other.hands) !== JSON.stringify(deal.state.hands)) moved++;
          const a = snapshot(deal.state, seat);
          const b = snapshot(other, seat);
          if (a !== b) expect.fail(`seat ${seat}, deal ${d}: the view changed with hidden cards\n${a}\n${b}`);
        }
      }
      expect(moved).toBeGreaterThan(states);
    });
  }
});
