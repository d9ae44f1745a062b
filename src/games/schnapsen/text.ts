import { formatCard } from '../../cards/notation.js';
import type { NumberedEvent, Seat } from '../game.js';
import type { PlayOption, TerminalText } from '../text.js';
import type { SchnapsenTypes } from './game.js';
import { CARD_POINTS, PACK } from './cards.js';
import { gameDef, gameInfo } from './contracts.js';
import type { SchnapsenRules } from './rules.js';
import type { SchnapsenAction, SchnapsenEvent, SchnapsenOutcome, SchnapsenState } from './state.js';
import type { SchnapsenView } from './view.js';
import { cardList, cardName, gameTitle, sortedHand, suitName } from './names.js';

type R = SchnapsenRules;
type V = SchnapsenView;
type A = SchnapsenAction;

const DOUBLES = ['', 'gespritzt ×2', 'Retour ×4', 'Re ×8'];

function who(view: V, seat: Seat): string {
  return seat === view.seat ? `seat ${seat} (you)` : `seat ${seat}`;
}

function sideName(view: V, i: number): string {
  if (view.game === 'talonschnapsen') return who(view, i);
  return `seats ${i} & ${i + 2}${view.seat % 2 === i ? ' (you)' : ''}`;
}

function renderView(rules: R, view: V, legal?: readonly A[]): string {
  const lines: string[] = [];
  const partner = view.game === 'bauernschnapsen' ? ` · partner: seat ${(view.seat + 2) % 4}` : '';
  lines.push(`── ${view.game === 'bauernschnapsen' ? 'Bauernschnapsen' : 'Talonschnapsen'} · you are seat ${view.seat}${partner} · dealer seat ${view.dealer} · Rufer seat ${view.rufer} ──`);
  const standing = view.bummerl.map((p, i) => `${sideName(view, i)} ${rules.countDown ? 24 - p : p}`).join(' · ');
  lines.push(`Bummerl (${rules.countDown ? 'counting down' : 'to 24'}): ${standing}`);
  if (view.trump !== null) {
    const herz = rules.herzrunde && view.trump === 2 ? ' (Herzrunde: everything counts double)' : '';
    lines.push(`Trump: ${suitName(rules, view.trump)}${view.trumpBlind ? ' (called blind)' : ''}${herz}${view.turned !== null ? ` · turned up: ${cardName(rules, view.turned)}` : ''}`);
  }
  if (view.bids.length > 0) {
    lines.push(`Announcements: ${view.bids.map((b) => `${who(view, b.seat)} ${b.hidden ? '(hidden)' : b.game ? gameTitle(b.game, b.ohne) : 'weiter'}`).join(' · ')}`);
  }
  if (view.contract) {
    const c = view.contract;
    const parts = [`Game: ${gameTitle(c.game, c.ohne && view.game === 'talonschnapsen')} by ${who(view, c.declarer)}`, `${who(view, view.leader)} leads`];
    if (view.sittingOut !== null) parts.push(`${who(view, view.sittingOut)} sits out`);
    if (view.spritzLevel > 0) parts.push(DOUBLES[view.spritzLevel]);
    const def = gameDef(c.game, view.game === 'bauernschnapsen' ? 'bauern' : 'talon');
    if (!def.trump && c.game !== 'normal') parts.push('no Atout');
    lines.push(parts.join(' · '));
  }
  view.firstTricks.forEach((t, i) => {
    if (t) lines.push(`First trick of ${sideName(view, i)}: ${t.cards.map((p) => cardName(rules, p.card)).join(', ')} → ${who(view, t.winner)}`);
  });
  if (view.tricksPlayed > 0) lines.push(`Tricks: ${view.tricksWon.map((n, s) => `seat ${s} ${n}`).join(' · ')}`);
  if (view.melds.length > 0) lines.push(`20/40: ${view.melds.map((m) => `${who(view, m.seat)} ${m.points} in ${suitName(rules, m.suit)}`).join(' · ')}`);
  view.openHands.forEach((h, s) => {
    if (h) lines.push(`Open hand of ${who(view, s)}: ${cardList(rules, sortedHand(h, view.trump))}`);
  });
  if (view.talon) lines.push(`Talon: ${cardList(rules, view.talon)}`);
  if (view.laidAway) lines.push(`You laid away: ${cardList(rules, view.laidAway)}`);
  if (view.trick.length > 0) lines.push(`On the table: ${view.trick.map((p) => `${who(view, p.seat)} ${cardName(rules, p.card)}`).join(', ')}`);
  const order = view.contract ? gameDef(view.contract.game, view.game === 'bauernschnapsen' ? 'bauern' : 'talon').order : 0;
  const trump = view.contract && !gameDef(view.contract.game, view.game === 'bauernschnapsen' ? 'bauern' : 'talon').trump ? null : view.trump;
  lines.push(`Your hand: ${view.hand.length > 0 ? cardList(rules, sortedHand(view.hand, trump, order)) : '(no cards yet)'}`);
  const playable = legal?.flatMap((a) => (a.type === 'play' ? [a.card] : [])) ?? [];
  if (playable.length > 0 && playable.length < view.hand.length) lines.push(`You may play: ${playable.map((c) => formatCard(PACK, c)).join(' ')}`);
  return lines.join('\n');
}

