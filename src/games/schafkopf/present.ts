import type { Card } from '../../cards/pack.js';
import { cardModel, count, handModel, joined, playedFrom, running, say, type ActionButton, type Lang, type Presentation, type SheetTable, type TableModel } from '../present.js';
import { schafkopfPack, suitName } from './cards.js';
import { choiceName, type GameChoice } from './contract.js';
import { formatCents } from './money.js';
import { parseAction } from './notation.js';
import type { SchafkopfRules } from './rules.js';
import { paidLaufende, type SchafkopfOutcome } from './scoring.js';
import type { SchafkopfSheet } from './sitting.js';
import { playTables } from './tables.js';
import { tariffParts } from './tariffWords.js';
import type { SchafkopfView } from './view.js';

/** Schafkopf at the browser table: the hand held trumps first, bids, Klopfen and Stoß/Re as buttons, money on the sheet. */

function tablesOf(view: SchafkopfView) {
  const pack = schafkopfPack(view.rules.kurzeKarte);
  const c = view.contract;
  return c && c.kind !== 'ramsch' ? playTables(pack, c.kind, c.kind === 'rufspiel' ? undefined : c.suit) : playTables(pack, 'rufspiel');
}

function sorted(view: SchafkopfView): Card[] {
  const t = tablesOf(view);
  const groups: Card[][] = [view.hand.filter((x) => (t.trumps & (1 << x)) !== 0), ...t.plain.map((m) => view.hand.filter((x) => (m & (1 << x)) !== 0))];
  return groups.flatMap((g) => [...g].sort((a, b) => t.power[b] - t.power[a]));
}

/** A game's name: the game terms stay German, the grammar around them follows the page ("Rufspiel auf die Gras-Sau", "Rufspiel with the Gras Sau", a card as the English page names it). */
function gameName(g: GameChoice, lang: Lang): string {
  return lang === 'en' && g.kind === 'rufspiel' && g.suit !== undefined ? `Rufspiel with the ${suitName(g.suit)} Sau` : choiceName(g);
}

/**
 * A bid in words, the same on its button, in the headline's list of bids and so in the record viewer (which names a
 * step by its button): a game by its name, a pass "Weiter" / "Pass" (play-test: the record said "Lena: Pass" and the
 * table "Lena: pass").
 */
function bidWords(game: GameChoice | null, lang: Lang): string {
  return game ? gameName(game, lang) : say(lang, 'Weiter', 'Pass');
}

function buttons(view: SchafkopfView, legal: readonly string[], lang: Lang): ActionButton[] {
  const pack = schafkopfPack(view.rules.kurzeKarte);
  const out: ActionButton[] = [];
  for (const text of legal) {
    const a = parseAction(pack, text);
    if (!a.ok || a.value.type === 'play') continue;
    const v = a.value;
    let label: string;
    switch (v.type) {
      case 'klopfen':
        label = 'Klopfen';
        break;
      case 'stoss':
        label = view.stoss.length % 2 === 0 ? 'Stoß' : 'Re';
        break;
      case 'weiter':
        label = view.phase === 'klopfen' ? say(lang, 'Nicht klopfen', 'No Klopfen') : view.phase === 'stoss' ? say(lang, 'Kein Stoß', 'No Stoß') : bidWords(null, lang);
        break;
      case 'bid':
        label = bidWords(v.game, lang);
        break;
    }
    out.push({ label, action: text, group: v.type });
  }
  return out;
}

