import type { ClusterNode } from './cluster.js';
import type { LeaseChain } from './clusterWire.js';
import type { TableRow } from './store/store.js';

/**
 * Handing a draining process's tables to the others at once (docs/cluster.md "Draining"), instead of letting their
 * leases run out: the process stops taking tables and answers every request for its tables with `moved` (the
 * socket's process sends it again to the next owner), lets each table finish the commands it accepted (committed
 * and answered), releases all its leases in one transaction and tells each other living process which tables to
 * take (`take` on its channel), each table to the process that runs the fewest. A process that is told takes them
 * at once, as it takes orphans; if it is gone, any process takes them at its next scan, since their leases are released.
 */

export interface Handoff {
  /** Tables released. */
  readonly tables: number;
  /** The living processes they were given to. */
  readonly targets: number;
  /** How many each of them was given. */
  readonly shares: readonly number[];
  /** From the drain's start until every released table had a new owner (null: not all within the limit). */
  readonly takenMs: number | null;
  /** Tables without a new owner when the wait ended. */
  readonly untaken: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The other processes whose heartbeat is alive. */
async function livingOthers(node: ClusterNode): Promise<string[]> {
  const nodes = (await node.cmd.smembers(node.k('nodes'))).filter((n) => n !== node.id);
  if (nodes.length === 0) return [];
  const beats = await node.cmd.mget(nodes.map((n) => node.k('node', n)));
  return nodes.filter((_, i) => beats[i] !== null).sort();
}

export async function handOff(node: ClusterNode, ms: number): Promise<Handoff> {
  const t0 = performance.now();
  const end = t0 + ms;
  node.draining = true;
  // Tables being rebuilt here now are handed over too, once they are.
  while (node.adopting.size > 0 && performance.now() < end) await sleep(10);
  const owned = [...node.owned];
  // What each table accepted is committed and answered; its timers and bots stop (a new owner starts them again).
  await Promise.all(
    owned.map(async ([, o]) => {
      if (!o.table) return;
      o.table.close();
      await Promise.race([o.table.idle(), sleep(Math.max(0, end - performance.now()))]);
    }),
  );
  for (const [id] of owned) node.lose(id, 'handed over (draining)');
  let targets: string[] = [];
  let given: number[] = [];
  try {
    targets = await livingOthers(node);
    // Each table to the process with the fewest (as the last scan counted them, with those given now): a process
    // started in a rolling restart has none, and the last old one would otherwise collect three quarters of them.
    const shares = new Map<string, string[]>(targets.map((t) => [t, []]));
    const counts = node.ownerCounts();
    const load = new Map(targets.map((t) => [t, counts.get(t) ?? 0]));
    const first = targets[Math.floor(Math.random() * targets.length)];
    const to = new Map<string, string>();
    for (const [id] of targets.length > 0 ? owned : []) {
      let best = first;
      for (const t of targets) if (load.get(t)! < load.get(best)!) best = t;
      shares.get(best)!.push(id);
      to.set(id, best);
      load.set(best, load.get(best)! + 1);
    }
    // The leases go, and in the same transaction each table is marked as handed to its taker for a lease's time, so
    // that the others' scans leave it to that process (handingOver) instead of splitting it between them as an orphan.
    const m = node.cmd.multi();
    for (const [id, o] of owned) {
      (m as unknown as LeaseChain).releaseLease(node.k('lease', id), o.lease);
      if (to.has(id)) m.set(node.k('handing', id), to.get(id)!, 'PX', node.leaseMs);
    }
    await m.exec();
    given = [...shares.values()].map((t) => t.length);
    await Promise.all([...shares].map(([target, tables]) => (tables.length > 0 ? node.publish(target, { t: 'take', from: node.id, tables }) : undefined)));
  } catch (e) {
    node.log.warn({ node: node.id, err: String(e) }, 'cannot release the leases: they run out by themselves');
  }
  // Until every table has another owner (this process's sockets follow them there meanwhile).
  let untaken = owned.map(([id]) => id);
  while (untaken.length > 0 && performance.now() < end) {
    await sleep(20);
    try {
      const leases = await node.cmd.mget(untaken.map((id) => node.k('lease', id)));
      untaken = untaken.filter((_, i) => !leases[i]);
    } catch {
      // Redis out of reach: the wait ends with the limit.
    }
  }
  const report: Handoff = { tables: owned.length, targets: targets.length, shares: given, takenMs: untaken.length === 0 ? Math.round(performance.now() - t0) : null, untaken: untaken.length };
  node.log.info({ node: node.id, ...report }, 'tables handed over');
  return report;
}

/** Another process hands these tables to this one: it takes each that nobody holds, at once. */
export async function takeHandedOver(node: ClusterNode, tables: readonly string[]): Promise<void> {
  const wanted = tables.filter((id) => !node.owned.has(id) && !node.adopting.has(id));
  if (wanted.length === 0 || node.draining) return;
  let rows: (string | null)[];
  try {
    rows = await node.cmd.hmget(node.k('live'), ...wanted);
  } catch {
    return; // Out of reach: the scan takes them later.
  }
  wanted.forEach((id, i) => {
    const text = rows[i];
    if (!text || node.owned.has(id) || node.adopting.has(id)) return;
    node.adopting.add(id);
    void node
      .tryAdopt(JSON.parse(text) as TableRow)
      .catch((e: unknown) => node.log.warn({ table: id, err: String(e) }, 'cannot take a table'))
      .finally(() => node.adopting.delete(id));
  });
}

/** Of these orphans, those that a draining process is handing to another process than `self` (left to it). */
export async function handingOver(node: ClusterNode, orphans: readonly string[]): Promise<Set<string>> {
  if (orphans.length === 0) return new Set();
  const takers = await node.cmd.mget(orphans.map((id) => node.k('handing', id)));
  return new Set(orphans.filter((_, i) => takers[i] !== null && takers[i] !== node.id));
}
