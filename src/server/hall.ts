import type { FastifyInstance } from 'fastify';
import { findGame, gameById, GAMES } from '../games/registry.js';
import { resolveRules } from '../games/ruleBook.js';
import { BotPool } from './botPool.js';
import type { ClusterNode } from './cluster.js';
import type { Limits } from './limits.js';
import { Lobby, pageOf, type LobbyFilter, type LobbyPage } from './lobby.js';
import { randomId } from './identity.js';
import type { CreateTable, LobbyTable, ServerErrorCode } from './protocol.js';
import { initialSeats } from './seats.js';
import type { Store, TableRow } from './store/store.js';
import { DEFAULT_GRACE_MS, Table, type LogEntry, type TableHooks, type TableSettings } from './table.js';
import { DECISION_GRACE_MS, decisionMs, isThinkingLevel, THINKING_BOTS_PER_USER, thinkingBots } from './thinking.js';

/** Overrides of every new table's settings (tests: clocks, bot delays, contributions); graceMs is only the default for tables that name none. */
export type TableDefaults = Partial<Pick<TableSettings, 'clockMs' | 'botDelayMs' | 'contributionMs' | 'graceMs'>>;

/** A table whose sitting is over, or that a moderator closed (its row is finished in the store either way). */
const over = (t: Table) => t.phase === 'finished' || t.state.sitting.ended !== null;

/** A table as the lobby lists it. */
export function lobbyTable(t: Table): LobbyTable {
  return { id: t.id, game: t.settings.game, seats: t.publicSeats(), phase: t.phase, rated: t.settings.rated, created: t.created };
}

/** Every table in memory, created here or rebuilt from the store on start (in a cluster: the tables this process owns). */
export class Hall {
  readonly tables = new Map<string, Table>();
  /** Finished tables waiting to leave memory. */
  private readonly lingering = new Map<string, NodeJS.Timeout>();
  readonly lobby: Lobby;
  readonly bots: BotPool;
  /** Called with every command a table's core runs (see TableHooks.observe). */
  observe: TableHooks['observe'];

  constructor(
    readonly store: Store,
    readonly limits: Limits,
    private readonly log: FastifyInstance['log'],
    readonly cluster?: ClusterNode,
    private readonly thinking: { workers?: number; thinkMs?: number; perUser?: number } = {},
  ) {
    this.lobby = cluster ? new Lobby((f) => pageOf(cluster.lobby().tables, f), 200, () => cluster.lobby().online) : new Lobby((f) => this.lobbyPage(f));
    this.bots = new BotPool(thinking.workers);
    this.thinkingPerUser = thinking.perUser ?? THINKING_BOTS_PER_USER;
  }

  /** Hints being computed now, over all tables (at most `limits.hintsPerWorker` per bot worker). */
  private hintsNow = 0;

