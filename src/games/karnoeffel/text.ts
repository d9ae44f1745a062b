import { formatCard } from '../../cards/notation.js';
import { cardName, PACK, R_2, R_3, R_4, R_5, R_6, R_7, R_UNTER, sortedHand, SUIT_NAMES } from './cards.js';
import { RAISE_STEP } from './engine.js';
import { mayAdvise, teamOf } from './talk.js';
import { talkText } from './talkWords.js';
import type { KarnoeffelRules } from './rules.js';
import type { KarnoeffelAction, KarnoeffelEvent, KarnoeffelOutcome, KarnoeffelState, KarnoeffelView } from './state.js';
import { TEAM_NAMES, type KarnoeffelSheet } from './sitting.js';
import type { NumberedEvent } from '../game.js';
import type { PlayOption, TerminalText } from '../text.js';
import type { KarnoeffelTypes } from './game.js';

/*
 * The terminal face of Karnöffel. German game words, each explained once:
 * Trumpf = trump suit; Stich = trick; Geber = dealer; Vorhand = the player
 * dealt first, who leads; Karnöffel = trump Unter; Papst = trump 6; Kaiser =
 * trump Daus (2); Teufel = trump 7, the Devil; Steigern = raising the round's
 * value by 3; Partie = the match. The sides are named Blue and Red after 001's Blau and Rot.
 *
 * Every player is shown by the name the table gives them (`names[seat]`:
 * "You" for the person at this terminal, a first name for each bot); seat
 * numbers appear only in the notation of advice (`advise @3 …`), which
 * counts seats from 0 as records do.
 */

const code = (c: number) => formatCard(PACK, c);

function cardText(c: number, trump: number): string {
  const name = cardName(c, trump);
  const special = name.indexOf('(');
  return special >= 0 ? `${code(c)} ${name.slice(special)}` : code(c);
}

/** The name of the player at a seat; "seat N" only when the caller gave no names. */
export function nameOf(names: readonly string[], seat: number): string {
  return names[seat] ?? `seat ${seat}`;
}

/** Whether a name is the person addressed ("You", or "You 2" when several people share the terminal). */
function isYou(name: string): boolean {
  return name === 'You' || name.startsWith('You ');
}

/** "You raise" / "Sepp raises": the verb agrees with the name. */
function says(name: string, verb: string, third = `${verb}s`): string {
  return `${name} ${isYou(name) ? verb : third}`;
}

/** A side by its players: "Blue (Sepp, Resi)"; with two players the player alone. */
function sideText(players: number, team: number, names: readonly string[]): string {
  if (players === 2) return nameOf(names, team);
  const members = Array.from({ length: players }, (_, s) => s).filter((s) => s % 2 === team);
  return `${TEAM_NAMES[team]} (${members.map((s) => nameOf(names, s)).join(', ')})`;
}

/** "Red win" / "Sepp wins" / "You win". */
function sideWins(players: number, team: number, names: readonly string[]): string {
  if (players === 2) return says(nameOf(names, team), 'win');
  return `${sideText(players, team, names)} win`;
}

/** The teammates a seat may address: partner (four), team (six, eight). */
function mates(view: KarnoeffelView): number[] {
  return view.order.filter((s) => s !== view.seat && teamOf(s) === teamOf(view.seat));
}

