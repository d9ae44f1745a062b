import { formatCard } from '../../cards/notation.js';
import { cardOf, type Card } from '../../cards/pack.js';
import { SPECTATOR, type NumberedEvent, type Seat } from '../game.js';
import type { TerminalText } from '../text.js';
import { cardName, schafkopfPack } from './cards.js';
import { choiceName, type GameChoice } from './contract.js';
import type { SchafkopfEvent } from './events.js';
import { schafkopf, type SchafkopfTypes } from './game.js';
import { formatCents } from './money.js';
import type { SchafkopfAction } from './notation.js';
import type { SchafkopfRules } from './rules.js';
import { paidLaufende, type SchafkopfOutcome } from './scoring.js';
import { laufendeWord } from './present.js';
import type { SchafkopfState } from './state.js';
import { playTables, type PlayTables } from './tables.js';
import type { SchafkopfView } from './view.js';

/*
 * The terminal face of Schafkopf. Every player appears by name ("You" for
 * the person at the terminal), with the position where it helps: Vorhand
 * (left of the dealer, speaks and leads first), Mittelhand, Hinterhand.
 * Spieler = the declaring side, Gegner = the others.
 */

const POSITION = ['Vorhand', 'Mittelhand', 'Hinterhand', 'dealer'];

function position(seat: Seat, dealer: Seat): string {
  return POSITION[(seat - dealer + 3) % 4];
}

function nameOf(names: readonly string[], seat: Seat): string {
  return names[seat] ?? `seat ${seat + 1}`;
}

/** "You" and "You 2" take the verb without -s: "You play", "Sepp plays". */
function isYou(name: string): boolean {
  return name === 'You' || name.startsWith('You ');
}

/** The name and the verb that agrees with it: says(names, 2, 'play', 'plays'). */
function says(names: readonly string[], seat: Seat, you: string, other: string): string {
  const n = nameOf(names, seat);
  return `${n} ${isYou(n) ? you : other}`;
}

function tablesFor(rules: SchafkopfRules, c: GameChoice | null): PlayTables {
  const pack = schafkopfPack(rules.kurzeKarte);
  return c && c.kind !== 'ramsch' && c.kind !== 'sie' ? playTables(pack, c.kind, c.kind === 'rufspiel' ? undefined : c.suit) : playTables(pack, 'rufspiel');
}

/** Sorts cards the way a player holds them: trumps high to low, then each suit. */
function sortHand(rules: SchafkopfRules, contract: GameChoice | null, cards: readonly Card[]): Card[][] {
  const t = tablesFor(rules, contract);
  const groups: Card[][] = [cards.filter((x) => (t.trumps & (1 << x)) !== 0), ...t.plain.map((m) => cards.filter((x) => (m & (1 << x)) !== 0))];
  return groups.filter((g) => g.length > 0).map((g) => g.sort((a, b) => t.power[b] - t.power[a]));
}

function stossWord(level: number): string {
  return level === 1 ? 'Stoß' : level === 2 ? 'Re' : 'Sup';
}

/** The sides' card points as the viewer may tell them apart: team totals once the teams are known to it, else each player's. */
function pointsLine(view: SchafkopfView, names: readonly string[]): string | undefined {
  const c = view.contract;
  if (!c || view.tricks.length === 0) return undefined;
  const t = tablesFor(view.rules, c);
  const taken = [0, 0, 0, 0];
  const won = [0, 0, 0, 0];
  for (const tr of view.tricks) {
    won[tr.winner]++;
    for (const x of tr.cards) taken[tr.winner] += t.points[x];
  }
  const each = () => [0, 1, 2, 3].map((s) => `${nameOf(names, s)} ${taken[s]}`).join(' · ');
  if (c.kind === 'ramsch') return `Points taken: ${each()}`;
  const declarer = c.declarer!;
  if (c.kind === 'bettel') return `Tricks taken by ${nameOf(names, declarer)}: ${won[declarer]} (a Bettel must take none)`;
  let party: Seat[];
  if (c.kind === 'rufspiel') {
    if (view.partner === null) return `Points taken: ${each()} (the partner is not known yet)`;
    party = [declarer, view.partner];
  } else party = [declarer];
  const others = [0, 1, 2, 3].filter((s) => !party.includes(s));
  const sum = (seats: Seat[]) => seats.reduce((a, s) => a + taken[s], 0);
  const tricks = (seats: Seat[]) => seats.reduce((a, s) => a + won[s], 0);
  const side = (seats: Seat[]) => seats.map((s) => nameOf(names, s)).join(' + ');
  const tout = c.tout ? ` · tricks ${tricks(party)} : ${tricks(others)}` : '';
  return `Points: Spieler (${side(party)}) ${sum(party)} : ${sum(others)} Gegner (${side(others)})${tout}`;
}

