// The float64 arithmetic that defines a score: every value divided by its row's divisor (the
// float64 L2 norm for cosine, 1 for dot), then a sequential float64 sum of products.
import { AppError } from "@/lib/errors/app-error";
import type { RowReader } from "@/lib/embeddings/row-reader";

export type Similarity = "cosine" | "dot";

/** Normalisation inputs of a set of rows: float64 divisors and the normalised rows' L2 norms. */
export interface NormalisedRows {
  rows: RowReader;
  divisors: Float64Array;
  magnitudes: Float64Array;
}

// Cosine divides each row by its float64 L2 norm; dot divides by 1, which is exact. A zero row
// (rejected upstream by embedding validation) keeps divisor 1 and so scores 0 under cosine.
export function normalise(rows: RowReader, similarity: Similarity, what: string): NormalisedRows {
  const n = rows.rows, d = rows.dims;
  const divisors = new Float64Array(n).fill(1), magnitudes = new Float64Array(n);
  for (let r = 0; r < n; r++) {
    const v = rows.row(r);
    let ss = 0;
    for (let t = 0; t < d; t++) {
      if (!Number.isFinite(v[t])) throw new AppError("BAD_REQUEST", `${what} row ${r} has a non-finite value`);
      ss += v[t] * v[t];
    }
    if (similarity === "cosine" && ss > 0) divisors[r] = Math.sqrt(ss);
    magnitudes[r] = Math.sqrt(ss) / divisors[r];
  }
  return { rows, divisors, magnitudes };
}

/**
 * One score with exactly the ranking's arithmetic: each value divided by its row's divisor,
 * then a sequential float64 sum of products over t = 0..d-1.
 */
export class ExactScorer {
  private readonly qn: Float64Array;

  constructor(private readonly q: NormalisedRows, private readonly c: NormalisedRows, dims: number) {
    this.qn = new Float64Array(dims);
  }

  setQuery(i: number): void {
    const v = this.q.rows.row(i), div = this.q.divisors[i];
    for (let t = 0; t < this.qn.length; t++) this.qn[t] = v[t] / div;
  }

  score(j: number): number {
    const qn = this.qn, div = this.c.divisors[j];
    const v = this.c.rows.row(j);
    let s = 0;
    for (let t = 0; t < v.length; t++) s += qn[t] * (v[t] / div);
    return s;
  }
}
