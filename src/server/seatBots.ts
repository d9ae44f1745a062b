import type { Seat } from '../games/game.js';
import type { AnyGameModule } from '../games/module.js';
import type { ServerErrorCode } from './protocol.js';
import type { Occupant, TableSettings } from './core/types.js';
import { serverBots } from './thinking.js';
import { mayChangeBots } from '../shared/botRight.js';

/** The bots' names at a table, in the order new bots get them. */
export const BOT_NAMES = ['Sepp', 'Resi', 'Schorsch', 'Vroni', 'Wastl', 'Kathi', 'Michl', 'Burgl'];

/** What a bot change needs to know of a table. */
export interface BotSeatTable {
  readonly settings: Pick<TableSettings, 'creator'>;
  readonly phase: 'waiting' | 'playing' | 'finished';
  readonly seats: readonly Occupant[];
  readonly module: AnyGameModule;
}

export type BotSeatChange = { ok: true; occ: Occupant } | { ok: false; code: ServerErrorCode; message: string };

/**
 * Checks a `seatBot` request (docs/protocol.md) and says what the seat becomes: only the table's creator (or, once
 * he has stood up, the players seated there: src/shared/botRight.ts), only
 * while it waits, a bot only on an open seat and only one of the game's bots, and only a bot taken off. A new bot
 * gets the first bot name no seat has.
 */
export function botSeatChange(table: BotSeatTable, userId: string, seat: Seat, bot: string | null): BotSeatChange {
  const refuse = (code: ServerErrorCode, message: string): BotSeatChange => ({ ok: false, code, message });
  if (!mayChangeBots(table.settings.creator, table.seats, userId)) {
    return refuse('notCreator', 'only the player who opened the table puts bots on its seats or takes them off while he sits there; once he has left, the players seated there do');
  }
  if (table.phase !== 'waiting') return refuse('notWaiting', 'bots change seats only while the table waits for its players');
  if (seat >= table.seats.length) return refuse('badSeat', `the table has seats 0 to ${table.seats.length - 1}`);
  const now = table.seats[seat];
  if (bot === null) {
    if (now.kind !== 'bot') return refuse('badSeat', `seat ${seat} holds no bot`);
    return { ok: true, occ: { kind: 'open' } };
  }
  if (now.kind !== 'open') return refuse('seatTaken', `seat ${seat} is taken`);
  const kind = bot === 'bot' ? table.module.defaultBot : bot;
  const offered = serverBots(table.module);
  if (!offered.includes(kind)) return refuse('badSeat', `unknown bot ${JSON.stringify(kind.slice(0, 40))}; bots: ${offered.join(', ')}`);
  const taken = new Set(table.seats.flatMap((o) => (o.kind === 'bot' ? [o.name] : [])));
  const name = BOT_NAMES.map((n) => `${n} (bot)`).find((n) => !taken.has(n)) ?? `Bot ${seat + 1}`;
  return { ok: true, occ: { kind: 'bot', bot: kind, name } };
}
