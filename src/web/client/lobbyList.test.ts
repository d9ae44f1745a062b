import { describe, expect, it } from 'vitest';
import type { LobbyTable } from '../../server/protocol.js';
import { applyDiff, firstPage } from './lobbyList.js';

const t = (id: string, created: number, phase: LobbyTable['phase'] = 'waiting'): LobbyTable => ({ id, game: 'schafkopf', seats: [], phase, rated: false, created });

describe('the lobby list in the browser', () => {
  it('keeps the newest first through added, changed and removed tables', () => {
    const page = firstPage([t('a', 1), t('c', 3), t('b', 2)]);
    expect(page.map((x) => x.id)).toEqual(['c', 'b', 'a']);
    const next = applyDiff(page, { added: [t('d', 4)], changed: [t('b', 2, 'playing')], removed: ['a'] });
    expect(next.map((x) => [x.id, x.phase])).toEqual([
      ['d', 'waiting'],
      ['c', 'waiting'],
      ['b', 'playing'],
    ]);
    expect(applyDiff(next, { added: [], changed: [], removed: ['zz'] })).toEqual(next);
  });
});
