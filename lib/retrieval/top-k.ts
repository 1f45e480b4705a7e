// Fixed-size top-k buffers for many queries at once: flat typed arrays, no per-candidate
// allocation. Each query's slice stays sorted best-first by (score desc, corpus index asc).
//
// Beside the k best, each query keeps the candidates tied exactly with its k-th score that did
// not fit: the tie group at the cut-off must be known whole, because every metric is the
// expectation over the orders of tied snippets (lib/metrics/tie-aware.ts), never corpus order.
// At most `tieCap` of them are kept; beyond that only their number is.

export class TopKBuffers {
  readonly k: number;
  readonly tieCap: number;
  private readonly scores: Float64Array;
  private readonly indices: Int32Array;
  private readonly sizes: Int32Array;
  /** Per query: candidates tied with the current k-th score, outside the k (up to tieCap). */
  private readonly tied: number[][];
  private readonly tiedTotals: Int32Array;

  constructor(queries: number, k: number, tieCap = Number.MAX_SAFE_INTEGER) {
    this.k = k;
    this.tieCap = tieCap;
    this.scores = new Float64Array(queries * k);
    this.indices = new Int32Array(queries * k);
    this.sizes = new Int32Array(queries);
    this.tied = Array.from({ length: queries }, () => []);
    this.tiedTotals = new Int32Array(queries);
  }

  private addTied(query: number, index: number): void {
    if (this.tied[query].length < this.tieCap) this.tied[query].push(index);
    this.tiedTotals[query]++;
  }

  /**
   * Offer one candidate. Equal scores keep the lower corpus index first, whatever the order of
   * offers. NaN (only reachable through overflowing inputs) ranks as -Infinity, never first.
   */
  offer(query: number, index: number, score: number): void {
    if (score !== score) score = -Infinity;
    const k = this.k, base = query * k, size = this.sizes[query];
    let evicted = -1, evictedScore = 0;
    if (size === k) {
      const worst = this.scores[base + k - 1];
      if (score < worst) return;
      if (score === worst && index > this.indices[base + k - 1]) {
        this.addTied(query, index);
        return;
      }
      evicted = this.indices[base + k - 1];
      evictedScore = worst;
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
    if (size < k) {
      this.sizes[query] = size + 1;
      return;
    }
    // The old k-th left the k: it stays in the boundary group if the new k-th has its score.
    if (this.scores[base + k - 1] === evictedScore) {
      this.addTied(query, evicted);
    } else {
      this.tied[query] = [];
      this.tiedTotals[query] = 0;
    }
  }

  /**
   * Offer `count` consecutive candidates `scores[offset + j]` with corpus index `firstIndex + j`.
   * The common case (buffer full and candidate below the worst) is one comparison.
   */
  offerRun(query: number, scores: Float64Array, offset: number, count: number, firstIndex: number): void {
    const k = this.k, last = query * k + k - 1;
    for (let j = 0; j < count; j++) {
      const s = scores[offset + j];
      if (this.sizes[query] === k && s < this.scores[last]) continue;
      this.offer(query, firstIndex + j, s);
    }
  }

  /**
   * Indices and scores of one query, best first (length min(k, offers made)), then the
   * candidates tied with the k-th that are outside it (ascending index; `tiedTotal` counts them
   * all, `tied` holds at most tieCap).
   */
  result(query: number): { indices: Int32Array; scores: Float64Array; tied: Int32Array; tiedTotal: number } {
    const base = query * this.k, size = this.sizes[query];
    return {
      indices: this.indices.slice(base, base + size),
      scores: this.scores.slice(base, base + size),
      tied: Int32Array.from(this.tied[query]).sort(),
      tiedTotal: this.tiedTotals[query],
    };
  }
}
