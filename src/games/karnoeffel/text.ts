import { formatCard } from '../../cards/notation.js';
import { cardName, PACK, SUIT_NAMES } from './cards.js';
import { RAISE_STEP } from './engine.js';
import { mayAdvise, teamOf } from './talk.js';
import type { KarnoeffelRules } from './rules.js';
import type { KarnoeffelAction, KarnoeffelEvent, KarnoeffelOutcome, KarnoeffelState, KarnoeffelView } from './state.js';
import { TEAM_NAMES } from './sitting.js';
import type { NumberedEvent } from '../game.js';
import type { PlayOption, TerminalText } from '../text.js';
import type { KarnoeffelTypes } from './game.js';

/*
 * The terminal face of Karnöffel. German game words, each explained once:
 * Trumpf = trump suit; Stich = trick; Geber = dealer; Vorhand = the player
 * dealt first, who leads; Karnöffel = trump Unter; Papst = trump 6; Kaiser =
 * trump Daus (2); Teufel = trump 7, the Devil; Steigern = raising the round's
 * value by 3; Partie = the match. The sides are named Blau and Rot after 001.
 */

const code = (c: number) => formatCard(PACK, c);

function cardText(c: number, trump: number): string {
  const name = cardName(c, trump);
  const special = name.indexOf('(');
  return special >= 0 ? `${code(c)} ${name.slice(special)}` : code(c);
}

function seatName(view: KarnoeffelView, seat: number): string {
  const you = seat === view.seat ? ' (you)' : '';
  return view.players === 2 ? `seat ${seat}${you}` : `seat ${seat} ${TEAM_NAMES[teamOf(seat)]}${you}`;
}

function sortedHand(cards: readonly number[], trump: number): number[] {
  // Trumps first, then by suit; within a suit by card id (König first).
  return [...cards].sort((x, y) => {
    const tx = Math.floor(x / 12) === trump ? 0 : 1;
    const ty = Math.floor(y / 12) === trump ? 0 : 1;
    return tx - ty || x - y;
  });
}

export function renderKarnoeffelView(rules: KarnoeffelRules, view: KarnoeffelView, legal?: readonly KarnoeffelAction[]): string {
  const lines: string[] = [];
  const t = view.trump;
  // When the seat is to play, cards it may not play now (the Devil in the first trick) are marked.
  const playable = new Set((legal ?? []).flatMap((a) => (a.type === 'play' ? [a.card] : [])));
  const handCard = (c: number) => (playable.size > 0 && !playable.has(c) ? `${cardText(c, t)} [not now]` : cardText(c, t));
  lines.push(
    `Karnöffel, ${view.players} players. You: ${seatName(view, view.seat)}${view.leaders?.includes(view.seat) ? ' (team leader)' : ''}. Geber: seat ${view.dealer}, Vorhand: seat ${view.order[0]}, play goes ${view.direction === 'left' ? 'clockwise' : 'to the right'}.`,
  );
  lines.push(`Partie to ${view.target}: ${TEAM_NAMES[0]} ${view.points[0]} : ${view.points[1]} ${TEAM_NAMES[1]}.  This round is worth ${view.value}.`);
  if (view.pause?.stage === 'answer') lines.push(`Seat ${view.pause.raiser} raised to ${view.pause.bid}; seat ${view.toAct[0]} must answer.`);
  if (view.announcedBy >= 0) lines.push(`Seat ${view.announcedBy} announced that ${TEAM_NAMES[teamOf(view.announcedBy)]} win the Partie with this round: no more raising.`);
  lines.push(t >= 0 ? `Trumpf: ${SUIT_NAMES[t]} (Karnöffel ${code(t * 12 + 2)}, Papst ${code(t * 12 + 7)}, Kaiser ${code(t * 12 + 11)}, Teufel ${code(t * 12 + 6)})` : 'Trumpf: not yet known (the lowest face-up card will set it)');
  if (view.drawn) lines.push(`Drawn for trump: ${view.drawn.map(code).join(' ')}`);
  const up = view.order.filter((s) => view.faceUp[s] >= 0).map((s) => `${s}:${code(view.faceUp[s])}`);
  if (up.length > 0 && view.phase === 'deal') lines.push(`Face up: ${up.join('  ')}`);
  lines.push(`Your hand: ${sortedHand(view.hand, t).map(handCard).join('  ') || '(none yet)'}`);
  for (const s of view.seen) lines.push(`Seat ${s.seat} holds: ${sortedHand(s.cards, t).map((c) => cardText(c, t)).join('  ') || '(nothing)'}`);
  if (view.phase !== 'deal') {
    lines.push(`Stiche: ${TEAM_NAMES[0]} ${view.won[0]}, ${TEAM_NAMES[1]} ${view.won[1]} (three win the round)`);
    if (view.trick.length > 0) {
      const step = view.direction === 'right' ? -1 : 1;
      const played = view.trick.map((c, i) => `${(view.trickLeader + step * i + view.players * 4) % view.players}:${cardText(c, t)}`);
      lines.push(`On the table: ${played.join('  ')}`);
    }
  }
  if (view.outcome) lines.push(describeOutcome(view.outcome));
  if (view.phase !== 'done' && mayAdvise(rules, view.seat)) {
    const mates = view.order.filter((s) => s !== view.seat && teamOf(s) === teamOf(view.seat));
    lines.push(`Table talk, heard by all: advise @${mates[0]} [card] "message"`);
  }
  return lines.join('\n');
}

