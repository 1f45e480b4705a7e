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
   * The error bound used for a run of rows against one query: relative * queryMagnitude *
   * (the run's largest row magnitude) + absolute. A little looser than per row, but one bound
   * per run makes the common case a single comparison per score.
   */
  static runBound(relative: number, queryMagnitude: number, maxRowMagnitude: number, absolute: number): number {
    return relative * queryMagnitude * maxRowMagnitude + absolute;
  }

  /** The largest of rowMagnitude[firstRow .. firstRow+count-1]. */
  static largest(rowMagnitude: Float64Array, firstRow: number, count: number): number {
    let max = 0;
    for (let j = 0; j < count; j++) if (rowMagnitude[firstRow + j] > max) max = rowMagnitude[firstRow + j];
    return max;
  }

  /**
   * Offers `count` float32 scores scores[offset + j] of corpus rows firstRow + j. The bound of
   * pair (query, row) is relative * queryMagnitude * rowMagnitude[row] + absolute.
   */
  offerRun(query: number, scores: Float32Array, offset: number, count: number, firstRow: number, relative: number, queryMagnitude: number, rowMagnitude: Float64Array, absolute: number): void {
    const b = CandidateFilter.runBound(relative, queryMagnitude, CandidateFilter.largest(rowMagnitude, firstRow, count), absolute);
    let T = this.threshold(query);
    // f < skipBelow implies upper = f + b < T; the tiny margin keeps rounding on the safe side.
    let skipBelow = below(T, b);
    for (let j = 0; j < count; j++) {
      const f = scores[offset + j];
      if (f < skipBelow) continue;
      const before = T;
      T = this.consider(query, firstRow + j, f, b, T);
      if (T !== before) skipBelow = below(T, b);
    }
  }

  /**
   * Offers only the listed scores scores[offset + listed[i]] (rows firstRow + listed[i]), for
   * i in [from, to), ascending, with the run's bound `b` (runBound). The rows left out must be
   * ones that can neither be candidates nor raise T: a prefilter that drops a row only when k
   * rows of the run score at least 2b above it (native-blas prefilter) guarantees both.
   */
  offerListed(query: number, scores: Float32Array, offset: number, listed: Int32Array, from: number, to: number, firstRow: number, b: number): void {
    let T = this.threshold(query);
    for (let i = from; i < to; i++) {
      const j = listed[i];
      T = this.consider(query, firstRow + j, scores[offset + j], b, T);
    }
  }

  /** Rows that may belong to the exact top-k of `query`, in the order they were offered. */
  candidates(query: number): number[] {
    const T = this.threshold(query);
    const rows = this.rows[query], uppers = this.uppers[query];
    return rows.filter((_, i) => uppers[i] >= T);
  }

  private threshold(query: number): number {
    return this.sizes[query] === this.k ? this.lows[query * this.k] : -Infinity;
  }

  // One score f of `row` with bound b, against the current threshold T; returns the new T.
  private consider(query: number, row: number, f: number, b: number, T: number): number {
    if (f !== f) {
      // NaN cannot come from finite in-range input; never let it decide anything.
      this.rows[query].push(row);
      this.uppers[query].push(Infinity);
      return T;
    }
    const upper = f + b;
    if (upper < T) return T;
    this.rows[query].push(row);
    this.uppers[query].push(upper);
    const k = this.k, base = query * k, lows = this.lows, lower = f - b;
    const size = this.sizes[query];
    if (size < k) {
      let p = base + size;
      this.sizes[query] = size + 1;
      while (p > base && lows[p - 1] > lower) {
        lows[p] = lows[p - 1];
        p--;
      }
      lows[p] = lower;
      return size + 1 === k ? lows[base] : T;
    }
    if (lower > T) {
      let p = base;
      while (p + 1 < base + k && lows[p + 1] < lower) {
        lows[p] = lows[p + 1];
        p++;
      }
      lows[p] = lower;
      return lows[base];
    }
    return T;
  }
}

const below = (T: number, b: number) => T - b - Math.abs(T - b) * 1e-15;
