import { cardModel, count, handModel, joined, pickKey, say, signedPoints, type SheetTable, type ActionButton, type Lang, type PlayedCard, type Presentation, type TableModel } from '../present.js';
import { CARD_SUIT, PACK } from './cards.js';
import { gameDef, type GameId } from './contracts.js';
import { gameTitle, sortedHand, suitName } from './names.js';
import { endReason } from './endWords.js';
import { parseSchnapsenAction } from './notation.js';
import { cardLabel, type Faces } from '../../cards/labels.js';
import { bookDeal, bummerlShown, emptySheet, type BummerlLoss, type BummerlSheet } from './bummerl.js';
import type { SchnapsenOutcome } from './state.js';
import type { SchnapsenView } from './view.js';

/** Bauern- and Talonschnapsen at the browser table: hand trumps first, calls, 20/40, Spritzen as buttons, the Bummerl tally. */

function facesOf(view: SchnapsenView): Faces {
  return (view as SchnapsenView & { rules?: { faces?: Faces } }).rules?.faces === 'french' ? 'french' : 'german';
}

/** A card as the browser names it everywhere (the hand, the trick, hints): "Eichel-Ober", "Eichel 10"; no code. */
function cardWords(faces: Faces, card: number, lang: Lang): string {
  const m = cardModel(PACK, card);
  return cardLabel(m.suit, m.rank, faces, lang, PACK.name);
}

/**
 * A seat's "weiter" to the announcements in words, the same on its button, in the headline's list of announcements
 * and so in the record viewer (which names a step by its button; play-test: "Lena: Pass" there, "pass" here).
 */
function passWords(lang: Lang): string {
  return say(lang, 'Weiter', 'Pass');
}

/**
 * An announced game in words with its value, "Schnapser (6)": the same on its button, in the headline's list of
 * announcements and its game, and so in the record viewer and the hint (which name an action by its button). The value
 * helps while choosing, and after it tells everyone what the game is worth before any Spritzen; before, the headline
 * said "Schnapser" for the step the record viewer named "Schnapser (6)".
 */
