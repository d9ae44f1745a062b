import { cardModel, count, handModel, say, type ActionButton, type Lang, type PlayedCard, type Presentation, type TableModel } from '../present.js';
import { CARD_SUIT, PACK } from './cards.js';
import { gameDef } from './contracts.js';
import { cardName, gameTitle, sortedHand, suitName } from './names.js';
import { parseSchnapsenAction } from './notation.js';
import type { BummerlSheet } from './sitting.js';
import type { SchnapsenOutcome } from './state.js';
import type { SchnapsenView } from './view.js';

/** Bauern- and Talonschnapsen at the browser table: hand trumps first, calls, 20/40, Spritzen as buttons, the Bummerl tally. */

type Faces = 'german' | 'french';

function facesOf(view: SchnapsenView): Faces {
  return (view as SchnapsenView & { rules?: { faces?: Faces } }).rules?.faces === 'french' ? 'french' : 'german';
}

function buttonLabel(view: SchnapsenView, text: string, lang: Lang): string | null {
  const rules = { faces: facesOf(view) };
  const a = parseSchnapsenAction(text);
  if (!a.ok) return text;
  const v = a.value;
  switch (v.type) {
    case 'cut':
      return say(lang, 'Abheben', 'Abheben (cut)');
    case 'knock':
      return say(lang, 'Klopfen (alle fünf auf einmal)', 'Klopfen (all five at once)');
    case 'redeal':
      return say(lang, 'Neu geben (drei Unter)', 'New deal (three Unter)');
    case 'keep':
      return say(lang, 'Behalten', 'Keep');
    case 'trump':
      return `${say(lang, 'Trumpf', 'Trump')}: ${suitName(rules, v.suit)}`;
    case 'turn':
      return `${say(lang, 'Aufdecken', 'Turn up')} ${v.index}`;
    case 'pass':
      if (view.phase !== 'spritzen') return say(lang, 'Weiter', 'Pass');
      // The declarer's side answers a Spritzer with Retour, the other side a Retour with Re.
      return view.spritzLevel === 0 ? say(lang, 'Nicht spritzen', 'No Spritzen') : view.spritzLevel === 1 ? say(lang, 'Kein Retour', 'No Retour') : say(lang, 'Kein Re', 'No Re');
    case 'announce':
      return `${gameTitle(v.game, v.ohne)} (${gameDef(v.game, view.game === 'talonschnapsen' ? 'talon' : 'bauern').value})`;
    case 'lay':
      return `${say(lang, 'Weglegen', 'Lay away')}: ${cardName(rules, v.cards[0])} + ${cardName(rules, v.cards[1])}`;
    case 'spritzen':
      return 'Spritzen (×2)';
    case 'retour':
      return say(lang, 'Retour – Antwort aufs Spritzen (×4)', 'Retour – answer to the Spritzen (×4)');
    case 're':
      return say(lang, 'Re – Antwort aufs Retour (×8)', 'Re – answer to the Retour (×8)');
    case 'meld':
      return `${v.points} ${say(lang, 'in', 'in')} ${suitName(rules, v.suit)}`;
    case 'play':
      return null;
  }
}

