import type { Card } from '../../cards/pack.js';
import type { NumberedEvent, Seat } from '../game.js';
import type { GameChoice } from './contract.js';
import type { SchafkopfOutcome } from './scoring.js';
import type { SchafkopfState } from './state.js';

/**
 * What happens at a Schafkopf table, in order. Everything here is public:
 * the hands are the only secret of the game, and no event names a card in
 * a hand (the Sie is shown to everyone) or the partner of a Rufspiel (the
 * contract names the called Sau, not who holds it). So every seat, and a
 * spectator, receives the same events; `schafkopfEvents` is the one place
 * that would redact them.
 */
export type SchafkopfEvent =
  /** A knock (Klopfen, Legen) after the first half of the cards: doubles the game. */
  | { readonly type: 'klopfen'; readonly seat: Seat }
  /** "weiter" in the Klopfen round (no knock) or in the bidding. */
  | { readonly type: 'pass'; readonly seat: Seat; readonly round: 'klopfen' | 'bidding' }
  /** "weiter" in the Stoß exchange, at a level: 1 = asked for a Stoß, 2 = for the Re, 3… = further answers. */
  | { readonly type: 'pass'; readonly seat: Seat; readonly round: 'stoss'; readonly level: number }
  /** A game announced in the bidding (or chosen in the Mussspiel). */
  | { readonly type: 'bid'; readonly seat: Seat; readonly game: GameChoice }
  /** Everyone passed and `seat` holds the Eichel-Ober: it must play a game (002 5.3.7 a). */
  | { readonly type: 'mussspiel'; readonly seat: Seat }
  /**
   * The game is fixed. A Rufspiel names the called Sau, never the partner;
   * a Ramsch has no declarer.
   */
  | {
      readonly type: 'contract';
      readonly game: GameChoice;
      readonly declarer: Seat | null;
      readonly calledSau: Card | null;
      readonly mussspiel: boolean;
    }
  /** A Stoß (level 1), the Re answering it (level 2), or a further answer (3…): each doubles. */
  | { readonly type: 'stoss'; readonly seat: Seat; readonly level: number }
  /** The Sie, laid open: all four Ober and Unter in one hand (002 5.3.5). */
  | { readonly type: 'sie'; readonly seat: Seat; readonly cards: readonly Card[] }
  | { readonly type: 'card'; readonly seat: Seat; readonly card: Card }
  /** A trick taken: who led, the four cards in playing order, who took it and its card points. */
  | { readonly type: 'trick'; readonly leader: Seat; readonly cards: readonly Card[]; readonly winner: Seat; readonly points: number }
  /** All passed and the table throws the deal in (allPass bock, stock or redeal). */
  | { readonly type: 'thrownIn'; readonly bock: number; readonly stock: number }
  /** The deal is over: its result, all of which is public by now. */
  | { readonly type: 'end'; readonly outcome: SchafkopfOutcome };

/** A fresh copy of an event, sharing nothing with the state. */
export function copyEvent(e: SchafkopfEvent): SchafkopfEvent {
  switch (e.type) {
    case 'bid':
      return { ...e, game: { ...e.game } };
    case 'contract':
      return { ...e, game: { ...e.game } };
    case 'sie':
      return { ...e, cards: e.cards.slice() };
    case 'trick':
      return { ...e, cards: e.cards.slice() };
    case 'end':
      return { ...e, outcome: structuredClone(e.outcome) };
    default:
      return { ...e };
  }
}

/**
 * The numbered events from `since` on, as `seat` (or a spectator) may see
 * them. Nothing in a Schafkopf event is hidden from anyone at the table, so
 * every seat gets the same fresh copies.
 */
export function schafkopfEvents(state: SchafkopfState, _seat: Seat, since: number): NumberedEvent<SchafkopfEvent>[] {
  const out: NumberedEvent<SchafkopfEvent>[] = [];
  let from = Math.ceil(since);
  if (!(from > 0)) from = 0;
  for (let n = from; n < state.events.length; n++) out.push({ n, event: copyEvent(state.events[n]) });
  return out;
}
