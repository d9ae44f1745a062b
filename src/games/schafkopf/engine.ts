import { cardOf, type Card } from '../../cards/pack.js';
import { formatCard } from '../../cards/notation.js';
import { fail, ok, type Result } from '../../core/result.js';
import { quote } from '../../core/text.js';
import type { Seat } from '../game.js';
import { canonicalAction, type SchafkopfAction } from './notation.js';
import { announceableGames, cannotAnnounce, gameRank, handCannotCarry } from './bidding.js';
import { schafkopfPack } from './cards.js';
import { choiceName, type Contract, type GameChoice } from './contract.js';
import { illegalReason, legalMask } from './legal.js';
import { scoreDeal, scoreThrownIn, type DoneTrick, type SchafkopfOutcome } from './scoring.js';
import { speakingOrder, vorhandOf, type SchafkopfState } from './state.js';
import { trickWinnerIndex, type PlayTables } from './tables.js';
import { calledSau, partyOfState, tablesOf } from './derive.js';
import type { SchafkopfEvent } from './events.js';
import { CardSet } from '../../cards/cardSet.js';

const PHASE_WORDS: Readonly<Record<string, string>> = {
  klopfen: 'to knock or pass',
  bidding: 'to bid',
  mussspiel: 'to choose the Mussspiel',
  stoss: 'to give Stoß or pass',
  play: 'to play',
};

/** A number from outside as a message shows it; anything else as a short excerpt. */
function shown(x: unknown): string {
  return typeof x === 'number' ? String(x) : quote(x);
}

/** The card that wins the trick on the table so far. */
function bestCard(t: PlayTables, cards: readonly Card[]): Card {
  return cards[trickWinnerIndex(t, cards)];
}

/** The legal-card mask of the seat to play. */
export function legalCardMask(state: SchafkopfState, seat: Seat): number {
  const t = tablesOf(state);
  const hand = state.hands[seat];
  const trick = state.trick;
  const sau = calledSau(state);
  const ownSau = sau >= 0 && !state.searched && (hand & (1 << sau)) !== 0 ? sau : -1;
  const led = trick ? trick.cards[0] : -1;
  const best = trick ? bestCard(t, trick.cards) : -1;
  return legalMask(t, hand, led, best, ownSau, state.contract?.kind === 'bettel' && state.rules.bettelStichzwang) >>> 0;
}

function highestBid(state: SchafkopfState): GameChoice | null {
  for (let i = state.bids.length - 1; i >= 0; i--) {
    const g = state.bids[i].game;
    if (g) return g;
  }
  return null;
}

/** Games this seat may announce now: played at this table, holdable, and (unless forced) ranking above the highest bid so far. */
function legalBids(state: SchafkopfState, seat: Seat): GameChoice[] {
  const pack = schafkopfPack(state.rules.kurzeKarte);
  const top = state.phase === 'bidding' ? highestBid(state) : null;
  const bar = top ? gameRank(state.rules, top) : 0;
  return announceableGames(state.rules).filter(
    (g) => gameRank(state.rules, g) > bar && handCannotCarry(pack, state.hands[seat], g) === undefined,
  );
}

/**
 * Who is asked at a level of the Stoß exchange, in order from Vorhand. Even
 * levels (Stoß) ask the non-declarers, odd levels (Re) the declaring side.
 * In a Rufspiel the partner is unknown, so every seat that might be the
 * partner is asked; only the true partner may answer (002 6.4.4), which
 * keeps the partner's identity hidden from the asking.
 */
export function askAtLevel(state: Pick<SchafkopfState, 'contract' | 'dealer'>, level: number, stoss: readonly Seat[]): Seat[] {
  const declarer = state.contract!.declarer!;
  const forDeclarers = stoss.filter((_, i) => i % 2 === 1);
  const against = stoss.filter((_, i) => i % 2 === 0);
  const order = speakingOrder(state.dealer);
  if (level % 2 === 0) return order.filter((s) => s !== declarer && !forDeclarers.includes(s));
  return order.filter((s) => s === declarer || (state.contract!.kind === 'rufspiel' && !against.includes(s)));
}