function gameLine(view: SchafkopfView, names: readonly string[]): string {
  const c = view.contract!;
  if (c.kind === 'ramsch') return 'Game: Ramsch, everyone for himself: whoever takes the most points loses';
  const who = says(names, c.declarer!, 'play', 'plays') + (c.mussspiel ? ' (Mussspiel)' : '');
  let partner = '';
  if (c.kind === 'rufspiel') {
    if (view.partner === null) partner = ' · partner: not known yet';
    else if (view.partner === view.seat && view.seat !== c.declarer) partner = ` · partner: ${nameOf(names, view.partner)} (you hold the ${cardName(schafkopfPack(view.rules.kurzeKarte), calledSauOf(view.rules, c))})`;
    else partner = ` · partner: ${nameOf(names, view.partner)}`;
  }
  const stoss = view.stoss.length > 0 ? ` · ${view.stoss.map((s, i) => `${stossWord(i + 1)} ${nameOf(names, s)}`).join(', ')}` : '';
  return `Game: ${choiceName(c)} · ${who}${partner}${stoss}`;
}

function calledSauOf(rules: SchafkopfRules, c: GameChoice): Card {
  return cardOf(schafkopfPack(rules.kurzeKarte), c.suit!, 'A')!;
}

function renderView(rules: SchafkopfRules, view: SchafkopfView, names: readonly string[], legal?: readonly SchafkopfAction[]): string {
  const pack = schafkopfPack(rules.kurzeKarte);
  const code = (c: Card) => formatCard(pack, c);
  const lines: string[] = [];
  const me = view.seat === SPECTATOR ? 'watching' : `${nameOf(names, view.seat)} (${position(view.seat, view.dealer)})`;
  lines.push(`── Schafkopf · ${me}${view.seat === view.dealer ? '' : ` · ${says(names, view.dealer, 'deal', 'deals')}`} ──`);
  if (view.carry.stock > 0 || view.carry.bock > 0) {
    lines.push(`Stock ${formatCents(view.carry.stock, false)}${view.carry.bock > 0 ? ` · Bock: this game counts ×${2 ** view.carry.bock}` : ''}`);
  }
  if (view.klopfer.length > 0) lines.push(`Knocked: ${view.klopfer.map((s) => nameOf(names, s)).join(', ')} (×${2 ** view.klopfer.length})`);
  if (view.bids.length > 0 && !view.contract) {
    lines.push(`Bidding: ${view.bids.map((b) => `${nameOf(names, b.seat)} ${b.game ? choiceName(b.game) : 'weiter'}`).join(' · ')}`);
  }
  if (view.contract) lines.push(gameLine(view, names));
  if (view.tricks.length > 0) {
    const last = view.tricks[view.tricks.length - 1];
    lines.push(`Last trick: ${last.cards.map(code).join(' ')} (${nameOf(names, last.leader)} led) → ${nameOf(names, last.winner)}`);
  }
  const points = pointsLine(view, names);
  if (points) lines.push(points);
  if (view.trick) {
    lines.push(`On the table: ${view.trick.cards.map((c, i) => `${nameOf(names, (view.trick!.leader + i) % 4)} ${code(c)}`).join(', ')}`);
  }
  if (view.seat !== SPECTATOR) {
    const hand = sortHand(rules, view.contract, view.hand).map((g) => g.map(code).join(' ')).join('  |  ');
    lines.push(`Your hand${view.phase === 'klopfen' ? ' (first half)' : ''}: ${hand}`);
  }
  const playable = legal?.flatMap((a) => (a.type === 'play' ? [a.card] : [])) ?? [];
  if (playable.length > 0 && playable.length < view.hand.length) {
    lines.push(`You may play: ${sortHand(rules, view.contract, playable).flat().map(code).join(' ')}`);
  }
  return lines.join('\n');
}

