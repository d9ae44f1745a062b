import type { Suit } from '../../cards/pack.js';
import { fail, ok, type Result } from '../../core/result.js';
import { quote } from '../../core/text.js';
import type { NumberedEvent, Seat } from '../game.js';
import type { PlayOption, TerminalText } from '../text.js';
import { formatSchnapsenAction, parseSchnapsenAction } from './notation.js';
import type { SchnapsenTypes } from './game.js';
import { CARD_POINTS, CARD_SUIT } from './cards.js';
import { gameDef, gameInfo, isEnabled, schnapserTricks, type GameId } from './contracts.js';
import type { SchnapsenRules, Variant } from './rules.js';
import type { EndInfo, SchnapsenAction, SchnapsenEvent, SchnapsenOutcome, SchnapsenState } from './state.js';
import type { SchnapsenView } from './view.js';
import { cardCode, cardList, cardName, codeLegend, gameTitle, readCardCode, readSuitCode, sortedHand, suitCode, suitName } from './names.js';
import { bummerlShown } from './bummerl.js';
import { sideName as bummerlSide, type BummerlSheet } from './sitting.js';

/**
 * The terminal text of Bauernschnapsen and Talonschnapsen. Every player is
 * shown by the name the table gives him (`names[seat]`: "You" for the person
 * at the terminal, a first name for a bot), with his role where it helps
 * ("Resi (Rufer)"), never as a bare seat number.
 */
type R = SchnapsenRules;
type V = SchnapsenView;
type A = SchnapsenAction;

const DOUBLES = ['', 'gespritzt ×2', 'Retour ×4', 'Re ×8'];
/** A seat's "weiter" to the question of doubling, by how far the game is doubled already: no Spritzen, no Retour, no Re. */
const NO_DOUBLE = ['no Spritzen', 'no Retour', 'no Re'];

/**
 * A game in words with its value, "Schnapser (6)", as the menu offers it and the browser says it (its buttons, its
 * headline, the record viewer): the same in the announcements, the game being played, its end and the analysis.
 * Before, the menu offered "Schnapser (6)" and the commentary then said "Schnapser".
 */
export function gameWords(id: GameId, variant: Variant, ohne = false): string {
  return `${gameTitle(id, ohne)} (${gameDef(id, variant).value})`;
}

function variantOf(view: Pick<V, 'game'>): Variant {
  return view.game === 'bauernschnapsen' ? 'bauern' : 'talon';
}

/** The name of a seat; a name the table did not give falls back to the seat's position. */
function nameOf(names: readonly string[], seat: Seat): string {
  return names[seat] ?? `player ${seat + 1}`;
}

/** "You" (and "You 2" at a table of several people) take the plain verb: "You play", "Sepp plays". */
function isYou(name: string): boolean {
  return name === 'You' || name.startsWith('You ');
}

function verb(name: string, plain: string, third: string): string {
  return `${name} ${isYou(name) ? plain : third}`;
}

/** "Your first trick", "First trick of Sepp", "First trick of You & Resi". */
function firstTrickOf(name: string): string {
  return name === 'You' ? 'Your first trick' : `First trick of ${name}`;
}

/** A team by its players' names: "You & Resi". */
function teamName(names: readonly string[], seats: number, team: number): string {
  return seats === 4 ? `${nameOf(names, team)} & ${nameOf(names, team + 2)}` : nameOf(names, team);
}

/** The side of a seat in the game being played: the declarer's side, or the others. */
function sideName(names: readonly string[], seats: number, declarer: Seat, declaring: boolean): string {
  if (seats === 4) return teamName(names, 4, declaring ? declarer % 2 : (declarer + 1) % 2);
  if (declaring) return nameOf(names, declarer);
  return [0, 1, 2].filter((s) => s !== declarer).map((s) => nameOf(names, s)).join(' & ');
}

/** A hand as it is held, in short: "Herz HA HK · Eichel EA EO · Schellen SU" (trumps first). */
function shortHand(rules: R, cards: readonly number[], trump: number | null, order = 0): string {
  const sorted = sortedHand(cards, trump, order);
  const groups: string[] = [];
  let suit = -1;
  for (const c of sorted) {
    if (CARD_SUIT[c] !== suit) {
      suit = CARD_SUIT[c];
      groups.push(suitName(rules, suit));
    }
    groups[groups.length - 1] += ` ${cardCode(rules, c)}`;
  }
  return groups.join(' · ');
}

