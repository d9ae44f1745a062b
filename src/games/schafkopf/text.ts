import { formatCard } from '../../cards/notation.js';
import type { Card } from '../../cards/pack.js';
import type { Seat } from '../game.js';
import type { SchafkopfAction } from './notation.js';
import { schafkopfPack } from './cards.js';
import { choiceName } from './contract.js';
import type { SchafkopfRules } from './rules.js';
import { laufendeFrom, type SchafkopfOutcome } from './scoring.js';
import type { SchafkopfState } from './state.js';
import { playTables } from './tables.js';
import type { SchafkopfView } from './view.js';
import { formatCents } from './money.js';
import type { NumberedEvent } from '../game.js';
import type { TerminalText } from '../text.js';
import { schafkopf, type SchafkopfTypes } from './game.js';
import type { SchafkopfEvent } from './events.js';

const POSITION = ['Vorhand', 'Mittelhand', 'Hinterhand', 'dealer'];

function position(seat: Seat, dealer: Seat): string {
  return POSITION[(seat - dealer + 3) % 4];
}

/** Sorts a hand the way a player holds it: trumps high to low, then each suit. */
function sortHand(view: SchafkopfView, cards: readonly Card[]): Card[][] {
  const pack = schafkopfPack(view.rules.kurzeKarte);
  const c = view.contract;
  const t = c && c.kind !== 'ramsch' ? playTables(pack, c.kind, c.kind === 'rufspiel' ? undefined : c.suit) : playTables(pack, 'rufspiel');
  const groups: Card[][] = [cards.filter((x) => (t.trumps & (1 << x)) !== 0), ...t.plain.map((m) => cards.filter((x) => (m & (1 << x)) !== 0))];
  return groups.filter((g) => g.length > 0).map((g) => g.sort((a, b) => t.power[b] - t.power[a]));
}

function actionText(rules: SchafkopfRules, a: SchafkopfAction): string {
  const pack = schafkopfPack(rules.kurzeKarte);
  switch (a.type) {
    case 'klopfen':
      return 'klopft (doubles)';
    case 'weiter':
      return 'weiter';
    case 'bid':
      return `plays ${choiceName(a.game)}`;
    case 'stoss':
      return 'gives Stoß';
    case 'play':
      return `plays ${formatCard(pack, a.card)}`;
  }
}

function renderView(rules: SchafkopfRules, view: SchafkopfView, legal?: readonly SchafkopfAction[]): string {
  const pack = schafkopfPack(rules.kurzeKarte);
  const code = (c: Card) => formatCard(pack, c);
  const lines: string[] = [];
  lines.push(`── Schafkopf · you are seat ${view.seat} (${position(view.seat, view.dealer)}) · dealer seat ${view.dealer} ──`);
  if (view.carry.stock > 0 || view.carry.bock > 0) {
    lines.push(`Stock ${formatCents(view.carry.stock, false)}${view.carry.bock > 0 ? ` · Bock ×${2 ** view.carry.bock}` : ''}`);
  }
  if (view.klopfer.length > 0) lines.push(`Klopfer: ${view.klopfer.map((s) => `seat ${s}`).join(', ')}`);
  if (view.bids.length > 0 && !view.contract) {
    lines.push(`Bidding: ${view.bids.map((b) => `seat ${b.seat} ${b.game ? choiceName(b.game) : 'weiter'}`).join(' · ')}`);
  }
  if (view.contract) {
    const c = view.contract;
    const who = c.declarer === null ? 'everyone for himself' : `seat ${c.declarer}${c.mussspiel ? ' (Mussspiel)' : ''}`;
    const partner = view.partner !== null && view.partner !== c.declarer ? ` · partner: seat ${view.partner}${view.partner === view.seat ? ' (you)' : ''}` : '';
    lines.push(`Game: ${choiceName(c)} · ${who}${partner}${view.stoss.length > 0 ? ` · Stoß/Re by ${view.stoss.map((s) => `seat ${s}`).join(', ')}` : ''}`);
  }
  if (view.tricks.length > 0) {
    const last = view.tricks[view.tricks.length - 1];
    lines.push(`Last trick: ${last.cards.map(code).join(' ')} (seat ${last.leader} led) → seat ${last.winner}`);
    const t = pack && view.contract ? playTables(pack, view.contract.kind, view.contract.kind === 'rufspiel' ? undefined : view.contract.suit) : undefined;
    if (t) {
      const taken = [0, 0, 0, 0];
      for (const tr of view.tricks) for (const c of tr.cards) taken[tr.winner] += t.points[c];
      lines.push(`Points taken: ${taken.map((p, s) => `seat ${s}: ${p}`).join(' · ')}`);
    }
  }
  if (view.trick) {
    lines.push(`On the table (seat ${view.trick.leader} led): ${view.trick.cards.map(code).join(' ')}`);
  }
  const hand = sortHand(view, view.hand).map((g) => g.map(code).join(' ')).join('  |  ');
  lines.push(`Your hand${view.phase === 'klopfen' ? ' (first half)' : ''}: ${hand}`);
  const playable = legal?.flatMap((a) => (a.type === 'play' ? [a.card] : [])) ?? [];
  if (playable.length > 0 && playable.length < view.hand.length) {
    lines.push(`You may play: ${sortHand(view, playable).flat().map(code).join(' ')}`);
  }
  return lines.join('\n');
}