function describeAction(rules: SchafkopfRules, view: SchafkopfView, a: SchafkopfAction): string {
  switch (a.type) {
    case 'bid':
      return `${choiceName(a.game)}  [${schafkopf.formatAction(rules, a)}]`;
    case 'play':
      return `play ${formatCard(schafkopfPack(rules.kurzeKarte), a.card)}`;
    case 'stoss':
      return view.stoss.length === 0 ? 'Stoß (Kontra): double the game  [stoss]' : view.stoss.length === 1 ? 'Re (Zruck): double again  [stoss]' : 'answer again: double again  [stoss]';
    case 'klopfen':
      return 'klopfen: double the game  [klopfen]';
    case 'weiter':
      if (view.phase === 'klopfen') return 'no knock  [weiter]';
      if (view.phase === 'stoss') return view.stoss.length === 0 ? 'no Stoß  [weiter]' : view.stoss.length === 1 ? 'no Re  [weiter]' : 'no answer  [weiter]';
      return 'weiter (pass)  [weiter]';
  }
}

/** What a decision before the card play was, for the analysis: "bid weiter", "bid Herz-Solo", "no Stoß", "Re", "Klopfen". */
function decisionName(_rules: SchafkopfRules, view: SchafkopfView, a: SchafkopfAction): string | undefined {
  const answer = view.stoss.length === 0 ? 'Stoß' : view.stoss.length === 1 ? 'Re' : 'answer';
  switch (a.type) {
    case 'bid':
      return `bid ${choiceName(a.game)}`;
    case 'klopfen':
      return 'Klopfen';
    case 'stoss':
      return answer === 'answer' ? 'answer again' : answer;
    case 'weiter':
      return view.phase === 'klopfen' ? 'no Klopfen' : view.phase === 'stoss' ? `no ${answer}` : 'bid weiter';
    case 'play':
      return undefined;
  }
}

function contractLine(names: readonly string[], rules: SchafkopfRules, e: Extract<SchafkopfEvent, { type: 'contract' }>): string {
  if (e.declarer === null) return 'Game: Ramsch, everyone for himself: whoever takes the most points loses.';
  const pack = schafkopfPack(rules.kurzeKarte);
  const who = nameOf(names, e.declarer);
  if (e.game.kind === 'rufspiel') return `Game: ${choiceName(e.game)}: ${who} and whoever holds the ${cardName(pack, e.calledSau!)} play together.`;
  if (e.game.kind === 'sie') return `Game: Sie by ${who}.`;
  return `Game: ${choiceName(e.game)}: ${who} against the other three${e.mussspiel ? ' (Mussspiel: 60 points win)' : ''}.`;
}

function endLine(names: readonly string[], o: SchafkopfOutcome): string {
  if (o.thrownIn) return 'The deal is over.';
  const c = o.contract!;
  if (c.kind === 'ramsch') {
    const r = o.ramsch!;
    if (r.durchmarsch !== null) return `${says(names, r.durchmarsch, 'take', 'takes')} every trick: Durchmarsch, ${isYou(nameOf(names, r.durchmarsch)) ? 'you win' : 'wins'}.`;
    return `${says(names, r.loser!, 'lose', 'loses')} the Ramsch with ${o.points[r.loser!]} points.`;
  }
  const party = o.party.map((s) => nameOf(names, s)).join(' + ');
  const pts = o.party.reduce((a, s) => a + o.points[s], 0);
  const plural = o.party.length > 1 || isYou(party);
  const verb = o.won ? (plural ? 'win' : 'wins') : plural ? 'lose' : 'loses';
  if (c.kind === 'bettel') return `${party} ${verb} the Bettel.`;
  if (c.kind === 'sie') return `${party} ${verb} with the Sie.`;
  const extras = [o.schneider ? 'Schneider' : '', o.schwarz ? 'Schwarz' : ''].filter(Boolean).join(', ');
  return `${party} ${verb} the ${choiceName(c)} with ${pts} points${extras ? ` (${extras})` : ''}.`;
}