function describeAction(rules: R, view: V, a: A): string {
  const note = (text: string, word: string) => `${text}  [${word}]`;
  switch (a.type) {
    case 'cut':
      return note('abheben (cut)', 'abheben');
    case 'knock':
      return note('klopfen (knock: all five cards at once)', 'klopfen');
    case 'redeal':
      return note('ask for a new deal (three Unter)', 'neu');
    case 'keep':
      return note('keep the three Unter and call trump', 'behalten');
    case 'trump':
      return note(`${suitName(rules, a.suit)} is trump${view.phase === 'blindTrump' ? ' (called blind, for the whole Bummerl)' : ''}`, `trumpf ${'EGHS'[a.suit]}`);
    case 'turn':
      return note(`turn up your ${['first', 'second', 'third'][a.index - 1]} card still to come: its suit is trump`, `aufdecken ${a.index}`);
    case 'pass':
      return view.phase === 'spritzen' ? note('no double', 'weiter') : note('weiter (no game)', 'weiter');
    case 'announce': {
      const g = gameInfo(a.game);
      return note(`${gameTitle(a.game, a.ohne)} (${g.value})`, a.ohne ? `${a.game} ohne` : a.game);
    }
    case 'lay':
      return note(`lay away ${cardName(rules, a.cards[0])} and ${cardName(rules, a.cards[1])}`, `lege ${formatCard(PACK, a.cards[0])} ${formatCard(PACK, a.cards[1])}`);
    case 'spritzen':
      return note('spritzen (double: ×2)', 'spritzen');
    case 'retour':
      return note('Retour (double back: ×4)', 'retour');
    case 're':
      return note('Re (double again: ×8)', 're');
    case 'meld':
      return note(`announce ${a.points} in ${suitName(rules, a.suit)} (König and ${rules.faces === 'french' ? 'Dame' : 'Ober'}), then lead one of them`, `${a.points} ${'EGHS'[a.suit]}`);
    case 'play':
      return `play ${cardName(rules, a.card)}`;
  }
}

/** Menu order: other choices first, then the cards as the hand is held. */
function orderActions(_rules: R, view: V, legal: readonly A[]): A[] {
  const cards = legal.flatMap((a) => (a.type === 'play' ? [a.card] : []));
  if (cards.length === 0) return [...legal];
  const sorted = sortedHand(cards, view.trump);
  return [...legal.filter((a) => a.type !== 'play'), ...sorted.map((card) => legal.find((a) => a.type === 'play' && a.card === card)!)];
}