function gameWords(view: SchnapsenView, game: GameId, ohne = false): string {
  return `${gameTitle(game, ohne)} (${gameDef(game, view.game === 'talonschnapsen' ? 'talon' : 'bauern').value})`;
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
      // 003: knocked, everyone gets all his cards at once: five each, six in Talonschnapsen.
      return view.game === 'talonschnapsen' ? say(lang, 'Klopfen (alle sechs auf einmal)', 'Klopfen (all six at once)') : say(lang, 'Klopfen (alle fünf auf einmal)', 'Klopfen (all five at once)');
    case 'redeal':
      return say(lang, 'Neu geben (drei Unter)', 'New deal (three Unter)');
    case 'keep':
      return say(lang, 'Behalten', 'Keep');
    case 'trump':
      return `${say(lang, 'Trumpf', 'Trump')}: ${suitName(rules, v.suit)}`;
    case 'turn':
      // 003: instead of naming trump the Rufer turns up one of his cards still to come; its suit is trump.
      return say(lang, `${v.index}. verdeckte Karte aufdecken`, `Turn up hidden card ${v.index}`);
    case 'pass':
      if (view.phase !== 'spritzen') return passWords(lang);
      // The declarer's side answers a Spritzer with Retour, the other side a Retour with Re.
      return view.spritzLevel === 0 ? say(lang, 'Nicht spritzen', 'No Spritzen') : view.spritzLevel === 1 ? say(lang, 'Kein Retour', 'No Retour') : say(lang, 'Kein Re', 'No Re');
    case 'announce':
      return gameWords(view, v.game, v.ohne);
    case 'lay':
      return `${say(lang, 'Weglegen', 'Lay away')}: ${cardWords(rules.faces, v.cards[0], lang)} + ${cardWords(rules.faces, v.cards[1], lang)}`;
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
  // The suit the Rufer called, and the trump that counts: none in a game played without it (003: Bettler, Gang,
  // Farbenringerl … "es gibt kein Atout"), where the hand is not sorted nor marked by it and the headline says so.
  // The hand follows the game's order too: the Ass lowest where it is (Zehnergang, Assenbettler, Bauernloch).
  const called = view.trump;
  const contract = view.contract ? gameDef(view.contract.game, view.game === 'talonschnapsen' ? 'talon' : 'bauern') : undefined;
  const trump = contract && !contract.trump ? null : called;
  const order = contract?.order ?? 0;
  // Laying away from the talon, the hand and the talon are chosen from together: two taps and a confirmation.
  const lays = legal.flatMap((text) => {
    const a = parseSchnapsenAction(text);
    return a.ok && a.value.type === 'lay' ? [{ text, cards: a.value.cards }] : [];
  });
  const held = lays.length > 0 && view.talon ? [...view.hand, ...view.talon.filter((x) => !view.hand.includes(x))] : view.hand;
  const fromTalon = new Set(held === view.hand ? [] : (view.talon ?? []).map((x) => cardModel(PACK, x).code));
  const hand = handModel(PACK, sortedHand(held, trump, order), legal, (c) => trump !== null && CARD_SUIT[c] === trump).map((c) => (fromTalon.has(c.code) ? { ...c, talon: true } : c));
  const pick: TableModel['pick'] =
    lays.length > 0
      ? {
          count: 2,
          confirm: say(lang, 'Weglegen', 'Lay away'),
          actions: Object.fromEntries(lays.map((l) => [pickKey(l.cards.map((x) => cardModel(PACK, x).code)), l.text])),
        }
      : undefined;
  const played = (cards: readonly { seat: number; card: number }[]): PlayedCard[] => cards.map((p) => ({ ...cardModel(PACK, p.card), seat: p.seat }));
  const buttons: ActionButton[] = [];
  for (const text of legal) {
    const label = buttonLabel(view, text, lang);
    if (label !== null && !hand.some((c) => c.action === text) && !lays.some((l) => l.text === text)) buttons.push({ label, action: text, group: text.split(' ')[0] });
  }
  const headline: string[] = [];
  const c = view.contract;
  if (c) headline.push(`${gameWords(view, c.game, c.ohne)} · ${names[c.declarer]}`);
  else if (view.bids.length > 0) headline.push(view.bids.map((b) => `${names[b.seat]}: ${b.hidden ? '?' : b.game ? gameWords(view, b.game, b.ohne) : passWords(lang)}`).join(' · '));
  if (trump !== null) headline.push(`${say(lang, 'Trumpf', 'Trump')}: ${suitName(rules, trump)}${view.turned !== null ? ` (${cardWords(faces, view.turned, lang)})` : ''}`);
  else if (called !== null) headline.push(say(lang, `Kein Trumpf (gerufen war ${suitName(rules, called)})`, `No trump (${suitName(rules, called)} was called)`));
  else if (view.trumpBlind) headline.push(say(lang, 'Trumpf blind gerufen', 'Trump called blind'));
  // 003 Herzrunde: Herz called, every game counts double, whether trump counts in it or not; said where the trump is
  // (play-test: the table said only "Trumpf: Herz", and the summary's "× 2 Herzrunde" came as a surprise).
  if (called === 2 && view.rules?.herzrunde) headline[headline.length - 1] += ` · ${'Herzrunde (×2)'}`;
  if (view.spritzLevel > 0) headline.push((lang === 'de' ? ['', 'Gespritzt (×2)', 'Retour (×4)', 'Re (×8)'] : ['', 'Spritzen (×2)', 'Retour (×4)', 'Re (×8)'])[view.spritzLevel] ?? '');
  // 003: after a knock the Rufer gets three cards first, names trump, and only then everyone gets all his cards at once;
  // until then the others hold none, which the table says instead of showing empty seats without a word.
  const knocker = view.events.find((e) => e.type === 'knock')?.seat;
  if (view.knocked && view.handSizes.some((n, s) => n === 0 && s !== view.sittingOut))
    headline.push(say(lang, 'Geklopft: der Rufer sieht drei Karten und ruft Trumpf, dann bekommt jeder alle auf einmal', 'Knocked: the Rufer sees three cards and names trump, then everyone gets all his cards at once'));
  if (view.melds.length > 0) headline.push(view.melds.map((m) => `${names[m.seat]}: ${m.points} ${suitName(rules, m.suit)}`).join(' · '));
  // Talonschnapsen: while the declarer lays away, the talon is in his hand (6 cards and the talon's 2: he holds 8).
  const talonHeld = (s: number) => (view.phase === 'talon' && view.contract?.declarer === s ? (view.talon?.length ?? PACK.size - view.handSizes.reduce((a, b) => a + b, 0)) : 0);
  const seatNotes = Array.from({ length: view.seats }, (_, s) => (view.sittingOut === s ? say(lang, 'setzt aus', 'sits out') : count(lang, view.handSizes[s] + talonHeld(s), ['Karte', 'Karten'], ['card', 'cards'])));
  const doubles = view.events.flatMap((e) => (e.type === 'double' ? [e] : []));
  const marks = Array.from({ length: view.seats }, (_, s) => {
    const m: string[] = [];
    if (s === view.dealer) m.push(say(lang, 'Geber', 'Dealer'));
    if (s === view.rufer) m.push('Rufer');
    if (s === knocker) m.push(say(lang, 'Geklopft', 'Knocked'));
    if (c && c.declarer === s) m.push(say(lang, 'Spieler', 'Declarer'));
    if (view.game === 'bauernschnapsen' && c && s !== c.declarer && s % 2 === c.declarer % 2 && view.sittingOut !== s) m.push('Partner');
    for (const d of doubles) if (d.seat === s) m.push(['', 'Gespritzt', 'Retour', 'Re'][d.level] ?? '');
    return m.filter(Boolean);
  });
  const taken = Array.from({ length: view.seats }, (_, s) => (view.tricksWon[s] > 0 ? count(lang, view.tricksWon[s], ['Stich', 'Stiche'], ['trick', 'tricks']) : ''));
  const shown: TableModel['shown'][number][] = [];
  view.firstTricks.forEach((t) => {
    if (t) shown.push({ title: `${say(lang, 'Erster Stich', 'First trick')}: ${names[t.winner]}`, cards: t.cards.map((p) => cardModel(PACK, p.card)) });
  });
  if (view.talon && !pick) shown.push({ title: 'Talon', cards: view.talon.map((x) => cardModel(PACK, x)) });
  if (view.laidAway) shown.push({ title: say(lang, 'Weggelegt', 'Laid away'), cards: view.laidAway.map((x) => cardModel(PACK, x)) });
  view.openHands.forEach((h, s) => {
    if (h && s !== view.seat) shown.push({ title: `${say(lang, 'Offen', 'Open')}: ${names[s]}`, cards: sortedHand(h, trump, order).map((x) => cardModel(PACK, x)) });
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
    // Which two came from the talon is marked at the cards; in the normal game laying them away again exchanges nothing.
    talon:
      view.contract?.game === 'normal'
        ? ['Zwei Karten weglegen – die zwei markierten aus dem Talon, wenn du nichts tauschen willst', 'Lay away two cards – the two marked ones from the talon to exchange nothing']
        : ['Zwei Karten weglegen (markiert: die zwei aus dem Talon)', 'Lay away two cards (marked: the two from the talon)'],
    spritzen: ['Spritzen?', 'Spritzen?'],
  };
  // Spritzen is answered: Retour by the declarer's side, then Re by the others.
  if (view.spritzLevel === 1) prompts.spritzen = ['Gespritzt! Mit Retour antworten?', 'Spritzen against you! Answer with Retour?'];
  if (view.spritzLevel === 2) prompts.spritzen = ['Retour! Mit Re antworten?', 'Retour! Answer with Re?'];
  // Deciding which game to announce, the trump called is said beside the question: on a phone the buttons of
  // Talonschnapsen's twelve games push the headline, which names it, off the screen (play-test: "Trumpf: Schellen"
  // scrolled away just when it mattered).
  if (called !== null && (view.phase === 'announce' || view.phase === 'raise' || view.phase === 'raiseAfter')) {
    const base = prompts[view.phase]!;
    prompts[view.phase] = [`${base[0]} Trumpf: ${suitName(rules, called)}`, `${base[1]} Trump: ${suitName(rules, called)}`];
  }
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
    marks,
    taken,
    shown,
    talk: [],
    ...(pick ? { pick } : {}),
    score: view.bummerl.length > 0 ? [`${say(lang, 'Stand vor diesem Spiel', 'Standing before this deal')}: ${view.bummerl.map((x, i) => `${sides(view.bummerl.length, names)[i]} ${bummerlShown(view.rules)(x)}`).join(' : ')}`] : [],
  };
}