/** One line per event, each player by name. */
function narrate(rules: SchafkopfRules, _view: SchafkopfView, events: readonly NumberedEvent<SchafkopfEvent>[], names: readonly string[]): string[] {
  const pack = schafkopfPack(rules.kurzeKarte);
  const code = (c: Card) => formatCard(pack, c);
  const lines: string[] = [];
  for (const { event: e } of events) {
    switch (e.type) {
      case 'klopfen':
        lines.push(`  ${says(names, e.seat, 'knock', 'knocks')}: the game counts double`);
        break;
      case 'pass':
        if (e.round === 'klopfen') lines.push(`  ${says(names, e.seat, 'do', 'does')} not knock`);
        else if (e.round === 'bidding') lines.push(`  ${nameOf(names, e.seat)}: weiter`);
        else if (e.round === 'stoss') lines.push(`  ${nameOf(names, e.seat)}: no ${e.level <= 2 ? stossWord(e.level) : 'answer'}`);
        break;
      case 'bid':
        lines.push(`  ${says(names, e.seat, 'announce', 'announces')} ${choiceName(e.game)}`);
        break;
      case 'mussspiel':
        lines.push(`  Everyone passed: ${says(names, e.seat, 'hold', 'holds')} the Eichel-Ober and must play (Mussspiel)`);
        break;
      case 'contract':
        lines.push(`  ${contractLine(names, rules, e)}`);
        break;
      case 'stoss':
        lines.push(
          e.level === 1
            ? `  ${says(names, e.seat, 'give', 'gives')} Stoß: the game counts double`
            : `  ${says(names, e.seat, 'answer', 'answers')} ${e.level === 2 ? 'Re' : 'again'}: the game counts double again`,
        );
        break;
      case 'sie':
        lines.push(`  ${says(names, e.seat, 'show', 'shows')} a Sie: ${e.cards.map(code).join(' ')}`);
        break;
      case 'card':
        lines.push(`  ${says(names, e.seat, 'play', 'plays')} ${code(e.card)}`);
        break;
      case 'trick':
        lines.push(`  → ${says(names, e.winner, 'take', 'takes')} the trick (${e.points} ${e.points === 1 ? 'point' : 'points'})`);
        break;
      case 'thrownIn':
        lines.push(
          `  Everyone passed: the deal is thrown in${e.bock > 0 ? ' (Bock: the next game counts double)' : ''}${e.stock > 0 ? `, everyone pays ${formatCents(e.stock / 4, false)} into the Stock` : ''}`,
        );
        break;
      case 'end':
        lines.push(`  ${endLine(names, e.outcome)}`);
        break;
    }
  }
  return lines;
}

/** Cards in the order the hand is held, other actions first. */
function orderActions(rules: SchafkopfRules, view: SchafkopfView, legal: readonly SchafkopfAction[]): SchafkopfAction[] {
  const cards = legal.flatMap((a) => (a.type === 'play' ? [a.card] : []));
  if (cards.length === 0) return [...legal];
  const order = sortHand(rules, view.contract, cards).flat();
  return [...legal.filter((a) => a.type !== 'play'), ...order.map((card) => legal.find((a) => a.type === 'play' && a.card === card)!)];
}