function describeOutcome(o: KarnoeffelOutcome): string {
  const how = o.by === 'tricks' ? `with ${o.tricks[o.winner]} Stiche to ${o.tricks[1 - o.winner]}` : 'as the other side refused the raise';
  const match = o.matchOver ? ` ${TEAM_NAMES[o.winner]} win the Partie!` : '';
  return `${TEAM_NAMES[o.winner]} win the round ${how}: ${o.value} points. Partie ${o.points[0]} : ${o.points[1]}.${match}`;
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
      const to = action.to !== undefined ? ` to seat ${action.to}` : '';
      return `say${to}: "${action.message}"`;
    }
  }
}

function eventLine(view: KarnoeffelView, e: KarnoeffelEvent): string | undefined {
  const who = (s: number) => seatName(view, s);
  const t = view.trump;
  switch (e.type) {
    case 'draw':
      return `Drawn for trump: ${e.cards.map(code).join(' ')}`;
    case 'up':
      return `${who(e.seat)} gets ${code(e.card)} face up`;
    case 'down':
      return `${e.seats.map(who).join(' and ')} get ${e.count} cards face down each`;
    case 'trump':
      return `Trumpf is ${SUIT_NAMES[e.suit]} (lowest card ${code(e.card)})`;
    case 'raise':
      return `${who(e.seat)} raises to ${e.value}`;
    case 'pass':
      return `${who(e.seat)} passes`;
    case 'accept':
      return `${who(e.seat)} accepts: the round is worth ${e.value}`;
    case 'refuse':
      return `${who(e.seat)} refuses; the cards are thrown in`;
    case 'announce':
      return `${who(e.seat)}: "With this round we win the Partie!" No more raising.`;
    case 'advise': {
      const to = e.to !== undefined ? ` to ${who(e.to)}` : '';
      const card = e.card !== undefined ? ` [${code(e.card)}]` : '';
      return `${who(e.seat)} says${to}: "${e.message}"${card}`;
    }
    case 'play':
      return `${who(e.seat)} plays ${cardText(e.card, t)}`;
    case 'trick':
      return `${who(e.winner)} takes the Stich`;
    case 'end':
      return `${TEAM_NAMES[e.team]} win the round (${e.by === 'tricks' ? 'three Stiche' : 'refusal'}): ${e.value} points`;
  }
}

export function narrateKarnoeffel(_rules: KarnoeffelRules, view: KarnoeffelView, events: readonly NumberedEvent<KarnoeffelEvent>[]): string[] {
  const lines: string[] = [];
  for (const { event } of events) {
    const line = eventLine(view, event);
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

export function summarizeKarnoeffelDeal(_rules: KarnoeffelRules, state: KarnoeffelState, outcome: KarnoeffelOutcome, players: readonly string[]): string {
  const trump = outcome.trump >= 0 ? SUIT_NAMES[outcome.trump] : 'none yet';
  const side = (team: number) => (players.length === 2 ? players[team] : TEAM_NAMES[team]);
  const how =
    outcome.by === 'tricks'
      ? `won ${outcome.tricks[outcome.winner]}:${outcome.tricks[1 - outcome.winner]} Stiche`
      : `scored when the raise to ${outcome.value + RAISE_STEP} was refused`;
  const match = outcome.matchOver ? ` — ${side(outcome.winner)} win the Partie` : '';
  return `Geber ${players[state.dealer]} (seat ${state.dealer}), Trumpf ${trump}: ${side(outcome.winner)} ${how}, ${outcome.value} points; Partie ${outcome.points[0]}:${outcome.points[1]}${match}`;
}

export const karnoeffelText: TerminalText<KarnoeffelTypes> = {
  renderView: (rules, view, _names, legal) => renderKarnoeffelView(rules, view, legal),
  describeAction: describeKarnoeffelAction,
  orderActions: orderKarnoeffelActions,
  narrate: narrateKarnoeffel,
  summarizeDeal: summarizeKarnoeffelDeal,
};

/** `stich play karnoeffel --players 6 --target 51 --stake 5`. */
export const KARNOEFFEL_OPTIONS: readonly PlayOption[] = [
  { flag: '--players <n>', key: 'players', rule: 'players', description: 'number of players: 2, 4, 6 or 8' },
  { flag: '--target <points>', key: 'target', rule: 'target', description: 'points that win a Partie: 10n + 1 (41, 51, 71, 101)' },
  { flag: '--stake <amount>', key: 'stake', rule: 'stake', description: 'the agreed stake per Partie' },
];
