// The two ways rank.ts computes the same exact ranking.
//
// rankExactF64: every pair scored in float64 (WebAssembly f64x2 kernel, or plain JS).
// rankF32Filtered: every pair scored in float32 (the system BLAS through native/blas when it
//   is built, else the f32x4 WebAssembly kernel; all cores), keeping for each query only the
//   pairs whose error bound (error-bound.ts) reaches the k-th best lower bound; those are
//   rescored in float64 with exactly the float64 path's arithmetic. The top-k, its scores and
//   the candidates tied with the k-th are therefore identical to rankExactF64's: a pair whose
//   exact score equals the k-th's has an upper bound at least that score, which is at least
//   the filter's threshold, so it is always rescored.
import { BlasF32Scorer, rawOperands } from "./blas-f32-scorer";
import { BlockScorer } from "./block-scorer";
import { CandidateFilter } from "./candidate-filter";
import { f32ScoreBound } from "./error-bound";
import { F32Scorer, type Float32Scores } from "./f32-scorer";
import { defaultThreads } from "./kernel-pool";
import { exactPairScores, largestMagnitude, type NormalisedRows } from "./exact-scorer";
import type { NativeBlas } from "./native-blas";
import type { RankOptions, RankResult } from "./rank";
import { TopKBuffers } from "./top-k";

export interface PathInputs {
  q: NormalisedRows;
  c: NormalisedRows;
  Q: number;
  C: number;
  k: number;
  dims: number;
  watch?: number[][];
  /** Candidates tied with the k-th kept beyond the k, per query (their number is always known). */
  tieCap?: number;
  /** The native addon, or null to rank without it. */
  blas: NativeBlas | null;
}

// Working-set bounds, whatever Q, C and dims are.
const F64_CHUNK_BYTES = 256 * 1024 * 1024;
const F64_BLOCK_BYTES = 64 * 1024 * 1024;
const F64_QUERY_BLOCK = 256;
const F32_CHUNK_BYTES = 2 * 1024 * 1024;
const F32_BLOCK_BYTES = 4 * 1024 * 1024;
// BLAS wants large operands (it packs them itself); float32 copies of this size, plus scores.
// Raw float32 operands are not copied: then only the scores bound the block, and few large
// calls keep the BLAS threads' meeting points few (each one waits for the slowest thread).
const BLAS_CHUNK_BYTES = 16 * 1024 * 1024;
const BLAS_BLOCK_BYTES = 16 * 1024 * 1024;
const BLAS_RAW_SCORE_BYTES = 24 * 1024 * 1024;
const BLAS_RAW_QUERY_BLOCK = 4096;

function finish(inputs: PathInputs, topK: TopKBuffers, watched: Float64Array[], stats: RankResult["stats"]): RankResult {
  const top: Int32Array[] = [], scores: Float64Array[] = [], tied: Int32Array[] = [];
  const tiedTotal = new Int32Array(inputs.Q);
  for (let i = 0; i < inputs.Q; i++) {
    const r = topK.result(i);
    top.push(r.indices);
    scores.push(r.scores);
    tied.push(r.tied);
    tiedTotal[i] = r.tiedTotal;
  }
  return { top, scores, watched, tied, tiedTotal, stats };
}

/**
 * Exact scores of `pairs` (per query, corpus rows) and of every watched pair, computed once
 * each; returns the former flat, in order, and the latter per query.
 */
function exactScores(inputs: PathInputs, pairs: readonly (readonly number[])[], threads = 1): { flat: Float64Array; watched: Float64Array[] } {
  const { q, c, Q, dims } = inputs;
  const watch = inputs.watch ?? [];
  let n = 0;
  for (let i = 0; i < Q; i++) n += (pairs[i]?.length ?? 0) + (watch[i]?.length ?? 0);
  const pq = new Int32Array(n), pr = new Int32Array(n);
  // Where each watched pair's score is: its own slot, or the slot of the same pair in `pairs`.
  const watchedAt: Int32Array[] = [];
  let m = 0;
  for (let i = 0; i < Q; i++) {
    for (const j of pairs[i] ?? []) {
      pq[m] = i;
      pr[m++] = j;
    }
  }
  const paired = m;
  for (let i = 0, base = 0; i < Q; base += pairs[i]?.length ?? 0, i++) {
    const own = pairs[i] ?? [], w = watch[i] ?? [];
    watchedAt.push(Int32Array.from(w, (j) => {
      const k = own.indexOf(j);
      if (k >= 0) return base + k;
      pq[m] = i;
      pr[m] = j;
      return m++;
    }));
  }
  const scores = exactPairScores(q, c, dims, pq.subarray(0, m), pr.subarray(0, m), inputs.blas, threads);
  return { flat: scores.subarray(0, paired), watched: watchedAt.map((at) => Float64Array.from(at, (p) => scores[p])) };
}

