import { maskCards } from '../../cards/mask.js';
import { countDisagreements, logLikelihood, type DecisionModel, type ModelWeights, type PastAction } from '../decisionModel.js';
import type { Seat } from '../game.js';
import { schafkopfRuleBot } from './bots/index.js';
import { schafkopf, type SchafkopfTypes } from './game.js';
import { deckForHands, type SchafkopfState } from './state.js';

/*
 * The bidding as evidence about the hidden hands (issue 9 §2, see
 * src/games/decisionModel.ts): in a sampled world, how many of the other
 * seats' decisions before the card play (Klopfen, the bids and passes, the
 * Mussspiel's game, Stoß and Re) the easy bot would have made otherwise with
 * that seat's cards in the world. All of them are public in Schafkopf.
 */

const bot = schafkopfRuleBot('model');
const EASY: DecisionModel<SchafkopfTypes> = { choose: (view, legal, s) => bot.choose(view, legal, s) as SchafkopfTypes['action'] };

/** The actions of a deal before its card play (and, with `cards`, every card played), as its events tell them; judged: every one of them. */
function historyOf(world: SchafkopfState, cards = false): PastAction<SchafkopfTypes>[] {
  const out: PastAction<SchafkopfTypes>[] = [];
  for (const e of world.events) {
    if (e.type === 'klopfen') out.push({ seat: e.seat, action: { type: 'klopfen' }, judge: true });
    else if (e.type === 'pass') out.push({ seat: e.seat, action: { type: 'weiter' }, judge: true });
    else if (e.type === 'bid') out.push({ seat: e.seat, action: { type: 'bid', game: e.game }, judge: true });
    else if (e.type === 'stoss') out.push({ seat: e.seat, action: { type: 'stoss' }, judge: true });
    else if (e.type === 'card') {
      if (!cards) break;
      out.push({ seat: e.seat, action: { type: 'play', card: e.card }, judge: true, card: true });
    }
  }
  return out;
}

/** The deal of a world from its start (each seat's first half first, as in the Klopfen round). */
function startOf(world: SchafkopfState): SchafkopfState {
  const hands = world.dealt.map((d, s) => [...maskCards(world.firstHalf[s]), ...maskCards((d & ~world.firstHalf[s]) >>> 0)]);
  const start = schafkopf.setup(world.rules, { dealer: world.dealer, deck: deckForHands(hands, world.dealer), carry: world.carry });
  if (!start.ok) throw new Error(`the world does not deal: ${start.error.message}`);
  return start.value;
}

/** The log likelihood of the other seats' decisions so far in this world, the cards played included (see `logLikelihood`). */
export function schafkopfLogLikelihood(world: SchafkopfState, seat: Seat, weights?: ModelWeights): number {
  const history = historyOf(world, true);
  if (!history.some((p) => p.seat !== seat)) return 0;
  return logLikelihood(schafkopf, world.rules, startOf(world), history, seat, EASY, weights);
}

/** The number of the other seats' decisions before the card play that the easy bot makes otherwise in this world. */
export function schafkopfDisagreements(world: SchafkopfState, seat: Seat, limit = Infinity): number {
  const history = historyOf(world);
  if (!history.some((p) => p.seat !== seat)) return 0;
  return countDisagreements(schafkopf, world.rules, startOf(world), history, seat, EASY, undefined, limit);
}
