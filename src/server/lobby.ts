import type { LobbyTable, ServerMessage } from './protocol.js';

/**
 * Who is online and which tables are open, pushed to every connection that
 * asked for the lobby, at most every `throttleMs`.
 */
export class Lobby {
  private readonly online = new Map<string, { name: string; connections: number }>();
  private readonly watchers = new Set<{ send(m: ServerMessage): void }>();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly tables: () => LobbyTable[],
    private readonly throttleMs = 200,
    /** Who is online, when others than this process know it (a cluster); default: this process's connections. */
    private readonly people?: () => string[],
  ) {}

  /** Whether any connection follows the lobby. */
  watching(): boolean {
    return this.watchers.size > 0;
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

  watch(w: { send(m: ServerMessage): void }): void {
    this.watchers.add(w);
    w.send(this.message());
  }

  unwatch(w: { send(m: ServerMessage): void }): void {
    this.watchers.delete(w);
  }

  message(): ServerMessage {
    return { type: 'lobby', tables: this.tables(), online: this.people ? this.people() : [...this.online.values()].map((o) => o.name).sort() };
  }

  /** Something the lobby shows changed: push it soon. */
  changed(): void {
    if (this.timer || this.watchers.size === 0) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      const m = this.message();
      for (const w of this.watchers) w.send(m);
    }, this.throttleMs);
  }

  close(): void {
    if (this.timer) clearTimeout(this.timer);
  }
}