/** The trump that counts in the game being played: none in a game without Atout. */
function playTrumpOf(view: V): number | null {
  if (!view.contract) return view.trump;
  return gameDef(view.contract.game, variantOf(view)).trump ? view.trump : null;
}

function renderView(rules: R, view: V, names: readonly string[], legal?: readonly A[]): string {
  const lines: string[] = [];
  const variant = variantOf(view);
  const n = view.seats;
  const me = view.seat;
  const role = (seat: Seat) => `${nameOf(names, seat)}${seat === view.rufer ? ' (Rufer)' : ''}`;
  const head =
    variant === 'bauern'
      ? `── Bauernschnapsen · ${teamName(names, 4, 0)} against ${teamName(names, 4, 1)} · ${verb(nameOf(names, view.dealer), 'deal', 'deals')}, ${verb(nameOf(names, view.rufer), 'are', 'is')} Rufer ──`
      : `── Talonschnapsen · each for himself · ${verb(nameOf(names, view.dealer), 'deal', 'deals')}, ${verb(nameOf(names, view.rufer), 'are', 'is')} Rufer ──`;
  lines.push(head);
  const standing = view.bummerl.map((p, i) => `${teamName(names, n, i)} ${bummerlShown(rules)(p)}`).join(' · ');
  lines.push(`Bummerl (${rules.countDown ? 'counting down' : 'to 24'}): ${standing}`);
  const herz = rules.herzrunde && view.trump === 2;
  if (view.trump !== null) {
    const played = playTrumpOf(view);
    const turned = view.turned !== null ? ` · turned up: ${cardName(rules, view.turned)}` : '';
    if (played === null) lines.push(`No Atout in this game (${suitName(rules, view.trump)} was called${herz ? ': Herzrunde, everything counts double' : ''})`);
    else lines.push(`Trump: ${suitName(rules, view.trump)}${view.trumpBlind ? ' (called blind)' : ''}${herz ? ' (Herzrunde: everything counts double)' : ''}${turned}`);
  }
  if (view.bids.length > 0) {
    lines.push(`Announcements: ${view.bids.map((b) => `${nameOf(names, b.seat)} ${b.hidden ? '(not shown yet)' : b.game ? gameWords(b.game, variant, b.ohne) : 'weiter'}`).join(' · ')}`);
  }
  if (view.contract) {
    const c = view.contract;
    const parts = [`Game: ${gameWords(c.game, variant, c.ohne && variant === 'talon')} by ${role(c.declarer)}`, `${verb(nameOf(names, view.leader), 'lead', 'leads')}`];
    if (view.sittingOut !== null) parts.push(`${verb(nameOf(names, view.sittingOut), 'sit', 'sits')} out`);
    if (view.spritzLevel > 0) parts.push(DOUBLES[view.spritzLevel]);
    lines.push(parts.join(' · '));
  }
  view.firstTricks.forEach((t, i) => {
    if (t) lines.push(`${firstTrickOf(teamName(names, n, i))}: ${t.cards.map((p) => cardCode(rules, p.card)).join(' ')} → ${nameOf(names, t.winner)}`);
  });
  if (view.tricksPlayed > 0) {
    const won = variant === 'bauern' ? [0, 1].map((team) => `${teamName(names, 4, team)} ${view.tricksWon[team] + view.tricksWon[team + 2]}`) : view.tricksWon.map((w, s) => `${nameOf(names, s)} ${w}`);
    lines.push(`Tricks: ${won.join(' · ')}`);
  }
  if (view.melds.length > 0) lines.push(`20/40: ${view.melds.map((m) => `${nameOf(names, m.seat)} ${m.points} in ${suitName(rules, m.suit)}`).join(' · ')}`);
  const order = view.contract ? gameDef(view.contract.game, variant).order : 0;
  const trump = playTrumpOf(view);
  view.openHands.forEach((h, s) => {
    if (h) lines.push(`Open hand of ${nameOf(names, s)}: ${shortHand(rules, h, trump, order)}`);
  });
  if (view.talon) lines.push(`Talon: ${shortHand(rules, view.talon, trump)}`);
  if (view.laidAway) lines.push(`Laid away (they count for nobody): ${shortHand(rules, view.laidAway, trump)}`);
  if (view.trick.length > 0) lines.push(`On the table: ${view.trick.map((p) => `${nameOf(names, p.seat)} ${cardName(rules, p.card)}`).join(', ')}`);
  if (me >= 0) lines.push(`Your hand: ${view.hand.length > 0 ? shortHand(rules, view.hand, trump, order) : '(no cards yet)'}`);
  const playable = legal?.flatMap((a) => (a.type === 'play' ? [a.card] : [])) ?? [];
  if (playable.length > 0 && playable.length < view.hand.length) lines.push(`You may play: ${playable.map((c) => cardCode(rules, c)).join(' ')}`);
  return lines.join('\n');
}

