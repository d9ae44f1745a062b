import { formatCard, formatMask, parseCard, parseCards } from '../../cards/notation.js';
import type { Card } from '../../cards/pack.js';
import { shuffleDeck } from '../../cards/deck.js';
import { SeededRng, type Rng } from '../../core/rng.js';
import { movesOf } from '../../search/solver.js';
import { ok, unwrap, type Result } from '../../core/result.js';
import type { SchafkopfEvent } from './events.js';
import { resolveRules } from '../ruleBook.js';
import type { Seat } from '../game.js';
import { parseAction, type SchafkopfAction } from './notation.js';
import { schafkopfPack } from './cards.js';
import { schafkopf } from './game.js';
import { SCHAFKOPF_RULES, type SchafkopfRules } from './rules.js';
import { SchafkopfSearch } from './search.js';
import { deckForHands, type SchafkopfCarry, type SchafkopfState } from './state.js';

/**
 * Helpers for the Schafkopf tests: rules from a preset and overrides, a deal
 * built from four hands given by seat, and actions in their notation.
 */

export function rulesOf(preset?: string, overrides: Record<string, unknown> = {}): SchafkopfRules {
  return unwrap(resolveRules(SCHAFKOPF_RULES, preset, overrides));
}

/**
 * The deck that deals these hands (given by seat, codes separated by spaces):
 * the first half of each hand to Vorhand, Mittelhand, Hinterhand, the dealer,
 * then the second halves in the same order (002 3.4).
 */
export function deckFor(rules: SchafkopfRules, hands: readonly string[], dealer: Seat): Card[] {
  const pack = schafkopfPack(rules.kurzeKarte);
  return deckForHands(
    hands.map((h) => unwrap(parseCards(pack, h))),
    dealer,
  );
}

export function deal(rules: SchafkopfRules, hands: readonly string[], dealer: Seat = 3, carry: SchafkopfCarry = { stock: 0, bock: 0 }): SchafkopfState {
  return unwrap(schafkopf.setup(rules, { dealer, deck: deckFor(rules, hands, dealer), carry }));
}

export function act(state: SchafkopfState, text: string): SchafkopfAction {
  return unwrap(parseAction(schafkopfPack(state.rules.kurzeKarte), text));
}

/** Applies actions of the seats to act, in their notation ("weiter", "solo H", "EA"); throws on a rule error. */
export function play(state: SchafkopfState, ...texts: string[]): SchafkopfState {
  let s = state;
  for (const words of texts) {
    for (const text of words.split(',').map((w) => w.trim()).filter((w) => w.length > 0)) {
      const r = schafkopf.apply(s, s.turn, act(s, text));
      if (!r.ok) throw new Error(`seat ${s.turn} "${text}": ${r.error.message}`);
      s = r.value;
    }
  }
  return s;
}

export function card(state: SchafkopfState, code: string): Card {
  return unwrap(parseCard(schafkopfPack(state.rules.kurzeKarte), code));
}

/** The legal cards of the seat to play, as sorted codes. */
export function legalCodes(state: SchafkopfState): string[] {
  const pack = schafkopfPack(state.rules.kurzeKarte);
  return schafkopf
    .legal(state, state.turn)
    .map((a) => (a.type === 'play' ? formatCard(pack, a.card) : schafkopf.formatAction(state.rules, a)))
    .sort();
}

/** A seat's remaining hand as sorted codes. */
export function handCodes(state: SchafkopfState, seat: Seat): string[] {
  return formatMask(schafkopfPack(state.rules.kurzeKarte), state.hands[seat]).split(' ').filter((c) => c.length > 0).sort();
}

/** A random but plausible choice: pass often in the bidding (so that all-pass deals happen), give Stoß and knock now and then. */
export function plausibleAction(rng: Rng, state: SchafkopfState, legal: readonly SchafkopfAction[]): SchafkopfAction {
  const weiter = legal.find((a) => a.type === 'weiter');
  if (weiter && state.phase === 'bidding' && rng.int(10) < 6) return weiter;
  if (weiter && (state.phase === 'stoss' || state.phase === 'klopfen') && rng.int(10) < 7) return weiter;
  return legal[rng.int(legal.length)];
}

/** A fresh deal: a random dealer, deck and carry (sometimes a Stock, sometimes Bock). */
export function randomDeal(rules: SchafkopfRules, rng: Rng): SchafkopfState {
  const deck = shuffleDeck(schafkopfPack(rules.kurzeKarte), rng);
  const dealer = rng.int(4);
  const carry = { stock: [0, 0, 40][rng.int(3)], bock: rng.int(4) === 0 ? 1 : 0 };
  return unwrap(schafkopf.setup(rules, { dealer, deck, carry }));
}

