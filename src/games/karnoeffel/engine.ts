import { checkActionShape } from '../actionShape.js';
import { isCompleteDeck } from '../../cards/deck.js';
import { formatCard } from '../../cards/notation.js';
import { fail, ok, type Result } from '../../core/result.js';
import { quote } from '../../core/text.js';
import { echo } from './notation.js';
import type { DealInput } from '../game.js';
import { lowestIndex, PACK } from './cards.js';
import { dealOrder, deckPositions, drawForTrump, nextSeat, pairAt, pairCount, stepOf, trumpOfDraw, trumpOfFirstRound } from './deal.js';
import { maskCards, maskHas, maskWith, maskWithout } from '../../cards/mask.js';
import { RULE_BOOK, type KarnoeffelRules } from './rules.js';
import { bannedCard, DEVIL_NO_LEAD, DEVIL_NO_PLAY, TRICKS_TO_WIN, trickWinnerIndex } from './tables.js';
import { checkAdvice, mayTalkNow, sees, teamOf } from './talk.js';
import type { KarnoeffelAction, KarnoeffelCarry, KarnoeffelEvent, KarnoeffelOutcome, KarnoeffelState, Pause, Team } from './state.js';

/** The round's value before any raise, and the step of every raise (000: "zunächst vier Punkte … um jeweils drei Punkte"). */
export const BASE_VALUE = 4;
export const RAISE_STEP = 3;
type Draft = { -readonly [K in keyof KarnoeffelState]: KarnoeffelState[K] } & {
  hands: number[];
  faceUp: number[];
  received: number[];
  trick: number[];
  tricks: KarnoeffelState['tricks'][number][];
  won: number[];
  talked: number[];
  events: KarnoeffelEvent[];
};

/** A copy to change: every field listed (one object shape, fast), every array copied, the rest shared. */
function draft(s: KarnoeffelState): Draft {
  return {
    rules: s.rules,
    dealer: s.dealer,
    deck: s.deck,
    drawn: s.drawn,
    points: s.points,
    phase: s.phase,
    pairs: s.pairs,
    hands: s.hands.slice(),
    faceUp: s.faceUp.slice(),
    received: s.received.slice(),
    trump: s.trump,
    value: s.value,
    pause: s.pause,
    announcedBy: s.announcedBy,
    turn: s.turn,
    trickLeader: s.trickLeader,
    trick: s.trick.slice(),
    tricks: s.tricks.slice(),
    won: s.won.slice(),
    decisions: s.decisions,
    talked: s.talked.slice(),
    events: s.events.slice(),
    outcome: s.outcome,
  };
}

function checkCarry(carry: unknown): Result<readonly number[]> {
  const points = (carry as KarnoeffelCarry | undefined)?.points;
  if (!Array.isArray(points) || points.length !== 2 || !points.every((p) => Number.isInteger(p) && p >= 0)) {
    return fail('badCarry', 'the carry must be { points: [team 0, team 1] }, two whole numbers of at least 0');
  }
  return ok(points);
}

/** A fresh deal: the dealer hands out the first pair and waits at the first pause. */
export function setup(rules: KarnoeffelRules, deal: DealInput<KarnoeffelCarry>): Result<KarnoeffelState> {
  const problem = RULE_BOOK.check?.(rules);
  if (problem) return fail(problem.code, problem.message);
  const n = rules.players;
  if (!Number.isInteger(deal.dealer) || deal.dealer < 0 || deal.dealer >= n) {
    return fail('badDealer', `the dealer must be a seat from 0 to ${n - 1}, not ${echo(deal.dealer)}`);
  }
  if (!isCompleteDeck(PACK, deal.deck)) return fail('badDeck', 'the deck must hold each of the 48 Karnöffel cards exactly once');
  const carry = checkCarry(deal.carry);
  if (!carry.ok) return carry;
  if (carry.value.some((p) => p >= rules.target)) {
    return fail('badCarry', `the match is already won (${carry.value.join(':')} with target ${rules.target}); a new match starts at 0:0`);
  }
  const drawn = rules.trump === 'drawn' ? drawForTrump(deal.deck, n) : null;
  return ok(start(rules, deal.dealer, [...deal.deck], carry.value, drawn));
}