export function renderKarnoeffelView(rules: KarnoeffelRules, view: KarnoeffelView, names: readonly string[], legal?: readonly KarnoeffelAction[]): string {
  const lines: string[] = [];
  const t = view.trump;
  const n = view.players;
  const who = (s: number) => nameOf(names, s);
  // When the seat is to play, cards it may not play now (the Devil in the first trick) are marked.
  const playable = new Set((legal ?? []).flatMap((a) => (a.type === 'play' ? [a.card] : [])));
  const handCard = (c: number) => (playable.size > 0 && !playable.has(c) ? `${cardText(c, t)} [not now]` : cardText(c, t));
  // With two players each is his own side: sides are named by their player.
  const label = (team: number) => (n === 2 ? who(team) : TEAM_NAMES[team]);
  lines.push(`Karnöffel, ${n} players · Partie to ${view.target}: ${label(0)} ${view.points[0]} : ${view.points[1]} ${label(1)} · this round is worth ${view.value}`);
  lines.push(`Geber: ${who(view.dealer)} · Vorhand: ${who(view.order[0])} · play goes ${view.direction === 'left' ? 'clockwise' : 'to the right'}`);
  if (n > 2) {
    const leader = (s: number) => (view.leaders?.includes(s) ? `${who(s)} (leader)` : who(s));
    const side = (team: number) => `${TEAM_NAMES[team]}: ${Array.from({ length: n }, (_, s) => s).filter((s) => s % 2 === team).map(leader).join(', ')}`;
    lines.push(`${side(0)} · ${side(1)}`);
  }
  if (view.pause?.stage === 'answer') lines.push(`${says(who(view.pause.raiser), 'raise')} to ${view.pause.bid}; ${who(view.toAct[0])} must answer.`);
  if (view.announcedBy >= 0) lines.push(`${who(view.announcedBy)} announced that ${n === 2 ? 'this round would win the Partie' : `${TEAM_NAMES[teamOf(view.announcedBy)]} would win the Partie with this round`}: no more raising.`);
  lines.push(
    t >= 0
      ? `Trumpf: ${SUIT_NAMES[t]} (Karnöffel ${code(t * 12 + R_UNTER)}, Papst ${code(t * 12 + R_6)}, Kaiser ${code(t * 12 + R_2)}, Teufel ${code(t * 12 + R_7)})`
      : 'Trumpf: not yet known (the lowest face-up card will set it)',
  );
  if (view.drawn) lines.push(`Drawn for trump: ${view.drawn.map(code).join(' ')}`);
  const up = view.order.filter((s) => view.faceUp[s] >= 0).map((s) => `${who(s)} ${code(view.faceUp[s])}`);
  if (up.length > 0 && view.phase === 'deal') lines.push(`Face up: ${up.join(', ')}`);
  if (view.seat >= 0) lines.push(`Your hand: ${sortedHand(view.hand, t).map(handCard).join('  ') || '(none yet)'}`);
  for (const s of view.seen) lines.push(`${says(who(s.seat), 'hold')}: ${sortedHand(s.cards, t).map((c) => cardText(c, t)).join('  ') || '(nothing yet)'}`);
  if (view.phase !== 'deal') {
    lines.push(`Stiche: ${label(0)} ${view.won[0]}, ${label(1)} ${view.won[1]} (three win the round)`);
    if (view.trick.length > 0) {
      const step = view.direction === 'right' ? -1 : 1;
      const played = view.trick.map((c, i) => `${who((view.trickLeader + step * i + n * 4) % n)} ${cardText(c, t)}`);
      lines.push(`On the table: ${played.join(', ')}`);
    }
  }
  if (view.outcome) lines.push(describeOutcome(view.outcome, n, names));
  if (view.phase !== 'done' && view.seat >= 0 && mayAdvise(rules, view.seat)) {
    const to = mates(view);
    lines.push(`Table talk, heard by all: advise @${to[0]} [card] "message" (${to.map((s) => `@${s} = ${who(s)}`).join(', ')}; ? for help)`);
  }
  return lines.join('\n');
}

function describeOutcome(o: KarnoeffelOutcome, players: number, names: readonly string[]): string {
  const how = o.by === 'tricks' ? `with ${o.tricks[o.winner]} Stiche to ${o.tricks[1 - o.winner]}` : 'as the other side refused the raise';
  const match = o.matchOver ? ` ${sideWins(players, o.winner, names)} the Partie!` : '';
  return `${sideWins(players, o.winner, names)} the round ${how}: ${o.value} points. Partie ${o.points[0]} : ${o.points[1]}.${match}`;
}