/** Who writes in one column: Bauernschnapsen's two teams ("Du & Resi"), Talonschnapsen's three players. */
function sides(count: number, names: readonly string[]): string[] {
  return count === 2 ? [`${names[0]} & ${names[2]}`, `${names[1]} & ${names[3]}`] : names.slice(0, count);
}

function sheet(raw: unknown, lang: Lang, names: readonly string[], rules?: unknown): string[] {
  const s = raw as BummerlSheet | null;
  if (!s || !Array.isArray(s.points)) return [];
  const who = sides(s.points.length, names);
  // Counted down from 24 under the house rule, as the Spielzettel above it counts.
  const down = (rules as { countDown?: unknown } | undefined)?.countDown === true;
  const shown = bummerlShown(rules);
  const pair = (xs: readonly number[]) => xs.map((x, i) => `${who[i]} ${shown(x)}`).join(' : ');
  return [
    `${down ? say(lang, 'Dieses Bummerl (von 24 abwärts)', 'This Bummerl (down from 24)') : say(lang, 'Dieses Bummerl (bis 24)', 'This Bummerl (to 24)')}: ${pair(s.points)}`,
    `${say(lang, 'Bummerl bekommen', 'Bummerl received')}: ${s.tally.map((x, i) => `${who[i]} ${x}`).join(' · ')}`,
    count(lang, s.deals, ['Spiel', 'Spiele'], ['deal', 'deals']),
  ];
}

