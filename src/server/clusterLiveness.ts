import type { Redis } from 'ioredis';

interface LivenessHost {
  readonly id: string;
  readonly leaseMs: number;
  readonly cmd: Redis;
  readonly sub: Redis;
  k(...parts: string[]): string;
  /** The channels this process listens to. */
  channels(): string[];
  /** The tables some socket of this process follows or waits on. */
  followed(): Set<string>;
  /** Every socket rejoins its tables at these owners (ClusterFront.resync). */
  resync(leases: ReadonlyMap<string, string | null>): void;
  readonly log: { warn(obj: object, msg: string): void };
}

/**
 * A process's heartbeat (`P:node:NODE`), and what it does when it may have
 * missed messages of the others: it was paused or cut off longer than a lease
 * (its heartbeat ran out, so the owners of its sockets' tables dropped them),
 * or its subscription was cut (what was published meanwhile is lost). Then
 * every socket of the process rejoins its tables (docs/cluster.md).
 */
export class Liveness {
  /** The sockets rejoin their tables at the next tick. */
  due = false;
  private beats = 0;

  constructor(private readonly host: LivenessHost) {}

  /** Tells the others this process lives; a heartbeat that had run out (or a Redis that came back empty) makes the sockets rejoin. */
  async heartbeat(): Promise<void> {
    const { cmd, id, leaseMs } = this.host;
    const k = (...p: string[]) => this.host.k(...p);
    const r = await cmd.multi().set(k('node', id), String(Date.now()), 'PX', leaseMs, 'GET').sadd(k('nodes'), id).pexpire(k('presence', id), leaseMs * 4).exec();
    if (this.beats++ > 0 && r?.[0]?.[0] === null && r[0][1] === null) this.due = true;
  }

  /** Every socket of this process rejoins its tables at their owners, once this process hears its channels again. */
  async resync(): Promise<void> {
    const { cmd, sub } = this.host;
    if (sub.status !== 'ready') return;
    // Subscribed (again) before asking: the owners' answers must not be lost.
    await sub.subscribe(...this.host.channels());
    this.due = false;
    const tables = [...this.host.followed()];
    const leases = tables.length === 0 ? [] : await cmd.mget(tables.map((id) => this.host.k('lease', id)));
    this.host.resync(new Map(tables.map((id, i) => [id, leases[i]])));
    if (tables.length > 0) this.host.log.warn({ node: this.host.id, tables: tables.length }, 'this process may have missed messages: its sockets rejoined their tables');
  }
}
