import { dealOrder, stepOf } from './deal.js';
import { toAct } from './engine.js';
import { leadersOf, sees } from './talk.js';
import { maskCards, maskSize } from '../../cards/mask.js';
import type { CompletedTrick, KarnoeffelEvent, KarnoeffelOutcome, KarnoeffelState, KarnoeffelView, Pause, SeenHand } from './state.js';

/**
 * What one seat may know (ARCHITECTURE.md "view"): its own cards, the hands
 * the table-talk rules let it see (partner with four players; teammates for
 * a leader with six or eight), the face-up cards of the first round, the
 * trump draw, every card played, and the public events. Never the deck, never
 * the cards still to be dealt, never another hand it may not see. A
 * spectator (`SPECTATOR`, or any number that is not a seat) sees no hand.
 *
 * A view is a fresh value: every array and object in it is a copy, so that
 * whoever holds it may change it without touching the state.
 */
export function view(state: KarnoeffelState, seat: number): KarnoeffelView {
  const rules = state.rules;
  const n = rules.players;
  const seated = Number.isInteger(seat) && seat >= 0 && seat < n;
  const seen: SeenHand[] = [];
  if (seated) {
    for (let other = 0; other < n; other++) {
      if (sees(rules, seat, other)) seen.push({ seat: other, cards: maskCards(state.hands[other]) });
    }
  }
  return {
    seat: seated ? seat : -1,
    rules: { ...rules },
    players: n,
    dealer: state.dealer,
    direction: rules.direction,
    order: dealOrder(state.dealer, stepOf(rules), n),
    leaders: leadersOf(n),
    target: rules.target,
    points: [...state.points],
    phase: state.phase,
    trump: state.trump,
    drawn: state.drawn ? [...state.drawn] : null,
    value: state.value,
    pause: copyPause(state.pause),
    announcedBy: state.announcedBy,
    hand: seated ? maskCards(state.hands[seat]) : [],
    seen,
    faceUp: [...state.faceUp],
    received: [...state.received],
    handSizes: state.hands.map(maskSize),
    turn: state.turn,
    trickLeader: state.trickLeader,
    trick: [...state.trick],
    tricks: state.tricks.map(copyTrick),
    won: [...state.won],
    toAct: toAct(state),
    decisions: state.decisions,
    events: state.events.map(copyEvent),
    outcome: copyOutcome(state.outcome),
  };
}

function copyPause(p: Pause | null): Pause | null {
  return p === null ? null : { a: p.a, b: p.b, stage: p.stage, raiser: p.raiser, bid: p.bid };
}

function copyTrick(t: CompletedTrick): CompletedTrick {
  return { leader: t.leader, cards: [...t.cards], winner: t.winner };
}

export function copyOutcome(o: KarnoeffelOutcome | null): KarnoeffelOutcome | null {
  return o === null ? null : { ...o, score: [...o.score], tricks: [...o.tricks], points: [...o.points] };
}

/** A fresh copy of an event (events are public: nothing in them is redacted). */
export function copyEvent(e: KarnoeffelEvent): KarnoeffelEvent {
  switch (e.type) {
    case 'draw':
    case 'trick':
      return { ...e, cards: [...e.cards] };
    case 'down':
      return { ...e, seats: [...e.seats] };
    default:
      return { ...e };
  }
}
