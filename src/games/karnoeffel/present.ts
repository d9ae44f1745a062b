import { parseCard } from '../../cards/notation.js';
import { suitOf } from '../../cards/pack.js';
import { cardModel, count, joined, handModel, quoted, say, signedPoints, type ActionButton, type Lang, type PlayedCard, type Presentation, type SheetTable, type TableModel } from '../present.js';
import { cardLabel } from '../../cards/labels.js';
import { PACK, rankPos, sortedHand, SPECIAL_NAMES, SUIT_NAMES } from './cards.js';
import { parseAction } from './notation.js';
import type { KarnoeffelSheet } from './sitting.js';
import type { KarnoeffelEvent, KarnoeffelOutcome, KarnoeffelView } from './state.js';
import { teamOf } from './talk.js';
import { talkText } from './talkWords.js';

/** Karnöffel at the browser table: the hand by suit (trump first), raises and answers as buttons, table talk, the match score. */

/**
 * The two sides by their colours in 001 ("die Blauen und die Roten"): Blau and Rot in German, Blue and Red in English
 * (play-test: "Blau" and "Rot" stood untranslated in English sentences; they are colours, not game terms). Records and
 * the notation name sides by seat, never by these words.
 */
const SIDES = { de: ['Blau', 'Rot'], en: ['Blue', 'Red'] } as const;
const sides = (lang: Lang): readonly string[] => SIDES[lang];
/** The engine's raise step (engine.ts RAISE_STEP; the engine is not imported: it pulls in the shuffling). */
const RAISE_STEP = 3;

function eventsOf(view: KarnoeffelView): readonly KarnoeffelEvent[] {
  // The view's public log is `events` (formerly `log`).
  const v = view as unknown as { events?: readonly KarnoeffelEvent[]; log?: readonly KarnoeffelEvent[] };
  return v.events ?? v.log ?? [];
}

/** A card named as the table names it ("Gras-Sechs", "Gras 6"), from its code or id. */
function cardWords(card: string | number, lang: Lang): string {
  const id = typeof card === 'number' ? card : parseCard(PACK, card);
  if (typeof id !== 'number' && !id.ok) return String(card);
  const m = cardModel(PACK, typeof id === 'number' ? id : id.value);
  return cardLabel(m.suit, m.rank, 'german', lang, PACK.name);
}

function label(view: KarnoeffelView, text: string, lang: Lang, names: readonly string[]): string | null {
  const a = parseAction(text);
  if (!a.ok) return text;
  const v = a.value;
  switch (v.type) {
    case 'raise':
      return `${say(lang, 'Steigern auf', 'Raise to')} ${(view.pause?.stage === 'answer' ? view.pause.bid : view.value) + RAISE_STEP}`;
    case 'pass':
      return say(lang, 'Nicht steigern', 'No raise');
    case 'accept':
      return `${say(lang, 'Annehmen', 'Accept')} (${view.pause?.bid ?? view.value})`;
    case 'refuse': {
      // What a refusal gives away: the raisers score the value before their raise (000 "Kartengeben und Steigern"). Short,
      // so that the three answers stay on one row on a phone held sideways ("Ablehnen (Runde aufgeben: Rot bekommt 7)"
      // pushed the hand below the window there: layout.browser.test.ts).
      const raisers = view.pause && view.pause.raiser >= 0 ? sides(lang)[teamOf(view.pause.raiser)] : undefined;
      return raisers
        ? say(lang, `Ablehnen: ${raisers} bekommt ${view.value}`, `Refuse: ${raisers} scores ${view.value}`)
        : say(lang, 'Ablehnen (Runde aufgeben)', 'Refuse (give up the round)');
    }
    case 'announce':
      return say(lang, 'Ansagen: wir gewinnen die Partie', 'Announce: we win the match');
    case 'advise':
      return `${say(lang, 'Sagen', 'Say')}${v.to !== undefined ? ` (${names[v.to]})` : ''}: ${quoted(lang, talkText(lang, v.message, names, (code) => cardWords(code, lang)))}`;
    case 'play':
      return null;
  }
}