/** What a game needs and what it pays, in one line (003 table, with the Talonschnapsen differences). */
export function gameGoal(id: GameId, variant: Variant, ohne = false): string {
  const g = gameInfo(id);
  const three = schnapserTricks(variant) === 3 ? 'three' : 'four';
  const all = variant === 'bauern' ? 'every trick' : 'all six tricks';
  const partner = variant === 'bauern' ? ', the partner sits out' : '';
  const text: Record<GameId, string> = {
    normal:
      variant === 'bauern'
        ? "the Rufer's side needs 66 (20/40 count once it has a trick) or the last trick; pays 1, 2 if the losers have under 33, 3 if they took no trick"
        : 'the Rufer alone needs 66 (the cards laid away count for nobody); pays 1, 2 if the loser has under 33, 3 if he took no trick; lost, it pays each of the others',
    bettler: `take no trick, no Atout${partner}; 4`,
    dokta: 'the Rufer\'s side takes every trick, with Atout; 5',
    assenbettler: `take no trick, no Atout, the Ass lowest${partner}; 5`,
    assbettler: `take no trick, no Atout, holding an Ass${partner}; 5`,
    blinderbettler: `take no trick, no Atout, without picking up the last cards${partner}; 5`,
    schnapser: `the Rufer takes every trick until he has 66, within ${three} tricks (20/40 count); 6`,
    schnapserzusammen: 'the Rufer and his partner make 66 within three tricks, taking every trick; 6',
    plauderer: `take no trick, no Atout, against open cards${partner}; 7`,
    gang: `take ${all}, no Atout, the announcer leads; 9`,
    zehnergang: `take ${all}, no Atout, the Ass lowest; 10`,
    bauernschnapser: `take ${all} with Atout, the announcer leads; 12`,
    kontraschnapser: `against the Rufer: take every trick until 66, within ${three} tricks; the Rufer leads; 12`,
    bauernloch: `only the Rufer: take ${all} with Atout, the Ass lowest; 12`,
    farbenringerl: variant === 'bauern' ? 'five cards of one suit that is not trump: shown and won at once; 18' : 'five cards of one suit that is not trump: take all six tricks, no Atout; 18',
    kontrabauernschnapser: `against the Rufer: take ${all} with Atout; the Rufer leads; 24, ends the Bummerl`,
    trumpfringerl: 'the Rufer holds all five trumps: shown and won at once; 24',
    kontraherrenbauer: 'all five trumps against the Rufer: shown and won at once; 48 (ends the Bummerl)',
  };
  return `${g.name}${ohne ? ' ohne Talon (before the same game with the talon)' : ''}: ${text[id]}`;
}

function describeAction(rules: R, view: V, a: A): string {
  const note = (text: string, word: string) => `${text}  [${word}]`;
  const variant = variantOf(view);
  switch (a.type) {
    case 'cut':
      return note('abheben (cut)', 'abheben');
    case 'knock':
      return note(`klopfen (knock: all ${variant === 'bauern' ? 'five' : 'six'} cards at once)`, 'klopfen');
    case 'redeal':
      return note('ask for a new deal (three Unter)', 'neu');
    case 'keep':
      return note('keep the three Unter and call trump', 'behalten');
    case 'trump':
      return note(`${suitName(rules, a.suit)} is trump${view.phase === 'blindTrump' ? ' (called blind, for the whole Bummerl)' : ''}`, `trumpf ${suitCode(rules, a.suit)}`);
    case 'turn':
      return note(`turn up your ${['first', 'second', 'third'][a.index - 1]} card still to come: its suit is trump`, `aufdecken ${a.index}`);
    case 'pass':
      return view.phase === 'spritzen' ? note(NO_DOUBLE[view.spritzLevel] ?? 'no double', 'weiter') : note('weiter (no game)', 'weiter');
    case 'announce':
      return note(gameWords(a.game, variant, a.ohne), a.ohne ? `${a.game} ohne` : a.game);
    case 'lay':
      return note(`lay away ${cardName(rules, a.cards[0])} and ${cardName(rules, a.cards[1])}`, typedAction(rules, a));
    case 'spritzen':
      return note('spritzen (double: ×2)', 'spritzen');
    case 'retour':
      return note('Retour (double back: ×4)', 'retour');
    case 're':
      return note('Re (double again: ×8)', 're');
    case 'meld':
      return note(`announce ${a.points} in ${suitName(rules, a.suit)} (König and ${rules.faces === 'french' ? 'Dame' : 'Ober'}), then lead one of them`, `${a.points} ${suitCode(rules, a.suit)}`);
    case 'play':
      return `play ${cardName(rules, a.card)}`;
  }
}

