import type { Draft } from './log.js';
import type { Effect, TableContext } from './types.js';

/**
 * A waiting table ends when no seated person has been connected to it for `limits.waitingExpiryMs`
 * (docs/security.md): nobody sat down, or everyone who sat left. The deadline is not logged: after a restart
 * nobody is connected, so every waiting table gets a fresh one and ends unless someone comes back.
 */
export function deserted(ctx: TableContext, d: Draft): boolean {
  const { s, l } = d;
  return !l.closed && s.ended === null && ctx.limits.waitingExpiryMs > 0 && s.phase === 'waiting' && !s.seats.some((o) => o.kind === 'human' && l.followers.some((f) => f.userId === o.userId));
}

/** Starts or stops the expiry after a command, as the table is now. */
export function watchExpiry(ctx: TableContext, d: Draft, now: number, effects: Effect[]): void {
  const l = d.l;
  const empty = deserted(ctx, d);
  if (empty && l.expiry === null) {
    l.expiry = now + ctx.limits.waitingExpiryMs;
    effects.push({ type: 'timer', key: 'expiry', at: l.expiry, command: { type: 'waitOut', until: l.expiry } });
  } else if (!empty && l.expiry !== null) {
    l.expiry = null;
    effects.push({ type: 'cancel', key: 'expiry' });
  }
}