function mayStoss(state: SchafkopfState, seat: Seat): boolean {
  const inParty = partyOfState(state).includes(seat);
  return state.stoss.length % 2 === 0 ? !inParty : inParty;
}

/** The state with these events added to its log. */
function emit(state: SchafkopfState, ...events: SchafkopfEvent[]): SchafkopfState {
  return { ...state, events: [...state.events, ...events] };
}

function finish(state: SchafkopfState, outcome: SchafkopfOutcome): SchafkopfState {
  return { ...emit(state, { type: 'end', outcome }), phase: 'done', turn: -1, stossAsk: [], outcome };
}

function doublings(state: SchafkopfState): number {
  return state.klopfer.length + state.stoss.length + state.carry.bock;
}

function scorePlayed(state: SchafkopfState): SchafkopfOutcome {
  return scoreDeal(
    { rules: state.rules, tables: tablesOf(state), contract: state.contract!, dealt: state.dealt, tricks: state.tricks, doublings: doublings(state), stock: state.carry.stock },
    partyOfState(state),
  );
}

/** The game is fixed: the Sie is shown at once; else the Stoß exchange (house rule) or the first card. */
function startContract(state: SchafkopfState, contract: Contract): SchafkopfState {
  const { declarer, mussspiel, ...game } = contract;
  const sau = contract.kind === 'rufspiel' ? cardOf(schafkopfPack(state.rules.kurzeKarte), contract.suit!, 'A')! : null;
  const next: SchafkopfState = emit({ ...state, contract }, { type: 'contract', game, declarer, calledSau: sau, mussspiel: mussspiel === true });
  if (contract.kind === 'sie') {
    const cards = CardSet.fromMask(state.dealt[declarer!]).toArray();
    return finish(emit(next, { type: 'sie', seat: declarer!, cards }), scorePlayed(next));
  }
  if (state.rules.stoss && contract.kind !== 'ramsch') {
    const ask = askAtLevel(next, 0, []);
    return { ...next, phase: 'stoss', stossAsk: ask, turn: ask[0] };
  }
  return { ...next, phase: 'play', turn: vorhandOf(state.dealer), stossAsk: [] };
}

/** Everyone said "weiter" (002 5.3.7). */
function allPassed(state: SchafkopfState): SchafkopfState {
  const pack = schafkopfPack(state.rules.kurzeKarte);
  switch (state.rules.allPass) {
    case 'ramsch':
      return startContract(state, { kind: 'ramsch', declarer: null });
    case 'mussspiel': {
      const eichelOber = cardOf(pack, 0, 'O')!;
      const holder = state.dealt.findIndex((h) => (h & (1 << eichelOber)) !== 0);
      return { ...emit(state, { type: 'mussspiel', seat: holder }), phase: 'mussspiel', turn: holder };
    }
    default: {
      const outcome = scoreThrownIn(state.rules);
      return finish(emit(state, { type: 'thrownIn', bock: outcome.bock, stock: outcome.stock }), outcome);
    }
  }
}

