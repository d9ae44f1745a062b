import { popcount32 } from '../../cards/bits.js';
import type { Card } from '../../cards/pack.js';
import type { PlayTables } from './tables.js';

/**
 * Which cards a seat may play, as a mask. Shared by the public engine and
 * the fast playout path.
 *
 * - Leading: any card, except that the holder of the called Sau, before its
 *   suit has been led ("gesucht"), may lead that suit only with the Sau
 *   unless holding it with three more of the suit (Davonlaufen) (002 5.3.1.2).
 * - Following: follow the card led (its suit, or trump if it is a trump); the
 *   holder of the called Sau must play it when its suit is first led
 *   (002 5.3.1.2); in a Bettel with Stichzwang a card that wins the trick if
 *   there is one (conformance README); void: any card (002 5.4), but not the
 *   called Sau before its suit was led, except in the last trick (NOTES.md).
 *
 * @param calledSau the called Sau if this seat holds it and its suit has not
 *   been led yet, else -1.
 * @param led the card led to this trick, or -1 when leading.
 * @param best the card that wins the trick so far (ignored when leading).
 */
export function legalMask(t: PlayTables, hand: number, led: Card, best: Card, calledSau: Card, stichzwang: boolean): number {
  if (calledSau < 0 && !stichzwang) return followMask(t, hand, led);
  const sau = calledSau >= 0 ? 1 << calledSau : 0;
  if (led < 0) {
    if (sau !== 0) {
      const suit = t.follow[calledSau];
      if (popcount32(hand & suit) < 4) return (hand & ~suit) | sau;
    }
    return hand;
  }
  const follows = hand & t.follow[led];
  if (follows !== 0) {
    if ((follows & sau) !== 0) return sau;
    return stichzwang ? mustWin(t, follows, best) : follows;
  }
  if (sau !== 0 && (hand & ~sau) !== 0) return hand & ~sau;
  return hand;
}

/**
 * The plain duty (002 5.4), all of `legalMask` when no called Sau and no
 * Stichzwang is in play: lead anything; follow the card led (its suit, or
 * trump if it is a trump) if you can, else play anything.
 */
export function followMask(t: PlayTables, hand: number, led: Card): number {
  if (led < 0) return hand;
  const follows = hand & t.follow[led];
  return follows !== 0 ? follows : hand;
}

/** Bettel with Stichzwang: of the cards that follow, those that beat the best card so far, if any do. */
function mustWin(t: PlayTables, follows: number, best: Card): number {
  const bar = t.power[best];
  let winners = 0;
  for (let m = follows; m !== 0; m &= m - 1) {
    const c = 31 - Math.clz32(m & -m);
    if (t.power[c] > bar) winners |= 1 << c;
  }
  return winners !== 0 ? winners : follows;
}

/** Why a card outside the legal mask may not be played, in a player's words. */
/** Why a card may not be played: the refusal's code, its sentence and what a client needs to say it in its own words. */
export interface IllegalReason {
  readonly code: 'mustLeadSau' | 'mustFollow' | 'mustPlaySau' | 'mustBeat' | 'keepSau' | 'illegalCard';
  readonly why: string;
  /** `follow`: "trump" or "suit" (the suit of the card led); `section`: where 002 says so. */
  readonly params: Readonly<Record<string, string>>;
}

export function illegalReason(t: PlayTables, hand: number, led: Card, best: Card, calledSau: Card, stichzwang: boolean, card: Card): IllegalReason {
  const bit = 1 << card;
  const sau = calledSau >= 0 ? 1 << calledSau : 0;
  if (led < 0) {
    return {
      code: 'mustLeadSau',
      why: 'while the called suit has not been led, its Sau must be led if you lead that suit, unless you hold four of it (Davonlaufen, 002 5.3.1.2)',
      params: { section: '002 5.3.1.2' },
    };
  }
  const follows = hand & t.follow[led];
  const ledIsTrump = (t.trumps & (1 << led)) !== 0;
  if (follows !== 0 && (follows & bit) === 0) {
    return ledIsTrump
      ? { code: 'mustFollow', why: 'a trump was led and you hold trump: you must play trump (002 5.4)', params: { follow: 'trump', section: '002 5.4' } }
      : { code: 'mustFollow', why: 'you must follow the suit led (002 5.4)', params: { follow: 'suit', section: '002 5.4' } };
  }
  if ((follows & sau) !== 0) return { code: 'mustPlaySau', why: 'the called suit is led for the first time: you must play the called Sau (002 5.3.1.2)', params: { section: '002 5.3.1.2' } };
  if (follows !== 0 && stichzwang && t.power[card] <= t.power[best]) {
    return { code: 'mustBeat', why: 'Bettel with Stichzwang: you must win the trick when you can', params: { section: '002 5.3.6.4' } };
  }
  if ((bit & sau) !== 0) return { code: 'keepSau', why: 'the called Sau may not be thrown off before its suit has been led, except in the last trick', params: { section: '002 5.3.1.2' } };
  return { code: 'illegalCard', why: 'not a legal card now', params: {} };
}