/** Setup with the trump draw given (tests, and tables that draw by hand). */
export function setupWithDraw(
  rules: KarnoeffelRules,
  deal: DealInput<KarnoeffelCarry>,
  drawn: readonly number[],
): Result<KarnoeffelState> {
  const base = setup(rules, deal);
  if (!base.ok) return base;
  if (rules.trump !== 'drawn') return fail('badDraw', 'only the trump=drawn rule draws cards for trump');
  if (drawn.length !== rules.players || new Set(drawn).size !== drawn.length || drawn.some((c) => !Number.isInteger(c) || c < 0 || c >= 48)) {
    return fail('badDraw', `the trump draw must be ${rules.players} different cards`);
  }
  return ok(start(rules, deal.dealer, [...deal.deck], base.value.points, [...drawn]));
}

function start(rules: KarnoeffelRules, dealer: number, deck: number[], points: readonly number[], drawn: number[] | null): KarnoeffelState {
  const n = rules.players;
  const events: KarnoeffelEvent[] = [];
  let trump = -1;
  if (drawn) {
    trump = trumpOfDraw(drawn);
    events.push({ type: 'draw', cards: drawn });
    events.push({ type: 'trump', suit: trump, card: drawn[lowestIndex(drawn)] });
  }
  const d: Draft = {
    rules,
    dealer,
    deck,
    drawn,
    points: [...points],
    phase: 'deal',
    pairs: 0,
    hands: new Array(n).fill(0),
    faceUp: new Array(n).fill(-1),
    received: new Array(n).fill(0),
    trump,
    value: BASE_VALUE,
    pause: null,
    announcedBy: -1,
    turn: -1,
    trickLeader: -1,
    trick: [],
    tricks: [],
    won: [0, 0],
    decisions: 0,
    talked: new Array(n).fill(-1),
    events,
    outcome: null,
  };
  advance(d);
  return d;
}

/**
 * Deals on until a pause needs a decision or the cards are all out. With
 * raising stopped by the match announcement the pauses pass without a word.
 */
function advance(d: Draft): void {
  const n = d.rules.players;
  const step = stepOf(d.rules);
  const order = dealOrder(d.dealer, step, n);
  while (d.phase === 'deal' && d.pause === null) {
    if (d.pairs === pairCount(n)) {
      d.phase = 'play';
      d.turn = order[0];
      d.trickLeader = order[0];
      return;
    }
    const { round, first } = pairAt(n, d.pairs);
    const pair = [order[first], order[first + 1]];
    for (let k = 0; k < 2; k++) {
      const seat = pair[k];
      for (const pos of deckPositions(n, round, first + k)) {
        const card = d.deck[pos];
        d.hands[seat] = maskWith(d.hands[seat], card);
        d.received[seat]++;
        if (round === 0) {
          d.faceUp[seat] = card;
          d.events.push({ type: 'up', seat, card });
        }
      }
    }
    if (round > 0) d.events.push({ type: 'down', seats: pair, count: 2 });
    d.pairs++;
    if (round === 0 && first + 2 === n && d.rules.trump === 'first-round') {
      d.trump = trumpOfFirstRound(d.deck, n);
      d.events.push({ type: 'trump', suit: d.trump, card: d.deck[lowestIndex(d.deck, 0, n)] });
    }
    if (d.announcedBy < 0) d.pause = { a: pair[0], b: pair[1], stage: 'first', raiser: -1, bid: 0 };
  }
}

/** The seat that must decide in a pause. */
function pauseActor(p: Pause): number {
  if (p.stage === 'first') return p.a;
  if (p.stage === 'second') return p.b;
  return p.raiser === p.a ? p.b : p.a;
}

