import { Redis } from 'ioredis';
import { z } from 'zod';
import { gameById } from '../games/registry.js';
import { replay } from './core/log.js';
import type { LogEntry, TableSettings, TableState } from './core/types.js';
import { randomId } from './identity.js';
import type { Limits } from './limits.js';
import type { AuditEntry, ModerationStore, SanctionKind, SanctionRow } from './store/moderation.js';
import type { UserRow } from './store/store.js';

/**
 * Moderation (docs/deploy.md, Moderation): the admin role, mutes and bans in
 * force, players' reports, and the sockets a ban closes. Every step is kept
 * in the audit table with who, what, whom, when and why. A mute or a ban is
 * read from the store whenever it matters (a chat line, a seat, a login, a
 * socket), so it holds at once in every process of a cluster; a ban also ends
 * the player's sessions and closes their sockets, in a cluster through Redis.
 */

/** The numbers of moderation, written down in docs/deploy.md. */
export const MODERATION_LIMITS = {
  /** Reports one user may make in an hour. */
  reportsPerHour: 10,
  /** The longest reason of a report or a moderation step, in characters. */
  reasonLength: 500,
  /** The longest mute or ban with an end, in minutes (ten years); longer is for ever. */
  maxMinutes: 10 * 365 * 24 * 60,
} as const;

/** The WebSocket close code of a banned player's sockets (the browser does not reconnect after it). */
export const BANNED_CLOSE = 4003;

/** A socket of this process, as a ban closes it. */
export interface Kickable {
  kick(ban: Refusal): void;
}

export type Refusal = { readonly code: 'muted' | 'banned'; readonly message: string; readonly params: { until: number | 'never'; reason: string } };

const BanNews = z.object({ userId: z.string(), until: z.number().nullable(), reason: z.string() });

function banRefusal(until: number | null, reason: string): Refusal {
  return { code: 'banned', message: `you are banned ${untilText(until)}: ${reason}`, params: { until: until ?? 'never', reason } };
}

