import type { PublicSeat } from '../../server/protocol.js';
import { tr } from './i18n.js';

/** The names round a table as the page shows them: the own seat with "(du)", an open seat as such. */
export function namesOf(s: { seats: readonly PublicSeat[]; seat: number }, lang: 'de' | 'en'): string[] {
  return s.seats.map((x, i) => (i === s.seat ? `${x.kind === 'open' ? '' : x.name} (${tr(lang, 'you')})` : x.kind === 'open' ? tr(lang, 'openSeat') : x.name));
}

/** A bot's name split into the name and the "(bot)" the server adds to it (src/server/seatBots.ts). */
export function botName(full: string): { name: string; mark: string } {
  const m = /^(.*) (\(bot\))$/.exec(full);
  return m ? { name: m[1], mark: m[2] } : { name: full, mark: '' };
}