/** What a decision outside the card play was, for the analysis: "bid weiter", "bid Bettler", "no Spritzen", "Retour", "trump Eichel". */
function decisionName(rules: R, view: V, a: A): string | undefined {
  switch (a.type) {
    case 'pass':
      return view.phase === 'spritzen' ? NO_DOUBLE[view.spritzLevel] : 'bid weiter';
    case 'announce':
      return `bid ${gameWords(a.game, variantOf(view), a.ohne)}`;
    case 'spritzen':
      return 'Spritzen';
    case 'retour':
      return 'Retour';
    case 're':
      return 'Re';
    case 'trump':
      return `trump ${suitName(rules, a.suit)}${view.phase === 'blindTrump' ? ' (blind)' : ''}`;
    case 'turn':
      return `trump: turn up card ${a.index}`;
    case 'cut':
      return 'abheben';
    case 'knock':
      return 'klopfen';
    case 'redeal':
      return 'three Unter: new deal';
    case 'keep':
      return 'three Unter: keep';
    case 'lay':
      return `lay away ${formatSchnapsenAction(a).slice(5)}`;
    case 'meld':
      // Said before the card of the pair is led (its own decision): an announcement, not a card.
      return `announce ${a.points} in ${suitName(rules, a.suit)}`;
    default:
      return undefined;
  }
}

/** Menu order: other choices first, then the cards as the hand is held. */
function orderActions(_rules: R, view: V, legal: readonly A[]): A[] {
  const cards = legal.flatMap((a) => (a.type === 'play' ? [a.card] : []));
  if (cards.length === 0) return [...legal];
  const sorted = sortedHand(cards, playTrumpOf(view));
  return [...legal.filter((a) => a.type !== 'play'), ...sorted.map((card) => legal.find((a) => a.type === 'play' && a.card === card)!)];
}

/** The deciding line of a deal's end, from its `end` event: who won or lost what, why, and who scores. */
function endLine(variant: Variant, seats: number, e: Extract<SchnapsenEvent, { type: 'end' }>, names: readonly string[]): string {
  if (e.game === 'redeal') return 'New deal: three Unter, no score.';
  const declarer = e.declarer ?? 0;
  const why = whyText(variant, seats, e, names);
  const winners = e.score.map((x, s) => (x > 0 ? s : -1)).filter((s) => s >= 0);
  const points = winners.length > 0 ? e.score[winners[0]] : 0;
  const who = winners.map((s) => nameOf(names, s)).join(' & ');
  // A team of Bauernschnapsen scores once; the two winners of a lost Talonschnapsen game score each.
  const each = winners.length > 1 && variant === 'talon';
  const scoring = winners.length === 0 ? '' : ` ${verb(who, 'score', winners.length > 1 ? 'score' : 'scores')} ${points}${each ? ' each' : ''}.`;
  return `${nameOf(names, declarer)} ${e.won ? 'won' : 'lost'} the ${gameWords(e.game, variant)}: ${why}.${scoring}`;
}