export function describeKarnoeffelAction(_rules: KarnoeffelRules, view: KarnoeffelView, action: KarnoeffelAction): string {
  switch (action.type) {
    case 'raise': {
      const from = view.pause?.stage === 'answer' ? view.pause.bid : view.value;
      return `raise to ${from + RAISE_STEP} (Steigern)`;
    }
    case 'pass':
      return 'pass (no raise)';
    case 'accept':
      return `accept: the round is worth ${view.pause?.bid ?? view.value}`;
    case 'refuse':
      return `refuse: give up the round, the raisers score ${view.value}`;
    case 'announce':
      return `announce: with ${view.value} more we win the Partie (stops all raising)`;
    case 'play':
      return `play ${cardText(action.card, view.trump)}`;
    case 'advise': {
      // The menu offers advice only to a teammate who must decide now.
      const to = action.to === undefined ? 'aloud to your side' : view.players === 4 ? 'to your partner' : 'to your teammate who must decide';
      return `say ${to}: "${action.message}"`;
    }
  }
}

function eventLine(view: KarnoeffelView, e: KarnoeffelEvent, names: readonly string[]): string | undefined {
  const who = (s: number) => nameOf(names, s);
  const t = view.trump;
  switch (e.type) {
    case 'draw':
      return `Drawn for trump: ${e.cards.map(code).join(' ')}`;
    case 'up':
      return `${says(who(e.seat), 'get')} ${code(e.card)} face up`;
    case 'down':
      return `${e.seats.map(who).join(' and ')} get ${e.count} cards face down each`;
    case 'trump':
      return `Trumpf is ${SUIT_NAMES[e.suit]} (lowest card ${code(e.card)})`;
    case 'raise':
      return `${says(who(e.seat), 'raise')} to ${e.value}`;
    case 'pass':
      return `${says(who(e.seat), 'pass', 'passes')}`;
    case 'accept':
      return `${says(who(e.seat), 'accept')}: the round is worth ${e.value}`;
    case 'refuse':
      return `${says(who(e.seat), 'refuse')}; the cards are thrown in`;
    case 'announce':
      return `${who(e.seat)}: "With this round we win the Partie!" No more raising.`;
    case 'advise': {
      const to = e.to !== undefined ? ` to ${who(e.to)}` : '';
      const card = e.card !== undefined ? ` [${code(e.card)}]` : '';
      // Bots name a seat by its number ("leave it to seat 4"); at the terminal it is the player's name.
      const message = talkText('en', e.message, names);
      return `${says(who(e.seat), 'say')}${to}: "${message}"${card}`;
    }
    case 'play':
      return `${says(who(e.seat), 'play')} ${cardText(e.card, t)}`;
    case 'trick':
      return `${says(who(e.winner), 'take')} the Stich`;
    case 'end':
      return `${sideWins(view.players, e.team, names)} the round (${e.by === 'tricks' ? 'three Stiche' : 'refusal'}): ${e.value} points`;
  }
}

export function narrateKarnoeffel(_rules: KarnoeffelRules, view: KarnoeffelView, events: readonly NumberedEvent<KarnoeffelEvent>[], names: readonly string[]): string[] {
  const lines: string[] = [];
  for (const { event } of events) {
    const line = eventLine(view, event, names);
    if (line) lines.push(line);
  }
  return lines;
}

/** Decisions first, then the cards in the order the hand is shown (trumps first), then advice. */
export function orderKarnoeffelActions(_rules: KarnoeffelRules, view: KarnoeffelView, legal: readonly KarnoeffelAction[]): KarnoeffelAction[] {
  const plays = legal.filter((a): a is Extract<KarnoeffelAction, { type: 'play' }> => a.type === 'play');
  const order = sortedHand(
    plays.map((a) => a.card),
    view.trump,
  );
  return [
    ...legal.filter((a) => a.type !== 'play' && a.type !== 'advise'),
    ...order.map((c) => plays.find((a) => a.card === c)!),
    ...legal.filter((a) => a.type === 'advise'),
  ];
}

