import type { StakeRule } from '../search.js';
import { apply, RAISE_STEP, toAct } from './engine.js';
import type { KarnoeffelTypes } from './game.js';
import type { KarnoeffelAction, KarnoeffelState, KarnoeffelView } from './state.js';

/**
 * Raising as `strong` does it (issue 23; 000 "Kartengeben und Steigern"):
 * from its side's chance `p` of winning the card play, which the search
 * estimates over its sampled worlds (src/search/stakes.ts).
 *
 * A refusal costs the value before the raise for sure; playing on costs or
 * gains the value the round ends at, and between thinking players the
 * raising goes on until a side would win the Partie with the round (then it
 * says so and raising stops). So a raise is refused when
 * (1 − 2p) × that value is more than the value a refusal gives away, and
 * the side raises, and raises again, when it wins the round more often than
 * `RAISE_FROM`. Where a side would win the Partie with the round's value
 * already, the easy bot's rules decide (refusing may hand over the Partie).
 */
export const RAISE_FROM = 0.55;

/** The value at which the raising stops: the first a side would win the Partie with (000: "sich durch diese Runde … zum Gewinner der Partie machen würde"), or `value` itself once raising is over. */
export function stopValue(view: KarnoeffelView, value: number): number {
  if (view.announcedBy >= 0) return value;
  const need = view.target - Math.max(...view.points);
  let v = value;
  while (v < need) v += RAISE_STEP;
  return v;
}

/**
 * Whether a hint's estimates value raising as playing on without it (`values` below: both play for the value the
 * raising stops at), so that the hint says why the two stand alike and why it raises (play-test: "Steigern auf 10"
 * and "Nicht steigern" both "+17,47 pt", the arrow on the raise, puzzled a player).
 */
export function raisingTied(estimates: readonly { readonly action: string; readonly value: number }[]): boolean {
  const raise = estimates.find((e) => e.action === 'raise');
  return raise !== undefined && estimates.some((e) => (e.action === 'pass' || e.action === 'accept') && e.value === raise.value);
}

const has = (legal: readonly KarnoeffelAction[], type: KarnoeffelAction['type']) => legal.some((a) => a.type === type);

export const karnoeffelStakes: StakeRule<KarnoeffelTypes> = {
  applies: (view, legal) => view.phase === 'deal' && view.pause !== null && (has(legal, 'accept') || has(legal, 'pass')),

  toCardPlay: (world) => {
    let state: KarnoeffelState = world;
    for (let guard = 0; guard < 100 && state.phase === 'deal'; guard++) {
      const pause = state.pause;
      const seat = toAct(state)[0];
      if (pause === null || seat === undefined) return undefined;
      const next = apply(state, seat, { type: pause.stage === 'answer' ? 'accept' : 'pass' });
      if (!next.ok) return undefined;
      state = next.value;
    }
    return state.phase === 'play' ? state : undefined;
  },

  choose: (view, legal, p) => {
    const answering = has(legal, 'accept');
    const stake = stakeOf(view, answering);
    // The Partie is at stake: the easy bot's rules (never refuse what hands it over; raise when they win it anyway).
    if (view.points.some((x) => x + stake >= view.target)) return undefined;
    const raise = has(legal, 'raise') && p >= RAISE_FROM;
    if (!answering) return { type: raise ? 'raise' : 'pass' };
    if (-view.value > playingOn(view, stake, p)) return { type: 'refuse' };
    return { type: raise ? 'raise' : 'accept' };
  },

  // A refusal gives away the value before the raise; playing on wins or loses the value the raising stops at.
  values: (view, legal, p) => {
    const on = playingOn(view, stakeOf(view, has(legal, 'accept')), p);
    return legal.map((a) => (a.type === 'refuse' ? -view.value : on));
  },
};

/** The stake a decision is about: the raise to answer, else the round's value. */
function stakeOf(view: KarnoeffelView, answering: boolean): number {
  return answering && view.pause ? view.pause.bid : view.value;
}

/** What playing on is worth to a side that wins with chance p: the value the raising stops at, won or lost. */
function playingOn(view: KarnoeffelView, stake: number, p: number): number {
  return (2 * p - 1) * stopValue(view, stake);
}