function describeAction(rules: SchafkopfRules, _view: SchafkopfView, a: SchafkopfAction): string {
  const pack = schafkopfPack(rules.kurzeKarte);
  switch (a.type) {
    case 'bid':
      return `${choiceName(a.game)}  [${schafkopf.formatAction(rules, a)}]`;
    case 'play':
      return `play ${formatCard(pack, a.card)}`;
    case 'stoss':
      return _view.stoss.length % 2 === 0 ? 'Stoß (Kontra)  [stoss]' : 'Re (Zruck)  [stoss]';
    case 'klopfen':
      return 'klopfen (double the game)  [klopfen]';
    case 'weiter':
      return 'weiter';
  }
}

/** Walks the public log, knowing from its order which round each "weiter" belongs to. */
function narrate(rules: SchafkopfRules, view: SchafkopfView, events: readonly NumberedEvent<SchafkopfEvent>[]): string[] {
  const since = events.length > 0 ? events[0].n : view.log.length;
  const lines: string[] = [];
  const who = (s: Seat) => (s === view.seat ? `seat ${s} (you)` : `seat ${s}`);
  let round: 'klopfen' | 'bidding' | 'stoss' = rules.klopfen ? 'klopfen' : 'bidding';
  let spoken = 0;
  let plays = 0;
  for (let i = 0; i < view.log.length; i++) {
    const [seat, a] = view.log[i];
    let text: string;
    if (a.type === 'weiter') text = round === 'klopfen' ? 'does not knock' : round === 'stoss' ? 'no Stoß' : 'weiter';
    else if (a.type === 'stoss') text = view.stoss.indexOf(seat) % 2 === 0 ? 'gives Stoß' : 'answers: Re';
    else text = actionText(rules, a);
    if (round === 'klopfen' && ++spoken === 4) {
      round = 'bidding';
      spoken = 0;
    } else if (round === 'bidding' && (a.type === 'bid' || a.type === 'weiter') && ++spoken >= 4) {
      round = 'stoss';
    }
    if (i >= since) lines.push(`  ${who(seat)} ${text}`);
    if (a.type === 'play') {
      plays++;
      const trick = plays % 4 === 0 ? view.tricks[plays / 4 - 1] : undefined;
      if (trick && i >= since) lines.push(`  → ${who(trick.winner)} takes the trick`);
    }
  }
  return lines;
}

/** Cards in the order the hand is held, other actions first. */
function orderActions(_rules: SchafkopfRules, view: SchafkopfView, legal: readonly SchafkopfAction[]): SchafkopfAction[] {
  const cards = legal.flatMap((a) => (a.type === 'play' ? [a.card] : []));
  if (cards.length === 0) return [...legal];
  const order = sortHand(view, cards).flat();
  return [...legal.filter((a) => a.type !== 'play'), ...order.map((card) => legal.find((a) => a.type === 'play' && a.card === card)!)];
}

function summarizeDeal(_rules: SchafkopfRules, state: SchafkopfState, o: SchafkopfOutcome, players: readonly string[]): string {
  const money = o.score.map((x, s) => `${players[s]} ${formatCents(x)}`).join(', ');
  if (o.thrownIn) {
    return `dealer ${players[state.dealer]}: all passed, thrown in${o.bock ? ' (Bock)' : ''}${o.stock ? `, ${formatCents(o.stock, false)} into the Stock` : ''} · ${money}`;
  }
  const c = o.contract!;
  if (c.kind === 'ramsch') {
    const r = o.ramsch!;
    const how = r.durchmarsch !== null ? `Durchmarsch by ${players[r.durchmarsch]}` : `${players[r.loser!]} loses with ${o.points[r.loser!]}`;
    return `dealer ${players[state.dealer]}: Ramsch, ${how}${r.jungfrauen.length ? `, Jungfrau: ${r.jungfrauen.map((s) => players[s]).join(', ')}` : ''} · ${money}`;
  }
  const party = o.party.map((s) => players[s]).join(' + ');
  const pts = o.party.reduce((a, s) => a + o.points[s], 0);
  const extras = [o.schneider ? 'Schneider' : '', o.schwarz ? 'Schwarz' : '', o.laufende >= laufendeFrom(_rules, c) ? `${o.laufende} Laufende` : '', o.multiplier > 1 ? `×${o.multiplier}` : '']
    .filter(Boolean)
    .join(', ');
  return `dealer ${players[state.dealer]}: ${choiceName(c)} by ${party}: ${pts} points, ${o.won ? 'won' : 'lost'}${extras ? ` (${extras})` : ''} · ${money}`;
}

export const schafkopfText: TerminalText<SchafkopfTypes> = {
  renderView: (rules, view, _names, legal) => renderView(rules, view, legal),
  describeAction,
  orderActions,
  narrate,
  summarizeDeal,
};
