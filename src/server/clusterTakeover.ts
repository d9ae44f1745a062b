/**
 * Which orphaned tables (live, without a lease) a process takes at a scan (docs/cluster.md "Taking over"). Every
 * living process computes the same split without talking to the others: the processes that still run are the
 * members of `P:nodes` except those that owned an orphan when last seen (they are dead or cut off), sorted; each
 * takes the orphans whose hash falls on its rank. An orphan that is still there at the next scan (its process took
 * it or died meanwhile) is taken by whoever sees it, so a wrong guess costs one scan, not a table.
 */

/** FNV-1a over the table id: a stable spread. */
function spread(id: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

export interface OrphanPick {
  /** The orphans this process tries to take now. */
  readonly mine: string[];
  /** The others: taken at the next scan if still orphaned. */
  readonly later: Set<string>;
}

export function pickOrphans(orphans: readonly string[], self: string, members: readonly string[], lastOwner: ReadonlyMap<string, string>, seenBefore: ReadonlySet<string>): OrphanPick {
  const gone = new Set(orphans.map((id) => lastOwner.get(id)).filter((n): n is string => n !== undefined && n !== self));
  const living = [...new Set([...members, self])].filter((n) => !gone.has(n)).sort();
  const rank = living.indexOf(self);
  const mine: string[] = [];
  const later = new Set<string>();
  for (const id of orphans) {
    if (seenBefore.has(id) || spread(id) % living.length === rank) mine.push(id);
    else later.add(id);
  }
  return { mine, later };
}