function present(view: SchafkopfView, legal: readonly string[], lang: Lang, names: readonly string[]): TableModel {
  const pack = schafkopfPack(view.rules.kurzeKarte);
  const t = tablesOf(view);
  const known = view.contract !== null;
  const hand = handModel(pack, sorted(view), legal, (c) => known && (t.trumps & (1 << c)) !== 0);
  const trick = view.trick ? playedFrom(pack, view.trick.leader, view.trick.cards, 4) : [];
  const lastDone = view.tricks.length > 0 ? view.tricks[view.tricks.length - 1] : null;
  const headline: string[] = [];
  const c = view.contract;
  if (c) {
    const who = c.declarer === null ? say(lang, 'jeder für sich', 'everyone for himself') : names[c.declarer];
    headline.push(`${gameName(c, lang)} · ${who}${c.mussspiel ? say(lang, ' (Muss-Spiel)', ' (forced game)') : ''}`);
    if (view.partner !== null && view.partner !== c.declarer) headline.push(`${say(lang, 'Partner', 'Partner')}: ${names[view.partner]}`);
    if (view.stoss.length > 0) headline.push(`${view.stoss.map((s, i) => `${i % 2 === 0 ? 'Stoß' : 'Re'} ${names[s]}`).join(' · ')}`);
  } else if (view.phase === 'klopfen') headline.push(say(lang, 'Klopfen? (die ersten vier Karten)', 'Klopfen? (your first four cards)'));
  else if (view.bids.length > 0) headline.push(view.bids.map((b) => `${names[b.seat]}: ${bidWords(b.game, lang)}`).join(' · '));
  if (view.klopfer.length > 0) headline.push(`${say(lang, 'Geklopft', 'Klopfen')}: ${view.klopfer.map((s) => names[s]).join(', ')}`);
  if (view.carry.stock > 0 || view.carry.bock > 0) headline.push(`Stock ${formatCents(view.carry.stock, false)}${view.carry.bock > 0 ? ` · Bock ×${2 ** view.carry.bock}` : ''}`);
  const taken = [0, 0, 0, 0];
  const tricksTaken = [0, 0, 0, 0];
  for (const tr of view.tricks) {
    tricksTaken[tr.winner]++;
    for (const x of tr.cards) taken[tr.winner] += t.points[x];
  }
  const seatNotes = [0, 1, 2, 3].map((s) => count(lang, view.handSizes[s], ['Karte', 'Karten'], ['card', 'cards']));
  const marks = [0, 1, 2, 3].map((s) => {
    const m: string[] = [];
    if (s === view.dealer) m.push(say(lang, 'Geber', 'Dealer'));
    if (s === (view.dealer + 1) % 4) m.push('Vorhand');
    if (c && c.declarer === s) m.push(say(lang, 'Spieler', 'Declarer'));
    if (c && view.partner === s && s !== c.declarer) m.push('Partner');
    if (view.klopfer.includes(s)) m.push(say(lang, 'Geklopft', 'Klopfen'));
    view.stoss.forEach((x, i) => {
      if (x === s) m.push(i % 2 === 0 ? 'Stoß' : 'Re');
    });
    return m;
  });
  const takenLines = [0, 1, 2, 3].map((s) => (tricksTaken[s] > 0 ? `${count(lang, tricksTaken[s], ['Stich', 'Stiche'], ['trick', 'tricks'])} · ${taken[s]} ${say(lang, 'Augen', 'points')}` : ''));
  const me = view.seat;
  const myTurn = me >= 0 && view.toAct.includes(me);
  let prompt: string | null = null;
  if (myTurn) {
    if (view.phase === 'klopfen') prompt = say(lang, 'Klopfen oder nicht?', 'Klopfen or not?');
    else if (view.phase === 'bidding' || view.phase === 'mussspiel') prompt = say(lang, 'Was spielst du?', 'What do you play?');
    else if (view.phase === 'stoss') prompt = say(lang, 'Stoß geben?', 'Give Stoß?');
    else if (view.phase === 'play') prompt = say(lang, 'Spiel eine Karte', 'Play a card');
  }
  const shown = view.shown ? [{ title: say(lang, 'Der Sie', 'The Sie'), cards: view.shown.map((x) => cardModel(pack, x)) }] : [];
  return {
    pack: pack.name,
    faces: 'german',
    hand,
    trick,
    lastTrick: lastDone ? { cards: playedFrom(pack, lastDone.leader, lastDone.cards, 4), winner: lastDone.winner } : null,
    tricksDone: view.tricks.length,
    headline,
    buttons: buttons(view, legal, lang),
    prompt,
    seatNotes,
    marks,
    taken: takenLines,
    shown,
    talk: [],
    score: me >= 0 && view.tricks.length > 0 ? [`${say(lang, 'Deine Augen', 'Your points')}: ${taken[me]}`] : [],
  };
}

function sheet(raw: unknown, lang: Lang, names: readonly string[]): string[] {
  const s = raw as SchafkopfSheet | null;
  if (!s || !Array.isArray(s.balance)) return [];
  return [
    `${say(lang, 'Spiele', 'Deals')}: ${s.deals}`,
    ...s.balance.map((b, i) => `${names[i]}: ${formatCents(b)}`),
    ...(s.stock > 0 ? [`Stock: ${formatCents(s.stock, false)}`] : []),
  ];
}

