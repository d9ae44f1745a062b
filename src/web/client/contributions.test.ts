import { describe, expect, it } from 'vitest';
import { Contributions } from './contributions.js';

/** The browser's part in fair deals (docs/fairness.md): when it sends, and what. */
describe('the page’s contributions to the shuffle', () => {
  const sent: [number, string][] = [];
  const make = () => {
    sent.length = 0;
    return new Contributions((deal, c) => sent.push([deal, c]));
  };

  it('sends once per deal and connection, the same part again after a reconnect', () => {
    const f = make();
    f.offer(3, 'c3', 0);
    f.offer(3, 'c3', 0);
    expect(sent.length).toBe(1);
    f.reconnected();
    f.offer(3, 'c3', 0);
    expect(sent.length).toBe(2);
    expect(sent[1]).toEqual(sent[0]);
  });

  it('sends again, the same part, when a snapshot says the server still waits for it on the same connection (a table taken over by another process)', () => {
    const f = make();
    f.offer(5, 'c5', 1);
    f.offer(5, 'c5', 1, true);
    expect(sent.length).toBe(2);
    expect(sent[1]).toEqual(sent[0]);
  });

  it('one who watches sends nothing, asked or not; a part held while reading goes out when every summary is closed', () => {
    const f = make();
    f.offer(2, 'c2', -1, true);
    expect(sent.length).toBe(0);
    f.startReading();
    f.offer(2, 'c2', 0, true);
    expect(sent.length).toBe(0);
    f.doneReading();
    expect(sent.map(([d]) => d)).toEqual([2]);
  });
});
