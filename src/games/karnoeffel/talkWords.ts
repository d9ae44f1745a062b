import type { Lang } from '../present.js';

/**
 * The fixed words of Karnöffel's table talk in the reader's language: the
 * advice the engine offers a player (engine.ts, `legal`: "raise", "play EU",
 * "take the trick" …) and the bots' advice with its reason after a colon
 * (bots/heuristic.ts with the reasons of bots/policy.ts: "raise: our cards
 * are strong", "play EU: take it with EU"). A seat the bots name by its
 * number ("leave it to seat 4") gets its player's name. Anything else, a
 * player's own words, is returned as it was typed. The record keeps the
 * words as they were said; only their display is translated. With
 * `cardWords` (the browser), the cards in these fixed words are named by it
 * ("spiel Gras-Sechs", not "spiel G6": the codes are the terminal's and the
 * records' notation, which a player at the browser table never types).
 */
export function talkText(lang: Lang, message: string, names: readonly string[], cardWords?: (code: string) => string): string {
  const named = message.replace(/\bseat (\d)\b/g, (m, n: string) => names[Number(n)] ?? m);
  const colon = message.indexOf(': ');
  const head = colon < 0 ? message : message.slice(0, colon);
  const advice = ADVICE[head] ?? playAdvice(head);
  const why = colon < 0 ? '' : germanReason(message.slice(colon + 2), names);
  // A player's own words stay as typed (in English with a bot's seat number named).
  if (advice === undefined || why === undefined) return lang === 'en' ? named : message;
  const words = (text: string) => (cardWords ? text.replace(CARD_CODE, (code) => cardWords(code)) : text);
  if (lang === 'en') return words(named);
  return words(colon < 0 ? advice : `${advice}: ${why}`);
}

/** A Karnöffel card's code in the fixed words: suit E G H S, rank K O U Z 9 … 2. */
const CARD_CODE = /\b[EGHS](?:[2-9]|Z|U|O|K)\b/g;

/** What a player may advise, in German (engine.ts `legal`). */
const ADVICE: Record<string, string> = {
  raise: 'steigern',
  pass: 'nicht steigern',
  accept: 'annehmen',
  refuse: 'ablehnen',
  'take the trick': 'nimm den Stich',
  'leave the trick': 'lass den Stich',
};

const CARD = '([EGHS](?:[2-9]|Z|U|O|K|A))';

const PLAY = new RegExp(`^play ${CARD}$`);

function playAdvice(head: string): string | undefined {
  const m = PLAY.exec(head);
  return m ? `spiel ${m[1]}` : undefined;
}

/**
 * The bots' reasons (bots/policy.ts uses `reason`): the words said, in
 * English as the record keeps them, and the German shown at a German
 * table. A reason added here is translated; the bots have no other words.
 */
export const REASONS = {
  partieAnyway: ['they would win the Partie with this round anyway', 'die anderen gewinnen mit dieser Runde ohnehin die Partie'],
  veryStrong: ['our cards are very strong', 'unsere Karten sind sehr stark'],
  strong: ['our cards are strong', 'unsere Karten sind stark'],
  tooWeak: ['our cards are too weak to hold it', 'unsere Karten sind zu schwach, um zu halten'],
  canHold: ['we can hold it', 'wir können halten'],
  mayHold: ['we may still hold it', 'vielleicht halten wir noch'],
  nothingToRaise: ['nothing to raise on', 'nichts zum Steigern'],
  onlyCard: ['the only card', 'die einzige Karte'],
  trickOurs: ['the trick is ours', 'der Stich ist unser'],
  nothingBetter: ['nothing better', 'nichts Besseres'],
  letGo: ['let it go', 'lass ihn laufen'],
} as const satisfies Record<string, readonly [string, string]>;

type Template = (x: string) => string;

/** The bots' reasons that name a card (`leaveTo`: a seat, by its number when said and by its player's name when shown), said and shown. */
export const NAMING_REASONS = {
  unbeatable: [(x) => `${x} cannot be beaten`, (x) => `${x} ist nicht zu schlagen`],
  leadDevil: [(x) => `lead the Teufel ${x}: only the Karnöffel beats it`, (x) => `spiel den Teufel ${x} aus: nur der Karnöffel sticht ihn`],
  bestChance: [(x) => `${x} is our best chance`, (x) => `${x} ist unsere beste Chance`],
  lead: [(x) => `lead ${x}`, (x) => `spiel ${x} aus`],
  makeSafe: [(x) => `make the trick safe with ${x}`, (x) => `sichere den Stich mit ${x}`],
  leaveTo: [(x) => `leave it to seat ${x}`, (x) => `überlass ihn ${x}`],
  takeWith: [(x) => `take it with ${x}`, (x) => `nimm ihn mit ${x}`],
  fight: [(x) => `we must fight for this trick: ${x}`, (x) => `um diesen Stich müssen wir kämpfen: ${x}`],
} as const satisfies Record<string, readonly [Template, Template]>;

/** A bot's reason as it says it. */
export function reason(key: keyof typeof REASONS): string {
  return REASONS[key][0];
}

/** A bot's reason that names a card (its code) or, `leaveTo`, a seat (its number), as it says it. */
export function namedReason(key: keyof typeof NAMING_REASONS, x: string | number): string {
  return NAMING_REASONS[key][0](String(x));
}

const GERMAN = new Map<string, string>(Object.values(REASONS).map(([en, de]) => [en, de]));

/** Each naming reason as a pattern of its English words, the card or the seat number in a group. */
const NAMING: readonly { pattern: RegExp; seat: boolean; de: Template }[] = Object.entries(NAMING_REASONS).map(([key, [en, de]]) => {
  const seat = key === 'leaveTo';
  const words = en('\u0000').replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return { pattern: new RegExp(`^${words.replace('\u0000', seat ? '(\\d)' : CARD)}$`), seat, de };
});

function germanReason(text: string, names: readonly string[]): string | undefined {
  const fixed = GERMAN.get(text);
  if (fixed !== undefined) return fixed;
  for (const { pattern, seat, de } of NAMING) {
    const m = pattern.exec(text);
    if (m) return de(seat ? (names[Number(m[1])] ?? `Platz ${Number(m[1]) + 1}`) : m[1]);
  }
  return undefined;
}
