/**
 * Brings the player's hand and his own plate (with his clock) into view where the page has pushed them below the
 * screen's lower edge: a hint, the first trick shown, a refusal, a Karnöffel partner's cards above the hand. The lower
 * of the two is scrolled to the bottom edge; nothing moves when both are in view already.
 */
export function handIntoView(): void {
  const lowest = lowestOwn();
  if (lowest && lowest.getBoundingClientRect().bottom > window.innerHeight) lowest.scrollIntoView({ block: 'end' });
}

/**
 * A hint that has opened above the hand: the hint's top and the hand's foot both in view where the screen holds both,
 * else the hint's top (its choice first; the hand is a scroll away), so that the advice is never what is cut off.
 */
export function hintIntoView(hint: Element): void {
  const lowest = lowestOwn();
  const top = hint.getBoundingClientRect().top;
  if (lowest && lowest.getBoundingClientRect().bottom - top <= window.innerHeight) handIntoView();
  else if (top < 0 || top > window.innerHeight) hint.scrollIntoView({ block: 'start' });
}

/** The lower of the hand and the own plate (with the clock), which lies below the hand where it is not beside it. */
function lowestOwn(): Element | undefined {
  const parts = [document.querySelector('main.table .hand'), document.querySelector('main.table .seat.mine')].filter((e): e is Element => e !== null);
  return parts.sort((a, b) => b.getBoundingClientRect().bottom - a.getBoundingClientRect().bottom)[0];
}