export function toAct(state: KarnoeffelState): number[] {
  if (state.phase === 'done') return [];
  if (state.phase === 'play') return [state.turn];
  return state.pause ? [pauseActor(state.pause)] : [];
}

/** Every seat with a legal action now: the seat to decide, and seats that may announce or advise out of turn. */
export function mayAct(state: KarnoeffelState): number[] {
  const out: number[] = [];
  for (let seat = 0; seat < state.rules.players; seat++) if (legal(state, seat).length > 0) out.push(seat);
  return out;
}

/** Whether this seat's side would win the match with the current value and may say so (000 "Kartengeben und Steigern"). */
export function mayAnnounce(state: KarnoeffelState, seat: number): boolean {
  return (
    state.phase === 'deal' &&
    state.announcedBy < 0 &&
    seat >= 0 &&
    seat < state.rules.players &&
    state.points[teamOf(seat)] + state.value >= state.rules.target
  );
}

function devilRule(rules: KarnoeffelRules): number {
  return rules.devilFirstTrick === 'no-play' ? DEVIL_NO_PLAY : DEVIL_NO_LEAD;
}

/** The cards `seat` may play now if it is his turn. */
export function playableCards(state: KarnoeffelState, seat: number): number[] {
  const banned = bannedCard(state.trump, state.tricks.length, state.trick.length === 0, devilRule(state.rules));
  return maskCards(state.hands[seat]).filter((c) => c !== banned);
}

/** The decisions open to the seat in the pause or in play (no talk). */
function decisionsOf(state: KarnoeffelState, seat: number): KarnoeffelAction[] {
  const acting = toAct(state);
  if (!acting.includes(seat)) return [];
  if (state.phase === 'play') return playableCards(state, seat).map((card) => ({ type: 'play', card }));
  const p = state.pause as Pause;
  const open = state.announcedBy < 0;
  if (p.stage === 'answer') return open ? [{ type: 'accept' }, { type: 'refuse' }, { type: 'raise' }] : [{ type: 'accept' }, { type: 'refuse' }];
  return open ? [{ type: 'raise' }, { type: 'pass' }] : [{ type: 'pass' }];
}

/**
 * Every legal action of the seat now: its decisions if it is to act, the
 * match announcement when its side may make it, and ready-made advice to a
 * teammate who must decide now. Advice is free text: any other message (see
 * `checkAdvice`) is just as legal through `apply`; the list offers the
 * useful ones so that a menu can show them.
 */
export function legal(state: KarnoeffelState, seat: number): KarnoeffelAction[] {
  if (state.phase === 'done' || !Number.isInteger(seat) || seat < 0 || seat >= state.rules.players) return [];
  const out = decisionsOf(state, seat);
  if (mayAnnounce(state, seat)) out.push({ type: 'announce' });
  if (mayTalkNow(state, seat)) {
    for (const mate of toAct(state)) {
      if (mate === seat || teamOf(mate) !== teamOf(seat)) continue;
      for (const action of decisionsOf(state, mate)) {
        if (action.type === 'play') {
          if (sees(state.rules, seat, mate)) {
            out.push({ type: 'advise', to: mate, card: action.card, message: `play ${formatCard(PACK, action.card)}` });
          }
        } else {
          out.push({ type: 'advise', to: mate, message: action.type });
        }
      }
      if (state.phase === 'play' && !sees(state.rules, seat, mate)) {
        out.push({ type: 'advise', to: mate, message: 'take the trick' });
        out.push({ type: 'advise', to: mate, message: 'leave the trick' });
      }
    }
  }
  return out;
}

function describeWait(state: KarnoeffelState): string {
  if (state.phase === 'play') return `seat ${state.turn} is to play`;
  const p = state.pause as Pause;
  if (p.stage === 'answer') return `seat ${pauseActor(p)} must answer the raise to ${p.bid}`;
  return `seat ${pauseActor(p)} may raise or pass`;
}

