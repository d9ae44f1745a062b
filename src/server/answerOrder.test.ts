import { describe, expect, it } from 'vitest';
import { HeldAnswers } from './answerOrder.js';

const ok = (cseq: number, e: number) => ({ type: 'ok', table: 't', cseq, e }) as const;
const refused = (cseq: number) => ({ type: 'error', code: 'notYourTurn', message: 'not your turn', table: 't', cseq }) as const;

describe('answers held until their events', () => {
  it('passes an ok whose event the socket has, and holds one whose event it lacks', () => {
    const h = new HeldAnswers();
    expect(h.hold(ok(1, 5), 5)).toBe(false);
    expect(h.hold(ok(2, 7), 5)).toBe(true);
    expect(h.hold(ok(3, 7), undefined)).toBe(true);
    expect(h.release(6)).toEqual([]);
    expect(h.release(7)).toEqual([ok(2, 7), ok(3, 7)]);
    expect(h.size).toBe(0);
  });

  it('keeps the order: a refusal after a held ok waits behind it', () => {
    const h = new HeldAnswers();
    expect(h.hold(refused(1), 3)).toBe(false);
    expect(h.hold(ok(2, 9), 3)).toBe(true);
    expect(h.hold(refused(3), 3)).toBe(true);
    expect(h.hold(ok(4, 12), 3)).toBe(true);
    expect(h.release(9)).toEqual([ok(2, 9), refused(3)]);
    expect(h.release(Infinity)).toEqual([ok(4, 12)]);
  });

  it('says how long an answer has waited, so that the socket can ask for its events again', () => {
    const h = new HeldAnswers();
    expect(h.waitingSince(Date.now() + 1)).toBe(false);
    h.hold(ok(1, 4), 2);
    expect(h.waitingSince(Date.now() + 1)).toBe(true);
    h.touch(Date.now() + 10_000);
    expect(h.waitingSince(Date.now() + 1)).toBe(false);
    h.release(4);
    expect(h.waitingSince(Date.now() + 100_000)).toBe(false);
  });
});