function present(view: KarnoeffelView, legal: readonly string[], lang: Lang, names: readonly string[]): TableModel {
  const trump = view.trump;
  // The trumps with a name and a power of their own (000 "Spieldurchführung": the Unter is the Karnöffel, the 6 the
  // Papst, the Daus the Kaiser, the 7 the Teufel) are marked with it in the hand and where they lie in the trick
  // (play-test: the terminal named them, the browser said only "Trumpf: Gras", and a newcomer could not tell them).
  const held = sortedHand(view.hand, trump);
  const named = (c: number) => (trump >= 0 && suitOf(PACK, c) === trump ? SPECIAL_NAMES.get(rankPos(c)) : undefined);
  const hand = handModel(PACK, held, legal, (c) => trump >= 0 && suitOf(PACK, c) === trump, (code) => `play ${code}`).map((c, i) => {
    const tag = named(held[i]);
    return tag ? { ...c, tag } : c;
  });
  const events = eventsOf(view);
  // The current trick with who played what: the plays after the last finished trick.
  const trick: PlayedCard[] = [];
  for (const e of events) {
    if (e.type === 'trick') trick.length = 0;
    else if (e.type === 'play') trick.push({ ...cardModel(PACK, e.card), seat: e.seat, ...(named(e.card) ? { tag: named(e.card) } : {}) });
  }
  let lastTrick: TableModel['lastTrick'] = null;
  let plays: PlayedCard[] = [];
  for (const e of events) {
    if (e.type === 'play') plays.push({ ...cardModel(PACK, e.card), seat: e.seat });
    if (e.type === 'trick') {
      lastTrick = { cards: plays, winner: e.winner };
      plays = [];
    }
  }
  const buttons: ActionButton[] = [];
  for (const text of legal) {
    const l = label(view, text, lang, names);
    if (l !== null && !hand.some((c) => c.action === text)) buttons.push({ label: l, action: text, group: text.startsWith('advise') ? 'talk' : 'bid' });
  }
  const headline: string[] = [];
  // Drawn before the deal (001: "Nun ziehet jeder eine Kart, die niedrigste ist die Trumpffarb"), the card that set it is
  // named: the drawn cards lie nowhere on the table (play-test: the Landsknecht table said only "Trumpf: Schellen").
  const setBy = view.drawn ? events.find((e): e is Extract<KarnoeffelEvent, { type: 'trump' }> => e.type === 'trump') : undefined;
  if (trump >= 0) headline.push(`${say(lang, 'Trumpf', 'Trump')}: ${SUIT_NAMES[trump]}${setBy ? ` (${say(lang, 'gezogen', 'drawn')}: ${cardWords(setBy.card, lang)})` : ''}`);
  // 000: the lowest card of the face-up first round sets the trump suit, once every player has his (one short line: on a
  // phone held sideways the headline has room for two).
  else if (view.phase === 'deal') headline.push(say(lang, 'Trumpf: noch offen', 'Trump: not yet known'));
  // With six or eight, each team's leader, who sees his teammates' cards or alone may advise (000: "so bestimmt jede
  // Mannschaft für sich einen Führer"), is named: the others could not tell who saw their cards. In the headline, not
  // as a mark on his plate, which a second mark made taller than the crowded ring has room for.
  if (view.leaders && (view.rules.showHands || view.rules.advisers === 'leader')) {
    // "Teamführer – Blau: Anna (du) · Rot: Sepp (bot)": the names carry their own "(du)", "(bot)".
    headline.push(`${say(lang, 'Teamführer', 'Team leaders')} – ${view.leaders.map((s) => `${sides(lang)[teamOf(s)]}: ${names[s]}`).join(' · ')}`);
  }
  // A raise waiting for its answer is said with who made it (play-test: "Round worth: 7 · raising: 10" read awkwardly).
  const raised = view.pause && view.pause.bid > 0 ? view.pause : null;
  headline.push(
    lang === 'de'
      ? `Wert der Runde: ${view.value}${raised ? ` · ${names[raised.raiser]} steigert auf ${raised.bid}` : ''}`
      : `This round is worth ${view.value}${raised ? ` · ${names[raised.raiser]} raises it to ${raised.bid}` : ''}`,
  );
  // `won` counts the tricks by team (engine.ts); who took each is the trick's winner (play-test: at four, six or eight
  // the team's count stood under its first two seats, "2 Stiche" under Anna when her partner Resi had taken both).
  const wonByTeam = [view.won[0] ?? 0, view.won[1] ?? 0];
  const tookBy = new Array<number>(view.players).fill(0);
  for (const t of view.tricks) tookBy[t.winner]++;
  const seatNotes = Array.from({ length: view.players }, (_, s) => `${sides(lang)[teamOf(s)]} · ${count(lang, view.handSizes[s], ['Karte', 'Karten'], ['card', 'cards'])}`);
  // Vorhand is the first in dealing order: left of the dealer, or right of him where play goes to the right (001:
  // "Wer rechterhand vom Geber sitzt, spielet aus"; play-test: the Landsknecht table marked the left neighbour).
  const marks = Array.from({ length: view.players }, (_, s) => (s === view.dealer ? [say(lang, 'Geber', 'Dealer')] : s === view.order[0] ? ['Vorhand'] : []));
  const taken = tookBy.map((k) => (k > 0 ? count(lang, k, ['Stich', 'Stiche'], ['trick', 'tricks']) : ''));
  // The first round's face-up cards lie before their holders for all to see until they are played.
  const seatCards = view.faceUp.map((c, s) => (c >= 0 && s !== view.seat && view.phase === 'deal' && !view.seen.some((h) => h.seat === s) ? [cardModel(PACK, c)] : []));
  // A partner's hand the seat may see, once it holds a card (before the deal reaches it, a title over nothing), with a
  // ribbon saying whose it is and why this seat sees it (play-test: a grey "Karten von Resi" read like any other part of
  // the table): with four, partners show each other their cards; with six or eight the team's leader sees his team's
  // (000 "Kartengeben und Steigern"; 001 "Beim Reizen könnet Ihr Euch auch die Karten untereinander zeigen").
  const why = view.players === 4 ? say(lang, 'Partner zeigen einander die Karten', 'Partners show each other their cards') : say(lang, 'Als Teamführer siehst du die Karten deines Teams', 'As team leader you see your team’s cards');
  const shown = view.seen
    .filter((h) => h.seat !== view.seat && h.cards.length > 0)
    .map((h) => ({ title: `${say(lang, 'Karten von', 'Cards of')} ${names[h.seat]}`, ribbon: view.players === 4 ? 'Partner' : 'Team', why, cards: sortedHand(h.cards, trump).map((c) => cardModel(PACK, c)) }));
  const talk = events.flatMap((e) => (e.type === 'advise' ? [`${names[e.seat]}${e.to !== undefined ? ` → ${names[e.to]}` : ''}: ${quoted(lang, talkText(lang, e.message, names, (code) => cardWords(code, lang)))}${e.card !== undefined ? ` (${cardWords(e.card, lang)})` : ''}`] : e.type === 'announce' ? [`${names[e.seat]}: ${quoted(lang, say(lang, 'Mit dieser Runde gewinnen wir die Partie!', 'With this round we win the match!'))}`] : []));
  const me = view.seat;
  const myTurn = me >= 0 && view.toAct.includes(me);
  const anyCard = hand.some((c) => c.action);
  return {
    pack: PACK.name,
    faces: 'german',
    hand,
    trick,
    lastTrick,
    tricksDone: view.tricks.length,
    headline,
    buttons,
    prompt: myTurn
      ? anyCard
        ? say(lang, 'Spiel eine Karte', 'Play a card')
        : view.pause?.stage === 'answer'
          ? say(lang, `${names[view.pause.raiser]} steigert auf ${view.pause.bid}: annehmen?`, `${names[view.pause.raiser]} raises to ${view.pause.bid}: accept?`)
          : say(lang, 'Steigern?', 'Raise?')
      : null,
    seatNotes,
    marks,
    taken,
    seatCards,
    shown,
    talk: talk.slice(-6),
    score: [`${say(lang, 'Stiche', 'Tricks')}: ${sides(lang)[0]} ${wonByTeam[0]} : ${wonByTeam[1]} ${sides(lang)[1]}`, `${say(lang, 'Partie bis', 'Match to')} ${view.target}: ${sides(lang)[0]} ${view.points[0]} : ${view.points[1]} ${sides(lang)[1]}`],
  };
}

