import { CardSet } from '../../cards/cardSet.js';
import type { Card } from '../../cards/pack.js';
import { SPECTATOR, type Seat } from '../game.js';
import type { Contract } from './contract.js';
import type { SchafkopfRules } from './rules.js';
import type { DoneTrick, SchafkopfOutcome } from './scoring.js';
import { calledSau } from './derive.js';
import { copyEvent, type SchafkopfEvent } from './events.js';
import type { Bid, Phase, SchafkopfCarry, SchafkopfState, Trick } from './state.js';

/**
 * What one seat knows: its own hand (only the first half during the Klopfen
 * round), everything said and played at the table, and the partner of a
 * Rufspiel only once that is known to this seat (it holds the called Sau,
 * the Sau has fallen, or the partner answered a Stoß). Other hands never
 * appear, except the Sie, which is shown. A spectator (`SPECTATOR`) sees
 * no hand at all and the partner only once it is public. A view is a fresh
 * value: changing it changes nothing else.
 */
export interface SchafkopfView {
  /** The seat this view belongs to, or `SPECTATOR`. */
  readonly seat: Seat;
  readonly rules: SchafkopfRules;
  readonly dealer: Seat;
  readonly carry: SchafkopfCarry;
  readonly phase: Phase;
  readonly toAct: readonly Seat[];
  /** The seat's cards (empty for a spectator). */
  readonly hand: readonly Card[];
  /** How many cards each seat holds (during the Klopfen round: has seen). */
  readonly handSizes: readonly number[];
  /** Everything that happened at the table so far, in order (the event stream). */
  readonly events: readonly SchafkopfEvent[];
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

/** Who holds the called Sau of a Rufspiel, or null when the deal is no Rufspiel. */
function partnerOf(state: SchafkopfState): Seat | null {
  const sau = calledSau(state);
  if (sau < 0) return null;
  return state.dealt.findIndex((h) => (h & (1 << sau)) !== 0);
}

/**
 * The partner as far as the table knows: once the called Sau has been
 * played (it lies in a trick), once the partner answered a Stoß (only the
 * declaring side may: 002 6.4.4), or once the deal is over.
 */
export function publicPartner(state: SchafkopfState): Seat | null {
  const sau = calledSau(state);
  if (sau < 0) return null;
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

function knownPartner(state: SchafkopfState, seat: Seat): Seat | null {
  const partner = partnerOf(state);
  if (partner === null) return null;
  if (partner === seat) return seat;
  return publicPartner(state);
}

export function viewOf(state: SchafkopfState, seat: Seat): SchafkopfView {
  const klopfen = state.phase === 'klopfen';
  const spectator = seat === SPECTATOR || !(seat >= 0 && seat < 4);
  const own = spectator ? 0 : klopfen ? state.firstHalf[seat] : state.hands[seat];
  const c = state.contract;
  const sie = c?.kind === 'sie' && c.declarer !== null;
  return {
    seat: spectator ? SPECTATOR : seat,
    rules: { ...state.rules },
    dealer: state.dealer,
    carry: { ...state.carry },
    phase: state.phase,
    toAct: state.turn < 0 ? [] : [state.turn],
    hand: CardSet.fromMask(own).toArray(),
    handSizes: state.hands.map((h, s) => CardSet.fromMask(klopfen ? state.firstHalf[s] : h).size()),
    events: state.events.map(copyEvent),
    klopfer: state.klopfer.slice(),
    bids: state.bids.map((b) => ({ seat: b.seat, game: b.game === null ? null : { ...b.game } })),
    contract: c === null ? null : { ...c },
    partner: spectator ? publicPartner(state) : knownPartner(state, seat),
    stoss: state.stoss.slice(),
    trick: state.trick === null ? null : { leader: state.trick.leader, cards: state.trick.cards.slice() },
    tricks: state.tricks.map((t) => ({ leader: t.leader, cards: t.cards.slice(), winner: t.winner })),
    searched: state.searched,
    shown: sie ? CardSet.fromMask(state.dealt[c.declarer!]).toArray() : null,
    outcome: state.outcome === null ? null : structuredClone(state.outcome),
  };
}
