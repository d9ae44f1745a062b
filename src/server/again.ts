import { gameById } from '../games/registry.js';
import type { LogEntry, Occupant, TableSettings } from './core/types.js';
import type { CreateTable } from './protocol.js';

/**
 * "Play again" for a table that has left memory: the body of POST /api/tables that opens a new table with the same
 * game, rules, length, clocks and visibility, and the same bots on the same seats (the people's seats open).
 */
export function againOf(settings: TableSettings, log: readonly LogEntry[]): CreateTable | undefined {
  const module = gameById(settings.game);
  if (!module) return undefined;
  const seats: Occupant[] = Array.from({ length: settings.seats }, () => ({ kind: 'open' }));
  // The seats as they were when the first sitting began (or as they are, for a table that never began).
  for (const e of log) {
    if (e.k === 'begin') break;
    if (e.k === 'seat' && e.seat < seats.length) seats[e.seat] = e.occ;
  }
  const names = new Set(module.game.ruleBook.houseRules.map((r) => r.name));
  const { preset, ...values } = settings.rules as unknown as Record<string, unknown>;
  const rules = Object.fromEntries(Object.entries(values).filter(([k, v]) => names.has(k) && ['string', 'number', 'boolean'].includes(typeof v))) as Record<string, string | number | boolean>;
  return {
    game: settings.game,
    ...(typeof preset === 'string' ? { preset } : {}),
    rules,
    seats: seats.map((o) => (o.kind === 'bot' ? `bot:${o.bot}` : 'open')),
    public: settings.public,
    rated: settings.rated,
    length: settings.length,
    clockMs: settings.clockMs,
    botDelayMs: settings.botDelayMs,
    contributionMs: settings.contributionMs,
    ...(settings.graceMs !== undefined ? { graceMs: settings.graceMs } : {}),
  };
}

/**
 * Who may lead this table's players to a follow-up: who held a seat when a sitting began (one who sat down at the
 * waiting table and got up before it began did not play there), or, at a table where no sitting began (it expired
 * while it waited), who sat down at it.
 */
export function playersOf(settings: TableSettings, log: readonly LogEntry[]): Set<string> {
  const seats: (string | undefined)[] = Array.from({ length: settings.seats }, () => undefined);
  const played = new Set<string>();
  const sat = new Set<string>();
  let began = false;
  for (const e of log) {
    if (e.k === 'seat' && e.seat < seats.length) {
      seats[e.seat] = e.occ.kind === 'human' ? e.occ.userId : undefined;
      if (e.occ.kind === 'human') sat.add(e.occ.userId);
    }
    if (e.k === 'begin') {
      began = true;
      for (const u of seats) if (u !== undefined) played.add(u);
    }
  }
  return began ? played : sat;
}