export function summarizeKarnoeffelDeal(_rules: KarnoeffelRules, state: KarnoeffelState, outcome: KarnoeffelOutcome, names: readonly string[]): string {
  const n = state.rules.players;
  const trump = outcome.trump >= 0 ? SUIT_NAMES[outcome.trump] : 'none yet';
  const how =
    outcome.by === 'tricks'
      ? `${sideWins(n, outcome.winner, names)} ${outcome.tricks[outcome.winner]}:${outcome.tricks[1 - outcome.winner]} Stiche`
      : `${sideWins(n, outcome.winner, names)} as the raise to ${outcome.value + RAISE_STEP} was refused`;
  const match = outcome.matchOver ? ` — ${sideWins(n, outcome.winner, names)} the Partie` : '';
  return `Geber ${nameOf(names, state.dealer)}, Trumpf ${trump}: ${how}, ${outcome.value} points; Partie ${outcome.points[0]}:${outcome.points[1]}${match}`;
}

const RANK_WORDS = ['König', 'Ober', 'Unter', 'Banner', '9', '8', '7', '6', '5', '4', '3', 'Daus'];

/**
 * `help` at a prompt: what the player can do now and what each choice does
 * with the current value, how advice works, the trump powers in two lines,
 * and what the round and the Partie are worth. The first line alone must
 * say what can be done (the terminal shows only it when the menu is long).
 */
export function karnoeffelHelp(rules: KarnoeffelRules, view: KarnoeffelView, legal: readonly KarnoeffelAction[]): string {
  const has = (type: KarnoeffelAction['type']) => legal.some((a) => a.type === type);
  const words: string[] = [];
  for (const type of ['raise', 'pass', 'accept', 'refuse', 'announce'] as const) if (has(type)) words.push(type);
  if (has('play')) words.push('play <card>');
  if (view.seat >= 0 && view.phase !== 'done' && mayAdvise(rules, view.seat)) words.push('advise …');
  const lines = [`You may: ${words.join(', ') || 'nothing now'} (type it, or the number in the menu).`];
  const bid = view.pause?.stage === 'answer' ? view.pause.bid : view.value;
  if (has('raise')) lines.push(`raise: the round goes to ${bid + RAISE_STEP}; the other side must accept, refuse or raise again.`);
  if (has('pass')) lines.push(`pass: no raise; the round stays at ${view.value} and the deal goes on.`);
  if (has('accept')) lines.push(`accept: play on, the round is worth ${bid}.`);
  if (has('refuse')) lines.push(`refuse: give up now; the raisers score ${view.value}, the value before their raise.`);
  if (has('announce')) lines.push(`announce: your side reaches ${view.target} with this round; say so, and nobody may raise any more.`);
  if (has('play')) {
    lines.push('play <card>, e.g. "play GU" or just "GU": any card; no duty to follow suit or to take the Stich.');
    if (view.tricks.length === 0) lines.push(`The Teufel may not ${rules.devilFirstTrick === 'no-play' ? 'be played in' : 'lead'} the first Stich.`);
  }
  if (view.seat >= 0 && view.phase !== 'done' && mayAdvise(rules, view.seat)) {
    const to = mates(view);
    const whom = view.players === 4 ? `your partner (@${to[0]})` : `a teammate (${to.map((s) => `@${s}`).join(', ')})`;
    lines.push(`advise @${to[0]} GU "take it": talk to ${whom}, card optional; without @ to your side. Everyone hears it; once between two decisions.`);
  }
  const tr = view.trump;
  const named = (r: number) => (tr >= 0 ? code(tr * 12 + r) : `(trump ${RANK_WORDS[r]})`);
  const small = (r: number) => (tr >= 0 ? code(tr * 12 + r) : `trump ${RANK_WORDS[r]}`);
  lines.push(
    `Trumps: Karnöffel ${named(R_UNTER)} > Papst ${named(R_6)} > Kaiser ${named(R_2)} beat everything; on a plain lead ${small(R_3)} beats all but the led König, ${small(R_4)} all but König and Ober, ${small(R_5)} the led Daus to Banner.`,
  );
  lines.push(`The Teufel ${named(R_7)} led wins unless the Karnöffel falls; played later it is worthless. Trump led: only trumps win.`);
  lines.push(`Goal: the first side to take three Stiche wins the round, now worth ${view.value}; the first side to ${view.target} wins the Partie.`);
  return lines.join('\n');
}

