import { SeededRng } from '../../core/rng.js';
import { countDisagreements, logLikelihood, type ModelWeights, type PastAction } from '../decisionModel.js';
import type { Seat } from '../game.js';
import { decide } from './bots/ruleBot.js';
import { dealLayout } from './deal.js';
import { bauernschnapsen, talonschnapsen, type SchnapsenTypes } from './game.js';
import type { SchnapsenAction, SchnapsenState } from './state.js';

/*
 * The announcements as evidence about the hidden hands (issue 9 §2, see
 * src/games/decisionModel.ts), for Bauernschnapsen and Talonschnapsen: in a
 * sampled world, how many of the other seats' decisions before the card
 * play the easy bot would have made otherwise with that seat's cards in the
 * world. Judged: the Rufer's trump call (named from his first three cards,
 * or a card turned up: any turned card counts as the easy bot's "turn"),
 * the Blinder Bettler after three Unter, every announcement and "weiter"
 * the seat could see (in open announcements a bid stays hidden until all
 * have spoken), the raises, Spritzen, Retour and Re and their "weiter".
 * Not judged: cutting and knocking and a blind trump call (the easy bot
 * draws them at random, they say nothing about the cards), the cards laid
 * away (hidden from the others).
 */

/** The easy bot's rule, with a fixed rng (it draws only in the decisions not judged, and for which card to turn up). */
const rng = new SeededRng(1);

const DOUBLES = ['spritzen', 'retour', 're'] as const;

/** The actions of the world's deal before its card play, from its events (the world's own, not redacted). */
function historyOf(world: SchnapsenState, seen: ReadonlySet<number>, cards = false): PastAction<SchnapsenTypes>[] {
  const out: PastAction<SchnapsenTypes>[] = [];
  const push = (seat: Seat, action: SchnapsenAction, judge: boolean) => out.push({ seat, action, judge });
  for (let i = 0; i < world.events.length; i++) {
    const e = world.events[i];
    switch (e.type) {
      case 'cut':
        push(e.seat, { type: 'cut' }, false);
        break;
      case 'knock':
        push(e.seat, { type: 'knock' }, false);
        break;
      case 'trump':
        if (e.turned !== undefined) {
          // The n-th of the Rufer's cards still to come (the first seat of the layout is the Rufer's).
          const slots = dealLayout(world.variant, world.knocked).rest[0];
          push(e.seat, { type: 'turn', index: slots.findIndex((p) => world.deck[p] === e.turned) + 1 }, true);
        } else push(e.seat, { type: 'trump', suit: e.suit }, !e.blind);
        break;
      case 'threeUnter':
        push(e.seat, { type: 'redeal' }, false);
        break;
      case 'bid':
        push(e.seat, e.game === null ? { type: 'pass' } : { type: 'announce', game: e.game, ...(e.ohne ? { ohne: true } : {}) }, seen.has(i));
        break;
      case 'talon':
        push(e.seat, { type: 'lay', cards: [e.cards![0], e.cards![1]] }, false);
        break;
      case 'double':
        push(e.seat, { type: DOUBLES[e.level - 1] }, true);
        break;
      case 'noDouble':
        push(e.seat, { type: 'pass' }, true);
        break;
      case 'meld':
        if (!cards) return out;
        out.push({ seat: e.seat, action: { type: 'meld', suit: e.suit, points: e.points as 20 | 40 }, judge: true, card: true });
        break;
      case 'play':
        if (!cards) return out;
        out.push({ seat: e.seat, action: { type: 'play', card: e.card }, judge: true, card: true });
        break;
      default:
        break;
    }
  }
  return out;
}

/** Any turned-up card is the easy bot's "turn" (which one it turns up is chance); else the same notation. */
function same(a: SchnapsenAction, b: SchnapsenAction): boolean {
  if (a.type !== b.type) return false;
  switch (a.type) {
    case 'trump':
      return b.type === 'trump' && a.suit === b.suit;
    case 'announce':
      return b.type === 'announce' && a.game === b.game && (a.ohne ?? false) === (b.ohne ?? false);
    case 'play':
      return b.type === 'play' && a.card === b.card;
    case 'meld':
      return b.type === 'meld' && a.suit === b.suit;
    case 'turn':
    case 'pass':
    case 'redeal':
    case 'keep':
    case 'spritzen':
    case 'retour':
    case 're':
      return true;
    default:
      return JSON.stringify(a) === JSON.stringify(b);
  }
}

/** The Rufer keeps three Unter without a word: the replay adds it where the world's deal needs it (as the sampler does). */
function keep(s: SchnapsenState, next: PastAction<SchnapsenTypes>): PastAction<SchnapsenTypes> | undefined {
  const a = next.action;
  return s.phase === 'threeUnter' && a.type !== 'redeal' && a.type !== 'keep' && !(a.type === 'announce' && a.game === 'blinderbettler')
    ? { seat: s.turn, action: { type: 'keep' }, judge: false }
    : undefined;
}

/** The number of the other seats' decisions before the card play, as far as `seat` saw them, that the easy bot makes otherwise in this world. */
/** The log likelihood of the other seats' decisions so far in this world, 20 and 40 and every card played included (see `logLikelihood`). */
export function schnapsenLogLikelihood(world: SchnapsenState, seat: Seat, weights?: ModelWeights): number {
  const game = world.variant === 'bauern' ? bauernschnapsen : talonschnapsen;
  const seen = new Set<number>();
  for (const { n, event } of game.events(world, seat, 0)) if (event.type === 'bid' && event.hidden !== true) seen.add(n);
  const history = historyOf(world, seen, true);
  if (!history.some((p) => p.judge && p.seat !== seat)) return 0;
  const start = game.setup(world.rules, { dealer: world.dealer, deck: [...world.deck], carry: { points: [...world.carry.points], trump: world.carry.trump } });
  if (!start.ok) throw new Error(`the world does not deal: ${start.error.message}`);
  return logLikelihood(game, world.rules, start.value, history, seat, { choose: (view, legal) => decide(view, legal, rng), same }, weights, keep);
}

export function schnapsenDisagreements(world: SchnapsenState, seat: Seat, limit = Infinity): number {
  const game = world.variant === 'bauern' ? bauernschnapsen : talonschnapsen;
  // The bids this seat saw: in open announcements the others' stay hidden until all have spoken.
  const seen = new Set<number>();
  for (const { n, event } of game.events(world, seat, 0)) if (event.type === 'bid' && event.hidden !== true) seen.add(n);
  const history = historyOf(world, seen);
  if (!history.some((p) => p.judge && p.seat !== seat)) return 0;
  const start = game.setup(world.rules, { dealer: world.dealer, deck: [...world.deck], carry: { points: [...world.carry.points], trump: world.carry.trump } });
  if (!start.ok) throw new Error(`the world does not deal: ${start.error.message}`);
  return countDisagreements(game, world.rules, start.value, history, seat, { choose: (view, legal) => decide(view, legal, rng), same }, keep, limit);
}
