// The float32 pass's bookkeeping, per query: the k-th largest LOWER bound seen so far (T), and
// every pair whose UPPER bound reaches T. A pair with upper < T is outranked, strictly, by k
// pairs whose exact scores are at least T, so it cannot be in the exact top-k (not even by the
// tie-break on corpus order). T only grows, so the final candidates are those with upper >= the
// final T; only they are scored exactly.
export class CandidateFilter {
  readonly k: number;
  private readonly lows: Float64Array;
  private readonly sizes: Int32Array;
  private readonly rows: number[][];
  private readonly uppers: number[][];

  constructor(queries: number, k: number) {
    this.k = k;
    this.lows = new Float64Array(queries * k);
    this.sizes = new Int32Array(queries);
    this.rows = Array.from({ length: queries }, () => []);
    this.uppers = Array.from({ length: queries }, () => []);
  }

  /**
   * Offers `count` float32 scores scores[offset + j] of corpus rows firstRow + j. The bound of
   * pair (query, row) is relative * queryMagnitude * rowMagnitude[row] + absolute.
   */
  offerRun(query: number, scores: Float32Array, offset: number, count: number, firstRow: number, relative: number, queryMagnitude: number, rowMagnitude: Float64Array, absolute: number): void {
    const k = this.k, base = query * k, lows = this.lows, rows = this.rows[query], uppers = this.uppers[query];
    const scale = relative * queryMagnitude;
    // One bound for the whole run, from its largest row magnitude: a little looser than per
    // row, but the common case below becomes a single comparison per score.
    let maxMagnitude = 0;
    for (let j = 0; j < count; j++) if (rowMagnitude[firstRow + j] > maxMagnitude) maxMagnitude = rowMagnitude[firstRow + j];
    const b = scale * maxMagnitude + absolute;
    let size = this.sizes[query];
    let T = size === k ? lows[base] : -Infinity;
    // f < skipBelow implies upper = f + b < T; the tiny margin keeps rounding on the safe side.
    const below = (t: number) => t - b - Math.abs(t - b) * 1e-15;
    let skipBelow = below(T);
    for (let j = 0; j < count; j++) {
      const f = scores[offset + j];
      if (f < skipBelow) continue;
      const row = firstRow + j;
      if (f !== f) {
        // NaN cannot come from finite in-range input; never let it decide anything.
        rows.push(row);
        uppers.push(Infinity);
        continue;
      }
      const upper = f + b;
      if (upper < T) continue;
      rows.push(row);
      uppers.push(upper);
      const lower = f - b;
      if (size < k) {
        let p = base + size++;
        while (p > base && lows[p - 1] > lower) {
          lows[p] = lows[p - 1];
          p--;
        }
        lows[p] = lower;
        if (size === k) T = lows[base];
      } else if (lower > T) {
        let p = base;
        while (p + 1 < base + k && lows[p + 1] < lower) {
          lows[p] = lows[p + 1];
          p++;
        }
        lows[p] = lower;
        T = lows[base];
      }
      skipBelow = below(T);
    }
    this.sizes[query] = size;
  }

  /** Rows that may belong to the exact top-k of `query`, in the order they were offered. */
  candidates(query: number): number[] {
    const T = this.sizes[query] === this.k ? this.lows[query * this.k] : -Infinity;
    const rows = this.rows[query], uppers = this.uppers[query];
    return rows.filter((_, i) => uppers[i] >= T);
  }
}
