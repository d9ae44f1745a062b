import { RANK_LETTERS, SUIT_LETTERS, type PackName, type Rank, type Suit } from '../../cards/pack.js';
import type { Lang } from '../../games/present.js';
import { cardLabel, SUIT_NAMES, type Faces } from '../cards/index.js';

/**
 * A refusal in the player's language: the server sends the engine's error
 * `code` with its `params` (the card, the card led, the rule document's
 * section, …; docs/protocol.md), and the client says it in its own words.
 * The engine's English `message` is shown only in the English page, and only
 * for a code without words of its own here.
 */
export interface Refusal {
  readonly text: string;
  /** The rule document's section ("002 5.4"), shown as a link to the rules page. */
  readonly section?: string;
  /** The rules page's part the section belongs to: "play" or "bidding". */
  readonly anchor?: string;
}

export interface CardNames {
  readonly pack?: PackName;
  readonly faces?: Faces;
}

type Params = Readonly<Record<string, string | number | undefined>>;
type Say = (p: Params, card: (code: unknown) => string, suit: (code: unknown) => string) => string;

/** [German, English] for each code the engines and the server refuse with. */
const SAY: Partial<Record<string, readonly [Say, Say]>> = {
  mustFollow: [
    (p, card, suit) => (p.follow === 'trump' ? `Trumpf ist ausgespielt: du musst Trumpf zugeben, nicht ${card(p.card)}.` : `${suit(p.led)} ist ausgespielt: du musst ${suit(p.led)} zugeben, nicht ${card(p.card)}.`),
    (p, card, suit) => (p.follow === 'trump' ? `A trump was led: you must play a trump, not the ${card(p.card)}.` : `${suit(p.led)} was led: you must follow with ${suit(p.led)}, not the ${card(p.card)}.`),
  ],
  mustBeat: [
    (p, card, suit) => (p.led ? `${card(p.led)} liegt: du musst mit einer höheren ${suit(p.led)}-Karte stechen.` : `Stichzwang: du musst den Stich nehmen, wenn du kannst, nicht ${card(p.card)} spielen.`),
    (p, card, suit) => (p.led ? `The ${card(p.led)} was led: you must beat it with a higher ${suit(p.led)}.` : `You must win the trick when you can, not play the ${card(p.card)}.`),
  ],
  mustTrump: [
    (p, card, suit) => `${card(p.led)} liegt und du hast kein ${suit(p.led)}: du musst Trumpf spielen, auch wenn schon gestochen ist.`,
    (p, card, suit) => `The ${card(p.led)} was led and you have no ${suit(p.led)}: you must play a trump, even if the trick is trumped already.`,
  ],
  mustLeadSau: [
    (p, card) => `Die Ruffarbe war noch nicht dran: spielst du sie an, dann mit der gerufenen Sau, nicht mit ${card(p.card)} (außer du hast vier Karten der Farbe).`,
    (p, card) => `The called suit has not been led yet: lead it with the called Sau, not the ${card(p.card)} (unless you hold four of the suit).`,
  ],
  mustPlaySau: [
    () => 'Die Ruffarbe ist zum ersten Mal gespielt: du musst die gerufene Sau zugeben.',
    () => 'The called suit is led for the first time: you must play the called Sau.',
  ],
  keepSau: [
    () => 'Die gerufene Sau darfst du erst abwerfen, wenn ihre Farbe gespielt ist, oder im letzten Stich.',
    () => 'You may throw off the called Sau only once its suit has been led, or in the last trick.',
  ],
  mustLeadPair: [
    (p, _card, suit) => `Du hast ${p.points ?? '20'} in ${suit(p.suit)} angesagt: spiel jetzt König oder Ober von ${suit(p.suit)} aus.`,
    (p, _card, suit) => `You announced ${p.points ?? '20'} in ${suit(p.suit)}: now lead its König or Ober.`,
  ],
  devilFirstTrick: [
    (p, card) => (p.rule === 'no-play' ? `Den Teufel (${card(p.card)}) darfst du im ersten Stich nicht spielen.` : `Den Teufel (${card(p.card)}) darfst du nicht zum ersten Stich ausspielen.`),
    (p, card) => (p.rule === 'no-play' ? `The Teufel (${card(p.card)}) may not be played in the first trick.` : `The Teufel (${card(p.card)}) may not be led to the first trick.`),
  ],
  mustPlay: [() => 'Alle haben weiter gesagt und du hast den Eichel-Ober: du musst ein Spiel ansagen.', () => 'Everyone passed and you hold the Eichel-Ober: you must announce a game.'],
  notInHand: [(p, card) => `${card(p.card)} hast du nicht auf der Hand.`, (p, card) => `You do not hold the ${card(p.card)}.`],
  illegalCard: [() => 'Diese Karte darfst du jetzt nicht spielen.', () => 'You may not play that card now.'],
  notYourTurn: [() => 'Du bist nicht dran.', () => 'It is not your turn.'],
  wrongAction: [() => 'Das geht gerade nicht: jetzt ist etwas anderes dran.', () => 'Not now: something else is due.'],
  illegalBid: [() => 'Dieses Spiel darfst du jetzt nicht ansagen.', () => 'You may not announce that game now.'],
  tooLow: [() => 'Das Spiel ist zu niedrig: sag ein höheres an oder weiter.', () => 'That game is too low: announce a higher one or pass.'],
  illegalStoss: [() => 'Stoß geht jetzt nicht.', () => 'You cannot give Stoß now.'],
  badDouble: [() => 'Spritzen geht jetzt nicht.', () => 'You cannot double now.'],
  dealOver: [() => 'Das Spiel ist schon aus.', () => 'The deal is over.'],
  notPlaying: [() => 'Gerade läuft kein Spiel.', () => 'No deal is running.'],
  notSeated: [() => 'Du sitzt nicht an diesem Tisch.', () => 'You have no seat at this table.'],
  seatTaken: [() => 'Der Platz ist schon besetzt.', () => 'That seat is taken.'],
  alreadySeated: [() => 'Du sitzt schon an diesem Tisch: jeder nimmt nur einen Platz.', () => 'You have a seat at this table already: one seat per person.'],
  rateLimited: [() => 'Zu viel auf einmal – kurz warten.', () => 'Too much at once: wait a moment.'],
  chatTooLong: [() => 'Die Nachricht ist zu lang.', () => 'The message is too long.'],
  badChat: [() => 'Die Nachricht enthält Steuer- oder Richtungszeichen oder nichts Sichtbares.', () => 'The message holds control or direction characters, or nothing visible.'],
  noHints: [() => 'An einem gewerteten Tisch gibt es keine Tipps.', () => 'A rated table gives no hints.'],
  noDecision: [() => 'Für einen Tipp musst du dran sein.', () => 'A hint is for your own decision: it is not your turn.'],
  notJoined: [() => 'Du schaust diesem Tisch nicht zu: erst den Tisch öffnen.', () => 'You are not following this table: open it first.'],
  tooManyWaiting: [
    (p) => `Du hast schon ${p.max ?? 3} Tische, die auf Mitspieler warten: fang an einem an oder verlass einen, bevor du den nächsten aufmachst.`,
    (p) => `You have ${p.max ?? 3} tables waiting for players already: start one or leave one before you open another.`,
  ],
  tooManyBotTables: [
    (p) => (p.server ? `Der Server spielt schon ${p.max ?? ''} Tische nur mit Bots – später wieder, oder setz dich selbst dazu.` : `An ${p.max ?? 2} Tischen, die du nur mit Bots aufgemacht hast, wird schon gespielt: warte, bis einer fertig ist, oder setz dich selbst an einen Platz.`),
    (p) => (p.server ? `The server plays ${p.max ?? ''} tables of bots alone already: try again later, or take a seat yourself.` : `${p.max ?? 2} tables of bots alone that you opened are playing already: wait until one is over, or take a seat yourself.`),
  ],
  tooManyTables: [
    (p) => `Höchstens ${p.max ?? ''} neue Tische pro Minute – in ${p.wait ?? 60} s wieder.`,
    (p) => `At most ${p.max ?? ''} new tables a minute: try again in ${p.wait ?? 60} s.`,
  ],
  tooManyGuests: [
    (p) => `Von dieser Adresse kamen zu viele Gäste (höchstens ${p.max ?? ''} pro Stunde) – in ${Math.ceil(Number(p.wait ?? 3600) / 60)} min wieder, oder melde dich an.`,
    (p) => `Too many guests from this address (at most ${p.max ?? ''} an hour): try again in ${Math.ceil(Number(p.wait ?? 3600) / 60)} min, or log in.`,
  ],
  tooManyAccounts: [
    (p) => `Von dieser Adresse wurden zu viele Namen registriert (höchstens ${p.max ?? ''} pro Stunde) – in ${Math.ceil(Number(p.wait ?? 3600) / 60)} min wieder, oder spiel als Gast.`,
    (p) => `Too many names registered from this address (at most ${p.max ?? ''} an hour): try again in ${Math.ceil(Number(p.wait ?? 3600) / 60)} min, or play as a guest.`,
  ],
  notRegistered: [() => 'Gewertete Tische sind für registrierte Namen: Als Gast spielst du ungewertet.', () => 'Rated tables are for registered names: as a guest you play unrated.'],
  muted: [(p) => `Du darfst ${until(p.until, 'de')} nicht schreiben: ${p.reason ?? ''}`, (p) => `You may not chat ${until(p.until, 'en')}: ${p.reason ?? ''}`],
  banned: [(p) => `Du bist ${until(p.until, 'de')} gesperrt: ${p.reason ?? ''}`, (p) => `You are banned ${until(p.until, 'en')}: ${p.reason ?? ''}`],
  tableClosed: [(p) => `Die Moderation hat den Tisch geschlossen${p.reason ? `: ${p.reason}` : '.'}`, (p) => `A moderator closed this table${p.reason ? `: ${p.reason}` : '.'}`],
  tooManyBots: [() => 'An deinen Tischen sitzen schon 8 denkende Bots (mittel, stark): mehr gehen nicht gleichzeitig.', () => 'Your tables already hold 8 thinking bots (medium, strong): no more at once.'],
};