/** What a side gets at the end of a Bummerl (003 "Allgemeine Regeln"): the Bummerl, a Schneider (2) or a Retourschneider (4). */
const LOSS: Record<BummerlLoss['kind'], [string, string]> = {
  Bummerl: ['das Bummerl', 'the Bummerl'],
  Schneider: ['einen Schneider (2 Bummerl: kein Punkt)', 'a Schneider (2 Bummerl: no point scored)'],
  Retourschneider: ['einen Retourschneider (4 Bummerl: nach 23 : 0 verloren)', 'a Retourschneider (4 Bummerl: lost after leading 23 : 0)'],
};

/**
 * The end of a sitting: who won it (fewest Bummerl received; with as many, the most points in a Bummerl left
 * unfinished), then each finished Bummerl, winner first, with who got the Bummerl, a Schneider or a Retourschneider
 * (the terminal's "Bummerl 1 is over: … won it 24 : 20", src/games/schnapsen/text.ts, in both languages).
 */
function sittingEnd(raw: unknown, lang: Lang, names: readonly string[], rules?: unknown): string[] {
  const s = raw as BummerlSheet | null;
  if (!s || !Array.isArray(s.points) || !s.finished) return [];
  // Counted down from 24 under the house rule, as the Spielzettel.
  const pts = bummerlShown(rules);
  const n = s.points.length;
  const who = sides(n, names);
  // A team of Bauernschnapsen takes the plural ("Sepp & Resi bekommen"), a player of Talonschnapsen the singular.
  const teams = n === 2;
  const lines: string[] = [];
  // Winner first: fewer Bummerl is better; a tie is broken by the points of a Bummerl left unfinished.
  const order = who.map((_, i) => i).sort((a, b) => s.tally[a] - s.tally[b] || s.points[b] - s.points[a]);
  const best = order.filter((i) => s.tally[i] === s.tally[order[0]] && s.points[i] === s.points[order[0]]);
  const tally = order.map((i) => `${who[i]} ${s.tally[i]}`).join(' · ');
  if (best.length === n) lines.push(say(lang, 'Unentschieden.', 'A draw.'));
  else {
    const plural = best.length > 1 || teams;
    const winners = joined(lang, best.map((i) => who[i]));
    lines.push(lang === 'de' ? `${winners} ${plural ? 'gewinnen' : 'gewinnt'} die Sitzung.` : `${winners} ${plural ? 'win' : 'wins'} the sitting.`);
  }
  s.finished.forEach((f, k) => {
    const top = f.points.map((_, i) => i).sort((a, b) => f.points[b] - f.points[a]);
    const standing = n === 2 ? `${who[top[0]]} ${pts(f.points[top[0]])} : ${pts(f.points[top[1]])} ${who[top[1]]}` : top.map((i) => `${who[i]} ${pts(f.points[i])}`).join(' · ');
    const got = f.losers.map((l) => (lang === 'de' ? `${who[l.who]} ${teams ? 'bekommen' : 'bekommt'} ${LOSS[l.kind][0]}` : `${who[l.who]} ${teams ? 'get' : 'gets'} ${LOSS[l.kind][1]}`));
    lines.push(`Bummerl${s.finished.length > 1 ? ` ${k + 1}` : ''}: ${standing}${got.length ? ` – ${got.join('; ')}` : ''}.`);
  });
  if (s.points.some((p) => p > 0)) lines.push(`${say(lang, 'Bummerl', 'Bummerl')} ${s.finished.length + 1} ${say(lang, '(nicht fertig)', '(unfinished)')}: ${s.points.map((p, i) => `${who[i]} ${pts(p)}`).join(' : ')}`);
  if (s.finished.length > 1 || (s.finished.length > 0 && s.points.some((p) => p > 0))) lines.push(`${say(lang, 'Bummerl bekommen', 'Bummerl received')}: ${tally}`);
  lines.push(count(lang, s.deals, ['Spiel', 'Spiele'], ['deal', 'deals']));
  return lines;
}

