/**
 * Jobs waiting in turns: one queue per owner (a table), and the next job
 * always comes from the owner served longest ago (or never), so that an
 * owner with many jobs waiting delays another owner's by at most one job.
 * Within an owner, first in, first out.
 */
export class FairQueue<J> {
  /** Owners with jobs waiting. */
  private readonly owners = new Map<string, J[]>();
  /** When each owner was last served (a counter); owners not in it count as never served. */
  private readonly served = new Map<string, number>();
  private clock = 0;
  private count = 0;

  get size(): number {
    return this.count;
  }

  push(owner: string, job: J): void {
    const jobs = this.owners.get(owner);
    if (jobs) jobs.push(job);
    else this.owners.set(owner, [job]);
    this.count++;
  }

  /** The next job in turn; among owners equally due, one whose first job `prefer` likes (a worker that holds its agent). */
  take(prefer?: (job: J) => boolean): J | undefined {
    let chosen: string | undefined;
    let due = Infinity;
    let liked = false;
    for (const [owner, jobs] of this.owners) {
      const last = this.served.get(owner) ?? -1;
      const likes = prefer?.(jobs[0]) ?? false;
      if (last < due || (last === due && likes && !liked)) {
        chosen = owner;
        due = last;
        liked = likes;
      }
    }
    if (chosen === undefined) return undefined;
    const jobs = this.owners.get(chosen)!;
    const job = jobs.shift()!;
    if (jobs.length === 0) this.owners.delete(chosen);
    this.count--;
    this.served.set(chosen, ++this.clock);
    // Owners served before every waiting one are as due as owners never served: forget them.
    if (this.served.size > 2 * this.owners.size + 64) {
      let oldest = Infinity;
      for (const owner of this.owners.keys()) oldest = Math.min(oldest, this.served.get(owner) ?? -1);
      for (const [owner, at] of this.served) if (!this.owners.has(owner) && at < oldest) this.served.delete(owner);
    }
    return job;
  }

  /** Takes a job out wherever it waits; false if it is not waiting. */
  remove(owner: string, job: J): boolean {
    const jobs = this.owners.get(owner);
    const i = jobs ? jobs.indexOf(job) : -1;
    if (!jobs || i < 0) return false;
    jobs.splice(i, 1);
    if (jobs.length === 0) this.owners.delete(owner);
    this.count--;
    return true;
  }
}
