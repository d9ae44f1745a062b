import { formatCard } from '../../cards/notation.js';
import { fail, ok, type Result } from '../../core/result.js';
import { quote } from '../../core/text.js';
import { PACK, readCard } from './cards.js';
import type { KarnoeffelAction } from './state.js';

/**
 * The text notation of actions, as records and the terminal use it:
 *   raise | pass | accept | refuse | announce
 *   play GU            (a card; "GU" alone is read too)
 *   advise @3 GU "take it with the Karnöffel"
 * Advice: an optional addressee (@seat), an optional suggested card, then
 * the message as a JSON string literal, so quotes, backslashes and any
 * character survive a record unchanged. Error messages quote at most a
 * short excerpt of the text (`quote`).
 */
export function formatAction(action: KarnoeffelAction): string {
  switch (action.type) {
    case 'play':
      return `play ${formatCard(PACK, action.card)}`;
    case 'advise': {
      const parts = ['advise'];
      if (action.to !== undefined) parts.push(`@${action.to}`);
      if (action.card !== undefined) parts.push(formatCard(PACK, action.card));
      parts.push(JSON.stringify(action.message));
      return parts.join(' ');
    }
    default:
      return action.type;
  }
}

/** The one-word actions, looked up by their word (a Map: "constructor" or "__proto__" is no word of the game). */
const WORDS: ReadonlyMap<string, KarnoeffelAction> = new Map(
  (['raise', 'pass', 'accept', 'refuse', 'announce'] as const).map((type) => [type, { type }] as const),
);
const ADVISE = /^advise(\s+@(\d{1,3}))?(\s+([A-Za-z0-9]{2}))?\s+(".*")$/s;
const USAGE = 'raise, pass, accept, refuse, announce, play <card> or advise [@seat] [card] "message"';

export function parseAction(text: string): Result<KarnoeffelAction> {
  if (typeof text !== 'string') return fail('badAction', `not a Karnöffel action: ${USAGE}`);
  const t = text.trim();
  const lower = t.toLowerCase();
  const word = WORDS.get(lower);
  if (word !== undefined) return ok({ ...word });
  if (lower.startsWith('advise')) {
    const m = ADVISE.exec(t);
    if (!m) return fail('badAction', `${quote(text)}: advice reads advise [@seat] [card] "message", e.g. advise @2 GU "take it"`);
    let message: unknown;
    try {
      message = JSON.parse(m[5]);
    } catch {
      return fail('badAction', `${quote(text)}: the message must be one quoted string (with \\" for a quote inside)`);
    }
    if (typeof message !== 'string') return fail('badAction', `${quote(text)}: the message must be a quoted string`);
    const action: { type: 'advise'; message: string; card?: number; to?: number } = { type: 'advise', message };
    if (m[2] !== undefined) action.to = Number(m[2]);
    if (m[4] !== undefined) {
      const card = readCard(m[4]);
      if (!card.ok) return card;
      action.card = card.value;
    }
    return ok(action);
  }
  const words = t.split(/\s+/);
  if (words.length === 2 && words[0].toLowerCase() === 'play') {
    const card = readCard(words[1]);
    return card.ok ? ok({ type: 'play', card: card.value }) : card;
  }
  if (words.length === 1 && t.length === 2) {
    const card = readCard(t);
    if (card.ok) return ok({ type: 'play', card: card.value });
  }
  return fail('badAction', `${quote(text)} is not a Karnöffel action: ${USAGE}`);
}

/** A value from outside as a message shows it: a number as written, anything else as a short quoted excerpt. */
export function echo(x: unknown): string {
  return typeof x === 'number' ? String(x) : quote(x);
}
