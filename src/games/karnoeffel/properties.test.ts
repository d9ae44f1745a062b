import { describe, expect, it } from 'vitest';
import type { KarnoeffelTypes } from './game.js';
import { karnoeffelModule } from './module.js';
import { shuffleDeck } from '../../cards/deck.js';
import { SeededRng } from '../../core/rng.js';
import { heuristicBot } from './bots/heuristic.js';
import { randomBot } from './bots/random.js';
import type { Agent } from '../agent.js';
import { playDeal } from '../../sitting/play.js';
import { rulesOf, KARNOEFFEL_CONFIGS } from './testing.js';
import { PACK } from './cards.js';
import { HAND_SIZE } from './deal.js';
import { apply, legal, toAct } from './engine.js';
import { maskCards } from '../../cards/mask.js';
import type { KarnoeffelRules } from './rules.js';
import type { KarnoeffelAction, KarnoeffelState, KarnoeffelView } from './state.js';
import { view } from './view.js';



/** Which other seats' hands `viewer` may know, worked out here from the documents, independently of the engine's `sees`. */
function mayKnowHandOf(rules: KarnoeffelRules, viewer: number, other: number): boolean {
  if (viewer === other) return true;
  if (!rules.showHands) return false;
  if (rules.players === 4) return (viewer + 2) % 4 === other; // the partner sits opposite
  if (rules.players >= 6) return (viewer === 0 || viewer === 1) && other % 2 === viewer; // leaders at seats 0 and 1
  return false;
}

/** Every card a view names as lying somewhere (advice is a public message, not a place). */
function cardsInView(v: KarnoeffelView): number[] {
  const out = [...v.hand, ...v.seen.flatMap((h) => h.cards), ...v.faceUp.filter((c) => c >= 0), ...v.trick, ...v.tricks.flatMap((t) => t.cards), ...(v.drawn ?? [])];
  for (const e of v.events) {
    if (e.type === 'up' || e.type === 'play' || e.type === 'trump') out.push(e.card);
    if (e.type === 'trick' || e.type === 'draw') out.push(...e.cards);
  }
  return out;
}

function checkViews(state: KarnoeffelState): void {
  const rules = state.rules;
  const n = rules.players;
  const played = new Set(state.tricks.flatMap((t) => t.cards).concat(state.trick));
  const faceUp = new Set(state.faceUp.filter((c) => c >= 0));
  const drawn = new Set(state.drawn ?? []);
  for (let seat = 0; seat < n; seat++) {
    const v = view(state, seat);
    const knowable = new Set<number>([...played, ...faceUp, ...drawn]);
    for (let other = 0; other < n; other++) if (mayKnowHandOf(rules, seat, other)) for (const c of maskCards(state.hands[other])) knowable.add(c);
    const leaked = cardsInView(v).filter((c) => !knowable.has(c));
    if (leaked.length > 0) expect.fail(`seat ${seat} may not know ${leaked.join(', ')}`);
    // exactly what the rules allow: own hand, and the hands the table talk shows
    expect([...v.hand].sort((a, b) => a - b)).toEqual(maskCards(state.hands[seat]));
    const shown = Array.from({ length: n }, (_, o) => o).filter((o) => o !== seat && mayKnowHandOf(rules, seat, o));
    expect(v.seen.map((h) => h.seat)).toEqual(shown);
    expect('deck' in v).toBe(false);
  }
}

/** Illegal actions are refused and leave the state as it was. */
function checkIllegal(state: KarnoeffelState, rng: SeededRng): void {
  const before = JSON.stringify(state);
  const n = state.rules.players;
  const acting = toAct(state);
  const attempts: [number, KarnoeffelAction][] = [];
  const other = (acting[0] + 1 + rng.int(n - 1)) % n;
  for (const a of legal(state, acting[0])) {
    if (a.type !== 'advise' && a.type !== 'announce') attempts.push([other, a]);
  }
  const notHeld = PACK.cards.find((c) => maskCards(state.hands[acting[0]]).indexOf(c) < 0) as number;
  attempts.push([acting[0], { type: 'play', card: notHeld }]);
  if (state.phase === 'play') attempts.push([acting[0], { type: 'raise' }], [acting[0], { type: 'accept' }]);
  else if (state.pause?.stage !== 'answer') attempts.push([acting[0], { type: 'accept' }], [acting[0], { type: 'refuse' }]);
  else attempts.push([acting[0], { type: 'pass' }]);
  for (const [seat, action] of attempts) {
    const r = apply(state, seat, action);
    if (r.ok) expect.fail(`seat ${seat} ${JSON.stringify(action)} should be refused`);
  }
  expect(JSON.stringify(state)).toBe(before);
}