function whyText(variant: Variant, seats: number, e: EndInfo & { readonly game: GameId | 'redeal'; readonly declarer: Seat | null; readonly won: boolean }, names: readonly string[]): string {
  const declarer = e.declarer ?? 0;
  const game = e.game === 'redeal' ? 'normal' : e.game;
  const goal = gameDef(game, variant).goal;
  switch (e.why) {
    case 'redeal':
      return 'three Unter';
    case 'shown':
      return 'the hand shown';
    case 'points':
      if (goal === 'schnapser') return `${e.points} in ${e.tricks} trick${e.tricks === 1 ? '' : 's'}`;
      return `${sideName(names, seats, declarer, e.won)} reached ${e.points}`;
    case 'lastTrick':
      return `${nameOf(names, e.by ?? 0)} took the last trick`;
    case 'cannotReach':
      return `66 out of reach (${e.points})`;
    case 'tookTrick':
      return `${nameOf(names, e.by ?? 0)} took a trick`;
    case 'short':
      return `only ${e.points} after ${e.tricks} tricks`;
    case 'allTricks':
      return 'every trick taken';
    case 'noTrick':
      return 'no trick taken';
  }
}

function eventLine(rules: R, view: V, e: SchnapsenEvent, names: readonly string[]): string | undefined {
  const variant = variantOf(view);
  const name = (seat: Seat) => nameOf(names, seat);
  switch (e.type) {
    case 'cut':
      return `${verb(name(e.seat), 'cut', 'cuts')}`;
    case 'knock':
      return `${verb(name(e.seat), 'knock', 'knocks')}: all ${variant === 'bauern' ? 'five' : 'six'} cards each at once`;
    case 'trump':
      if (e.turned !== undefined) return `${verb(name(e.seat), 'turn', 'turns')} up ${cardName(rules, e.turned)}: ${suitName(rules, e.suit)} is trump`;
      return `${verb(name(e.seat), 'call', 'calls')} ${suitName(rules, e.suit)} trump${e.blind ? ' (blind, for the whole Bummerl)' : ''}`;
    case 'threeUnter':
      return `${verb(name(e.seat), 'show', 'shows')} three Unter (${cardList(rules, e.cards)}) and ${isYou(name(e.seat)) ? 'ask' : 'asks'} for a new deal`;
    case 'bid':
      if (e.hidden) return `${verb(name(e.seat), 'have', 'has')} spoken (shown when all have)`;
      if (e.game === null) return `${name(e.seat)}: weiter`;
      return `${verb(name(e.seat), e.raise ? 'raise' : 'announce', e.raise ? 'raises' : 'announces')}${e.raise ? ' to' : ''} ${gameWords(e.game, variant, e.ohne)}`;
    case 'reveal':
      return `Announcements: ${e.bids.map((b) => `${name(b.seat)} ${b.game ? gameWords(b.game, variant, b.ohne) : 'weiter'}`).join(' · ')}`;
    case 'contract': {
      const extra = e.sittingOut !== undefined ? `; ${verb(name(e.sittingOut), 'sit', 'sits')} out` : '';
      return `Game: ${gameWords(e.game, variant, e.ohne)} by ${name(e.declarer)}; ${verb(name(e.leader), 'lead', 'leads')}${extra}`;
    }
    case 'talon':
      if (e.talon && e.cards) return `${verb(name(e.seat), 'take', 'takes')} up the talon (${shortHand(rules, e.talon, null)}) and ${isYou(name(e.seat)) ? 'lay' : 'lays'} away ${shortHand(rules, e.cards, null)}`;
      return `${verb(name(e.seat), 'take', 'takes')} up the talon and ${isYou(name(e.seat)) ? 'lay' : 'lays'} away two cards`;
    case 'double':
      return `${name(e.seat)}: ${['', 'spritzen!', 'Retour!', 'Re!'][e.level]}`;
    case 'noDouble':
      // Narrated by `narrate`, which knows how far the game was doubled when the seat said weiter.
      return undefined;
    case 'meld':
      return `${verb(name(e.seat), 'announce', 'announces')} ${e.points} in ${suitName(rules, e.suit)}`;
    case 'play':
      return `${verb(name(e.seat), 'play', 'plays')} ${cardName(rules, e.card)}`;
    case 'trick': {
      const points = e.cards.reduce((s, p) => s + CARD_POINTS[p.card], 0);
      return `  → ${verb(name(e.winner), 'take', 'takes')} the trick (${points} ${points === 1 ? 'point' : 'points'})`;
    }
    case 'open':
      return `${verb(name(e.seat), 'lay', 'lays')} the cards open: ${cardList(rules, e.cards)}`;
    case 'end':
      return `Over: ${endLine(variant, view.seats, e, names)}`;
  }
}