export function rankExactF64(inputs: PathInputs, options: RankOptions & { backend: "auto" | "wasm" | "js" }): RankResult {
  const { q, c, Q, C, k, dims } = inputs;
  const topK = new TopKBuffers(Q, k, inputs.tieCap);
  let engine: "wasm" | "js" = options.backend === "js" ? "js" : "wasm";
  if (Q > 0 && C > 0) {
    const chunkRows = Math.max(1, Math.min(C, options.corpusChunkRows ?? Math.floor(F64_CHUNK_BYTES / (8 * dims))));
    const blockRows = Math.max(1, Math.min(Q, options.queryBlockRows ?? Math.min(F64_QUERY_BLOCK, Math.floor(F64_BLOCK_BYTES / (8 * dims)))));
    const scorer = new BlockScorer(dims, blockRows, chunkRows, options.backend);
    engine = scorer.engine;
    // Corpus chunks in increasing row order, so ties resolve to the lower index as they arrive.
    for (let c0 = 0; c0 < C; c0 += chunkRows) {
      const cn = Math.min(chunkRows, C - c0);
      scorer.loadCorpus(c, c0, cn);
      for (let q0 = 0; q0 < Q; q0 += blockRows) {
        const qn = Math.min(blockRows, Q - q0);
        scorer.scoreQueries(q, q0, qn);
        for (let i = 0; i < qn; i++) topK.offerRun(q0 + i, scorer.scores, i * scorer.stride, cn, c0);
      }
    }
  }
  return finish(inputs, topK, exactScores(inputs, []).watched, { path: "f64", engine, exactPairs: Q * C });
}

/**
 * Multiplies a block by BLAS and offers its float32 scores to the filter through the native
 * prefilter, which scales raw products as it reads them: per query, only the rows that are not
 * outscored by 2b by k rows of the chunk (b the run's bound), which can be neither candidates
 * nor raise the threshold (CandidateFilter.offerListed).
 */
function prefiltered(blas: NativeBlas, filter: CandidateFilter, blockRows: number, threads: number) {
  const counts = new Int32Array(blockRows), bounds = new Float64Array(blockRows), margins = new Float64Array(blockRows);
  const none = new Float64Array(0);
  return (scorer: BlasF32Scorer, q0: number, qn: number, c0: number, cn: number, bound: { relative: number; absolute: number }, qMag: Float64Array, cMag: Float64Array) => {
    const scales = scorer.multiply();
    const maxRow = CandidateFilter.largest(cMag, c0, cn);
    for (let i = 0; i < qn; i++) {
      bounds[i] = CandidateFilter.runBound(bound.relative, qMag[q0 + i], maxRow, bound.absolute);
      margins[i] = 2 * bounds[i];
    }
    const listed = blas.prefilter(scorer.scores, scorer.stride, qn, cn, filter.k, margins, scales?.rowScale ?? none, scales?.colScale ?? none, counts, threads);
    for (let i = 0, p = 0; i < qn; p += counts[i], i++) filter.offerListed(q0 + i, scorer.scores, i * scorer.stride, listed, p, p + counts[i], c0, bounds[i]);
  };
}

export function rankF32Filtered(inputs: PathInputs, options: RankOptions): RankResult {
  const { q, c, Q, C, k, dims } = inputs;
  const topK = new TopKBuffers(Q, k, inputs.tieCap);
  const blas = inputs.blas;
  const threads = options.threads ?? defaultThreads();
  const candidates: number[][] = [];
  if (Q > 0 && C > 0) {
    const raw = blas ? rawOperands(q, c) : null;
    const [chunkBytes, blockBytes] = blas ? [BLAS_CHUNK_BYTES, BLAS_BLOCK_BYTES] : [F32_CHUNK_BYTES, F32_BLOCK_BYTES];
    const blockRows = Math.max(1, Math.min(Q, options.queryBlockRows ?? (raw ? BLAS_RAW_QUERY_BLOCK : Math.floor(blockBytes / (4 * dims)))));
    const chunkRows = Math.max(1, Math.min(C, options.corpusChunkRows ?? Math.floor(raw ? BLAS_RAW_SCORE_BYTES / (4 * blockRows) : chunkBytes / (4 * dims))));
    const maxMagnitude = Math.max(largestMagnitude(q), largestMagnitude(c));
    const bound = f32ScoreBound(dims, maxMagnitude, blas ? "any-order" : "sequential", raw ?? undefined);
    const filter = new CandidateFilter(Q, k);
    const native = blas ? new BlasF32Scorer(blas, dims, blockRows, chunkRows, threads, raw) : null;
    const scorer: Float32Scores = native ?? new F32Scorer(dims, blockRows, chunkRows, threads);
    try {
      const offer = blas ? prefiltered(blas, filter, blockRows, threads) : null;
      for (let q0 = 0; q0 < Q; q0 += blockRows) {
        const qn = Math.min(blockRows, Q - q0);
        scorer.loadQueries(q.rows, q.divisors, q0, qn);
        for (let c0 = 0; c0 < C; c0 += chunkRows) {
          const cn = Math.min(chunkRows, C - c0);
          scorer.loadCorpus(c.rows, c.divisors, c0, cn);
          if (offer && native) offer(native, q0, qn, c0, cn, bound, q.magnitudes, c.magnitudes);
          else {
            scorer.score();
            for (let i = 0; i < qn; i++) {
              filter.offerRun(q0 + i, scorer.scores, i * scorer.stride, cn, c0, bound.relative, q.magnitudes[q0 + i], c.magnitudes, bound.absolute);
            }
          }
        }
      }
    } finally {
      scorer.close();
    }
    for (let i = 0; i < Q; i++) candidates.push(filter.candidates(i));
  }
  const { flat, watched } = exactScores(inputs, candidates, threads);
  let p = 0;
  for (let i = 0; i < candidates.length; i++) for (const j of candidates[i]) topK.offer(i, j, flat[p++]);
  return finish(inputs, topK, watched, { path: "f32-filter", engine: blas ? "blas" : "wasm", exactPairs: flat.length });
}
