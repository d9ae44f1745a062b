import { checkActionShape } from '../actionShape.js';
import { err, fail, ok, type Result } from '../../core/result.js';
import { quote } from '../../core/text.js';
import type { Seat } from '../game.js';
import { announceCandidates, checkAnnounce, checkRaise, raiseCandidates, stepAnnounce, stepRaise } from './auction.js';
import { checkRaiseAfter, checkTalon, raiseAfterCandidates, stepRaiseAfter, stepTalon, talonCandidates } from './talon.js';
import { blindCandidates, checkBlind, checkCut, checkThreeUnter, checkTrump, cutCandidates, stepBlind, stepCut, stepThreeUnter, stepTrump, threeUnterCandidates, trumpCandidates } from './deal.js';
import { draft, type Draft, type Problem } from './draft.js';
import { checkPlay, playCandidates, stepPlay } from './play.js';
import { checkSpritzen, spritzenCandidates, stepSpritzen } from './spritzen.js';
import type { Phase, SchnapsenAction, SchnapsenState } from './state.js';

interface PhaseRules {
  /** What this phase asks for, for error messages. */
  readonly asks: string;
  candidates(s: SchnapsenState, seat: Seat): SchnapsenAction[];
  check(s: SchnapsenState, seat: Seat, a: SchnapsenAction): Problem;
  step(d: Draft, seat: Seat, a: SchnapsenAction): void;
}

const PHASES: ReadonlyMap<Phase, PhaseRules> = new Map<Phase, PhaseRules>([
  ['cut', { asks: 'to cut or knock', candidates: cutCandidates, check: checkCut, step: stepCut }],
  ['blindTrump', { asks: 'to call trump blind', candidates: blindCandidates, check: checkBlind, step: stepBlind }],
  ['threeUnter', { asks: 'to decide on a new deal (three Unter)', candidates: threeUnterCandidates, check: checkThreeUnter, step: stepThreeUnter }],
  ['trump', { asks: 'to call trump', candidates: trumpCandidates, check: checkTrump, step: stepTrump }],
  ['announce', { asks: 'to announce a game or pass', candidates: announceCandidates, check: checkAnnounce, step: stepAnnounce }],
  ['raise', { asks: 'to raise or pass', candidates: raiseCandidates, check: checkRaise, step: stepRaise }],
  ['talon', { asks: 'to lay away two cards', candidates: talonCandidates, check: checkTalon, step: stepTalon }],
  ['raiseAfter', { asks: 'to raise after the talon or pass', candidates: raiseAfterCandidates, check: checkRaiseAfter, step: stepRaiseAfter }],
  ['spritzen', { asks: 'to spritz or pass', candidates: spritzenCandidates, check: checkSpritzen, step: stepSpritzen }],
  ['play', { asks: 'to play a card', candidates: playCandidates, check: checkPlay, step: stepPlay }],
]);

export function toAct(s: SchnapsenState): Seat[] {
  return s.phase === 'done' ? [] : [s.turn];
}

export function legalActions(s: SchnapsenState, seat: Seat): SchnapsenAction[] {
  const rules = PHASES.get(s.phase);
  if (rules === undefined || seat !== s.turn) return [];
  return rules.candidates(s, seat).filter((a) => rules.check(s, seat, a) === undefined);
}

/** Each kind of action and its fields (an action from outside with another field is refused). */
const FIELDS: ReadonlyMap<string, readonly string[]> = new Map<string, readonly string[]>([
  ...['cut', 'knock', 'redeal', 'keep', 'pass', 'spritzen', 'retour', 're'].map((t): [string, readonly string[]] => [t, ['type']]),
  ['trump', ['type', 'suit']],
  ['turn', ['type', 'index']],
  ['announce', ['type', 'game', 'ohne']],
  ['lay', ['type', 'cards']],
  ['meld', ['type', 'suit', 'points']],
  ['play', ['type', 'card']],
]);

export function applyAction(s: SchnapsenState, seat: Seat, a: SchnapsenAction): Result<SchnapsenState> {
  if (!Number.isInteger(seat) || seat < 0 || seat >= s.seats) return fail('badSeat', `there is no seat ${quote(seat)} (seats 0 to ${s.seats - 1})`);
  if (s.phase === 'done') return fail('dealOver', 'the deal is over');
  const shape = checkActionShape(a, FIELDS);
  if (!shape.ok) return shape;
  const rules = PHASES.get(s.phase);
  if (rules === undefined) return fail('dealOver', 'the deal is over');
  if (seat !== s.turn) return fail('notYourTurn', `it is seat ${s.turn}'s turn ${rules.asks}, not seat ${seat}'s`, { turn: s.turn });
  const p = rules.check(s, seat, a);
  if (p) return err(p);
  const d = draft(s);
  rules.step(d, seat, a);
  return ok(d as SchnapsenState);
}

/**
 * Applies a whole sequence of actions to a state, as `applyAction` one by one
 * (the same checks and steps), but on one working copy: for replaying a
 * history fast (sampled worlds). Returns the state after the last action, or
 * undefined at the first action the rules refuse. `before(state)` may give
 * an action to apply first (the silent three-Unter "behalten").
 */
export function applyAll(s: SchnapsenState, actions: readonly (readonly [Seat, SchnapsenAction])[], before?: (s: SchnapsenState, next: SchnapsenAction) => SchnapsenAction | undefined): SchnapsenState | undefined {
  const d = draft(s);
  const state = d as unknown as SchnapsenState;
  const step = (seat: Seat, a: SchnapsenAction): boolean => {
    const rules = PHASES.get(d.phase);
    if (rules === undefined || seat !== d.turn) return false;
    if (rules.check(state, seat, a) !== undefined) return false;
    rules.step(d, seat, a);
    return true;
  };
  for (const [seat, a] of actions) {
    const first = before?.(state, a);
    if (first !== undefined && !step(d.turn, first)) return undefined;
    if (!step(seat, a)) return undefined;
  }
  return state;
}
