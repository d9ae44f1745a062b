import { describe, expect, it } from 'vitest';
import { pickOrphans } from './clusterTakeover.js';

describe('the split of orphaned tables between the living processes', () => {
  const orphans = Array.from({ length: 300 }, (_, i) => `table${i}`);
  // The dead process D owned every orphan at the last scan; A, B and C live.
  const lastOwner = new Map(orphans.map((id) => [id, 'D']));
  const members = ['C', 'A', 'D', 'B'];

  it('gives each orphan to exactly one living process, about evenly, and none to the dead one', () => {
    const picks = ['A', 'B', 'C'].map((self) => pickOrphans(orphans, self, members, lastOwner, new Set()));
    const taken = picks.flatMap((p) => p.mine);
    expect(taken.sort()).toEqual([...orphans].sort());
    for (const p of picks) {
      expect(p.mine.length).toBeGreaterThan(70);
      expect(p.mine.length + p.later.size).toBe(orphans.length);
    }
  });

  it('takes at the next scan an orphan still left (its process died or missed it meanwhile)', () => {
    const first = pickOrphans(orphans, 'A', members, lastOwner, new Set());
    const stillThere = [...first.later].slice(0, 5);
    const next = pickOrphans(stillThere, 'A', members, lastOwner, first.later);
    expect(next.mine.sort()).toEqual([...stillThere].sort());
  });

  it('takes everything when it is the only living process, even before the dead one left P:nodes', () => {
    expect(pickOrphans(orphans, 'A', ['A', 'D'], lastOwner, new Set()).mine).toHaveLength(orphans.length);
  });
});