function applyBid(state: SchafkopfState, seat: Seat, action: SchafkopfAction): Result<SchafkopfState> {
  const pack = schafkopfPack(state.rules.kurzeKarte);
  const forced = state.phase === 'mussspiel';
  if (action.type === 'weiter') {
    if (forced) return fail('mustPlay', 'everyone passed and you hold the Eichel-Ober: you must play a game (002 5.3.7 a)', { section: '002 5.3.7' });
  } else if (action.type === 'bid') {
    const why = cannotAnnounce(state.rules, pack, state.hands[seat], action.game);
    if (why) return fail('illegalBid', `${choiceName(action.game)}: ${why}`);
    const top = forced ? null : highestBid(state);
    if (top && gameRank(state.rules, action.game) <= gameRank(state.rules, top)) {
      return fail(
        'illegalBid',
        `${choiceName(action.game)} does not outrank ${choiceName(top)}, and on equal games the earlier seat keeps the game (002 5.2): announce a higher game or say weiter`,
      );
    }
  } else {
    return fail('wrongAction', `now is the time ${PHASE_WORDS[state.phase]}: say weiter or announce a game`);
  }
  const game = action.type === 'bid' ? action.game : null;
  const said: SchafkopfEvent = game ? { type: 'bid', seat, game } : { type: 'pass', seat, round: 'bidding' };
  if (forced) return ok(startContract(emit({ ...state, bids: [...state.bids, { seat, game }] }, said), { ...game!, declarer: seat, mussspiel: true }));
  const bids = [...state.bids, { seat, game }];
  const next: SchafkopfState = emit({ ...state, bids }, said);
  if (bids.length < 4) return ok({ ...next, turn: (seat + 1) % 4 });
  const best = [...bids].reverse().find((b) => b.game !== null);
  return ok(best ? startContract(next, { ...best.game!, declarer: best.seat }) : allPassed(next));
}

function applyPlay(state: SchafkopfState, seat: Seat, action: SchafkopfAction): Result<SchafkopfState> {
  if (action.type !== 'play') return fail('wrongAction', 'now is the time to play a card');
  const pack = schafkopfPack(state.rules.kurzeKarte);
  const card = action.card;
  if (!Number.isInteger(card) || card < 0 || card >= pack.size) return fail('badCard', `card ${shown(card)} is not in the pack`);
  const code = formatCard(pack, card);
  const hand = state.hands[seat];
  if ((hand & (1 << card)) === 0) return fail('notInHand', `you do not hold ${code}`, { card: code });
  const mask = legalCardMask(state, seat);
  if ((mask & (1 << card)) === 0) {
    const t = tablesOf(state);
    const sau = calledSau(state);
    const ownSau = sau >= 0 && !state.searched && (hand & (1 << sau)) !== 0 ? sau : -1;
    const trick = state.trick;
    const stichzwang = state.contract?.kind === 'bettel' && state.rules.bettelStichzwang;
    const reason = illegalReason(t, hand, trick ? trick.cards[0] : -1, trick ? bestCard(t, trick.cards) : -1, ownSau, stichzwang, card);
    return fail(reason.code, `${code}: ${reason.why}`, { card: code, ...(trick ? { led: formatCard(pack, trick.cards[0]) } : {}), ...reason.params });
  }
  const t = tablesOf(state);
  const hands = state.hands.slice();
  hands[seat] = (hand & ~(1 << card)) >>> 0;
  const leading = state.trick === null;
  const cards = leading ? [card] : [...state.trick!.cards, card];
  const leader = leading ? seat : state.trick!.leader;
  const played = emit(state, { type: 'card', seat, card });
  if (cards.length < 4) {
    return ok({ ...played, hands, trick: { leader, cards }, turn: (seat + 1) % 4 });
  }
  // The called suit counts as searched once the trick that first led it is over:
  // in that trick the holder of the called Sau must still play it (002 5.3.1.2).
  const sau = calledSau(state);
  const searched = state.searched || (sau >= 0 && (t.follow[sau] & (1 << cards[0])) !== 0);
  const winner = (leader + trickWinnerIndex(t, cards)) % 4;
  const tricks: DoneTrick[] = [...state.tricks, { leader, cards, winner }];
  let points = 0;
  for (const c of cards) points += t.points[c];
  const next: SchafkopfState = { ...emit(played, { type: 'trick', leader, cards: cards.slice(), winner, points }), hands, searched, trick: null, tricks, turn: winner };
  if (hands.every((h) => h === 0)) return ok(finish(next, scorePlayed(next)));
  return ok(next);
}