function summarizeDeal(rules: SchafkopfRules, state: SchafkopfState, o: SchafkopfOutcome, players: readonly string[]): string {
  const money = o.score.map((x, s) => `${nameOf(players, s)} ${formatCents(x)}`).join(', ');
  const dealer = `${nameOf(players, state.dealer)} dealt`;
  if (o.thrownIn) {
    return `${dealer}: all passed, thrown in${o.bock ? ' (Bock)' : ''}${o.stock ? `, ${formatCents(o.stock, false)} into the Stock` : ''} · ${money}`;
  }
  const c = o.contract!;
  if (c.kind === 'ramsch') {
    const r = o.ramsch!;
    const how = r.durchmarsch !== null ? `Durchmarsch by ${nameOf(players, r.durchmarsch)}` : `${says(players, r.loser!, 'lose', 'loses')} with ${o.points[r.loser!]}`;
    // A Jungfrau is named only where she counts (house rule ramschJungfrau): under "off" she changes nothing.
    const jungfrau = r.jungfrauen.length > 0 && rules.ramschJungfrau !== 'off' ? `, Jungfrau: ${r.jungfrauen.map((s) => nameOf(players, s)).join(', ')}` : '';
    return `${dealer}: Ramsch, ${how}${jungfrau} · ${money}`;
  }
  const party = o.party.map((s) => nameOf(players, s)).join(' + ');
  const pts = o.party.reduce((a, s) => a + o.points[s], 0);
  const paid = rules.tarifLaufende > 0 ? paidLaufende(rules, c, o.laufende) : 0;
  const laufende = paid > 0 ? `${withOrWithout(rules, state, o)} ${paid}: ${laufendeWord(paid)} paid` : '';
  const extras = [o.schneider ? 'Schneider' : '', o.schwarz ? 'Schwarz' : '', laufende, o.multiplier > 1 ? `×${o.multiplier}` : '']
    .filter(Boolean)
    .join(', ');
  return `${dealer}: ${choiceName(c)} by ${party}: ${pts} points, ${o.won ? 'won' : 'lost'}${extras ? ` (${extras})` : ''} · ${money}`;
}

const ct = (x: number) => formatCents(x, false);

/** Laufende (002 6.3) are counted "mit" when the party held the highest trump, else "ohne": both are paid alike. */
function withOrWithout(rules: SchafkopfRules, state: SchafkopfState, o: SchafkopfOutcome): 'mit' | 'ohne' {
  const top = tablesFor(rules, o.contract).trumpOrder[0];
  return o.party.some((s) => (state.dealt[s] & (1 << top)) !== 0) ? 'mit' : 'ohne';
}

/** `last`: the last finished trick, who led it and who took it. */
function lastTrick(rules: SchafkopfRules, view: SchafkopfView, names: readonly string[]): string | undefined {
  const last = view.tricks[view.tricks.length - 1];
  if (!last) return undefined;
  const pack = schafkopfPack(rules.kurzeKarte);
  return `Last trick: ${last.cards.map((c, i) => `${nameOf(names, (last.leader + i) % 4)} ${formatCard(pack, c)}`).join(', ')} → ${says(names, last.winner, 'take', 'takes')} it`;
}

/**
 * What a game needs and what it pays at this table, in one short line:
 * `you` words it for the player who may announce it, else for whoever
 * watches it being played.
 */
export function gameValue(rules: SchafkopfRules, g: GameChoice, you: boolean): string {
  const name = choiceName(g);
  const alone = you ? 'you alone against three' : 'the Spieler alone against three';
  switch (g.kind) {
    case 'rufspiel':
      return `${name}: ${you ? 'you' : 'the caller'} and the Sau's holder need 61 points; ${ct(rules.tarifRufspiel)} a player`;
    case 'bettel':
      return `${name}: ${alone}, no trump, must take no trick; ${ct(rules.tarifBettel)} from each`;
    case 'sie':
      return `${name}: all Ober and Unter, won when shown; 4 × (${ct(rules.tarifSolo)} + 8 × ${ct(rules.tarifLaufende)}) from each`;
    case 'ramsch':
      return `${name}: everyone for himself; whoever takes the most points pays each other ${ct(rules.tarifRamsch)}`;
    default:
      if (g.tout) return `${name}: ${you ? 'you' : 'the Spieler'} alone, must take every trick; 2 × (${ct(rules.tarifSolo)} + Laufende) from each`;
      return `${name}: ${alone}, 61 points win; ${ct(rules.tarifSolo)} from each`;
  }
}

/** The extras of the point games at this table, in one line. */
function extrasLine(rules: SchafkopfRules): string {
  const solo = rules.laufendeFromSolo !== rules.laufendeFromRufspiel ? `, Solo ${rules.laufendeFromSolo}` : '';
  const l = rules.tarifLaufende > 0 ? `, each Laufender +${ct(rules.tarifLaufende)} from ${rules.laufendeFromRufspiel}${solo} (Wenz ${rules.laufendeFromWenz})` : '';
  return `  Schneider (91) +${ct(rules.tarifSchneider)}, Schwarz +${ct(rules.tarifSchneider)} more${l}. Lost: pay as much.`;
}