function sheet(raw: unknown, lang: Lang): string[] {
  const s = raw as KarnoeffelSheet | null;
  if (!s || !Array.isArray(s.points)) return [];
  return [`${say(lang, 'Partie', 'Match')} ${s.matches.length + 1}: ${sides(lang)[0]} ${s.points[0]} : ${s.points[1]} ${sides(lang)[1]}`, ...(s.matches.length > 0 ? [`${say(lang, 'Partien gewonnen', 'Matches won')}: ${sides(lang)[0]} ${s.wins[0]} : ${s.wins[1]} ${sides(lang)[1]}`] : [])];
}

/**
 * The end of a sitting: which team won it (more Partien; with as many, more points in a Partie left unfinished), then
 * each Partie with its score and stake (the terminal's "Partie 1 is over", src/games/karnoeffel/text.ts), never the
 * next Partie that did not begin, and the money per player.
 */
function sittingEnd(raw: unknown, lang: Lang, names: readonly string[]): string[] {
  const s = raw as KarnoeffelSheet | null;
  if (!s || !Array.isArray(s.points) || !s.matches) return [];
  const diff = s.wins[0] - s.wins[1] || s.points[0] - s.points[1];
  const lines: string[] = [];
  if (diff === 0) lines.push(say(lang, 'Unentschieden.', 'A draw.'));
  else if (s.matches.length === 0) {
    // No Partie played to its end: nobody won anything; the points of the one begun say who was ahead.
    const w = diff > 0 ? 0 : 1;
    lines.push(say(lang, `Keine Partie zu Ende gespielt, kein Einsatz; ${sides(lang)[w]} lag vorn.`, `No match played to its end, no stake; ${sides(lang)[w]} was ahead.`));
  } else {
    const w = diff > 0 ? 0 : 1;
    const score = s.matches.length > 1 ? `: ${s.wins[w]} : ${s.wins[1 - w]} ${say(lang, 'Partien', 'matches')}` : '';
    lines.push(`${sides(lang)[w]} ${say(lang, 'gewinnt die Sitzung', 'wins the sitting')}${score}.`);
  }
  s.matches.forEach((m, k) => {
    const loser = 1 - m.winner;
    const why = m.multiplier === 3 ? say(lang, `×3, ${sides(lang)[loser]} ohne Punkt`, `×3, ${sides(lang)[loser]} without a point`) : m.multiplier === 2 ? say(lang, `×2, ${sides(lang)[loser]} unter der Hälfte`, `×2, ${sides(lang)[loser]} below half`) : '';
    const stake = `${say(lang, 'Einsatz', 'stake')}${why ? ` (${why})` : ''}: ${m.amount} ${say(lang, 'je Spieler', 'a player')}`;
    lines.push(`${say(lang, 'Partie', 'Match')}${s.matches.length > 1 ? ` ${k + 1}` : ''}: ${sides(lang)[m.winner]} ${m.points[m.winner]} : ${m.points[loser]} ${sides(lang)[loser]} ${say(lang, 'in', 'in')} ${count(lang, m.deals, ['Runde', 'Runden'], ['round', 'rounds'])} · ${stake}`);
  });
  if (s.dealsInMatch > 0) lines.push(`${say(lang, 'Partie', 'Match')} ${s.matches.length + 1} ${say(lang, '(nicht fertig)', '(unfinished)')}: ${sides(lang)[0]} ${s.points[0]} : ${s.points[1]} ${sides(lang)[1]}`);
  // The stakes won and lost, where a Partie was played to its end (the names carry "(du)", "(bot)": the team first).
  const members = (team: number) => names.filter((_, seat) => teamOf(seat) === team).join(', ');
  if (s.matches.length > 0) lines.push(`${say(lang, 'Je Spieler', 'Each player')}: ${[0, 1].map((t) => `${sides(lang)[t]} – ${members(t)}: ${signedPoints(s.balance[t] ?? 0, lang)}`).join(' · ')}`);
  return lines;
}

