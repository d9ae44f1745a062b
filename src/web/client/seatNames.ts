import type { PublicSeat } from '../../server/protocol.js';
import { tr } from './i18n.js';

/** The names round a table as the page shows them: the own seat with "(du)", an open seat as such, a name twice told apart (`distinctNames`). */
export function namesOf(s: { seats: readonly PublicSeat[]; seat: number }, lang: 'de' | 'en'): string[] {
  const names = distinctNames(s.seats.map((x) => (x.kind === 'open' ? '' : x.name)), s.seat);
  return s.seats.map((x, i) => (i === s.seat ? `${names[i]} (${tr(lang, 'you')})` : x.kind === 'open' ? tr(lang, 'openSeat') : names[i]));
}

/**
 * Names as the page shows them, a name held by several players told apart (two guests, or a guest and an account, may
 * both be "Anna"): in seat order the second gets "(2)", the third "(3)", so every page of the table numbers them
 * alike. The own seat (`own`) counts but keeps its name, marked "(du)" by the caller; empty names (open seats) are left.
 */
export function distinctNames(names: readonly string[], own = -1): string[] {
  const seen = new Map<string, number>();
  return names.map((n, i) => {
    if (n === '') return n;
    const k = (seen.get(n) ?? 0) + 1;
    seen.set(n, k);
    if (k === 1 || i === own) return n;
    // A bot's number goes before the "(bot)" the server adds (`botName`).
    const bot = botName(n);
    return `${bot.name} (${k})${bot.mark ? ` ${bot.mark}` : ''}`;
  });
}

/** A bot's name split into the name and the "(bot)" the server adds to it (src/server/seatBots.ts). */
export function botName(full: string): { name: string; mark: string } {
  const m = /^(.*) (\(bot\))$/.exec(full);
  return m ? { name: m[1], mark: m[2] } : { name: full, mark: '' };
}