/** How far the game was doubled before the event numbered `n` (0: not spritzed yet). */
function spritzLevelAt(view: V, n: number): number {
  let level = 0;
  for (const e of view.events.slice(0, n)) if (e.type === 'double') level = e.level;
  return level;
}

function narrate(rules: R, view: V, events: readonly NumberedEvent<SchnapsenEvent>[], names: readonly string[]): string[] {
  const lines: string[] = [];
  for (const { n, event } of events) {
    const line = event.type === 'noDouble' ? `${nameOf(names, event.seat)}: ${NO_DOUBLE[spritzLevelAt(view, n)] ?? 'no double'}` : eventLine(rules, view, event, names);
    if (line !== undefined) lines.push(`  ${line}`);
  }
  return lines;
}

function summarizeDeal(rules: R, state: SchnapsenState, o: SchnapsenOutcome, players: readonly string[]): string {
  const head = `${nameOf(players, state.dealer)} dealt`;
  const end = state.events.at(-1);
  if (o.game === 'redeal') return `${head}: ${nameOf(players, state.rufer)} had three Unter: new deal, no score`;
  const trump = state.trump >= 0 ? `, ${suitName(rules, state.trump)} trump` : '';
  const extras = [o.spritz > 1 ? DOUBLES[Math.log2(o.spritz)] : '', o.herzrunde ? 'Herzrunde ×2' : ''].filter(Boolean).join(', ');
  const line = end && end.type === 'end' ? endLine(state.variant, state.seats, end, players) : `${gameWords(o.game, state.variant)} ${o.won ? 'won' : 'lost'}.`;
  return `${head}${trump}: ${line}${extras ? ` (${extras})` : ''}`;
}

/**
 * `help` at a prompt. The first line says what to do now, with the words to
 * type (for long menus, such as laying away two cards, the terminal prints
 * only this line). Then the game being played or offered: what it needs and
 * what it pays, with the Herzrunde and Spritzen multipliers.
 */
function help(rules: R, view: V, legal: readonly A[]): string {
  const variant = variantOf(view);
  const lines: string[] = [];
  const words = (list: readonly A[]) => [...new Set(list.map((a) => typedAction(rules, a)))].join(', ');
  const games = legal.filter((a): a is Extract<A, { type: 'announce' }> => a.type === 'announce');
  switch (legal.length === 0 ? 'waiting' : view.phase) {
    case 'waiting':
      lines.push(view.phase === 'done' ? 'The deal is over.' : 'Nothing to do now: another player decides.');
      break;
    case 'cut':
      lines.push(`Cut or knock: abheben (cut), or klopfen (everybody gets all ${variant === 'bauern' ? 'five' : 'six'} cards at once).`);
      break;
    case 'blindTrump':
      lines.push(`Call trump blind, for the whole Bummerl: ${[0, 1, 2, 3].map((x) => `trumpf ${suitCode(rules, x)}`).join(', ')}.`);
      break;
    case 'threeUnter':
      lines.push(`Three Unter: neu (a new deal), or behalten (keep them and call trump)${games.length > 0 ? ', or blinderbettler' : ''}.`);
      break;
    case 'trump': {
      const suits = legal.filter((a) => a.type === 'trump');
      const turns = legal.filter((a) => a.type === 'turn');
      lines.push(`Call trump from your first three cards (${words(suits)}), or turn up a card still to come (${words(turns)}).`);
      break;
    }
    case 'announce':
    case 'raise':
    case 'raiseAfter':
      lines.push(`${view.phase === 'announce' ? 'Announce a game' : 'Raise to a higher game'}, or say weiter: ${words(legal)}.`);
      break;
    case 'talon': {
      // The form, not an example of two cards: any two named here would read as advice (and the first two were the own trump Ass and Zehner).
      lines.push('Lay away any two cards of hand and talon (they count for nobody): type lege and the two cards, lege <card> <card>');
      lines.push(`A card is two letters: ${codeLegend(rules)}.`);
      break;
    }
    case 'spritzen':
      lines.push(`Double the game or not: ${words(legal)} (${['spritzen doubles', 'Retour doubles again', 'Re doubles once more'][view.spritzLevel] ?? ''}).`);
      break;
    case 'play': {
      const melds = legal.filter((a) => a.type === 'meld');
      const cards = legal.filter((a) => a.type === 'play');
      lines.push(`Play a card: ${words(cards)}${melds.length > 0 ? `; or first announce ${words(melds)} and lead its König or ${rules.faces === 'french' ? 'Dame' : 'Ober'}` : ''}.`);
      break;
    }
    default:
      lines.push('The deal is over.');
  }
  const mult: string[] = [];
  if (rules.herzrunde) mult.push('Herz trump (Herzrunde) ×2');
  mult.push('gespritzt ×2, Retour ×4, Re ×8');
  if (view.contract) {
    const c = view.contract;
    lines.push(`Game: ${gameGoal(c.game, variant, c.ohne && variant === 'talon')}.`);
    const factor = (rules.herzrunde && view.trump === 2 ? 2 : 1) * (1 << view.spritzLevel);
    if (factor > 1) lines.push(`Now counting ×${factor}${rules.herzrunde && view.trump === 2 ? ' (Herzrunde)' : ''}${view.spritzLevel > 0 ? ` (${DOUBLES[view.spritzLevel]})` : ''}.`);
  } else if (games.length > 0) {
    lines.push(`If nobody announces: ${gameGoal('normal', variant)}.`);
    const seen = new Set<string>();
    for (const a of games) {
      const key = `${a.game}${a.ohne ? ' ohne' : ''}`;
      if (seen.has(a.game)) continue;
      seen.add(a.game);
      lines.push(`  ${gameGoal(a.game, variant)}${variant === 'talon' && games.some((b) => b.game === a.game && b.ohne) ? ` (${key} ohne: without the talon)` : ''}`);
    }
    lines.push('A lost game pays its points to the other side.');
  } else if (view.phase === 'trump' || view.phase === 'cut' || view.phase === 'threeUnter' || view.phase === 'blindTrump') {
    const offered = ['bettler', 'schnapser', 'gang', 'bauernschnapser'].filter((g) => isEnabled(rules, g as GameId, variant));
    lines.push(`Then the announcements. Without one: ${gameGoal('normal', variant)}.`);
    if (offered.length > 0) lines.push(`Games to announce include ${offered.map((g) => gameInfo(g as GameId).name).join(', ')} (? there tells more).`);
  }
  lines.push(`Points count ${mult.join('; ')}. A Bummerl is 24.`);
  return lines.join('\n');
}