function checkEnd(state: KarnoeffelState): void {
  const rules = state.rules;
  const n = rules.players;
  const o = state.outcome;
  expect(o).not.toBeNull();
  if (!o) return;
  // every card at most once, and every card dealt accounted for
  const dealt = state.deck.slice(0, state.received.reduce((a, b) => a + b, 0));
  const held = state.hands.flatMap(maskCards);
  const played = state.tricks.flatMap((t) => t.cards).concat(state.trick);
  const all = [...held, ...played];
  expect(new Set(all).size).toBe(all.length);
  expect([...all].sort((a, b) => a - b)).toEqual([...dealt].sort((a, b) => a - b));
  if (o.by === 'tricks') {
    expect(state.received.every((r) => r === HAND_SIZE)).toBe(true);
    expect(o.tricks[o.winner]).toBe(3);
    expect(o.tricks[1 - o.winner]).toBeLessThan(3);
    expect(state.tricks.filter((t) => t.winner % 2 === o.winner)).toHaveLength(3);
    expect(state.trick).toEqual([]);
  } else {
    expect(o.tricks).toEqual([0, 0]);
    expect(state.tricks).toHaveLength(0);
  }
  // scores add up: the value to each member of the winning side, nothing to the others
  expect(o.score.reduce((a, b) => a + b, 0)).toBe((o.value * n) / 2);
  for (let s = 0; s < n; s++) expect(o.score[s]).toBe(s % 2 === o.winner ? o.value : 0);
  expect(o.value % 3).toBe(1);
  expect(o.points[o.winner]).toBe(state.points[o.winner] + o.value);
  expect(o.points[1 - o.winner]).toBe(state.points[1 - o.winner]);
  expect(o.matchOver).toBe(o.points[o.winner] >= rules.target);
}

function agentsFor(rules: KarnoeffelRules, rng: SeededRng, mix: number): Agent<KarnoeffelTypes>[] {
  return Array.from({ length: rules.players }, (_, seat) => ((seat + mix) % 3 === 0 ? randomBot(rng) : heuristicBot(rules)));
}

describe('properties over seeded bot deals', () => {
  for (const [preset, n] of KARNOEFFEL_CONFIGS) {
    it(`${preset}, ${n} players: cards once, three tricks win, scores add up, views hide what they must, every legal action applies, illegal ones change nothing`, async () => {
      const rules = rulesOf({ players: n }, preset);
      const rng = new SeededRng(`${preset}-${n}`);
      const deals = preset === 'landsknecht' ? 500 : n === 2 ? 2000 : 1000;
      const seen = { tricks: 0, refusal: 0, advice: 0, announce: 0 };
      for (let d = 0; d < deals; d++) {
        const thorough = d % 10 === 0;
        const points = d % 7 === 0 ? [rng.int(rules.target), rng.int(rules.target)] : [0, 0];
        const agents = agentsFor(rules, rng, d);
        const { state } = await playDeal(karnoeffelModule, rules, { dealer: d % n, deck: shuffleDeck(PACK, rng), carry: { points } }, agents, {
          onAction(_seat, action, before, after) {
            if (action.type === 'advise') seen.advice++;
            if (action.type === 'announce') seen.announce++;
            if (!thorough) return;
            checkViews(before);
            checkIllegal(before, rng);
            for (let s = 0; s < n; s++) {
              for (const a of legal(before, s)) {
                const r = apply(before, s, a);
                if (!r.ok) expect.fail(`legal ${JSON.stringify(a)} of seat ${s} refused: ${r.error.message}`);
              }
            }
            checkViews(after);
          },
        });
        checkEnd(state);
        seen[state.outcome!.by]++;
      }
      expect(seen.tricks).toBeGreaterThan(deals / 3);
      expect(seen.refusal).toBeGreaterThan(0);
      if (n > 2) expect(seen.advice).toBeGreaterThan(0);
      expect(seen.announce).toBeGreaterThan(0);
    }, 120_000);
  }
});