/** When a sanction ends, as a message says it. */
export function untilText(until: number | null): string {
  return until === null ? 'for ever' : `until ${new Date(until).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

export class Moderation {
  private readonly sockets = new Map<string, Set<Kickable>>();
  private readonly pub?: Redis;
  private readonly sub?: Redis;
  private readonly channel: string;

  constructor(
    readonly store: ModerationStore,
    options: { redis?: string; prefix?: string; log?: { warn(o: object, m: string): void } } = {},
  ) {
    this.channel = `${options.prefix ?? 'stich'}:moderation`;
    if (options.redis) {
      const common = { lazyConnect: false, maxRetriesPerRequest: 1, retryStrategy: (n: number) => Math.min(n * 100, 1000) };
      this.pub = new Redis(options.redis, common);
      this.sub = new Redis(options.redis, common);
      for (const r of [this.pub, this.sub]) r.on('error', () => undefined);
      void this.sub.subscribe(this.channel).catch((e: unknown) => options.log?.warn({ err: String(e) }, 'moderation: cannot subscribe to bans'));
      this.sub.on('message', (_channel: string, text: string) => {
        try {
          const news = BanNews.parse(JSON.parse(text));
          this.kickHere(news.userId, banRefusal(news.until, news.reason));
        } catch {
          // not ours
        }
      });
    }
  }

  isAdmin(userId: string): Promise<boolean> {
    return this.store.hasRole(userId, 'admin');
  }

  /** The sanctions of the user in force now, by kind (the longest of each). */
  async inForce(userId: string, now = Date.now()): Promise<Partial<Record<SanctionKind, SanctionRow>>> {
    const out: Partial<Record<SanctionKind, SanctionRow>> = {};
    for (const s of await this.store.activeSanctions(userId, now)) {
      const had = out[s.kind];
      if (!had || (had.until !== null && (s.until === null || s.until > had.until))) out[s.kind] = s;
    }
    return out;
  }

  /** Why the user may not do this now (chat: a mute or a ban; sit and log in: a ban), or undefined. */
  async refusal(userId: string, what: 'chat' | 'sit' | 'login'): Promise<Refusal | undefined> {
    const s = await this.inForce(userId);
    const ban = s.ban;
    if (ban) return banRefusal(ban.until, ban.reason);
    const mute = what === 'chat' ? s.mute : undefined;
    if (mute) return { code: 'muted', message: `you are muted ${untilText(mute.until)}: ${mute.reason}`, params: { until: mute.until ?? 'never', reason: mute.reason } };
    return undefined;
  }

  /** A socket of this process: a ban closes it. Returns the function that forgets it. */
  register(userId: string, socket: Kickable): () => void {
    let set = this.sockets.get(userId);
    if (!set) this.sockets.set(userId, (set = new Set()));
    set.add(socket);
    return () => {
      set.delete(socket);
      if (set.size === 0 && this.sockets.get(userId) === set) this.sockets.delete(userId);
    };
  }

  private kickHere(userId: string, ban: Refusal): number {
    const set = this.sockets.get(userId);
    if (!set) return 0;
    const all = [...set];
    for (const s of all) s.kick(ban);
    return all.length;
  }

  /** Mutes or bans `target` for `minutes` (null: for ever); a ban ends their sessions and closes their sockets everywhere. */
  async sanction(actor: UserRow | null, target: UserRow, kind: SanctionKind, minutes: number | null, reason: string, now = Date.now()): Promise<SanctionRow> {
    const until = minutes === null ? null : now + Math.round(minutes * 60_000);
    const row: SanctionRow = { id: randomId(), userId: target.id, kind, created: now, until, lifted: null, by: actor?.id ?? null, reason };
    await this.store.addSanction(row, this.entry(actor, kind, reason, now, { userId: target.id, userName: target.name, detail: minutes === null ? 'for ever' : `${minutes} min` }));
    if (kind === 'ban') {
      this.kickHere(target.id, banRefusal(until, reason));
      await this.pub?.publish(this.channel, JSON.stringify({ userId: target.id, until, reason })).catch(() => undefined);
    }
    return row;
  }

  /** Ends the target's sanctions of this kind now: how many were in force. */
  lift(actor: UserRow | null, target: UserRow, kind: SanctionKind, reason: string, now = Date.now()): Promise<number> {
    return this.store.liftSanctions(target.id, kind, now, this.entry(actor, `lift-${kind}`, reason, now, { userId: target.id, userName: target.name }));
  }

  /** An audit line of a step by `actor` (null: the command line). */
  entry(actor: UserRow | null, action: string, reason: string, now = Date.now(), whom: Partial<AuditEntry> = {}): AuditEntry {
    return { at: now, actorId: actor?.id ?? null, actorName: actor?.name ?? 'command line', action, reason, ...whom };
  }

  async close(): Promise<void> {
    this.pub?.disconnect();
    this.sub?.disconnect();
  }
}

/** A chat line of a table, as the table's log has it (any process can read it, whoever runs the table). */
export interface ChatLine {
  readonly tableId: string;
  readonly e: number;
  readonly userId: string;
  readonly name: string;
  readonly text: string;
  readonly hidden: boolean;
  /** The table's log length (where a hide entry for a table no process runs is appended). */
  readonly logLength: number;
}

/** Reads the chat line of event `e` by replaying the table's log; undefined when the table or the line does not exist. */
export async function chatLineOf(
  store: Pick<ModerationStore, 'tableRow'> & { tableLog(id: string): Promise<{ index: number; entry: unknown }[]> },
  limits: Limits,
  tableId: string,
  e: number,
  /** The table's state when this process runs it (no replay needed). */
  local?: TableState,
): Promise<ChatLine | undefined> {
  if (local) {
    const slot = local.sitting.slots[e];
    if (!slot || !('event' in slot) || slot.event.type !== 'chat') return undefined;
    return { tableId, e, userId: slot.event.userId, name: slot.event.name, text: slot.event.text, hidden: slot.event.hidden === true, logLength: local.sitting.logLength };
  }
  const row = await store.tableRow(tableId);
  const module = row && gameById(row.game);
  if (!row || !module) return undefined;
  const log = await store.tableLog(tableId);
  const state = replay({ id: tableId, settings: row.settings as TableSettings, module, limits }, log.map((l) => l.entry as LogEntry));
  const slot = state.sitting.slots[e];
  if (!slot || !('event' in slot) || slot.event.type !== 'chat') return undefined;
  const ev = slot.event;
  return { tableId, e, userId: ev.userId, name: ev.name, text: ev.text, hidden: ev.hidden === true, logLength: log.length };
}