/** Why a normal game was worth what it wrote (003 table: 3 without a trick, 2 under 33 Augen, else 1), of the side that lost. */
const NORMAL_WHY: Record<number, [string, string]> = {
  3: ['Verlierer ohne Stich', 'the losers took no trick'],
  2: ['Verlierer unter 33 Augen', 'the losers under 33 card points'],
  1: ['Verlierer mit 33 Augen oder mehr', 'the losers with 33 card points or more'],
};

const SPRITZ: Record<number, [string, string]> = { 2: ['gespritzt', 'Spritzen'], 4: ['Retour', 'Retour'], 8: ['Re', 'Re'] };

/**
 * The Augen of a side as a player reckons them: the cards taken, plus its 20/40 once it has a trick ("26 + 40 = 66
 * Augen"; 003: "Hat das Team im gesamten Spiel keinen Stich, zählen Zwanziger und Vierziger nicht"), and a note when
 * its 20/40 did not count. The 20/40 come from the deal's public view (the outcome keeps the cards' points only).
 */
function augen(cards: number, melds: readonly number[], tricks: number, lang: Lang): { count: string; note: string } {
  const unit = say(lang, 'Augen', 'card points');
  const meld = melds.reduce((a, x) => a + x, 0);
  if (meld === 0) return { count: `${cards} ${unit}`, note: '' };
  if (tricks > 0) return { count: `${cards} + ${melds.join(' + ')} = ${cards + meld} ${unit}`, note: '' };
  const one = melds.length === 1;
  const de = one ? `der ${melds[0] === 40 ? 'Vierziger' : 'Zwanziger'} zählt ohne Stich nicht` : 'Zwanziger und Vierziger zählen ohne Stich nicht';
  const en = one ? `the ${melds[0]} counts only with a trick` : `the ${melds.join(' and ')} count only with a trick`;
  return { count: `${cards} ${unit}`, note: `; ${say(lang, de, en)}` };
}

function dealSummary(raw: unknown, lang: Lang, names: readonly string[], viewRaw?: unknown): string[] {
  const o = raw as SchnapsenOutcome;
  if (o.game === 'redeal') return [say(lang, 'Drei Unter: neu gegeben.', 'Three Unter: dealt anew.')];
  const who = o.declarer !== null ? names[o.declarer] : '';
  const team = o.declarer === null ? [] : o.cardPoints.length === 4 ? [o.declarer, (o.declarer + 2) % 4] : [o.declarer];
  const pts = team.reduce((a, s) => a + o.cardPoints[s], 0);
  const tricks = team.reduce((a, s) => a + o.tricks[s], 0);
  const view = viewRaw as Pick<SchnapsenView, 'melds' | 'contract' | 'events'> | undefined;
  // The game as announced ("Bauernschnapser ohne Talon"): the outcome keeps the game, the view the way it was played.
  const title = gameTitle(o.game, view?.contract?.ohne);
  const melds = (view?.melds ?? []).filter((m) => team.includes(m.seat)).map((m) => m.points);
  const a = augen(pts, melds, tricks, lang);
  // A normal game writes 1, 2 or 3 by the losers' Augen and tricks (003 "Normales Spiel"), which the line above does
  // not show (play-test: "+2" after a game won with 74 Augen, the deal over before the last tricks, and no word why).
  const steps = [`${title} ${o.base}${o.game === 'normal' && NORMAL_WHY[o.base] ? ` (${say(lang, ...NORMAL_WHY[o.base])})` : ''}`];
  if (o.herzrunde) steps.push('× 2 Herzrunde');
  if (o.spritz > 1) steps.push(`× ${o.spritz} ${say(lang, ...(SPRITZ[o.spritz] ?? ['', '']))}`);
  const total = Math.max(...o.teamScore);
  const writes = o.teamScore.flatMap((x, i) => (x > 0 ? [`${sides(o.teamScore.length, names)[i]} +${x}`] : []));
  // Why it ended so (play-test: lost with 65 Augen, and not a word that the others took the last trick).
  const why = endReason(o, view?.events, lang, names, view?.melds);
  return [
    `${title}${who ? ` · ${who}` : ''}: ${o.won ? say(lang, 'gewonnen', 'won') : say(lang, 'verloren', 'lost')} (${a.count}, ${count(lang, tricks, ['Stich', 'Stiche'], ['trick', 'tricks'])}${a.note})${why ? ` – ${why}` : ''}`,
    steps.length > 1 ? `${steps.join(' ')} = ${total}` : o.game === 'normal' ? steps[0] : '',
    writes.join(' · '),
  ].filter(Boolean);
}