function applyStoss(state: SchafkopfState, seat: Seat, action: SchafkopfAction): Result<SchafkopfState> {
  if (action.type === 'weiter') {
    const ask = state.stossAsk.slice(1);
    const next = emit(state, { type: 'pass', seat, round: 'stoss', level: state.stoss.length + 1 });
    if (ask.length > 0) return ok({ ...next, stossAsk: ask, turn: ask[0] });
    return ok({ ...next, stossAsk: [], phase: 'play', turn: vorhandOf(state.dealer) });
  }
  if (action.type !== 'stoss') return fail('wrongAction', 'now is the time to give Stoß or say weiter');
  if (!mayStoss(state, seat)) {
    return fail(
      'illegalStoss',
      state.stoss.length % 2 === 0 ? 'only an opponent of the declaring party may give Stoß (002 6.4.4)' : 'only the declarer or the partner may answer the Stoß (002 6.4.4)',
    );
  }
  const stoss = [...state.stoss, seat];
  const next = emit(state, { type: 'stoss', seat, level: stoss.length });
  if (stoss.length >= state.rules.stossDepth) {
    return ok({ ...next, stoss, stossAsk: [], phase: 'play', turn: vorhandOf(state.dealer) });
  }
  const ask = askAtLevel(state, stoss.length, stoss);
  return ok({ ...next, stoss, stossAsk: ask, turn: ask[0] });
}

function applyKlopfen(state: SchafkopfState, seat: Seat, action: SchafkopfAction): Result<SchafkopfState> {
  if (action.type !== 'klopfen' && action.type !== 'weiter') return fail('wrongAction', 'now is the time to knock (klopfen) or say weiter');
  const knocks = action.type === 'klopfen';
  const klopfer = knocks ? [...state.klopfer, seat] : state.klopfer;
  const said = emit(state, knocks ? { type: 'klopfen', seat } : { type: 'pass', seat, round: 'klopfen' });
  if (seat === state.dealer) return ok({ ...said, klopfer, phase: 'bidding', turn: vorhandOf(state.dealer) });
  return ok({ ...said, klopfer, turn: (seat + 1) % 4 });
}

export function applyAction(state: SchafkopfState, seat: Seat, given: SchafkopfAction): Result<SchafkopfState> {
  if (state.phase === 'done') return fail('dealOver', 'the deal is over');
  if (!Number.isInteger(seat) || seat < 0 || seat > 3) return fail('badSeat', `seat ${shown(seat)} does not exist (0..3)`);
  if (seat !== state.turn) return fail('notYourTurn', `it is seat ${state.turn}'s turn ${PHASE_WORDS[state.phase]}, not seat ${seat}'s`, { turn: state.turn });
  const read = canonicalAction(given);
  if (!read.ok) return read;
  const action = read.value;
  let next: Result<SchafkopfState>;
  switch (state.phase) {
    case 'klopfen':
      next = applyKlopfen(state, seat, action);
      break;
    case 'bidding':
    case 'mussspiel':
      next = applyBid(state, seat, action);
      break;
    case 'stoss':
      next = applyStoss(state, seat, action);
      break;
    case 'play':
      next = applyPlay(state, seat, action);
      break;
  }
  return next;
}

export function legalActions(state: SchafkopfState, seat: Seat): SchafkopfAction[] {
  if (seat !== state.turn) return [];
  switch (state.phase) {
    case 'klopfen':
      return [{ type: 'weiter' }, { type: 'klopfen' }];
    case 'bidding':
      return [{ type: 'weiter' }, ...legalBids(state, seat).map((game) => ({ type: 'bid' as const, game }))];
    case 'mussspiel':
      return legalBids(state, seat).map((game) => ({ type: 'bid' as const, game }));
    case 'stoss':
      return mayStoss(state, seat) ? [{ type: 'weiter' }, { type: 'stoss' }] : [{ type: 'weiter' }];
    case 'play': {
      const out: SchafkopfAction[] = [];
      for (let m = legalCardMask(state, seat); m !== 0; m &= m - 1) out.push({ type: 'play', card: 31 - Math.clz32(m & -m) });
      return out;
    }
    case 'done':
      return [];
  }
}
