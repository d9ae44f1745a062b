import type { Lang } from '../present.js';

/**
 * The fixed words of Karnöffel's table talk in the reader's language: the
 * advice the engine offers a player (engine.ts, `legal`: "raise", "play EU",
 * "take the trick" …) and the bots' advice with its reason after a colon
 * (bots/heuristic.ts with the reasons of bots/policy.ts: "raise: our cards
 * are strong", "play EU: take it with EU"). A seat the bots name by its
 * number ("leave it to seat 4") gets its player's name. Anything else, a
 * player's own words, is returned as it was typed. The record keeps the
 * words as they were said; only their display is translated.
 */
export function talkText(lang: Lang, message: string, names: readonly string[]): string {
  const named = message.replace(/\bseat (\d)\b/g, (m, n: string) => names[Number(n)] ?? m);
  if (lang === 'en') return named;
  const colon = message.indexOf(': ');
  const head = colon < 0 ? message : message.slice(0, colon);
  const advice = ADVICE[head] ?? playAdvice(head);
  if (advice === undefined) return message;
  if (colon < 0) return advice;
  const reason = germanReason(message.slice(colon + 2), names);
  return reason === undefined ? message : `${advice}: ${reason}`;
}

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

function playAdvice(head: string): string | undefined {
  const m = new RegExp(`^play ${CARD}$`).exec(head);
  return m ? `spiel ${m[1]}` : undefined;
}

/** The bots' reasons (bots/policy.ts), in German. */
const REASONS: Record<string, string> = {
  'they would win the Partie with this round anyway': 'die anderen gewinnen mit dieser Runde ohnehin die Partie',
  'our cards are very strong': 'unsere Karten sind sehr stark',
  'our cards are strong': 'unsere Karten sind stark',
  'our cards are too weak to hold it': 'unsere Karten sind zu schwach, um zu halten',
  'we can hold it': 'wir können halten',
  'we may still hold it': 'vielleicht halten wir noch',
  'nothing to raise on': 'nichts zum Steigern',
  'the only card': 'die einzige Karte',
  'the trick is ours': 'der Stich ist unser',
  'nothing better': 'nichts Besseres',
  'let it go': 'lass ihn laufen',
};

/** The bots' reasons that name a card or a seat, in German. */
const NAMING: readonly [RegExp, (m: RegExpExecArray, names: readonly string[]) => string][] = [
  [new RegExp(`^${CARD} cannot be beaten$`), (m) => `${m[1]} ist nicht zu schlagen`],
  [new RegExp(`^lead the Teufel ${CARD}: only the Karnöffel beats it$`), (m) => `spiel den Teufel ${m[1]} aus: nur der Karnöffel sticht ihn`],
  [new RegExp(`^${CARD} is our best chance$`), (m) => `${m[1]} ist unsere beste Chance`],
  [new RegExp(`^lead ${CARD}$`), (m) => `spiel ${m[1]} aus`],
  [new RegExp(`^make the trick safe with ${CARD}$`), (m) => `sichere den Stich mit ${m[1]}`],
  [/^leave it to seat (\d)$/, (m, names) => `überlass ihn ${names[Number(m[1])] ?? `Platz ${Number(m[1]) + 1}`}`],
  [new RegExp(`^take it with ${CARD}$`), (m) => `nimm ihn mit ${m[1]}`],
  [new RegExp(`^we must fight for this trick: ${CARD}$`), (m) => `um diesen Stich müssen wir kämpfen: ${m[1]}`],
];

function germanReason(reason: string, names: readonly string[]): string | undefined {
  const fixed = REASONS[reason];
  if (fixed !== undefined) return fixed;
  for (const [pattern, say] of NAMING) {
    const m = pattern.exec(reason);
    if (m) return say(m, names);
  }
  return undefined;
}
