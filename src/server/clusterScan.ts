import type { ClusterNode } from './cluster.js';
import { handingOver } from './clusterHandoff.js';
import { pickOrphans } from './clusterTakeover.js';
import { nodeOf } from './clusterWire.js';
import type { TableRow } from './store/store.js';

/**
 * A process's look at every live table's lease, each tick (docs/cluster.md "Taking over"): it takes its share of the
 * orphans, moves its sockets to tables' new owners, and keeps what it saw for the rest of the process (each table's
 * lease, for a socket's first message; how many tables each process runs, for a hand-over).
 */
export class LeaseScan {
  /** Each table's lease at the last scan or announcement. */
  private readonly leases = new Map<string, string>();
  /** Each live table's owner at the last scan, and the orphans left to others then (clusterTakeover.ts). */
  private lastOwner = new Map<string, string>();
  private seenOrphans = new Set<string>();

  constructor(private readonly node: ClusterNode) {}

  knownLease(table: string): string | undefined {
    return this.leases.get(table);
  }

  /** A process announced the table's new lease. */
  announced(table: string, lease: string): void {
    this.leases.set(table, lease);
  }

  /** How many tables each process ran at the last scan. */
  ownerCounts(): Map<string, number> {
    const out = new Map<string, number>();
    for (const node of this.lastOwner.values()) out.set(node, (out.get(node) ?? 0) + 1);
    return out;
  }

  /** Takes a share of the live tables nobody holds, and moves this process's sockets to new owners. */
  async scan(): Promise<void> {
    const node = this.node;
    const live = new Set(await node.cmd.hkeys(node.k('live')));
    const followed = node.front.followed();
    const ids = [...new Set([...live, ...followed])];
    if (ids.length === 0) return;
    const leases = await node.cmd.mget(ids.map((id) => node.k('lease', id)));
    const orphans: string[] = [];
    const owners = new Map<string, string>();
    ids.forEach((id, i) => {
      const lease = leases[i];
      if (lease) {
        owners.set(id, nodeOf(lease));
        if (followed.has(id)) node.front.onLease(id, lease);
      } else if (live.has(id) && !node.owned.has(id) && !node.adopting.has(id)) {
        orphans.push(id);
        if (this.lastOwner.has(id)) owners.set(id, this.lastOwner.get(id)!);
      }
    });
    this.lastOwner = owners;
    this.leases.clear();
    ids.forEach((id, i) => leases[i] && this.leases.set(id, leases[i]!));
    if (orphans.length === 0 || node.draining) return void (this.seenOrphans = new Set());
    // The living processes split the orphans between them (clusterTakeover.ts), so that a dead process's tables spread;
    // those a draining process hands to another one are left to it.
    const left = await handingOver(node, orphans);
    const pick = pickOrphans(left.size > 0 ? orphans.filter((id) => !left.has(id)) : orphans, node.id, await node.cmd.smembers(node.k('nodes')), owners, this.seenOrphans);
    this.seenOrphans = pick.later;
    const texts = pick.mine.length > 0 ? await node.cmd.hmget(node.k('live'), ...pick.mine) : [];
    const rows = texts.flatMap((t) => (t ? [JSON.parse(t) as TableRow] : []));
    // Rebuilding runs beside the ticks: the renewal of this process's other leases must not wait for it.
    for (const row of rows) {
      node.adopting.add(row.id);
      void node
        .tryAdopt(row)
        .catch((e: unknown) => node.log.warn({ table: row.id, err: String(e) }, 'cannot take a table'))
        .finally(() => node.adopting.delete(row.id));
    }
  }
}