/** (A round given up says which side refused, as the terminal does: "the raise was refused" left it to be worked out from the winner.) */
function dealSummary(raw: unknown, lang: Lang, names: readonly string[]): string[] {
  const o = raw as KarnoeffelOutcome;
  const winners = o.score.flatMap((x, s) => (x > 0 ? [names[s]] : []));
  return [
    // The winners between dashes, not in brackets: their names carry their own "(du)", "(bot)" (play-test: "Blau
    // gewinnt die Runde (Anna (du), Resi (bot)): 16 Punkte"); and not after "für", which a lesson's "Du" cannot follow.
    `${sides(lang)[o.winner]}${winners.length ? ` – ${joined(lang, winners)} –` : ''} ${say(lang, 'gewinnt die Runde', 'wins the round')}: ${o.value} ${say(lang, 'Punkte', 'points')}`,
    o.by === 'tricks' ? `${say(lang, 'Stiche', 'Tricks')}: ${sides(lang)[0]} ${o.tricks[0]} : ${o.tricks[1]} ${sides(lang)[1]}` : `${sides(lang)[1 - o.winner]} ${say(lang, 'hat das Steigern abgelehnt', 'refused the raise')}`,
    `${say(lang, 'Partie', 'Match')}: ${sides(lang)[0]} ${o.points[0]} : ${o.points[1]} ${sides(lang)[1]}${o.matchOver ? ` · ${say(lang, 'Partie aus!', 'match over!')}` : ''}`,
  ];
}

