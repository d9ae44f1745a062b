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

const ACTION_TYPES = new Set(['cut', 'knock', 'redeal', 'keep', 'trump', 'turn', 'pass', 'announce', 'lay', 'spritzen', 'retour', 're', 'meld', 'play']);

export function applyAction(s: SchnapsenState, seat: Seat, a: SchnapsenAction): Result<SchnapsenState> {
  if (!Number.isInteger(seat) || seat < 0 || seat >= s.seats) return fail('badSeat', `there is no seat ${quote(seat)} (seats 0 to ${s.seats - 1})`);
  if (s.phase === 'done') return fail('dealOver', 'the deal is over');
  if (typeof a !== 'object' || a === null || !ACTION_TYPES.has((a as { type?: string }).type ?? '')) return fail('badAction', 'not an action');
  const rules = PHASES.get(s.phase);
  if (rules === undefined) return fail('dealOver', 'the deal is over');
  if (seat !== s.turn) return fail('notYourTurn', `it is seat ${s.turn}'s turn ${rules.asks}, not seat ${seat}'s`);
  const p = rules.check(s, seat, a);
  if (p) return err(p);
  const d = draft(s);
  rules.step(d, seat, a);
  return ok(d as SchnapsenState);
}
