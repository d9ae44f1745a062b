import { shuffled, type Rng } from '../core/rng.js';
import type { Card, Pack } from './pack.js';

/** A shuffled pack: the order in which the dealer hands out the cards. */
export function shuffleDeck(pack: Pack, rng: Rng): Card[] {
  return shuffled(pack.cards, rng);
}

/** True if `deck` holds every card of the pack exactly once. */
export function isCompleteDeck(pack: Pack, deck: readonly Card[]): boolean {
  if (deck.length !== pack.size) return false;
  const seen = new Uint8Array(pack.size);
  for (const c of deck) {
    if (!Number.isInteger(c) || c < 0 || c >= pack.size || seen[c]) return false;
    seen[c] = 1;
  }
  return true;
}