/** A team by its colour and its players ("Blau: Sepp, Resi", "Blue: Sepp, Resi"). */
function teamNames(names: readonly string[], lang: Lang): string[] {
  return sides(lang).map((t, team) => `${t}: ${names.filter((_, s) => teamOf(s) === team).join(', ')}`);
}

function scoreSheet(outcomes: readonly unknown[], lang: Lang, names: readonly string[]): SheetTable {
  const list = outcomes as readonly KarnoeffelOutcome[];
  return {
    columns: teamNames(names, lang),
    rows: list.map((o, i) => ({
      deal: i + 1,
      game: o.trump >= 0 ? `${say(lang, 'Trumpf', 'Trump')} ${SUIT_NAMES[o.trump]} · ${say(lang, 'Wert', 'worth')} ${o.value}` : `${say(lang, 'Wert', 'worth')} ${o.value}`,
      result: `${sides(lang)[o.winner]} ${say(lang, 'gewinnt', 'wins')} ${o.by === 'tricks' ? `${o.tricks[o.winner]}:${o.tricks[1 - o.winner]} ${say(lang, 'Stiche', 'tricks')}` : say(lang, '(Steigern abgelehnt)', '(raise refused)')}`,
      cells: [0, 1].map((t) => (t === o.winner ? `+${o.value}` : '0')),
      totals: o.points.map(String),
      ...(o.matchOver ? { note: `${say(lang, 'Partie aus', 'Match over')}: ${sides(lang)[o.points[0] >= o.points[1] ? 0 : 1]} ${say(lang, 'gewinnt', 'wins')} ${o.points.join(':')}` } : {}),
    })),
  };
}

export const karnoeffelPresentation: Presentation<KarnoeffelView> = {
  games: ['karnoeffel'],
  table: present,
  sheet: (s, lang) => sheet(s, lang),
  sittingEnd,
  dealSummary,
  scoreSheet,
  formatTotal: signedPoints,
};