/** When a mute or a ban ends ("never": for ever), in the page's language. */
export function until(at: string | number | undefined, lang: Lang): string {
  if (at === undefined || at === 'never') return lang === 'de' ? 'für immer' : 'for ever';
  const when = new Date(Number(at)).toLocaleString(lang === 'de' ? 'de-DE' : 'en-GB', { dateStyle: 'medium', timeStyle: 'short' });
  return lang === 'de' ? `bis ${when}` : `until ${when}`;
}

/** Which part of the rules page explains a refusal. */
const ANCHOR: Partial<Record<string, string>> = { mustPlay: 'bidding', illegalBid: 'bidding', tooLow: 'bidding', illegalStoss: 'bidding', badDouble: 'bidding' };

/** A card code ("EO") in words ("Eichel-Ober"); anything else as it came. */
export function cardName(code: unknown, lang: Lang, names: CardNames = {}): string {
  const text = String(code ?? '');
  const suit = SUIT_LETTERS.indexOf(text[0] as 'E');
  const rank = text.slice(1) as Rank;
  if (suit < 0 || !RANK_LETTERS.includes(rank)) return text;
  return cardLabel(suit as Suit, rank, names.faces ?? 'german', lang, names.pack);
}

/** The suit of a card code or a suit letter ("G", "GA") in words ("Gras"). */
export function suitName(code: unknown, names: CardNames = {}): string {
  const suit = SUIT_LETTERS.indexOf(String(code ?? '')[0] as 'E');
  return suit < 0 ? String(code ?? '') : SUIT_NAMES[names.faces ?? 'german'][suit];
}

/** The words for an error the server sent: its code and parameters in the player's language. */
export function refusal(lang: Lang, m: { code?: unknown; message?: unknown; params?: unknown }, names: CardNames = {}): Refusal {
  const code = String(m.code ?? '');
  const params = (typeof m.params === 'object' && m.params !== null ? m.params : {}) as Params;
  const say = SAY[code];
  const text = say
    ? say[lang === 'de' ? 0 : 1](params, (c) => cardName(c, lang, names), (c) => suitName(c, names))
    : lang === 'de'
      ? 'Das geht gerade nicht.'
      : String(m.message ?? 'Not allowed.');
  const section = typeof params.section === 'string' ? params.section : undefined;
  return section ? { text, section, anchor: ANCHOR[code] ?? 'play' } : { text };
}
