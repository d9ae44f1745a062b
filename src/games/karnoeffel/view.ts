import { dealOrder, stepOf } from './deal.js';
import { toAct } from './engine.js';
import { leadersOf, sees } from './talk.js';
import { maskCards, maskSize } from '../../cards/mask.js';
import type { KarnoeffelState, KarnoeffelView, SeenHand } from './state.js';

/**
 * What one seat may know (ARCHITECTURE.md "view"): its own cards, the hands
 * the table-talk rules let it see (partner with four players; teammates for
 * a leader with six or eight), the face-up cards of the first round, the
 * trump draw, every card played, and the public events. Never the deck, never
 * the cards still to be dealt, never another hand it may not see.
 */
export function view(state: KarnoeffelState, seat: number): KarnoeffelView {
  const rules = state.rules;
  const n = rules.players;
  const seen: SeenHand[] = [];
  for (let other = 0; other < n; other++) {
    if (sees(rules, seat, other)) seen.push({ seat: other, cards: maskCards(state.hands[other]) });
  }
  return {
    seat,
    players: n,
    dealer: state.dealer,
    direction: rules.direction,
    order: dealOrder(state.dealer, stepOf(rules), n),
    leaders: leadersOf(n),
    target: rules.target,
    points: state.points,
    phase: state.phase,
    trump: state.trump,
    drawn: state.drawn,
    value: state.value,
    pause: state.pause,
    announcedBy: state.announcedBy,
    hand: seat >= 0 && seat < n ? maskCards(state.hands[seat]) : [],
    seen,
    faceUp: state.faceUp,
    received: state.received,
    handSizes: state.hands.map(maskSize),
    turn: state.turn,
    trickLeader: state.trickLeader,
    trick: state.trick,
    tricks: state.tricks,
    won: state.won,
    toAct: toAct(state),
    decisions: state.decisions,
    events: state.events,
    outcome: state.outcome,
  };
}