function present(view: SchnapsenView, legal: readonly string[], lang: Lang, names: readonly string[]): TableModel {
  const faces = facesOf(view);
  const rules = { faces };
  const trump = view.trump;
  const hand = handModel(PACK, sortedHand(view.hand, trump), legal, (c) => trump !== null && CARD_SUIT[c] === trump);
  const played = (cards: readonly { seat: number; card: number }[]): PlayedCard[] => cards.map((p) => ({ ...cardModel(PACK, p.card), seat: p.seat }));
  const buttons: ActionButton[] = [];
  for (const text of legal) {
    const label = buttonLabel(view, text, lang);
    if (label !== null && !hand.some((c) => c.action === text)) buttons.push({ label, action: text, group: text.split(' ')[0] });
  }
  const headline: string[] = [];
  const c = view.contract;
  if (c) headline.push(`${gameTitle(c.game, c.ohne)} · ${names[c.declarer]}`);
  else if (view.bids.length > 0) headline.push(view.bids.map((b) => `${names[b.seat]}: ${b.hidden ? '?' : b.game ? gameTitle(b.game, b.ohne) : say(lang, 'weiter', 'pass')}`).join(' · '));
  if (trump !== null) headline.push(`${say(lang, 'Trumpf', 'Trump')}: ${suitName(rules, trump)}${view.turned !== null ? ` (${cardName(rules, view.turned)})` : ''}`);
  else if (view.trumpBlind) headline.push(say(lang, 'Trumpf blind gerufen', 'Trump called blind'));
  if (view.spritzLevel > 0) headline.push((lang === 'de' ? ['', 'Gespritzt (×2)', 'Retour (×4)', 'Re (×8)'] : ['', 'Spritzen (×2)', 'Retour (×4)', 'Re (×8)'])[view.spritzLevel] ?? '');
  if (view.melds.length > 0) headline.push(view.melds.map((m) => `${names[m.seat]}: ${m.points} ${suitName(rules, m.suit)}`).join(' · '));
  const seatNotes = Array.from({ length: view.seats }, (_, s) => {
    const parts = [count(lang, view.handSizes[s], ['Karte', 'Karten'], ['card', 'cards'])];
    if (view.tricksWon[s] > 0) parts.push(count(lang, view.tricksWon[s], ['Stich', 'Stiche'], ['trick', 'tricks']));
    if (s === view.dealer) parts.push(say(lang, 'gibt', 'deals'));
    if (view.sittingOut === s) parts.push(say(lang, 'setzt aus', 'sits out'));
    return parts.join(' · ');
  });
  const shown: TableModel['shown'][number][] = [];
  view.firstTricks.forEach((t) => {
    if (t) shown.push({ title: `${say(lang, 'Erster Stich von', 'First trick of')} ${names[t.winner]}`, cards: t.cards.map((p) => cardModel(PACK, p.card)) });
  });
  if (view.talon) shown.push({ title: 'Talon', cards: view.talon.map((x) => cardModel(PACK, x)) });
  if (view.laidAway) shown.push({ title: say(lang, 'Weggelegt', 'Laid away'), cards: view.laidAway.map((x) => cardModel(PACK, x)) });
  view.openHands.forEach((h, s) => {
    if (h && s !== view.seat) shown.push({ title: `${say(lang, 'Offen', 'Open')}: ${names[s]}`, cards: sortedHand(h, trump).map((x) => cardModel(PACK, x)) });
  });
  let lastTrick: TableModel['lastTrick'] = null;
  for (const e of view.events) if (e.type === 'trick') lastTrick = { cards: played(e.cards), winner: e.winner };
  const me = view.seat;
  const myTurn = me >= 0 && view.toAct.includes(me);
  const anyCard = hand.some((x) => x.action);
  const prompts: Partial<Record<SchnapsenView['phase'], [string, string]>> = {
    cut: ['Abheben oder klopfen?', 'Cut or knock?'],
    trump: ['Trumpf rufen', 'Call trump'],
    blindTrump: ['Trumpf blind rufen', 'Call trump blind'],
    threeUnter: ['Drei Unter: neu geben?', 'Three Unter: new deal?'],
    announce: ['Ein Spiel ansagen?', 'Announce a game?'],
    raise: ['Höher ansagen?', 'Announce higher?'],
    raiseAfter: ['Höher ansagen?', 'Announce higher?'],
    talon: ['Zwei Karten weglegen', 'Lay away two cards'],
    spritzen: ['Spritzen?', 'Spritzen?'],
  };
  // Spritzen is answered: Retour by the declarer's side, then Re by the others.
  if (view.spritzLevel === 1) prompts.spritzen = ['Gespritzt! Mit Retour antworten?', 'Spritzen against you! Answer with Retour?'];
  if (view.spritzLevel === 2) prompts.spritzen = ['Retour! Mit Re antworten?', 'Retour! Answer with Re?'];
  const p = prompts[view.phase];
  return {
    pack: PACK.name,
    faces,
    hand,
    trick: played(view.trick),
    lastTrick,
    tricksDone: view.tricksPlayed,
    headline: headline.filter(Boolean),
    buttons,
    prompt: myTurn ? (anyCard ? say(lang, 'Spiel eine Karte', 'Play a card') : p ? say(lang, p[0], p[1]) : null) : null,
    seatNotes,
    shown,
    talk: [],
    score: view.bummerl.length > 0 ? [`Bummerl: ${view.bummerl.join(' : ')}`] : [],
  };
}

function sheet(raw: unknown, lang: Lang): string[] {
  const s = raw as BummerlSheet | null;
  if (!s || !Array.isArray(s.points)) return [];
  return [`${say(lang, 'Stand', 'Standing')}: ${s.points.join(' : ')}`, `Bummerl: ${s.tally.join(' : ')}`, `${say(lang, 'Spiele', 'Deals')}: ${s.deals}`];
}

function dealSummary(raw: unknown, lang: Lang, names: readonly string[]): string[] {
  const o = raw as SchnapsenOutcome;
  if (o.game === 'redeal') return [say(lang, 'Drei Unter: neu gegeben.', 'Three Unter: dealt anew.')];
  const who = o.declarer !== null ? names[o.declarer] : '';
  const writes = o.score.flatMap((x, s) => (x > 0 ? [`${names[s]} +${x}`] : []));
  return [
    `${gameTitle(o.game)}${who ? ` · ${who}` : ''}: ${o.won ? say(lang, 'gewonnen', 'won') : say(lang, 'verloren', 'lost')}${o.spritz > 1 ? ` (×${o.spritz})` : ''}`,
    `${say(lang, 'Augen', 'Points')}: ${o.cardPoints.map((x, s) => `${names[s]} ${x}`).join(' · ')}`,
    writes.join(' · '),
  ].filter(Boolean);
}

export const schnapsenPresentation: Presentation<SchnapsenView> = {
  games: ['bauernschnapsen', 'talonschnapsen'],
  table: present,
  sheet: (s, lang) => sheet(s, lang),
  dealSummary,
};
