import type { Draft } from './log.js';
import type { Command, Effect, LogEntry, Reply } from './types.js';

/** What a moderation step needs of a command's run (step.ts's Run). */
export interface ModerationRun {
  readonly d: Draft;
  readonly effects: Effect[];
  write(entries: readonly LogEntry[]): void;
  changed(): void;
  /** The table's row is marked finished with the commit. */
  finishTable: boolean;
}

/** What may still happen at a table a moderator closed: following it, hiding its chat lines, the shell's own commands. */
export const AFTER_END: ReadonlySet<Command['type']> = new Set(['create', 'resume', 'close', 'join', 'leave', 'hide']);

/** Cancels the clocks, grace periods and the contribution deadline. */
export function stopTimers(run: Pick<ModerationRun, 'd' | 'effects'>): void {
  const l = run.d.l;
  for (const x of l.clocks) run.effects.push({ type: 'cancel', key: `clock:${x.seat}` });
  for (const g of l.gone) run.effects.push({ type: 'cancel', key: `grace:${g.seat}` });
  if (l.collectTimer !== null) run.effects.push({ type: 'cancel', key: 'collect' });
  l.clocks = [];
  l.gone = [];
  l.collectTimer = null;
}

/** A moderator closes the table: its timers stop, the log says so (`end`), the table's row is finished. */
export function end(run: ModerationRun, reason: string): Reply {
  stopTimers(run);
  run.d.l.botPending = new Map();
  run.write([{ k: 'end', reason }]);
  run.finishTable = true;
  run.changed();
  return { ok: true };
}

/** A moderator hides the chat line of event `e` (`hide`): a bot's turn is for the decision, which this leaves as it was. */
export function hide(run: ModerationRun, e: number): Reply {
  const slot = run.d.s.slots[e];
  if (!slot || !('event' in slot) || slot.event.type !== 'chat') return { ok: false, code: 'notChat', message: `event ${e} is no chat line of this table` };
  if (slot.event.hidden) return { ok: false, code: 'notChat', message: `the chat line ${e} is hidden already` };
  run.write([{ k: 'hide', e }]);
  return { ok: true };
}
