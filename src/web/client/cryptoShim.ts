/**
 * The browser's stand-in for `node:crypto` (vite.config.ts aliases it): the
 * record viewer replays deals with the games' engines, whose modules also
 * hold the shuffling. Nothing in the browser shuffles; this keeps the import
 * resolvable and, if called, draws from Web Crypto.
 */
export function randomInt(n: number): number {
  const limit = Math.floor(0x100000000 / n) * n;
  const buf = new Uint32Array(1);
  for (;;) {
    crypto.getRandomValues(buf);
    if (buf[0] < limit) return buf[0] % n;
  }
}
