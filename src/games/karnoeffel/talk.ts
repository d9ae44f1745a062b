import { formatCard } from '../../cards/notation.js';
import { fail, ok, type Result } from '../../core/result.js';
import { echo } from './notation.js';
import { PACK } from './cards.js';
import type { KarnoeffelRules } from './rules.js';
import type { KarnoeffelAction, KarnoeffelState, Team } from './state.js';

/**
 * Teams and table talk: who plays with whom, who leads a team of three or
 * four, who sees whose cards, and who may advise what (000 "Kartengeben und
 * Steigern", "Spieldurchführung"; 001).
 */

/** Longest advice message, in characters. */
export const MAX_MESSAGE = 120;

export function teamOf(seat: number): Team {
  return (seat & 1) as Team;
}

/**
 * Team leaders with six or eight players (000: "so bestimmt jede Mannschaft
 * für sich einen Führer"; 001: "müsset Ihr unter Euch einen Spielführer
 * wählen"). The documents leave the choice to the team; here the leader is
 * the member who drew the lowest lot, whom the lots seat at the team's first
 * seat: seat 0 for team 0, seat 1 for team 1 (src/match/karnoeffel.ts).
 */
export function leadersOf(n: number): number[] | null {
  return n >= 6 ? [0, 1] : null;
}

/**
 * Whether `viewer` may see `other`'s cards (house rule `showHands`): with
 * four players partners see each other's cards from the deal on (000:
 * "darf jeder Spieler seine Karten seinem Partner zeigen", "Allerdings wird
 * beim Spiel zu viert jeder schon die Karten seines Partners kennen"); with
 * six or eight the leader sees his teammates' cards, they do not see his
 * (000: "darf seine Karten diesem Führer zur Einsicht überlassen"; 001: "einen
 * Spielführer …, der Eure Karten ansieht").
 */
export function sees(rules: KarnoeffelRules, viewer: number, other: number): boolean {
  const n = rules.players;
  if (!rules.showHands || viewer === other || !(viewer >= 0 && viewer < n) || teamOf(viewer) !== teamOf(other)) return false;
  if (n === 4) return true;
  if (n >= 6) return viewer === teamOf(viewer);
  return false;
}

/**
 * Who may talk (house rule `advisers`). With two players there is nobody to
 * advise. With four, partners may always advise each other (000: "Beim Spiel
 * zu viert darf jeder Spieler seinem Partner Ratschläge erteilen").
 */
export function mayAdvise(rules: KarnoeffelRules, seat: number): boolean {
  const n = rules.players;
  if (n === 2) return false;
  if (n >= 6 && rules.advisers === 'leader') return seat === teamOf(seat);
  return true;
}

/** Whether the seat may advise now: once between two decisions at the table. */
export function mayTalkNow(state: KarnoeffelState, seat: number): boolean {
  return state.phase !== 'done' && mayAdvise(state.rules, seat) && state.talked[seat] !== state.decisions;
}

const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

/** Checks a piece of advice: text, suggested card and addressee. */
export function checkAdvice(state: KarnoeffelState, seat: number, action: Extract<KarnoeffelAction, { type: 'advise' }>): Result<true> {
  const rules = state.rules;
  if (rules.players === 2) return fail('noTeam', 'with two players there is no partner to advise');
  if (!mayAdvise(rules, seat)) {
    return fail('notLeader', `with ${rules.players} players and advisers=leader only the team leaders (seats 0 and 1) may advise`);
  }
  if (state.talked[seat] === state.decisions) {
    return fail('talkedAlready', 'you have already given advice; wait for the next decision at the table');
  }
  const m = action.message;
  if (typeof m !== 'string' || m.trim().length === 0) return fail('badAdvice', 'advice needs a message');
  if (m.length > MAX_MESSAGE) return fail('badAdvice', `advice may be at most ${MAX_MESSAGE} characters, this is ${m.length}`);
  if (CONTROL.test(m)) return fail('badAdvice', 'advice may not contain control characters or line breaks');
  if (action.card !== undefined) {
    if (!Number.isInteger(action.card) || action.card < 0 || action.card >= 48) return fail('badAdvice', 'the suggested card is not a card');
    const played = state.trick.includes(action.card) || state.tricks.some((t) => t.cards.includes(action.card as number));
    if (played) return fail('badAdvice', `${formatCard(PACK, action.card)} has already been played`);
  }
  if (action.to !== undefined) {
    const to = action.to;
    if (!Number.isInteger(to) || to < 0 || to >= rules.players) return fail('badAdvice', `seat ${echo(to)} does not exist`);
    if (to === seat || teamOf(to) !== teamOf(seat)) return fail('badAdvice', `advice goes to a teammate; seat ${to} is ${to === seat ? 'yourself' : 'an opponent'}`);
  }
  return ok(true);
}