/** The end of a sitting: who won it and with how much, then every player's money, ranked (the winner first). */
function sittingEnd(raw: unknown, lang: Lang, names: readonly string[]): string[] {
  const s = raw as SchafkopfSheet | null;
  if (!s || !Array.isArray(s.balance)) return [];
  const order = s.balance.map((_, i) => i).sort((a, b) => s.balance[b] - s.balance[a]);
  const top = s.balance[order[0]];
  const best = order.filter((i) => s.balance[i] === top);
  const head =
    best.length === s.balance.length
      ? say(lang, 'Unentschieden: alle gleich.', 'A draw: everyone even.')
      : lang === 'de'
        ? `${joined(lang, best.map((i) => names[i]))} ${best.length > 1 ? 'gewinnen' : 'gewinnt'} die Sitzung mit ${best.length > 1 ? 'je ' : ''}${formatCents(top)}.`
        : `${joined(lang, best.map((i) => names[i]))} ${best.length > 1 ? 'win' : 'wins'} the sitting with ${formatCents(top)}${best.length > 1 ? ' each' : ''}.`;
  return [
    head,
    ...order.map((i) => `${1 + s.balance.filter((b) => b > s.balance[i]).length}. ${names[i]}: ${formatCents(s.balance[i])}`),
    ...(s.stock > 0 ? [`${say(lang, 'Im Stock geblieben', 'Left in the Stock')}: ${formatCents(s.stock, false)}`] : []),
    count(lang, s.deals, ['Spiel', 'Spiele'], ['deal', 'deals']),
  ];
}

/** Why the deal was worth more than its tariff: Klopfen, Stoß and Re as the table saw them, `more` (a Ramsch's Jungfrauen), and Bock. */
function doublings(o: SchafkopfOutcome, lang: Lang, view: SchafkopfView | undefined, more: readonly string[] = []): string {
  if (o.multiplier <= 1) return '';
  const why: string[] = [];
  if (view && view.klopfer.length > 0) why.push(`${view.klopfer.length}× ${say(lang, 'geklopft', 'Klopfen')}`);
  if (view) view.stoss.forEach((_, i) => why.push(i % 2 === 0 ? 'Stoß' : 'Re'));
  why.push(...more);
  // (Klopfen counts once per knock: 2 to the number of knocks, as each Stoß and each Jungfrau doubles once.)
  const counted = 2 ** ((view?.klopfer.length ?? 0) + (view?.stoss.length ?? 0) + more.length);
  if (o.multiplier > counted) why.push('Bock');
  return ` × ${o.multiplier}${why.length ? ` (${why.join(', ')})` : ''}`;
}

/** "1 Laufender", "3 Laufende": the German word in both languages, as on the rules page. */
export function laufendeWord(n: number): string {
  return `${n} ${n === 1 ? 'Laufender' : 'Laufende'}`;
}

/**
 * The Laufende a result lists: those the table's rules pay (below the game's threshold, or at a tariff of 0, they
 * are left out, as they changed nothing); without the rules, every Laufender counted.
 */
function laufendeOf(o: SchafkopfOutcome, rules: SchafkopfRules | undefined): string {
  if (o.laufende <= 0 || o.amount <= 0 || !o.contract) return '';
  if (!rules) return laufendeWord(o.laufende);
  const paid = rules.tarifLaufende > 0 ? paidLaufende(rules, o.contract, o.laufende) : 0;
  return paid > 0 ? laufendeWord(paid) : '';
}

