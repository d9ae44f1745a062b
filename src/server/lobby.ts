import type { LobbyTable, ServerMessage } from './protocol.js';

/** What a lobby follower asked to see: the newest `limit` open public tables, of one game or of all. */
export interface LobbyFilter {
  readonly game?: string;
  readonly limit: number;
  readonly offset?: number;
}

/** One page of the open public tables, newest first, and how many match the filter in all. */
export interface LobbyPage {
  readonly tables: readonly LobbyTable[];
  readonly total: number;
}

/** At most this many names of people online go out with the lobby (their number always does). */
export const ONLINE_NAMES = 50;
/** A lobby message stays below this many bytes of JSON: a page or a diff that would be larger is sent in parts. */
export const LOBBY_MESSAGE_BYTES = 60 * 1024;

type Send = { send(m: ServerMessage): void };

/** A page of tables already in the lobby's order (newest first). */
export function pageOf(tables: readonly LobbyTable[], filter: LobbyFilter): LobbyPage {
  const matching = filter.game === undefined ? tables : tables.filter((t) => t.game === filter.game);
  const offset = filter.offset ?? 0;
  return { tables: matching.slice(offset, offset + filter.limit), total: matching.length };
}

interface Follower {
  filter: LobbyFilter;
  /** The tables this follower was sent, as the JSON text sent. */
  shown: Map<string, string>;
  total: number;
  online: string;
}

/**
 * Who is online and which public tables wait or play, for the connections that follow the lobby: each asked for a
 * page (a game, a number of tables); it gets that page once, then only what changed in it (added, changed, removed),
 * at most every `throttleMs`. No message grows with the number of tables: a page is at most `limit` tables and any
 * message is cut into parts below LOBBY_MESSAGE_BYTES.
 */
export class Lobby {
  private readonly online = new Map<string, { name: string; connections: number }>();
  private readonly followers = new Map<Send, Follower>();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly page: (filter: LobbyFilter) => LobbyPage,
    private readonly throttleMs = 200,
    /** Who is online, when others than this process know it (a cluster); default: this process's connections. */
    private readonly people?: () => string[],
  ) {}

  /** Whether any connection follows the lobby. */
  watching(): boolean {
    return this.followers.size > 0;
  }

  connected(userId: string, name: string): number {
    const o = this.online.get(userId) ?? { name, connections: 0 };
    o.connections++;
    this.online.set(userId, o);
    if (o.connections === 1) this.changed();
    return o.connections;
  }

  connections(userId: string): number {
    return this.online.get(userId)?.connections ?? 0;
  }

  disconnected(userId: string): void {
    const o = this.online.get(userId);
    if (!o) return;
    if (--o.connections <= 0) {
      this.online.delete(userId);
      this.changed();
    }
  }

  private names(): { online: string[]; onlineCount: number } {
    const all = this.people ? this.people() : [...new Set([...this.online.values()].map((o) => o.name))].sort();
    return { online: all.slice(0, ONLINE_NAMES), onlineCount: all.length };
  }

  /** A connection follows the lobby (again: with another filter): its page at once, then the changes. */
  watch(w: Send, filter: LobbyFilter): void {
    const page = this.page(filter);
    const people = this.names();
    const online = JSON.stringify(people);
    const shown = new Map<string, string>();
    for (const t of page.tables) shown.set(t.id, JSON.stringify(t));
    this.followers.set(w, { filter, shown, total: page.total, online });
    const parts = cut([...shown.values()]);
    w.send({ type: 'lobby', tables: parts[0].map((s) => JSON.parse(s) as LobbyTable), total: page.total, game: filter.game ?? null, limit: filter.limit, ...people });
    for (const part of parts.slice(1)) w.send({ type: 'lobbyDiff', added: part.map((s) => JSON.parse(s) as LobbyTable), changed: [], removed: [], total: page.total });
  }

  unwatch(w: Send): void {
    this.followers.delete(w);
  }

  /** Something the lobby shows changed (a table's seats or phase, a table opened or gone, someone came or went): the changes go out soon. */
  changed(_tableId?: string): void {
    if (this.timer || this.followers.size === 0) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.flush();
    }, this.throttleMs);
  }

  /** A table left (expired or over): the same as a change. */
  removed(tableId: string): void {
    this.changed(tableId);
  }

  /** Sends every follower what changed in its page since it was last told. */
  flush(): void {
    if (this.followers.size === 0) return;
    const pages = new Map<string, Map<string, string>>();
    const totals = new Map<string, number>();
    const people = this.names();
    const online = JSON.stringify(people);
    for (const [w, f] of this.followers) {
      const key = `${f.filter.game ?? ''}/${f.filter.limit}`;
      let now = pages.get(key);
      if (!now) {
        const page = this.page(f.filter);
        now = new Map(page.tables.map((t) => [t.id, JSON.stringify(t)]));
        pages.set(key, now);
        totals.set(key, page.total);
      }
      const total = totals.get(key)!;
      const added: string[] = [];
      const changed: string[] = [];
      const removed: string[] = [];
      for (const [id, text] of now) {
        const before = f.shown.get(id);
        if (before === undefined) added.push(text);
        else if (before !== text) changed.push(text);
      }
      for (const id of f.shown.keys()) if (!now.has(id)) removed.push(id);
      const peopleChanged = online !== f.online;
      if (added.length + changed.length + removed.length === 0 && total === f.total && !peopleChanged) continue;
      f.shown = now;
      f.total = total;
      f.online = online;
      const parts = cut([...added.map((t) => `a${t}`), ...changed.map((t) => `c${t}`)]);
      parts.forEach((part, i) => {
        w.send({
          type: 'lobbyDiff',
          added: part.filter((s) => s[0] === 'a').map((s) => JSON.parse(s.slice(1)) as LobbyTable),
          changed: part.filter((s) => s[0] === 'c').map((s) => JSON.parse(s.slice(1)) as LobbyTable),
          removed: i === 0 ? removed : [],
          total,
          ...(i === 0 && peopleChanged ? people : {}),
        });
      });
    }
  }

  close(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }
}

/** JSON texts in parts whose sum stays below LOBBY_MESSAGE_BYTES (always at least one part, perhaps empty). */
function cut(texts: readonly string[]): string[][] {
  const parts: string[][] = [[]];
  let size = 0;
  for (const t of texts) {
    const bytes = Buffer.byteLength(t) + 1;
    // Room is left for the rest of a message: the names online (at most 50 of 40 characters) and the ids removed.
    if (size + bytes > LOBBY_MESSAGE_BYTES - 16 * 1024 && parts[parts.length - 1].length > 0) {
      parts.push([]);
      size = 0;
    }
    parts[parts.length - 1].push(t);
    size += bytes;
  }
  return parts;
}
