/** Orders used by every search (the generic solver, the Ramsch points search of Schafkopf). */

/**
 * Sorts the first `n` moves of `buf` by their scores in `score` (kept beside them), highest first, ties in their
 * order: an insertion sort, for the few moves of a ply.
 */
export function sortMovesByScore(buf: Int32Array, score: Float64Array, n: number): void {
  for (let i = 1; i < n; i++) {
    const m = buf[i];
    const v = score[i];
    let j = i - 1;
    while (j >= 0 && score[j] < v) {
      buf[j + 1] = buf[j];
      score[j + 1] = score[j];
      j--;
    }
    buf[j + 1] = m;
    score[j + 1] = v;
  }
}
