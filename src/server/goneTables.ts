import { againOf, playersOf } from './again.js';
import type { LogEntry, TableSettings } from './core/types.js';
import type { Limits } from './limits.js';
import type { CreateTable } from './protocol.js';
import type { Store } from './store/store.js';

/** The follow-up a player of a gone table opened (its log's last `next` entry). */
export interface NextTable {
  readonly id: string;
  readonly by: { readonly id: string; readonly name: string };
}

/** What the link of a table that left memory answers, read from its log once (GET /api/tables/:id, POST …/again). */
export interface GoneTable {
  readonly game: string;
  readonly settings: TableSettings;
  readonly records: readonly string[];
  readonly again: CreateTable | undefined;
  /** A moderator closed it (an `end` entry). */
  readonly closed: boolean;
  /** Who may open its follow-up (again.ts, playersOf). */
  readonly players: ReadonlySet<string>;
  readonly next: NextTable | undefined;
  /** Entries in its log when read: a new `next` is written from here. */
  readonly logLength: number;
}

/**
 * The tables that left memory, as their links answer: read from the store (the row, the records and the whole
 * log) at most once per `limits.goneTableCacheMs` per table, for at most `limits.goneTablesCached` tables (the
 * oldest read forgotten first). A finished table's log grows only by a `next` entry, which this process notes at
 * once (`noted`) and another process's within the same time. Before, every request read and parsed the whole log:
 * a table of 1,000 deals has 41,000 entries, 90–150 ms of the event loop per request, so that one client asking
 * again and again (no session needed) held up every player (docs/security.md).
 */
export class GoneTables {
  private readonly cache = new Map<string, { readonly at: number; readonly table: GoneTable }>();

  constructor(
    private readonly store: Store,
    private readonly limits: Pick<Limits, 'goneTablesCached' | 'goneTableCacheMs'>,
    private readonly now: () => number = Date.now,
  ) {}

  /** The gone table, or `running` for a table the store has as not finished, undefined for none. `fresh`: read the store now. */
  async get(id: string, fresh = false): Promise<GoneTable | 'running' | undefined> {
    const hit = this.cache.get(id);
    if (hit && !fresh && this.now() - hit.at < this.limits.goneTableCacheMs) return hit.table;
    const row = await this.store.table(id);
    if (!row) return undefined;
    if (!row.finished) return 'running';
    const log = (await this.store.tableLog(id)).map((l) => l.entry as LogEntry);
    const settings = row.settings as TableSettings;
    const last = log.findLast((e) => e.k === 'next');
    const table: GoneTable = {
      game: row.game,
      settings,
      records: await this.store.recordsOfTable(id),
      again: againOf(settings, log),
      closed: log.some((e) => e.k === 'end'),
      players: playersOf(settings, log),
      next: last?.k === 'next' ? { id: last.table, by: { id: last.userId, name: last.name } } : undefined,
      logLength: log.length,
    };
    this.keep(id, table);
    return table;
  }

  /** This process wrote a `next` entry into the gone table's log. */
  noted(id: string, table: GoneTable, next: NextTable): void {
    this.keep(id, { ...table, next, logLength: table.logLength + 1 });
  }

  /** The follow-up while it has not ended (one look-up of its row). */
  async openNext(table: GoneTable): Promise<NextTable | undefined> {
    if (!table.next) return undefined;
    const row = await this.store.table(table.next.id);
    return row && !row.finished ? table.next : undefined;
  }

  private keep(id: string, table: GoneTable): void {
    this.cache.delete(id);
    this.cache.set(id, { at: this.now(), table });
    while (this.cache.size > this.limits.goneTablesCached) this.cache.delete(this.cache.keys().next().value!);
  }

  /** Tables held (for tests). */
  get size(): number {
    return this.cache.size;
  }
}
