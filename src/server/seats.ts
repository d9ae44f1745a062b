import type { AnyGameModule } from '../games/module.js';
import type { Occupant } from './core/types.js';
import { serverBots } from './thinking.js';

import { BOT_NAMES } from './seatBots.js';

/** The seats a new table starts with: "open", "bot" or "bot:KIND". */
export function initialSeats(module: AnyGameModule, words: readonly string[] | undefined, count: number): { ok: true; seats: Occupant[] } | { ok: false; message: string } {
  const list = words ?? Array<string>(count).fill('open');
  if (list.length !== count) return { ok: false, message: `${module.game.title} with these rules has ${count} seats; "seats" names ${list.length}` };
  const seats: Occupant[] = [];
  let bots = 0;
  for (const w of list) {
    if (w === 'open') seats.push({ kind: 'open' });
    else if (w === 'bot' || w.startsWith('bot:')) {
      const kind = w === 'bot' ? module.defaultBot : w.slice(4);
      if (!serverBots(module).includes(kind)) return { ok: false, message: `unknown bot ${JSON.stringify(kind.slice(0, 40))}; bots: ${serverBots(module).join(', ')}` };
      seats.push({ kind: 'bot', bot: kind, name: `${BOT_NAMES[bots++ % BOT_NAMES.length]} (bot)` });
    } else return { ok: false, message: `a seat is "open", "bot" or "bot:KIND", not ${JSON.stringify(w.slice(0, 40))}` };
  }
  return { ok: true, seats };
}