/** An action as it is typed in the faces chosen: "lege KZ TB", "trumpf K", "40 P", "HD" with French faces. */
export function typedAction(rules: R, a: A): string {
  switch (a.type) {
    case 'trump':
      return `trumpf ${suitCode(rules, a.suit)}`;
    case 'meld':
      return `${a.points} ${suitCode(rules, a.suit)}`;
    case 'lay': {
      const [x, y] = a.cards[0] <= a.cards[1] ? a.cards : [a.cards[1], a.cards[0]];
      return `lege ${cardCode(rules, x)} ${cardCode(rules, y)}`;
    }
    case 'play':
      return cardCode(rules, a.card);
    default:
      return formatSchnapsenAction(a);
  }
}

/** Reads an action typed in the faces chosen: its card codes and suit letters are those of the faces (German ones are read too). */
export function readTypedAction(rules: R, text: string): Result<A> {
  let words = text.trim().split(/\s+/).filter((w) => w.length > 0);
  // The menu's own verbs are read before the notation: "play HZ" (the menu's "play Herz-Zehner HZ"), "announce 40 H"
  // ("announce 40 in Herz"), "lay away EA EZ" ("lay away Eichel-Ass EA and …").
  const verb = (words[0] ?? '').toLowerCase();
  if (verb === 'play' && words.length === 2) words = words.slice(1);
  else if (verb === 'announce' && (words[1] === '20' || words[1] === '40')) words = words.slice(1);
  else if (verb === 'lay' && (words[1] ?? '').toLowerCase() === 'away') words = ['lege', ...words.slice(2)];
  text = words.join(' ');
  const head = (words[0] ?? '').toLowerCase();
  const suitWord = head === 'trumpf' || head === 'trump' || head === 'atout' || head === '20' || head === '40';
  if (suitWord) {
    const suit = words.length === 2 ? readSuitCode(rules, words[1]) : undefined;
    if (suit === undefined) return fail('badAction', `${quote(text.trim())}: name the suit by its letter, ${codeLegend(rules).replace(/ and rank.*/, '')}`);
    return head === '20' || head === '40' ? ok({ type: 'meld', suit: suit as Suit, points: head === '20' ? 20 : 40 }) : ok({ type: 'trump', suit: suit as Suit });
  }
  if (head === 'lege' || head === 'lay') {
    if (words.length !== 3) return fail('badAction', `${quote(text.trim())}: lay away exactly two cards: lege <card> <card>`);
    const x = readCardCode(rules, words[1]);
    if (!x.ok) return x;
    const y = readCardCode(rules, words[2]);
    if (!y.ok) return y;
    return ok({ type: 'lay', cards: [x.value, y.value] });
  }
  if (words.length === 1 && head.length === 2 && !/^\d+$/.test(head)) {
    const card = readCardCode(rules, words[0]);
    if (card.ok) return ok({ type: 'play', card: card.value });
    if (parseSchnapsenAction(text).ok) return parseSchnapsenAction(text);
    return card;
  }
  return parseSchnapsenAction(text);
}