/** `rules`: the table's where known; under ramschJungfrau "off" a Jungfrau counts for nothing and is not named. */
function gameLine(o: SchafkopfOutcome, lang: Lang, names: readonly string[], rules?: SchafkopfRules): { game: string; result: string } {
  if (o.thrownIn || !o.contract) return { game: say(lang, 'Zusammengeworfen', 'Thrown in'), result: say(lang, 'alle weiter', 'everyone passed') };
  const c = o.contract;
  if (c.kind === 'ramsch') {
    const r = o.ramsch!;
    const jung = r.jungfrauen.length > 0 && rules?.ramschJungfrau !== 'off' ? `, ${say(lang, 'Jungfrau', 'Jungfrau')}: ${r.jungfrauen.map((s) => names[s]).join(', ')}` : '';
    return { game: 'Ramsch', result: (r.durchmarsch !== null ? `Durchmarsch ${names[r.durchmarsch]}` : `${names[r.loser!]} ${say(lang, 'verliert mit', 'loses with')} ${o.points[r.loser!]} ${say(lang, 'Augen', 'points')}`) + jung };
  }
  const pts = o.party.reduce((a, s) => a + o.points[s], 0);
  const extras = [o.schwarz ? 'Schwarz' : o.schneider ? 'Schneider' : '', laufendeOf(o, rules)].filter(Boolean);
  return {
    game: `${gameName(c, lang)} · ${o.party.map((s) => names[s]).join(' + ')}`,
    result: `${o.won ? say(lang, 'gewonnen', 'won') : say(lang, 'verloren', 'lost')} ${say(lang, 'mit', 'with')} ${pts} ${say(lang, 'Augen', 'points')}${extras.length ? `, ${extras.join(', ')}` : ''}`,
  };
}

/**
 * What a Ramsch cost each player and why (play-test: the summary named the loser and the money, not the tariff or
 * what doubled it): "Ramsch 0,10 € × 2 (Jungfrau) = 0,20 € je Spieler"; where a Jungfrau is paid double on her own
 * (ramschJungfrau doubleIndividually…), that is said after it.
 */
function ramschTariff(o: SchafkopfOutcome, lang: Lang, view: SchafkopfView | undefined, rules: SchafkopfRules | undefined): string {
  const r = o.ramsch;
  if (!r) return '';
  const jung = r.durchmarsch === null ? r.jungfrauen.length : 0;
  const all = rules?.ramschJungfrau === 'doubleAll' ? Array.from({ length: jung }, () => 'Jungfrau') : [];
  const own = jung > 0 && (rules?.ramschJungfrau === 'doubleIndividuallyOnce' || rules?.ramschJungfrau === 'doubleIndividuallyMultiple') ? (rules.ramschJungfrau === 'doubleIndividuallyOnce' ? 2 : 2 ** jung) : 0;
  const each = `${o.multiplier > 1 ? ` = ${formatCents(o.amount * o.multiplier, false)}` : ''} ${say(lang, 'je Spieler', 'a player')}`;
  return `Ramsch ${formatCents(o.amount, false)}${doublings(o, lang, view, all)}${each}${own ? `, ${say(lang, `einer Jungfrau × ${own}`, `a Jungfrau × ${own}`)}` : ''}`;
}

function dealSummary(raw: unknown, lang: Lang, names: readonly string[], viewRaw?: unknown, rulesRaw?: unknown): string[] {
  const o = raw as SchafkopfOutcome;
  const view = viewRaw as SchafkopfView | undefined;
  const money = o.score.map((x, s) => `${names[s]} ${formatCents(x)}`).join(' · ');
  const rules = (rulesRaw as SchafkopfRules | undefined) ?? view?.rules;
  const { game, result } = gameLine(o, lang, names, rules);
  if (o.thrownIn || !o.contract) return [`${game}: ${result}.`, money];
  const each = o.amount * o.multiplier;
  // The amount's parts where there are several (tariffWords.ts), else the amount.
  const amount = (rules && tariffParts(o, rules)) ?? formatCents(o.amount, false);
  const tariff = o.contract.kind === 'ramsch' ? ramschTariff(o, lang, view, rules) : `${amount}${doublings(o, lang, view)}${o.multiplier > 1 ? ` = ${formatCents(each, false)}` : ''} ${say(lang, 'je Spieler', 'a player')}`;
  return [game, result, ...(tariff ? [tariff] : []), money];
}

function scoreSheet(outcomes: readonly unknown[], lang: Lang, names: readonly string[], rules?: unknown): SheetTable {
  const list = outcomes as readonly SchafkopfOutcome[];
  const sums = running(
    list.map((o) => o.score),
    (n) => formatCents(n),
  );
  return { columns: names.slice(0, 4), rows: list.map((o, i) => ({ deal: i + 1, ...gameLine(o, lang, names, rules as SchafkopfRules | undefined), ...sums[i] })) };
}

export const schafkopfPresentation: Presentation<SchafkopfView> = {
  games: ['schafkopf'],
  table: present,
  sheet,
  sittingEnd,
  dealSummary,
  scoreSheet,
  formatTotal: (n) => formatCents(n),
};