function ifAllPass(rules: SchafkopfRules): string {
  switch (rules.allPass) {
    case 'ramsch':
      return gameValue(rules, { kind: 'ramsch' }, false);
    case 'mussspiel':
      return 'the holder of the Eichel-Ober must play';
    case 'bock':
      return 'the deal is thrown in and the next game counts double (Bock)';
    case 'stock':
      return `the deal is thrown in and everyone pays ${ct(rules.stockEinsatz)} into the Stock`;
    case 'redeal':
      return 'the deal is thrown in and dealt again';
  }
}

/** `help`: what can be done now, and what the game played or offered is worth. */
function help(rules: SchafkopfRules, view: SchafkopfView, legal: readonly SchafkopfAction[]): string {
  const lines: string[] = [];
  const pack = schafkopfPack(rules.kurzeKarte);
  switch (view.phase) {
    case 'klopfen':
      lines.push('You have seen the first half of your cards.');
      lines.push('klopfen: knock, which doubles every payment of this deal; weiter: no knock.');
      break;
    case 'bidding':
    case 'mussspiel': {
      lines.push(
        view.phase === 'mussspiel'
          ? 'Everyone passed and you hold the Eichel-Ober: announce a game (60 points win it).'
          : 'Announce a game, or weiter (pass). A later player needs a higher game to take it.',
      );
      // One line per kind of game offered, with its notation: "solo E/G/H/S".
      const offered = new Map<string, GameChoice[]>();
      for (const a of legal) {
        if (a.type !== 'bid') continue;
        const key = `${a.game.kind}${a.game.tout ? '-tout' : ''}`;
        offered.set(key, [...(offered.get(key) ?? []), a.game]);
      }
      let point = false;
      for (const [key, games] of offered) {
        const suits = games.flatMap((g) => (g.suit === undefined ? [] : ['EGHS'[g.suit]]));
        const g = games.find((x) => x.kind !== 'solo' || x.suit === 2) ?? games[0];
        lines.push(`  ${key}${suits.length > 0 ? ` ${suits.join('/')}` : ''}: ${gameValue(rules, g, true).replace(/^[^:]*: /, '')}`);
        if (g.kind !== 'bettel' && g.kind !== 'sie' && !g.tout) point = true;
      }
      if (point) lines.push(extrasLine(rules));
      if (view.phase === 'bidding') lines.push(`If all pass: ${ifAllPass(rules)}.`);
      break;
    }
    case 'stoss':
      if (view.stoss.length === 0) lines.push('stoss: Stoß (Kontra), you bet the Spieler lose: doubles every payment; weiter: no Stoß.');
      else lines.push(`stoss: ${view.stoss.length === 1 ? 'Re, answering the Stoß' : 'answer again'}: doubles every payment again; weiter: no ${view.stoss.length === 1 ? 'Re' : 'answer'}.`);
      break;
    case 'play': {
      const cards = legal.flatMap((a) => (a.type === 'play' ? [a.card] : []));
      lines.push(`You may play: ${cards.map((c) => formatCard(pack, c)).join(' ')} (by number, or by code: suit E G H S, rank A Z K O U 9 8 7)`);
      lines.push('Follow the suit led (trump follows trump); if you cannot, play any card. Nobody must win the trick.');
      if (view.contract?.kind === 'rufspiel' && !view.searched) lines.push('The called Sau must be played when its suit is first led, and is not thrown off before.');
      break;
    }
    case 'done':
      break;
  }
  const c = view.contract;
  if (c) {
    lines.push(`Being played: ${gameValue(rules, c, c.declarer === view.seat)}`);
    if (c.kind !== 'bettel' && c.kind !== 'ramsch' && c.kind !== 'sie' && !c.tout) lines.push(extrasLine(rules));
    const m = 2 ** (view.klopfer.length + view.stoss.length + view.carry.bock);
    if (m > 1) lines.push(`Knocks, Stoß/Re and Bock so far: every payment ×${m}.`);
  }
  return lines.join('\n');
}

export const schafkopfText: TerminalText<SchafkopfTypes> = {
  renderView,
  describeAction,
  decisionName,
  orderActions,
  narrate,
  summarizeDeal,
  help,
  lastTrick,
};