function scoreSheet(outcomes: readonly unknown[], lang: Lang, names: readonly string[], rules?: unknown): SheetTable {
  const list = (outcomes as readonly SchnapsenOutcome[]).filter((o) => o.teamScore);
  const width = list[0]?.teamScore.length ?? 2;
  const columns = sides(width, names);
  // Who gets the Bummerl is written as the sitting books it (bummerl.ts): in Talonschnapsen only the one with the
  // fewest points, both on a tie, unless the regional rule gives one to everyone short of 24 (003 "Talonschnapsen");
  // a Schneider or Retourschneider is named. (Play-test: the note gave a Bummerl to both players behind the winner.)
  const variant = width === 2 ? 'bauern' : 'talon';
  const book = { talonBummerlAll: (rules as { talonBummerlAll?: unknown } | undefined)?.talonBummerlAll === true };
  // The totals are the Bummerl's as the sitting books it (bummerl.ts): a side stops at 24 ("Es können jedoch nur 24
  // Punkte pro Bummel erreicht werden"), and the next Bummerl starts from 0 (play-test: "30" stood above "Bummerl für
  // Sepp & Schorsch (24:9)"); counted down from 24 under the house rule.
  const points = bummerlShown(rules);
  const shown = (p: number) => String(points(p));
  // What the deal was worth stays "+6" either way (a "−6" would stand in red, as a loss).
  const cell = (x: number) => (x > 0 ? `+${x}` : String(x));
  let sheet = emptySheet(width);
  const rows = list.map((o) => {
    const before = sheet.finished.length;
    sheet = bookDeal(variant, book, sheet, o);
    const f = sheet.finished.length > before ? sheet.finished[sheet.finished.length - 1] : undefined;
    const who = f?.losers.map((l) => (l.kind === 'Bummerl' ? columns[l.who] : `${columns[l.who]} (${l.kind}, ×${l.count})`));
    return {
      cells: o.teamScore.map(cell),
      totals: (f ? f.points : sheet.points).map(shown),
      ...(f && who ? { note: `${say(lang, 'Bummerl für', 'Bummerl to')} ${who.join(', ')} (${f.points.map(shown).join(':')})` } : {}),
    };
  });
  return {
    columns,
    rows: list.map((o, i) => ({
      deal: i + 1,
      game: o.game === 'redeal' ? say(lang, 'Drei Unter', 'Three Unter') : `${gameTitle(o.game)}${o.declarer !== null ? ` · ${names[o.declarer]}` : ''}`,
      result: o.game === 'redeal' ? say(lang, 'neu gegeben', 'dealt anew') : o.won ? say(lang, 'gewonnen', 'won') : say(lang, 'verloren', 'lost'),
      ...rows[i],
    })),
  };
}

export const schnapsenPresentation: Presentation<SchnapsenView> = {
  games: ['bauernschnapsen', 'talonschnapsen'],
  table: present,
  sheet,
  sittingEnd,
  dealSummary,
  scoreSheet,
  formatTotal: signedPoints,
};
