import { CardSet } from '../../cards/cardSet.js';
import type { Card } from '../../cards/pack.js';
import type { Seat } from '../game.js';
import type { SchafkopfAction } from './notation.js';
import type { Contract } from './contract.js';
import type { SchafkopfRules } from './rules.js';
import type { DoneTrick, SchafkopfOutcome } from './scoring.js';
import { calledSau } from './derive.js';
import type { Bid, Phase, SchafkopfCarry, SchafkopfState, Trick } from './state.js';

/**
 * What one seat knows: its own hand (only the first half during the Klopfen
 * round), everything said and played at the table, and the partner of a
 * Rufspiel only once that is known to this seat (it holds the called Sau,
 * the Sau has fallen, or the partner answered a Stoß). Other hands never
 * appear, except the Sie, which is shown.
 */
export interface SchafkopfView {
  readonly seat: Seat;
  readonly rules: SchafkopfRules;
  readonly dealer: Seat;
  readonly carry: SchafkopfCarry;
  readonly phase: Phase;
  readonly toAct: readonly Seat[];
  readonly hand: readonly Card[];
  /** How many cards each seat holds. */
  readonly handSizes: readonly number[];
  /** Every action at the table so far, in order. */
  readonly log: readonly (readonly [Seat, SchafkopfAction])[];
  readonly klopfer: readonly Seat[];
  readonly bids: readonly Bid[];
  readonly contract: Contract | null;
  /** The Rufspiel partner if this seat knows who it is, else null. */
  readonly partner: Seat | null;
  readonly stoss: readonly Seat[];
  readonly trick: Trick | null;
  readonly tricks: readonly DoneTrick[];
  readonly searched: boolean;
  /** The Sie's hand, shown to everyone. */
  readonly shown: readonly Card[] | null;
  readonly outcome: SchafkopfOutcome | null;
}

function knownPartner(state: SchafkopfState, seat: Seat): Seat | null {
  const sau = calledSau(state);
  if (sau < 0) return null;
  if ((state.dealt[seat] & (1 << sau)) !== 0) return seat;
  for (const t of state.tricks) {
    const i = t.cards.indexOf(sau);
    if (i >= 0) return (t.leader + i) % 4;
  }
  if (state.trick) {
    const i = state.trick.cards.indexOf(sau);
    if (i >= 0) return (state.trick.leader + i) % 4;
  }
  const declarer = state.contract!.declarer;
  const answered = state.stoss.find((s, i) => i % 2 === 1 && s !== declarer);
  if (answered !== undefined) return answered;
  if (state.outcome) return state.outcome.party.find((s) => s !== declarer) ?? null;
  return null;
}

export function viewOf(state: SchafkopfState, seat: Seat): SchafkopfView {
  const own = state.phase === 'klopfen' ? state.firstHalf[seat] : state.hands[seat];
  const sie = state.contract?.kind === 'sie' && state.contract.declarer !== null;
  return {
    seat,
    rules: state.rules,
    dealer: state.dealer,
    carry: state.carry,
    phase: state.phase,
    toAct: state.turn < 0 ? [] : [state.turn],
    hand: CardSet.fromMask(own).toArray(),
    handSizes: state.hands.map((h, s) => CardSet.fromMask(state.phase === 'klopfen' ? state.firstHalf[s] : h).size()),
    log: state.log,
    klopfer: state.klopfer,
    bids: state.bids,
    contract: state.contract,
    partner: knownPartner(state, seat),
    stoss: state.stoss,
    trick: state.trick,
    tricks: state.tricks,
    searched: state.searched,
    shown: sie ? CardSet.fromMask(state.dealt[state.contract!.declarer!]).toArray() : null,
    outcome: state.outcome,
  };
}