export function apply(state: KarnoeffelState, seat: number, action: KarnoeffelAction): Result<KarnoeffelState> {
  const n = state.rules.players;
  if (!Number.isInteger(seat) || seat < 0 || seat >= n) return fail('badSeat', `seat ${echo(seat)} does not exist (seats 0 to ${n - 1})`);
  if (state.phase === 'done') return fail('dealOver', 'the deal is over');
  const shape = checkActionShape(action, FIELDS);
  if (!shape.ok) return shape;
  switch (action.type) {
    case 'advise': {
      const checked = checkAdvice(state, seat, action);
      if (!checked.ok) return checked;
      const d = draft(state);
      d.talked[seat] = state.decisions;
      const event: { type: 'advise'; seat: number; message: string; card?: number; to?: number } = { type: 'advise', seat, message: action.message };
      if (action.card !== undefined) event.card = action.card;
      if (action.to !== undefined) event.to = action.to;
      d.events.push(event);
      return ok(d);
    }
    case 'announce': {
      if (state.phase !== 'deal') return fail('cannotAnnounce', 'the Partie announcement belongs to the deal; the cards are being played');
      if (state.announcedBy >= 0) return fail('cannotAnnounce', `seat ${state.announcedBy} has already announced; raising is over`);
      if (!mayAnnounce(state, seat)) {
        const t = teamOf(seat);
        return fail(
          'cannotAnnounce',
          `your side has ${state.points[t]} points; with the round at ${state.value} that makes ${state.points[t] + state.value}, short of the target ${state.rules.target}`,
        );
      }
      const d = draft(state);
      d.announcedBy = seat;
      d.decisions++;
      d.events.push({ type: 'announce', seat, team: teamOf(seat) });
      // Raising stops; a raise made before the announcement still stands and must be answered (000: "Bis zum Zeitpunkt dieser Meldung bleiben alle Erhöhungsvorschläge gültig").
      if (d.pause && d.pause.stage !== 'answer') d.pause = null;
      advance(d);
      return ok(d);
    }
    case 'raise':
    case 'pass':
    case 'accept':
    case 'refuse':
      return applyPauseDecision(state, seat, action.type);
    case 'play':
      return applyPlay(state, seat, action.card);
    default:
      return fail('badAction', `unknown action ${quote((action as { type: unknown }).type)}: raise, pass, accept, refuse, announce, play or advise`);
  }
}

/** The fields each kind of action has (a Map: a type from outside is looked up as an own entry, never on a prototype). */
const FIELDS: ReadonlyMap<string, readonly string[]> = new Map([
  ['raise', ['type']],
  ['pass', ['type']],
  ['accept', ['type']],
  ['refuse', ['type']],
  ['announce', ['type']],
  ['play', ['type', 'card']],
  ['advise', ['type', 'message', 'card', 'to']],
]);

function applyPauseDecision(state: KarnoeffelState, seat: number, kind: 'raise' | 'pass' | 'accept' | 'refuse'): Result<KarnoeffelState> {
  if (state.phase !== 'deal' || state.pause === null) {
    return fail('wrongAction', `no ${kind} now: the deal is done and the cards are being played`);
  }
  const p = state.pause;
  const actor = pauseActor(p);
  if (seat !== actor) return fail('notYourTurn', `not your turn: ${describeWait(state)}`);
  if (p.stage === 'answer' && kind === 'pass') return fail('raisePending', `seat ${p.raiser} raised to ${p.bid}: accept, refuse or raise again`);
  if (p.stage !== 'answer' && (kind === 'accept' || kind === 'refuse')) return fail('noRaisePending', `there is no raise to ${kind}; raise or pass`);
  if (kind === 'raise' && state.announcedBy >= 0) {
    return fail('raisingStopped', `seat ${state.announcedBy} announced that his side wins the Partie with this round: no more raising`);
  }
  const d = draft(state);
  d.decisions++;
  switch (kind) {
    case 'raise': {
      // Raising again implies accepting the raise before (000: "nicht nur die Steigerung zu akzeptieren, sondern seinerseits eine weitere Steigerung").
      if (p.stage === 'answer') d.value = p.bid;
      const bid = d.value + RAISE_STEP;
      d.pause = { a: p.a, b: p.b, stage: 'answer', raiser: seat, bid };
      d.events.push({ type: 'raise', seat, value: bid });
      return ok(d);
    }
    case 'pass':
      d.events.push({ type: 'pass', seat });
      if (p.stage === 'first') d.pause = { ...p, stage: 'second' };
      else {
        d.pause = null;
        advance(d);
      }
      return ok(d);
    case 'accept':
      d.value = p.bid;
      d.pause = null;
      d.events.push({ type: 'accept', seat, value: p.bid });
      advance(d);
      return ok(d);
    case 'refuse': {
      // The raising side wins the value before the refused raise; the cards are thrown in (000: "mit dem Punktestand unmittelbar vor der letzten abgelehnten Steigerungsansage").
      d.events.push({ type: 'refuse', seat, value: d.value });
      finish(d, teamOf(p.raiser), 'refusal');
      return ok(d);
    }
  }
}

