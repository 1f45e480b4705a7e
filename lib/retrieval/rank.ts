// Exact top-k retrieval: every query is scored against every corpus row (no approximation).
// Ranking contract (DESIGN.md): descending float64 similarity. Exact ties are listed in corpus
// row order for determinism only: no metric reads that order (lib/metrics/tie-aware.ts), and
// every row tied with the k-th is reported beside the top k so the tie group at the cut-off is
// known whole. Whichever path computes the ranking, the result is that of a full float64 scan
// (see rank-paths.ts).
import { AppError } from "@/lib/errors/app-error";
import { F32_SAFE_MAGNITUDE } from "./error-bound";
import { assertDotRange, largestMagnitude, normalise, type Similarity } from "./exact-scorer";
import { F32Scorer } from "./f32-scorer";
import { nativeBlas } from "./native-blas";
import { rankExactF64, rankF32Filtered } from "./rank-paths";
import { matrixRows, type Matrix, type RowReader } from "@/lib/embeddings/row-reader";

export type { Matrix, RowReader };
export type { Similarity };

/**
 * "f32": float32 SIMD pass over all pairs, then float64 rescoring of every pair its error bound
 * cannot exclude (fast; the default when available). "wasm" / "js": float64 for every pair.
 */
export type ScoringBackend = "auto" | "f32" | "wasm" | "js";

export interface RankInput {
  /** Q x dims, row-major. */
  queries: Matrix;
  /** C x dims, row-major, rows in corpus.jsonl order. */
  corpus: Matrix;
  dims: number;
  similarity: Similarity;
  /** Results per query; default 10, clamped to the corpus size. */
  k?: number;
  /** Per query, corpus rows whose scores are reported even outside the top-k (canonical, distractors). */
  watch?: number[][];
  /** Rows tied with the k-th kept per query beyond the k (default: all). */
  tieCap?: number;
}

export interface RankRowsInput {
  queries: RowReader;
  corpus: RowReader;
  similarity: Similarity;
  k?: number;
  watch?: number[][];
  tieCap?: number;
}

export interface RankResult {
  /** Per query, the k best corpus row indices, best first. */
  top: Int32Array[];
  scores: Float64Array[];
  /** Per query, scores of `watch[q]` in the same order (bit-identical to the same pair in `top`). */
  watched: Float64Array[];
  /**
   * Per query, the rows outside `top` whose score equals the k-th score exactly, ascending (at
   * most tieCap of them), and how many there are in all.
   */
  tied: Int32Array[];
  tiedTotal: Int32Array;
  /**
   * How the ranking was computed: the path, the engine of its bulk pass (the float32 filter's
   * BLAS or WebAssembly kernel, or the float64 path's WebAssembly or JS loop), and how many
   * pairs were scored in float64.
   */
  stats: { path: "f32-filter" | "f64"; engine: "blas" | "wasm" | "js"; exactPairs: number };
}

/** Tuning knobs; results never depend on them (tests use small values to cross chunk boundaries). */
export interface RankOptions {
  backend?: ScoringBackend;
  corpusChunkRows?: number;
  queryBlockRows?: number;
  /** Threads for the float32 pass, this one included; default: the cores available. */
  threads?: number;
  /**
   * Use the native addon (native/blas: the system BLAS for the float32 pass, native row sums
   * and rescoring) when it is built; default true. false runs what runs without it (WebAssembly
   * and JS); the ranking is the same either way.
   */
  native?: boolean;
}

export function rankCorpus(input: RankInput, options: RankOptions = {}): RankResult {
  const { queries, corpus, dims } = input;
  if (!Number.isInteger(dims) || dims < 1 || dims > 1 << 20) throw new AppError("BAD_REQUEST", `invalid dims ${dims}`);
  if (queries.length % dims !== 0 || corpus.length % dims !== 0) {
    throw new AppError("BAD_REQUEST", `matrix lengths ${queries.length}, ${corpus.length} are not multiples of dims ${dims}`);
  }
  return rankRows({ ...input, queries: matrixRows(queries, dims), corpus: matrixRows(corpus, dims) }, options);
}

export function rankRows(input: RankRowsInput, options: RankOptions = {}): RankResult {
  const { queries, corpus, similarity } = input;
  const dims = queries.dims;
  const k = input.k ?? 10;
  if (corpus.dims !== dims) throw new AppError("BAD_REQUEST", `queries have ${dims} dims but corpus rows have ${corpus.dims}`);
  if (!Number.isInteger(k) || k < 1) throw new AppError("BAD_REQUEST", `k must be a positive integer, got ${k}`);
  const Q = queries.rows, C = corpus.rows;
  if (input.watch && input.watch.length !== Q) throw new AppError("BAD_REQUEST", `watch has ${input.watch.length} entries for ${Q} queries`);
  for (const row of input.watch ?? []) {
    for (const j of row) if (!Number.isInteger(j) || j < 0 || j >= C) throw new AppError("BAD_REQUEST", `watched corpus row ${j} out of range`);
  }
  const blas = options.native === false ? null : nativeBlas();
  const q = normalise(queries, similarity, "query", blas);
  const c = normalise(corpus, similarity, "corpus", blas);
  if (similarity === "dot") assertDotRange(largestMagnitude(q), largestMagnitude(c));
  const inputs = { q, c, Q, C, k: Math.min(k, C), dims, watch: input.watch, tieCap: input.tieCap, blas };

  const backend = options.backend ?? "auto";
  const safe = [q, c].every((s) => s.magnitudes.every((m) => m === 0 || (m >= F32_SAFE_MAGNITUDE.min && m <= F32_SAFE_MAGNITUDE.max)));
  const f32 = blas !== null || F32Scorer.available(dims);
  if (backend === "f32" && !(f32 && safe)) throw new Error("the float32 path is unavailable for this input or runtime");
  const useF32 = backend === "f32" || (backend === "auto" && safe && f32);
  return useF32 ? rankF32Filtered(inputs, options) : rankExactF64(inputs, { ...options, backend: backend === "js" ? "js" : backend === "wasm" ? "wasm" : "auto" });
}
