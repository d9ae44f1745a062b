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

/** A lobby follower: a socket's sender, and a way to send a message already in JSON (the lobby serialises once for many). */
type Send = { send(m: ServerMessage): void; sendText?(text: string): void };

/** A page of tables already in the lobby's order (newest first). */
export function pageOf(tables: readonly LobbyTable[], filter: LobbyFilter): LobbyPage {
  const matching = filter.game === undefined ? tables : tables.filter((t) => t.game === filter.game);
  const offset = filter.offset ?? 0;
  return { tables: matching.slice(offset, offset + filter.limit), total: matching.length };
}

interface Follower {
  key: string;
  filter: LobbyFilter;
  /** The lobby's version when this follower's page was last brought up to date. */
  version: number;
}

/** A page as of one version of the lobby: its tables as JSON text by id, and the messages made of it (cached). */
interface Seen {
  readonly tables: Map<string, string>;
  readonly total: number;
  readonly online: string;
  /** When it was computed (ms since the epoch). */
  readonly at: number;
  first?: string[];
  readonly diffs: Map<number, string[]>;
}

/**
 * Who is online and which public tables wait or play, for the connections that follow the lobby: each asked for a
 * page (a game, a number of tables); it gets that page once, then only what changed in it (added, changed, removed),
 * at most every `throttleMs`. No message grows with the number of tables: a page is at most `limit` tables and any
 * message is cut into parts below LOBBY_MESSAGE_BYTES. Followers of the same page at the same version share one
 * computation and one serialisation of every message, however many they are.
 */
export class Lobby {
  private readonly online = new Map<string, { name: string; connections: number }>();
  private readonly followers = new Map<Send, Follower>();
  private timer: NodeJS.Timeout | undefined;
  /** Counts the changes: a page computed at one version is good for every follower until the next. */
  private version = 0;
  /** Per page (game and size): what it was at the versions some follower was last brought to. */
  private readonly seen = new Map<string, Map<number, Seen>>();

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

  /** The page of a filter at the current version (computed once per version). */
  private current(key: string, filter: LobbyFilter): Seen {
    let versions = this.seen.get(key);
    if (!versions) this.seen.set(key, (versions = new Map()));
    let now = versions.get(this.version);
    if (!now) {
      const page = this.page(filter);
      now = { tables: new Map(page.tables.map((t) => [t.id, JSON.stringify(t)])), total: page.total, online: JSON.stringify(this.names()), at: Date.now(), diffs: new Map() };
      versions.set(this.version, now);
    }
    return now;
  }

  /** A connection follows the lobby (again: with another filter): its page at once, then the changes. */
  watch(w: Send, filter: LobbyFilter): void {
    const key = `${filter.game ?? ''}/${filter.limit}/${filter.offset ?? 0}`;
    // Many followers asking at once while tables change share the latest page if it is fresh: the next flush brings them up to date.
    let fresh: [number, Seen] | undefined;
    for (const [v, seen] of this.seen.get(key) ?? []) if (Date.now() - seen.at < this.throttleMs && (!fresh || v > fresh[0])) fresh = [v, seen];
    const version = fresh ? fresh[0] : this.version;
    const now = fresh ? fresh[1] : this.current(key, filter);
    now.first ??= firstMessages(now, filter);
    this.followers.set(w, { key, filter, version });
    if (version !== this.version) this.schedule();
    for (const text of now.first) deliver(w, text);
    this.prune();
  }

  unwatch(w: Send): void {
    this.followers.delete(w);
  }

  /** Something the lobby shows changed (a table's seats or phase, a table opened or gone, someone came or went): the changes go out soon. */
  changed(_tableId?: string): void {
    this.version++;
    this.schedule();
  }

  private schedule(): void {
    if (this.timer || this.followers.size === 0) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.flush();
    }, this.throttleMs);
  }

  /** A table left (expired, or over): the same as a change. */
  removed(tableId: string): void {
    this.changed(tableId);
  }

  /** Sends every follower what changed in its page since it was last told. */
  flush(): void {
    for (const [w, f] of this.followers) {
      if (f.version === this.version) continue;
      const from = f.version;
      const before = this.seen.get(f.key)?.get(from);
      const now = this.current(f.key, f.filter);
      f.version = this.version;
      if (!before) continue;
      let texts = now.diffs.get(from);
      if (!texts) now.diffs.set(from, (texts = diffMessages(before, now)));
      for (const text of texts) deliver(w, text);
    }
    this.prune();
  }

  /** Forgets the versions no follower is at any more. */
  private prune(): void {
    const kept = new Map<string, Set<number>>();
    for (const f of this.followers.values()) {
      const set = kept.get(f.key) ?? new Set<number>();
      set.add(f.version);
      kept.set(f.key, set);
    }
    for (const [key, versions] of this.seen) {
      const keep = kept.get(key);
      if (!keep) {
        this.seen.delete(key);
        continue;
      }
      for (const v of versions.keys()) if (!keep.has(v)) versions.delete(v);
    }
  }

  close(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }
}

function deliver(w: Send, text: string): void {
  if (w.sendText) w.sendText(text);
  else w.send(JSON.parse(text) as ServerMessage);
}

/** The first page as messages: a `lobby`, and `lobbyDiff`s with the rest of the tables when it does not fit in one. */
function firstMessages(now: Seen, filter: LobbyFilter): string[] {
  const parts = cut([...now.tables.values()]);
  const people = now.online.slice(1, -1);
  const head = `{"type":"lobby","tables":[${parts[0].join(',')}],"total":${now.total},"game":${JSON.stringify(filter.game ?? null)},"limit":${filter.limit},${people}}`;
  return [head, ...parts.slice(1).map((part) => `{"type":"lobbyDiff","added":[${part.join(',')}],"changed":[],"removed":[],"total":${now.total}}`)];
}

/** What changed from one version of a page to another, as messages (none when nothing did). */
function diffMessages(before: Seen, now: Seen): string[] {
  const added: string[] = [];
  const changed: string[] = [];
  for (const [id, text] of now.tables) {
    const was = before.tables.get(id);
    if (was === undefined) added.push(`a${text}`);
    else if (was !== text) changed.push(`c${text}`);
  }
  const removed = [...before.tables.keys()].filter((id) => !now.tables.has(id));
  const peopleChanged = before.online !== now.online;
  if (added.length + changed.length + removed.length === 0 && before.total === now.total && !peopleChanged) return [];
  return cut([...added, ...changed]).map((part, i) => {
    const a = part.filter((x) => x[0] === 'a').map((x) => x.slice(1));
    const c = part.filter((x) => x[0] === 'c').map((x) => x.slice(1));
    const people = i === 0 && peopleChanged ? `,${now.online.slice(1, -1)}` : '';
    return `{"type":"lobbyDiff","added":[${a.join(',')}],"changed":[${c.join(',')}],"removed":${JSON.stringify(i === 0 ? removed : [])},"total":${now.total}${people}}`;
  });
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