  /** A place among the hints computed at once, or the number allowed when none is free. */
  hintSlot(): { readonly release: () => void } | { readonly max: number } {
    const max = this.limits.hintsPerWorker * this.bots.size;
    if (this.hintsNow >= max) return { max };
    this.hintsNow++;
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        this.hintsNow--;
      },
    };
  }

  /** Thinking bots a user's tables may hold at once (THINKING_BOTS_PER_USER unless the server says otherwise). */
  readonly thinkingPerUser: number;
  /** Thinking bots being added to a user's tables right now (a table being opened, a seatBot on its way to the store). */
  private readonly thinkingAdding = new Map<string, number>();

  /** The thinking bots at the waiting or playing tables this user opened, and those being added. */
  thinkingBotsOf(userId: string): number {
    let n = this.thinkingAdding.get(userId) ?? 0;
    for (const t of this.tables.values()) if (t.settings.creator === userId && t.phase !== 'finished') n += thinkingBots(t.module, t.seats);
    return n;
  }

  /** Runs `run` if the user's tables may hold `adding` more thinking bots, else refuses; they count while `run` runs. */
  async withThinking<R>(userId: string, adding: number, run: () => Promise<R>, refuse: (r: { ok: false; code: 'tooManyBots'; message: string }) => R): Promise<R> {
    const have = this.thinkingBotsOf(userId);
    if (have + adding > this.thinkingPerUser) {
      return refuse({ ok: false, code: 'tooManyBots', message: `your tables may hold at most ${this.thinkingPerUser} thinking bots (medium, strong) at once; they hold ${have}` });
    }
    this.thinkingAdding.set(userId, (this.thinkingAdding.get(userId) ?? 0) + adding);
    try {
      return await run();
    } finally {
      const left = (this.thinkingAdding.get(userId) ?? adding) - adding;
      if (left > 0) this.thinkingAdding.set(userId, left);
      else this.thinkingAdding.delete(userId);
    }
  }

  lobbyChanged(): void {
    this.lobby.changed();
  }

  lobbyWatched(): boolean {
    return this.lobby.watching();
  }

  /** How many tables this user opened that still wait for players (in this process). */
  waitingOf(userId: string): number {
    let n = 0;
    for (const t of this.tables.values()) if (t.phase === 'waiting' && t.settings.creator === userId) n++;
    return n;
  }

  /** Tables of bots alone (every seat a bot) still playing in this process: all of them, or those `userId` opened. */
  botTablesOf(userId?: string): number {
    let n = 0;
    for (const t of this.tables.values()) {
      const running = t.phase === 'playing' && t.state.sitting.ended === null && !t.state.live.closed;
      if (running && (userId === undefined || t.settings.creator === userId) && t.state.sitting.seats.every((o) => o.kind === 'bot')) n++;
    }
    return n;
  }

  /** A page of this process's open public tables, newest first (the order they came into memory: created, or rebuilt oldest first). */
  lobbyPage(filter: LobbyFilter): LobbyPage {
    const all = [...this.tables.values()];
    const out: LobbyTable[] = [];
    const offset = filter.offset ?? 0;
    let total = 0;
    for (let i = all.length - 1; i >= 0; i--) {
      const t = all[i];
      if (!t.settings.public || over(t) || (filter.game !== undefined && t.settings.game !== filter.game)) continue;
      if (total >= offset && out.length < filter.limit) out.push(lobbyTable(t));
      total++;
    }
    return { tables: out, total };
  }

  private make(id: string, settings: TableSettings, created: number): Table {
    const module = gameById(settings.game);
    if (!module) throw new Error(`table ${id}: unknown game ${settings.game}`);
    const cluster = this.cluster;
    const store = cluster ? cluster.storeFor(id) : this.store;
    const lobbyChanged = cluster ? (t: Table) => cluster.changed(t) : (t: Table) => this.lobby.changed(t.id);
    const table = new Table(id, settings, module, store, this.limits, {
      changed: (t) => {
        lobbyChanged(t);
        this.linger(t);
      },
      expired: (t) => void this.retire(t, true),
      log: this.log,
      observe: (t, command, step) => this.observe?.(t, command, step),
      thinking: (userId, adding, run) => this.withThinking(userId, adding, run, (r) => r),
      think: async (request) => {
        const t0 = Date.now();
        const ms = decisionMs(request.level, this.thinking.thinkMs);
        // Tables take turns in the pool; the answer comes within the level's time and a little grace, or a cheap level decides (botPool.ts).
        const reply = await this.bots.think(this.thinking.thinkMs === undefined ? request : { ...request, thinkMs: this.thinking.thinkMs }, { table: id, within: ms + DECISION_GRACE_MS });
        // Every decision of a level takes the same time, whatever the hand (see decisionMs).
        const wait = t0 + ms - Date.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        return reply;
      },
      hint: (request, key) => this.bots.hint(this.thinking.thinkMs === undefined ? request : { ...request, thinkMs: this.thinking.thinkMs }, key),
      hintSlot: () => this.hintSlot(),
    });
    table.created = created;
    this.tables.set(id, table);
    return table;
  }

  /** Rebuilds one table from its log. */
  async adopt(row: TableRow): Promise<Table> {
    const table = this.make(row.id, row.settings as TableSettings, row.created);
    try {
      const log = await this.store.tableLog(row.id);
      await table.rebuild(log.map((l) => l.entry as LogEntry));
      if (thinkingBots(table.module, table.seats) > 0) this.bots.warm();
      return table;
    } catch (e) {
      table.close();
      if (this.tables.get(row.id) === table) this.tables.delete(row.id);
      throw e;
    }
  }

  /** Rebuilds every unfinished table from its log. */
  async load(): Promise<number> {
    const rows = await this.store.unfinishedTables();
    for (const row of rows) {
      try {
        await this.adopt(row);
      } catch (e) {
        this.log.error({ table: row.id, err: String(e) }, 'cannot rebuild a table');
      }
    }
    return this.tables.size;
  }

  /** Opens a table; `creator` (a user id) may change its bots while it waits. Its thinking bots count against the creator's cap. */
  async create(body: CreateTable, defaults: TableDefaults | undefined, creator?: string): Promise<{ ok: true; table: Table } | { ok: false; code: ServerErrorCode; message: string }> {
    const module = findGame(body.game);
    const adding = module && creator !== undefined ? (body.seats ?? []).filter((w) => w.startsWith('bot:') && isThinkingLevel(module, w.slice(4))).length : 0;
    if (adding > 0) return this.withThinking(creator!, adding, () => this.createTable(body, defaults, creator), (r) => r);
    return this.createTable(body, defaults, creator);
  }

  private async createTable(body: CreateTable, defaults: TableDefaults | undefined, creator?: string): Promise<{ ok: true; table: Table } | { ok: false; code: ServerErrorCode; message: string }> {
    const module = findGame(body.game);
    if (!module) return { ok: false, code: 'badMessage', message: `unknown game ${JSON.stringify(body.game.slice(0, 40))}; games: ${GAMES.map((m) => m.game.id).join(', ')}` };
    const overrides: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(body.rules ?? {})) Object.defineProperty(overrides, k, { value: v, enumerable: true, writable: true, configurable: true });
    const rules = resolveRules(module.game.ruleBook, body.preset, overrides);
    if (!rules.ok) return { ok: false, code: rules.error.code, message: rules.error.message };
    const count = module.game.seatCount(rules.value);
    const seats = initialSeats(module, body.seats, count);
    if (!seats.ok) return { ok: false, code: 'badSeats', message: seats.message };
    const settings: TableSettings = {
      game: module.game.id,
      rules: rules.value,
      seats: count,
      public: body.public,
      rated: body.rated,
      clockMs: defaults?.clockMs ?? body.clockMs,
      botDelayMs: defaults?.botDelayMs ?? body.botDelayMs,
      // The grace period is the table's own setting when it names one; the server's default otherwise.
      graceMs: body.graceMs ?? defaults?.graceMs ?? DEFAULT_GRACE_MS,
      contributionMs: defaults?.contributionMs ?? body.contributionMs,
      length: body.length,
      ...(creator !== undefined ? { creator } : {}),
    };
    const id = randomId();
    const row: TableRow = { id, game: settings.game, settings, finished: false, created: Date.now() };
    await this.store.createTable(row);
    await this.cluster?.created(row);
    const table = this.make(id, settings, row.created);
    await table.rebuild([]);
    const bots: LogEntry[] = seats.seats.flatMap((occ, seat) => (occ.kind === 'bot' ? [{ k: 'seat', seat, occ } as LogEntry] : []));
    if (thinkingBots(module, seats.seats) > 0) this.bots.warm();
    await table.init(bots);
    if (this.cluster) this.cluster.ready(table);
    else this.lobby.changed(id);
    return { ok: true, table };
  }

  /**
   * A finished table stays `finishedLingerMs` so that its last events reach its followers and its players may play
   * again there, then leaves memory (the store answers for it). At most `finishedTables` linger: past that, the one
   * finished longest ago leaves at once.
   */
  private linger(t: Table): void {
    const timer = this.lingering.get(t.id);
    if (!over(t)) {
      if (timer) clearTimeout(timer);
      this.lingering.delete(t.id);
      return;
    }
    if (timer) return;
    this.lingering.set(
      t.id,
      setTimeout(() => {
        this.lingering.delete(t.id);
        if (over(t) && this.tables.get(t.id) === t) void this.retire(t, false);
      }, this.limits.finishedLingerMs),
    );
    // The map keeps the order the tables finished in: the first is the oldest. Past the number of tables, or past the
    // deals they hold together (a table keeps every deal it played, about 19 KB each: 500 sittings of 1,000 bot deals
    // held 9.5 GB), the oldest leaves at once.
    while (this.lingering.size > this.limits.finishedTables || (this.lingering.size > 0 && this.lingeringDeals() > this.limits.finishedDeals)) {
      const [oldest, its] = this.lingering.entries().next().value as [string, NodeJS.Timeout];
      clearTimeout(its);
      this.lingering.delete(oldest);
      const table = this.tables.get(oldest);
      if (table && over(table)) void this.retire(table, false);
    }
  }

  /** The deals the finished tables in memory hold (each keeps every deal it played). */
  private lingeringDeals(): number {
    let n = 0;
    for (const id of this.lingering.keys()) n += this.tables.get(id)?.state.sitting.dealStates.length ?? 0;
    return n;
  }

  /** A table just opened that is not wanted after all (another process opened the follow-up first): it ends as an expired waiting table. */
  discard(t: Table): Promise<void> {
    return this.retire(t, true);
  }

  /** Lets a table go: an expired waiting table is marked over in the store first (a finished one is already). */
  private async retire(t: Table, expired: boolean): Promise<void> {
    try {
      await t.idle();
      if (expired) await (this.cluster ? this.cluster.storeFor(t.id) : this.store).commit({ tableId: t.id, from: t.state.sitting.logLength, entries: [], finished: true });
    } catch (e) {
      // Still unfinished in the store: rebuilt on the next start, where it expires again.
      this.log.warn({ table: t.id, err: String(e) }, 'cannot mark an expired table as over');
    }
    t.close();
    if (this.tables.get(t.id) === t) this.tables.delete(t.id);
    const timer = this.lingering.get(t.id);
    if (timer) clearTimeout(timer);
    this.lingering.delete(t.id);
    if (this.cluster) await this.cluster.retire(t.id);
    else this.lobby.removed(t.id);
    this.log.info({ table: t.id, expired }, expired ? 'a waiting table expired' : 'a finished table left memory');
  }

  async close(): Promise<void> {
    for (const timer of this.lingering.values()) clearTimeout(timer);
    this.lingering.clear();
    for (const t of this.tables.values()) t.close();
    this.lobby.close();
    await this.bots.close();
  }
}
