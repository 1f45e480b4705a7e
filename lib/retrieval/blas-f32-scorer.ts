// Float32 scores of a block of queries against a chunk of corpus rows by the system BLAS
// (cblas_sgemm through native/blas), the float32 filter's fast engine, with F32Scorer's
// contract: approximately normalised scores at scores[i * stride + j], within the error bound
// (error-bound.ts, "any-order": BLAS may sum in any order and fuse multiply-adds).
//
// Two ways in. Float32 matrices whose row norms are of ordinary size are multiplied as they are
// (no copy) and each score is then scaled by 1/(query divisor * corpus divisor) ("raw"); other
// rows are divided by their float64 divisor and rounded to float32 first, as the WebAssembly
// engine does.
import type { RowReader } from "@/lib/embeddings/row-reader";
import type { NormalisedRows } from "./exact-scorer";
import type { Float32Scores } from "./f32-scorer";
import type { NativeBlas } from "./native-blas";
import { returnScoreBuffer, takeScoreBuffer } from "./score-buffer";
import { writeRows } from "./row-buffers";

/** Raw float32 operands and the scales that normalise their products. */
export interface RawOperands {
  queries: Float32Array;
  corpus: Float32Array;
  queryScale: Float64Array;
  corpusScale: Float64Array;
  /** Largest row norm of either side, and the largest product of a query and a corpus scale. */
  maxNorm: number;
  maxScale: number;
}

// Row norms within this range keep float32 products of raw rows far from overflow, and their
// underflow error, once scaled, negligible (error-bound.ts).
const RAW_NORM = { min: 2 ** -20, max: 2 ** 20 };

/** The raw operands when both sides allow them, else null (then rows are normalised first). */
export function rawOperands(q: NormalisedRows, c: NormalisedRows): RawOperands | null {
  const qd = q.rows.data, cd = c.rows.data;
  if (!(qd instanceof Float32Array) || !(cd instanceof Float32Array)) return null;
  const qs = rawScales(q), cs = rawScales(c);
  if (!qs || !cs) return null;
  return {
    queries: qd, corpus: cd, queryScale: qs.scale, corpusScale: cs.scale,
    maxNorm: Math.max(qs.maxNorm, cs.maxNorm) * (1 + 1e-6), maxScale: qs.maxScale * cs.maxScale * (1 + 1e-6),
  };
}

// 1/divisor per row, or null when a row's norm is outside RAW_NORM. A row's float64 norm is its
// divisor (cosine) or its magnitude (dot, where the divisor is 1): divisor * magnitude.
function rawScales(s: NormalisedRows): { scale: Float64Array; maxNorm: number; maxScale: number } | null {
  const scale = new Float64Array(s.divisors.length);
  let maxNorm = 0, maxScale = 0;
  for (let r = 0; r < scale.length; r++) {
    const norm = s.divisors[r] * s.magnitudes[r];
    if (norm !== 0 && !(norm >= RAW_NORM.min && norm <= RAW_NORM.max)) return null;
    scale[r] = 1 / s.divisors[r];
    maxNorm = Math.max(maxNorm, norm);
    maxScale = Math.max(maxScale, scale[r]);
  }
  return { scale, maxNorm, maxScale };
}

export class BlasF32Scorer implements Float32Scores {
  readonly scores: Float32Array;
  readonly stride: number;
  private readonly queries: Float32Array;
  private readonly corpus: Float32Array;
  private queryScale: Float64Array = new Float64Array(0);
  private corpusScale: Float64Array = new Float64Array(0);
  private queryStart = 0;
  private queryRows = 0;
  private corpusStart = 0;
  private chunkRows = 0;

  constructor(
    private readonly blas: NativeBlas, readonly dims: number, maxQueryRows: number, maxCorpusRows: number,
    private readonly threads: number, private readonly raw: RawOperands | null,
  ) {
    this.stride = maxCorpusRows;
    this.queries = raw ? new Float32Array(0) : new Float32Array(maxQueryRows * dims);
    this.corpus = raw ? new Float32Array(0) : new Float32Array(maxCorpusRows * dims);
    this.scores = takeScoreBuffer(maxQueryRows * maxCorpusRows);
  }

  loadQueries(src: RowReader, divisors: Float64Array, start: number, count: number): void {
    [this.queryStart, this.queryRows] = [start, count];
    if (this.raw) this.queryScale = this.raw.queryScale.subarray(start, start + count);
    else load(this.blas, src, divisors, start, count, this.queries);
  }

  loadCorpus(src: RowReader, divisors: Float64Array, start: number, count: number): void {
    [this.corpusStart, this.chunkRows] = [start, count];
    if (this.raw) this.corpusScale = this.raw.corpusScale.subarray(start, start + count);
    else load(this.blas, src, divisors, start, count, this.corpus);
  }

  score(): void {
    const scales = this.multiply();
    if (scales) this.blas.scaleScores(this.scores, this.stride, this.queryRows, this.chunkRows, scales.rowScale, scales.colScale);
  }

  /**
   * score() without the scaling: the products as BLAS left them, and the scales that normalise
   * them (null when the rows were normalised before, and the scores are final), for a caller
   * that scales as it reads (the native prefilter).
   */
  multiply(): { rowScale: Float64Array; colScale: Float64Array } | null {
    const d = this.dims, m = this.queryRows, n = this.chunkRows;
    if (!this.raw) {
      this.blas.sgemmNT(this.queries, d, this.corpus, d, this.scores, this.stride, m, n, d, this.threads);
      return null;
    }
    const a = this.raw.queries.subarray(this.queryStart * d, (this.queryStart + m) * d);
    const b = this.raw.corpus.subarray(this.corpusStart * d, (this.corpusStart + n) * d);
    this.blas.sgemmNT(a, d, b, d, this.scores, this.stride, m, n, d, this.threads);
    return { rowScale: this.queryScale, colScale: this.corpusScale };
  }

  close(): void {
    returnScoreBuffer(this.scores);
  }
}

// Rows [start, start+count) divided by their divisors into dst, row-major: natively when the
// reader exposes its matrix, else one row at a time (the same float64 division and rounding).
function load(blas: NativeBlas, src: RowReader, divisors: Float64Array, start: number, count: number, dst: Float32Array): void {
  if (src.data) blas.toF32(src.data, src.dims, start, count, divisors, dst, src.dims);
  else writeRows(dst, 0, src.dims, src, divisors, start, count);
}