/** Plays up to `steps` plausible actions (fewer if the deal ends first). */
export function advance(state: SchafkopfState, rng: Rng, steps: number): SchafkopfState {
  let s = state;
  for (let i = 0; i < steps && s.phase !== 'done'; i++) {
    const legal = schafkopf.legal(s, s.turn);
    s = unwrap(schafkopf.apply(s, s.turn, plausibleAction(rng, s, legal)));
  }
  return s;
}

/**
 * A deal in its card play after `cards` random cards (0 = before the first
 * card; mid-trick when not a multiple of 4), or undefined when this deal was
 * never played (thrown in, a Sie).
 */
export function randomPlayState(rules: SchafkopfRules, rng: Rng, cards: number): SchafkopfState | undefined {
  let s = randomDeal(rules, rng);
  while (s.phase !== 'play' && s.phase !== 'done') s = advance(s, rng, 1);
  if (s.phase === 'done') return undefined;
  return advance(s, rng, cards);
}

/** Every Schafkopf variant the property tests run through: the presets and the house rules that change the play. */
export const VARIANTS: readonly { readonly name: string; readonly rules: SchafkopfRules }[] = [
  { name: 'aumer-koller', rules: rulesOf('aumer-koller') },
  { name: 'sauspiel', rules: rulesOf('sauspiel') },
  {
    name: 'every exotic game, Bettel with Stichzwang, Mussspiel, Stoß to depth 4',
    rules: rulesOf('aumer-koller', { farbwenz: true, geier: true, farbgeier: true, bettel: true, bettelStichzwang: true, allPass: 'mussspiel', stossDepth: 4 }),
  },
  { name: 'kurze Karte, Klopfen, Bettel, Stock', rules: rulesOf('aumer-koller', { kurzeKarte: true, klopfen: true, bettel: true, allPass: 'stock' }) },
  { name: 'sauspiel with Bock, Laufende from 1', rules: rulesOf('sauspiel', { allPass: 'bock', laufendeFromRufspiel: 1, laufendeFromSolo: 1 }) },
  {
    name: 'Ramsch with Durchmarsch by points and Jungfrau, no Stoß, no tout',
    rules: rulesOf('aumer-koller', { ramschDurchmarsch: 'points', ramschDurchmarschPoints: 91, ramschJungfrau: 'doubleIndividuallyMultiple', stoss: false, tout: false }),
  },
];

/** The actions behind a deal's events, in order: what to replay to reach the same state. */
export function actionsOf(events: readonly SchafkopfEvent[]): [Seat, SchafkopfAction][] {
  const out: [Seat, SchafkopfAction][] = [];
  for (const e of events) {
    if (e.type === 'klopfen') out.push([e.seat, { type: 'klopfen' }]);
    else if (e.type === 'pass') out.push([e.seat, { type: 'weiter' }]);
    else if (e.type === 'bid') out.push([e.seat, { type: 'bid', game: e.game }]);
    else if (e.type === 'stoss') out.push([e.seat, { type: 'stoss' }]);
    else if (e.type === 'card') out.push([e.seat, { type: 'play', card: e.card }]);
  }
  return out;
}

/**
 * The state these hands reach: the deck that deals them (first halves as
 * given) set up and every action of `events` replayed through `apply`; an
 * error if an action is refused.
 */
export function replay(rules: SchafkopfRules, dealer: Seat, carry: SchafkopfCarry, dealt: readonly number[], firstHalf: readonly number[], events: readonly SchafkopfEvent[]): Result<SchafkopfState> {
  const cards = (m: number) => [...Array(32).keys()].filter((c) => ((m >>> c) & 1) === 1);
  const hands = dealt.map((d, s) => [...cards(firstHalf[s]), ...cards(d & ~firstHalf[s])]);
  const setup = schafkopf.setup(rules, { dealer, deck: deckForHands(hands, dealer), carry });
  if (!setup.ok) return setup;
  let s = setup.value;
  for (const [seat, action] of actionsOf(events)) {
    const r = schafkopf.apply(s, seat, action);
    if (!r.ok) return r;
    s = r.value;
  }
  return ok(s);
}

/**
 * A Ramsch search state (deal `d`: seat d % 4 leads) played at random down
 * to `cardsLeft` cards, within a trick or between tricks, for the Ramsch
 * solve's tests.
 */
export function ramschEndgame(rules: SchafkopfRules, d: number, cardsLeft: number, seed = 'ramsch-endgame', doublings = d % 2): SchafkopfSearch {
  const rng = new SeededRng(`${seed}/${d}`);
  const pack = schafkopfPack(rules.kurzeKarte);
  const hands = [0, 0, 0, 0];
  shuffleDeck(pack, rng).forEach((c, i) => (hands[Math.floor((i * 4) / pack.size)] |= 1 << c));
  const s = new SchafkopfSearch({ rules, contract: { kind: 'ramsch', declarer: null }, doublings, stock: 0 });
  s.deal(hands, d % 4);
  while (pack.size - s.depth() > cardsLeft) {
    const legal = movesOf(s.legalMask());
    s.play(legal[rng.int(legal.length)]);
  }
  return s;
}