export const karnoeffelText: TerminalText<KarnoeffelTypes> = {
  renderView: (rules, view, names, legal) => renderKarnoeffelView(rules, view, names, legal),
  describeAction: describeKarnoeffelAction,
  orderActions: orderKarnoeffelActions,
  narrate: narrateKarnoeffel,
  summarizeDeal: summarizeKarnoeffelDeal,
  help: karnoeffelHelp,
  lastTrick: lastKarnoeffelTrick,
  unitEnd: karnoeffelPartieEnd,
  unitName: 'Partie',
};

/** `last`: the last Stich, who played what and who took it. */
function lastKarnoeffelTrick(_rules: KarnoeffelRules, view: KarnoeffelView, names: readonly string[]): string | undefined {
  let plays: { seat: number; card: number }[] = [];
  let last: string | undefined;
  for (const e of view.events) {
    if (e.type === 'play') plays.push({ seat: e.seat, card: e.card });
    if (e.type === 'trick') {
      last = `Last Stich: ${plays.map((p) => `${nameOf(names, p.seat)} ${cardText(p.card, view.trump)}`).join(', ')} → ${says(nameOf(names, e.winner), 'take')} it`;
      plays = [];
    }
  }
  return last;
}

/** The end of a Partie: who won it, by how much, and what the losers pay. */
function karnoeffelPartieEnd(rules: KarnoeffelRules, before: KarnoeffelSheet, after: KarnoeffelSheet, names: readonly string[]): string {
  const m = after.matches[after.matches.length - 1];
  if (!m || after.matches.length === before.matches.length) return '';
  const n = rules.players;
  const loser = 1 - m.winner;
  const why = m.multiplier === 3 ? ` ×3 (${TEAM_NAMES[loser]} without a point)` : m.multiplier === 2 ? ` ×2 (${TEAM_NAMES[loser]} below half of ${rules.target})` : '';
  const pays = n === 2 ? `${says(nameOf(names, loser), 'pay')} ${m.amount}` : `each of ${TEAM_NAMES[loser]} pays each of ${TEAM_NAMES[m.winner]} ${m.amount}`;
  const whyTwo = n === 2 ? why.replace(/\((Blue|Red) /, `(${nameOf(names, loser)} `) : why;
  return `═══ Partie ${after.matches.length} is over: ${sideWins(n, m.winner, names)} it, ${m.points[m.winner]} : ${m.points[loser]} in ${m.deals} ${m.deals === 1 ? 'deal' : 'deals'} ═══\nThe stake${whyTwo}: ${pays}.`;
}

/** `stich play karnoeffel --players 6 --target 51 --stake 5`. */
export const KARNOEFFEL_OPTIONS: readonly PlayOption[] = [
  { flag: '--players <n>', key: 'players', rule: 'players', description: 'number of players: 2, 4, 6 or 8', descriptionDe: 'Zahl der Spieler: 2, 4, 6 oder 8' },
  { flag: '--target <points>', key: 'target', rule: 'target', description: 'points that win a Partie: 10n + 1 (41, 51, 71, 101)', descriptionDe: 'Punkte, die eine Partie gewinnen: 10n + 1 (41, 51, 71, 101)' },
  { flag: '--stake <amount>', key: 'stake', rule: 'stake', description: 'the agreed stake per Partie', descriptionDe: 'der vereinbarte Einsatz je Partie' },
];
