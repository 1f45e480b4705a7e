// The float64 arithmetic that defines a score: every value divided by its row's divisor (the
// float64 L2 norm for cosine, 1 for dot), then a sequential float64 sum of products.
import { AppError } from "@/lib/errors/app-error";
import type { RowReader } from "@/lib/embeddings/row-reader";
import { defaultThreads } from "./kernel-pool";
import type { NativeBlas } from "./native-blas";

export type Similarity = "cosine" | "dot";

/** Normalisation inputs of a set of rows: float64 divisors and the normalised rows' L2 norms. */
export interface NormalisedRows {
  rows: RowReader;
  divisors: Float64Array;
  magnitudes: Float64Array;
}

// Cosine divides each row by its float64 L2 norm; dot divides by 1, which is exact. A zero row
// (rejected upstream by embedding validation) keeps divisor 1 and so scores 0 under cosine.
// Where the plain sum of squares overflows (values past ~1e154) or underflows (below ~1e-154),
// the norm is computed on the row scaled by its largest value, so cosine stays what it is for
// any scale; rows of ordinary size keep exactly the plain arithmetic. Dot products that would
// overflow or vanish in float64 are refused instead: their ranking would be meaningless ties.
const SS_MIN = 2 ** -960;

/** `blas`: the native addon, which computes the row sums when it can read the matrix in place. */
export function normalise(rows: RowReader, similarity: Similarity, what: string, blas: NativeBlas | null = null): NormalisedRows {
  const n = rows.rows;
  const { sumSquares, maxAbs } = rowStats(rows, what, blas);
  const divisors = new Float64Array(n).fill(1), magnitudes = new Float64Array(n);
  for (let r = 0; r < n; r++) {
    const ss = sumSquares[r], max = maxAbs[r];
    const plain = Number.isFinite(ss) && ss >= SS_MIN;
    if (similarity === "cosine") {
      if (max === 0) continue;
      const v = plain ? undefined : rows.row(r);
      divisors[r] = plain ? Math.sqrt(ss) : scaledNorm(v!, max);
      magnitudes[r] = plain ? Math.sqrt(ss) / divisors[r] : scaledNorm(v!, max) / divisors[r];
    } else {
      magnitudes[r] = plain || max === 0 ? Math.sqrt(ss) : scaledNorm(rows.row(r), max);
    }
  }
  if (similarity === "dot") checkDotRange(magnitudes, what);
  return { rows, divisors, magnitudes };
}

/**
 * Per row, the float64 sum of squares (in order, t = 0..d-1) and the largest magnitude, by the
 * native addon when given and it can read the matrix in place (the same values), else here. A
 * non-finite value is refused, naming the first row that holds one.
 */
function rowStats(rows: RowReader, what: string, blas: NativeBlas | null): { sumSquares: Float64Array; maxAbs: Float64Array } {
  const n = rows.rows, d = rows.dims;
  const sumSquares = new Float64Array(n), maxAbs = new Float64Array(n);
  let bad = -1;
  if (blas && rows.data && n > 0) bad = blas.rowStats(rows.data, d, sumSquares, maxAbs, defaultThreads());
  else {
    for (let r = 0; r < n && bad < 0; r++) {
      const v = rows.row(r);
      let ss = 0, max = 0;
      for (let t = 0; t < d; t++) {
        const x = v[t];
        if (!Number.isFinite(x)) {
          bad = r;
          break;
        }
        ss += x * x;
        const a = Math.abs(x);
        if (a > max) max = a;
      }
      sumSquares[r] = ss;
      maxAbs[r] = max;
    }
  }
  if (bad >= 0) throw new AppError("BAD_REQUEST", `${what} row ${bad} has a non-finite value`);
  return { sumSquares, maxAbs };
}

/** The L2 norm of `v` without overflow or underflow: maxAbs · ‖v / maxAbs‖. */
function scaledNorm(v: ArrayLike<number>, maxAbs: number): number {
  let ss = 0;
  for (let t = 0; t < v.length; t++) {
    const y = v[t] / maxAbs;
    ss += y * y;
  }
  return maxAbs * Math.sqrt(ss);
}

function checkDotRange(magnitudes: Float64Array, what: string): void {
  for (const m of magnitudes) {
    if (!Number.isFinite(m)) {
      throw new AppError("BAD_REQUEST", `${what} vectors are too large for dot-product similarity: a ${what} vector's norm exceeds the float64 range; scale the vectors down or use cosine`, { reason: "dot-range" });
    }
  }
}

/** The largest of a side's row norms. */
export function largestMagnitude(rows: NormalisedRows): number {
  let max = 0;
  for (const m of rows.magnitudes) if (m > max) max = m;
  return max;
}

/**
 * Dot-product scores are bounded by ‖q‖max · ‖c‖max (|q · c| ≤ ‖q‖ ‖c‖, Cauchy–Schwarz). Past float64's range they would overflow to
 * infinity; below 1e-290 every score rounds to zero or a few subnormal steps. Either way the
 * ranking is ties, not the model's: refused with the numbers.
 */
export function assertDotRange(queryMax: number, corpusMax: number): void {
  const bound = queryMax * corpusMax;
  if (queryMax > 0 && corpusMax > 0 && !Number.isFinite(bound)) {
    throw new AppError(
      "BAD_REQUEST",
      `dot-product scores would overflow float64: the largest query vector norm (${queryMax.toExponential(3)}) times the largest corpus vector norm (${corpusMax.toExponential(3)}) exceeds ${Number.MAX_VALUE.toExponential(3)}; scale the vectors down or use cosine`,
    );
  }
  if (queryMax > 0 && corpusMax > 0 && bound < 1e-290) {
    throw new AppError(
      "BAD_REQUEST",
      `dot-product scores would vanish in float64: the largest query vector norm (${queryMax.toExponential(3)}) times the largest corpus vector norm (${corpusMax.toExponential(3)}) is below 1e-290; scale the vectors up or use cosine`,
    );
  }
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

/**
 * Exact scores of many pairs (query pairQuery[p], corpus row pairRow[p]): by the native addon
 * when given and it can read both matrices in place (on `threads` threads), else by
 * ExactScorer; bit-identical either way.
 */
export function exactPairScores(
  q: NormalisedRows, c: NormalisedRows, dims: number, pairQuery: Int32Array, pairRow: Int32Array, blas: NativeBlas | null, threads = 1,
): Float64Array {
  const out = new Float64Array(pairQuery.length);
  if (out.length === 0) return out;
  if (blas && q.rows.data && c.rows.data) {
    blas.exactScores(q.rows.data!, q.divisors, c.rows.data!, c.divisors, dims, pairQuery, pairRow, out, threads);
    return out;
  }
  const exact = new ExactScorer(q, c, dims);
  let current = -1;
  for (let p = 0; p < out.length; p++) {
    if (pairQuery[p] !== current) exact.setQuery((current = pairQuery[p]));
    out[p] = exact.score(pairRow[p]);
  }
  return out;
}