/** The terminal text of Bauernschnapsen and Talonschnapsen. */
export const schnapsenText: TerminalText<SchnapsenTypes> = {
  renderView,
  describeAction,
  decisionName,
  orderActions,
  narrate,
  summarizeDeal,
  help,
  lastTrick,
  unitEnd,
  typed: {
    format: typedAction,
    parse: readTypedAction,
    // The rules speak in the notation of records: their card codes are written in the faces chosen.
    words: (rules, message) => (rules.faces === 'german' ? message : message.replace(/\b([EGHS])([AZKOU])\b/g, (_m, suit: string, rank: string) => cardCode(rules, 'EGHS'.indexOf(suit) * 5 + 'AZKOU'.indexOf(rank)))),
  },
};

/** `last`: the last finished trick, who played what and who took it. */
function lastTrick(rules: R, view: V, names: readonly string[]): string | undefined {
  let last: Extract<SchnapsenEvent, { type: 'trick' }> | undefined;
  for (const e of view.events) if (e.type === 'trick') last = e;
  if (!last) return undefined;
  const points = last.cards.reduce((s, p) => s + CARD_POINTS[p.card], 0);
  return `Last trick: ${last.cards.map((p) => `${nameOf(names, p.seat)} ${cardCode(rules, p.card)}`).join(', ')} → ${verb(nameOf(names, last.winner), 'take', 'takes')} it (${points})`;
}

/** The end of a Bummerl: who won it, by how much, and who gets it (a Schneider or Retourschneider counts more). */
function unitEnd(rules: R, before: BummerlSheet, after: BummerlSheet, names: readonly string[]): string {
  const f = after.finished[after.finished.length - 1];
  if (!f || after.finished.length === before.finished.length) return '';
  const variant: Variant = f.points.length === 2 ? 'bauern' : 'talon';
  const side = (i: number) => bummerlSide(variant, i, names);
  const shown = bummerlShown(rules);
  const top = Math.max(...f.points);
  const winners = f.points.flatMap((p, i) => (p === top ? [i] : []));
  const others = f.points.flatMap((_p, i) => (winners.includes(i) ? [] : [i]));
  const score = variant === 'bauern' ? `${shown(top)} : ${shown(f.points[others[0]])}` : `with ${shown(top)} (${others.map((i) => `${side(i)} ${shown(f.points[i])}`).join(', ')})`;
  const lines = [`═══ Bummerl ${after.finished.length} is over: ${winners.map(side).join(' and ')} won it ${score} ═══`];
  const what = { Bummerl: 'the Bummerl (1)', Schneider: 'a Schneider (2 Bummerl: no point scored)', Retourschneider: 'a Retourschneider (4 Bummerl: lost after leading 23 : 0)' } as const;
  for (const l of f.losers) lines.push(`${verb(side(l.who), 'get', variant === 'bauern' ? 'get' : 'gets')} ${what[l.kind]}.`);
  return lines.join('\n');
}

/** `stich play … --faces german|french`. */
export const FACES_OPTION: PlayOption = {
  flag: '--faces <german|french>',
  key: 'faces',
  rule: 'faces',
  description: 'card faces: german (Eichel, Gras, Herz, Schellen) or french (Kreuz, Pik, Herz, Karo)',
  descriptionDe: 'Kartenbild: german, deutsch (Eichel, Gras, Herz, Schellen), oder french, französisch (Kreuz, Pik, Herz, Karo)',
};