function eventLine(rules: R, view: V, e: SchnapsenEvent): string | undefined {
  switch (e.type) {
    case 'cut':
      return `${who(view, e.seat)} cuts`;
    case 'knock':
      return `${who(view, e.seat)} knocks: five cards each at once`;
    case 'trump':
      if (e.turned !== undefined) return `${who(view, e.seat)} turns up ${cardName(rules, e.turned)}: ${suitName(rules, e.suit)} is trump`;
      return `${who(view, e.seat)} calls ${suitName(rules, e.suit)} trump${e.blind ? ' (blind, for the whole Bummerl)' : ''}`;
    case 'threeUnter':
      return `${who(view, e.seat)} shows three Unter (${cardList(rules, e.cards)}) and asks for a new deal`;
    case 'bid':
      if (e.hidden) return `${who(view, e.seat)} has spoken`;
      if (e.game === null) return `${who(view, e.seat)}: weiter`;
      return `${who(view, e.seat)} ${e.raise ? 'raises to' : 'announces'} ${gameTitle(e.game, e.ohne)}`;
    case 'contract': {
      const extra = e.sittingOut !== undefined ? `; ${who(view, e.sittingOut)} sits out` : '';
      return `Game: ${gameTitle(e.game, e.ohne)} by ${who(view, e.declarer)}; ${who(view, e.leader)} leads${extra}`;
    }
    case 'talon':
      return `${who(view, e.seat)} takes up the talon and lays away two cards`;
    case 'double':
      return `${who(view, e.seat)}: ${['', 'spritzen!', 'Retour!', 'Re!'][e.level]}`;
    case 'noDouble':
      return undefined;
    case 'meld':
      return `${who(view, e.seat)} announces ${e.points} in ${suitName(rules, e.suit)}`;
    case 'play':
      return `${who(view, e.seat)} plays ${cardName(rules, e.card)}`;
    case 'trick':
      return `  → ${who(view, e.winner)} takes the trick (${e.cards.reduce((s, p) => s + CARD_POINTS[p.card], 0)})`;
    case 'open':
      return `${who(view, e.seat)} lays the cards open: ${cardList(rules, e.cards)}`;
    case 'end':
      return `Over: ${e.won ? "won" : "lost"}`;
  }
}

function narrate(rules: R, view: V, events: readonly NumberedEvent<SchnapsenEvent>[]): string[] {
  const lines: string[] = [];
  for (const { event } of events) {
    const line = eventLine(rules, view, event);
    if (line !== undefined) lines.push(`  ${line}`);
  }
  return lines;
}

function summarizeDeal(rules: R, state: SchnapsenState, o: SchnapsenOutcome, players: readonly string[]): string {
  const head = `dealer ${players[state.dealer]}`;
  if (o.game === 'redeal') return `${head}: ${players[state.rufer]} has three Unter: new deal, no score`;
  const winners = o.score.map((x, s) => (x > 0 ? players[s] : '')).filter(Boolean);
  const extras = [o.spritz > 1 ? `×${o.spritz} ${DOUBLES[Math.log2(o.spritz)].split(' ')[0]}` : '', o.herzrunde ? 'Herzrunde ×2' : ''].filter(Boolean).join(', ');
  const declarer = o.declarer !== null ? players[o.declarer] : '?';
  const trump = state.trump >= 0 ? `, ${suitName(rules, state.trump)} trump` : '';
  const points = Math.max(...o.score);
  return `${head}${trump}: ${gameTitle(o.game)} by ${declarer} ${o.won ? 'won' : 'lost'} (${o.reason}) · ${points} for ${winners.join(' & ')}${extras ? ` (${extras})` : ''}`;
}

/** The terminal text of Bauernschnapsen and Talonschnapsen. */
export const schnapsenText: TerminalText<SchnapsenTypes> = {
  renderView: (rules, view, _names, legal) => renderView(rules, view, legal),
  describeAction,
  orderActions,
  narrate,
  summarizeDeal,
};

/** `stich play … --faces german|french`. */
export const FACES_OPTION: PlayOption = {
  flag: '--faces <german|french>',
  key: 'faces',
  rule: 'faces',
  description: 'card faces: german (Eichel, Grün, Herz, Schellen) or french (Kreuz, Pik, Herz, Karo)',
};
