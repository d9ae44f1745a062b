import type { Agent } from '../../agent.js';
import type { SchafkopfTypes } from '../game.js';
import { chooseBid, chooseKlopfen, chooseStoss } from './bid.js';
import { choosePlay } from './play.js';

/**
 * The rule-based Schafkopf bot: bids from a hand evaluation (a Solo or Wenz
 * with a strong hand, a Rufspiel on the shortest callable suit, weiter
 * otherwise), gives Stoß with a hand that hurts the game, and plays by the
 * table's rules of thumb: the declarers draw trumps, a player schmiert a
 * trick the own side surely takes, and nobody wastes a high card on a
 * trick that cannot be won.
 */
export function schafkopfRuleBot(name = 'easy'): Agent<SchafkopfTypes> {
  return {
    name,
    kind: 'bot',
    choose(view, legal) {
      switch (view.phase) {
        case 'klopfen':
          return chooseKlopfen(view);
        case 'bidding':
        case 'mussspiel':
          return chooseBid(view, legal);
        case 'stoss':
          return chooseStoss(view, legal);
        default: {
          const cards = legal.flatMap((a) => (a.type === 'play' ? [a.card] : []));
          const card = choosePlay(view, cards);
          return legal.find((a) => a.type === 'play' && a.card === card)!;
        }
      }
    },
  };
}
