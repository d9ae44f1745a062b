import { formatCard, parseCard } from '../../cards/notation.js';
import { fail, ok, type Result } from '../../core/result.js';
import { PACK } from './cards.js';
import type { KarnoeffelAction } from './state.js';

/**
 * The text notation of actions, as records and the terminal use it:
 *   raise | pass | accept | refuse | announce
 *   play GU            (a card; "GU" alone is read too)
 *   advise @3 GU "take it with the Karnöffel"
 * Advice: an optional addressee (@seat), an optional suggested card, then
 * the message as a JSON string literal, so quotes, backslashes and any
 * character survive a record unchanged.
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

const WORDS = ['raise', 'pass', 'accept', 'refuse', 'announce'] as const;
const ADVISE = /^advise(\s+@(\d+))?(\s+([A-Za-z0-9]{2}))?\s+(".*")$/s;

export function parseAction(text: string): Result<KarnoeffelAction> {
  const t = text.trim();
  const lower = t.toLowerCase();
  if ((WORDS as readonly string[]).includes(lower)) return ok({ type: lower as (typeof WORDS)[number] });
  if (lower.startsWith('advise')) {
    const m = ADVISE.exec(t);
    if (!m) return fail('badAction', `"${text}": advice reads advise [@seat] [card] "message", e.g. advise @2 GU "take it"`);
    let message: unknown;
    try {
      message = JSON.parse(m[5]);
    } catch {
      return fail('badAction', `"${text}": the message must be one quoted string (with \\" for a quote inside)`);
    }
    if (typeof message !== 'string') return fail('badAction', `"${text}": the message must be a quoted string`);
    const action: { type: 'advise'; message: string; card?: number; to?: number } = { type: 'advise', message };
    if (m[2] !== undefined) action.to = Number(m[2]);
    if (m[4] !== undefined) {
      const card = parseCard(PACK, m[4]);
      if (!card.ok) return card;
      action.card = card.value;
    }
    return ok(action);
  }
  const words = t.split(/\s+/);
  if (words.length === 2 && words[0].toLowerCase() === 'play') {
    const card = parseCard(PACK, words[1]);
    return card.ok ? ok({ type: 'play', card: card.value }) : card;
  }
  if (words.length === 1 && t.length === 2) {
    const card = parseCard(PACK, t);
    if (card.ok) return ok({ type: 'play', card: card.value });
  }
  return fail('badAction', `"${text}" is not a Karnöffel action: raise, pass, accept, refuse, announce, play <card> or advise [@seat] [card] "message"`);
}
