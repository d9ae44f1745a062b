/**
 * Brings the player's hand and his own plate (with his clock) into view where the page has pushed them below the
 * screen's lower edge: a hint, the first trick shown, a refusal, a Karnöffel partner's cards above the hand. The lower
 * of the two is scrolled to the bottom edge; nothing moves when both are in view already.
 */
export function handIntoView(): void {
  const parts = [document.querySelector('main.table .hand'), document.querySelector('main.table .seat.mine')].filter((e): e is Element => e !== null);
  const lowest = parts.sort((a, b) => b.getBoundingClientRect().bottom - a.getBoundingClientRect().bottom)[0];
  if (lowest && lowest.getBoundingClientRect().bottom > window.innerHeight) lowest.scrollIntoView({ block: 'end' });
}
