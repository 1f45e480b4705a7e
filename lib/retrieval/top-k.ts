// Fixed-size top-k buffers for many queries at once: flat typed arrays, no per-candidate
// allocation. Each query's slice stays sorted best-first by (score desc, corpus index asc).

export class TopKBuffers {
  readonly k: number;
  private readonly scores: Float64Array;
  private readonly indices: Int32Array;
  private readonly sizes: Int32Array;

  constructor(queries: number, k: number) {
    this.k = k;
    this.scores = new Float64Array(queries * k);
    this.indices = new Int32Array(queries * k);
    this.sizes = new Int32Array(queries);
  }

  /**
   * Offer one candidate. Equal scores keep the lower corpus index first, whatever the order of
   * offers. NaN (only reachable through overflowing inputs) ranks as -Infinity, never first.
   */
  offer(query: number, index: number, score: number): void {
    if (score !== score) score = -Infinity;
    const k = this.k, base = query * k, size = this.sizes[query];
    if (size === k) {
      const worst = this.scores[base + k - 1];
      if (score < worst || (score === worst && index > this.indices[base + k - 1])) return;
    }
    // Shift worse entries down one slot, then drop the candidate into the gap.
    let pos = size < k ? size : k - 1;
    while (pos > 0) {
      const s = this.scores[base + pos - 1];
      if (s > score || (s === score && this.indices[base + pos - 1] < index)) break;
      this.scores[base + pos] = s;
      this.indices[base + pos] = this.indices[base + pos - 1];
      pos--;
    }
    this.scores[base + pos] = score;
    this.indices[base + pos] = index;
    if (size < k) this.sizes[query] = size + 1;
  }

  /**
   * Offer `count` consecutive candidates `scores[offset + j]` with corpus index `firstIndex + j`.
   * The common case (buffer full and candidate no better than the worst) is one comparison.
   */
  offerRun(query: number, scores: Float64Array, offset: number, count: number, firstIndex: number): void {
    const k = this.k, last = query * k + k - 1;
    for (let j = 0; j < count; j++) {
      const s = scores[offset + j];
      const worst = this.scores[last];
      if (this.sizes[query] === k && (s < worst || (s === worst && firstIndex + j > this.indices[last]))) continue;
      this.offer(query, firstIndex + j, s);
    }
  }

  /** Indices and scores of one query, best first (length min(k, offers made)). */
  result(query: number): { indices: Int32Array; scores: Float64Array } {
    const base = query * this.k, size = this.sizes[query];
    return {
      indices: this.indices.slice(base, base + size),
      scores: this.scores.slice(base, base + size),
    };
  }
}
