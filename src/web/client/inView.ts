/**
 * Brings the player's hand and his own plate (with his clock) into view where the page has pushed them below the
 * screen's lower edge: a hint, the first trick shown, a refusal, a Karnöffel partner's cards above the hand. The page
 * scrolls by what the lower of the two lacks, but never so far that the felt with the trick leaves the screen's top:
 * the cards played are what the player decides by (a tall phone page keeps the hand's top in view then, enough to
 * tap). Nothing moves when both are in view already.
 */
export function handIntoView(): void {
  const lowest = lowestOwn();
  if (!lowest) return;
  const lacking = lowest.getBoundingClientRect().bottom - window.innerHeight;
  const felt = document.querySelector('main.table .felt');
  const room = felt ? felt.getBoundingClientRect().top : lacking;
  const by = Math.min(lacking, room);
  if (by > 0) window.scrollBy(0, Math.ceil(by));
}

/**
 * A hint that has opened above the hand: the hint's top and the hand's foot both in view where the screen holds both,
 * else the hint at the screen's top (its choice first, then as much of what follows as fits; the hand is a scroll
 * away), so that the advice is never what is cut off.
 */
export function hintIntoView(hint: Element): void {
  const lowest = lowestOwn();
  const top = hint.getBoundingClientRect().top;
  // Asked for, the hint may push the felt off the screen's top: the advice and the hand are what the player wants now.
  if (lowest && lowest.getBoundingClientRect().bottom - top <= window.innerHeight) {
    if (lowest.getBoundingClientRect().bottom > window.innerHeight) lowest.scrollIntoView({ block: 'end' });
  } else hint.scrollIntoView({ block: 'start' });
}

/** The lower of the hand and the own plate (with the clock), which lies below the hand where it is not beside it. */
function lowestOwn(): Element | undefined {
  const parts = [document.querySelector('main.table .hand'), document.querySelector('main.table .seat.mine')].filter((e): e is Element => e !== null);
  return parts.sort((a, b) => b.getBoundingClientRect().bottom - a.getBoundingClientRect().bottom)[0];
}
