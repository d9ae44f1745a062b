import type { Redis } from 'ioredis';
import type { z } from 'zod';
import { ClusterSeal, type Refusal } from './clusterSeal.js';
import { Broadcast, Wire } from './clusterWire.js';

interface BusHost {
  readonly id: string;
  readonly cmd: Redis;
  k(...parts: string[]): string;
  readonly log: { warn(obj: object, msg: string): void };
  /** A process announced a table's new owner, or news of the lobby. */
  broadcast(b: z.infer<typeof Broadcast>): void;
  /** A message of another process for this one. */
  wire(w: Wire): void;
}

/**
 * The messages between the processes of a cluster on Redis pub/sub: each
 * process's own channel `P:to:NODE` and the channel `P:all`, every message
 * sealed with the cluster key (clusterSeal.ts) and checked for its form.
 */
export class ClusterBus {
  private readonly seal: ClusterSeal;
  /** When a refused message was last logged (once a minute at most). */
  private refusedLogged = 0;
  /** Messages sealed in this turn, published together at its end (see send). */
  private queue: { channel: string; text: string; resolve: () => void; reject: (e: unknown) => void }[] = [];

  constructor(
    private readonly host: BusHost,
    keys: readonly Buffer[],
  ) {
    this.seal = new ClusterSeal(keys, host.id);
  }

  /** The channels this process listens to. */
  channels(): string[] {
    return [this.host.k('to', this.host.id), this.host.k('all')];
  }

  /**
   * Publishes a sealed message at the end of this turn (process.nextTick), in one pipeline with the others sealed in
   * it: a table's events go to several sockets' processes at once, and a process that many sockets reconnect to
   * answers many joins at once; one write to Redis for them all instead of a system call each (a quarter of a busy
   * process's time went to such writes). The order is kept, as each receiver drops a counter it has passed.
   */
  private send(channel: string, text: string): Promise<void> {
    return new Promise((resolve, reject) => {
      this.queue.push({ channel, text, resolve, reject });
      if (this.queue.length === 1) process.nextTick(() => this.flush());
    });
  }

  private flush(): void {
    const batch = this.queue;
    this.queue = [];
    const { cmd } = this.host;
    if (batch.length === 1) return void cmd.publish(batch[0].channel, batch[0].text).then(() => batch[0].resolve(), batch[0].reject);
    const p = cmd.pipeline();
    for (const b of batch) p.publish(b.channel, b.text);
    p.exec().then(
      (results) => batch.forEach((b, i) => (results?.[i]?.[0] ? b.reject(results[i][0]) : b.resolve())),
      (e: unknown) => batch.forEach((b) => b.reject(e)),
    );
  }

  async publish(node: string, w: Wire): Promise<void> {
    const { cmd, log } = this.host;
    try {
      const channel = this.host.k('to', node);
      await this.send(channel, this.seal.seal(channel, JSON.stringify(w)));
    } catch (e) {
      // While Redis is out of reach the socket's process catches up when it rejoins the table.
      if (cmd.status === 'ready') log.warn({ node, err: String(e) }, 'cannot reach another process');
    }
  }

  async publishAll(b: z.infer<typeof Broadcast>): Promise<void> {
    try {
      const channel = this.host.k('all');
      await this.send(channel, this.seal.seal(channel, JSON.stringify(b)));
    } catch {
      // Out of reach: the others learn it from the next tick's scan.
    }
  }

  /** A message on one of this process's channels. */
  heard(channel: string, sealed: string): void {
    const { log } = this.host;
    const opened = this.seal.open(channel, sealed);
    if (!opened.ok) return this.refused(channel, opened.why);
    let json: unknown;
    try {
      json = JSON.parse(opened.text);
    } catch {
      return log.warn({ channel }, 'a message that is not JSON');
    }
    if (channel === this.host.k('all')) {
      const b = Broadcast.safeParse(json);
      if (b.success) this.host.broadcast(b.data);
      return;
    }
    const w = Wire.safeParse(json);
    if (!w.success) return log.warn({ channel, issue: w.error.issues[0]?.message }, 'a malformed message from another process');
    this.host.wire(w.data);
  }

  /** A message on a channel of the cluster that is not sealed with its key, or heard before: dropped, and logged once a minute at most. */
  private refused(channel: string, why: Refusal): void {
    if (Date.now() - this.refusedLogged < 60_000) return;
    this.refusedLogged = Date.now();
    const reason = { form: 'not sealed', key: 'sealed with a key this process does not have', tag: 'forged or damaged', replay: 'heard before (a replay)' }[why];
    this.host.log.warn({ node: this.host.id, channel, why }, `a message on the cluster's channel was refused: ${reason}`);
  }
}
