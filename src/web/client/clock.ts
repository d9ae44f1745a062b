/**
 * The seconds a move clock shows: what is left until its deadline, rounded up (so that it reads 0 only at the end),
 * and never more than the table's limit. The page's "now" is read every half second, so it may lag the deadline's
 * start by up to that much (and the server's clock may run ahead of the page's): unclamped, a 1-minute limit
 * showed "61s" at its start.
 */
export function secondsLeft(deadline: number, now: number, limitMs: number): number {
  const left = Math.max(0, Math.ceil((deadline - now) / 1000));
  return limitMs > 0 ? Math.min(left, Math.ceil(limitMs / 1000)) : left;
}