function applyPlay(state: KarnoeffelState, seat: number, card: number): Result<KarnoeffelState> {
  if (state.phase !== 'play') return fail('wrongAction', `no card play now: the deal is still going on (${describeWait(state)})`);
  if (seat !== state.turn) return fail('notYourTurn', `not your turn: seat ${state.turn} is to play`, { turn: state.turn });
  if (!Number.isInteger(card) || card < 0 || card >= 48) return fail('badCard', `${echo(card)} is not a card`);
  if (!maskHas(state.hands[seat], card)) return fail('notInHand', `${formatCard(PACK, card)} is not in your hand`, { card: formatCard(PACK, card) });
  const banned = bannedCard(state.trump, state.tricks.length, state.trick.length === 0, devilRule(state.rules));
  if (card === banned) {
    return fail(
      'devilFirstTrick',
      state.rules.devilFirstTrick === 'no-play'
        ? `the Teufel (${formatCard(PACK, card)}) may not be played in the first trick (001)`
        : `the Teufel (${formatCard(PACK, card)}) may not be led to the first trick (000)`,
      { card: formatCard(PACK, card), rule: state.rules.devilFirstTrick, section: state.rules.devilFirstTrick === 'no-play' ? '001' : '000' },
    );
  }
  const d = draft(state);
  const n = state.rules.players;
  d.decisions++;
  d.hands[seat] = maskWithout(d.hands[seat], card);
  d.trick.push(card);
  d.events.push({ type: 'play', seat, card });
  const step = stepOf(state.rules);
  if (d.trick.length < n) {
    d.turn = nextSeat(seat, step, n);
    return ok(d);
  }
  const idx = trickWinnerIndex(d.trump, d.trick);
  const winner = (d.trickLeader + step * idx + n * n) % n;
  d.tricks.push({ leader: d.trickLeader, cards: d.trick, winner });
  d.events.push({ type: 'trick', winner, cards: d.trick });
  d.trick = [];
  d.won[teamOf(winner)]++;
  if (d.won[teamOf(winner)] >= TRICKS_TO_WIN) {
    finish(d, teamOf(winner), 'tricks');
  } else {
    d.turn = winner;
    d.trickLeader = winner;
  }
  return ok(d);
}

function finish(d: Draft, team: Team, by: 'tricks' | 'refusal'): void {
  const n = d.rules.players;
  const points = [...d.points];
  points[team] += d.value;
  const outcome: KarnoeffelOutcome = {
    score: Array.from({ length: n }, (_, s) => (teamOf(s) === team ? d.value : 0)),
    winner: team,
    value: d.value,
    by,
    tricks: [...d.won],
    trump: d.trump,
    points,
    matchOver: points[team] >= d.rules.target,
  };
  d.phase = 'done';
  d.pause = null;
  d.turn = -1;
  d.outcome = outcome;
  d.events.push({ type: 'end', team, value: d.value, by });
}

