// The two ways rank.ts computes the same exact ranking.
//
// rankExactF64: every pair scored in float64 (WebAssembly f64x2 kernel, or plain JS).
// rankF32Filtered: every pair scored in float32 (f32x4 kernel, all cores), keeping for each
//   query only the pairs whose error bound (error-bound.ts) reaches the k-th best lower bound;
//   those are rescored in float64 with exactly the float64 path's arithmetic. The top-k, its
//   scores and the candidates tied with the k-th are therefore identical to rankExactF64's: a
//   pair whose exact score equals the k-th's has an upper bound at least that score, which is
//   at least the filter's threshold, so it is always rescored.
import { BlockScorer } from "./block-scorer";
import { CandidateFilter } from "./candidate-filter";
import { f32ScoreBound } from "./error-bound";
import { F32Scorer } from "./f32-scorer";
import { defaultThreads } from "./kernel-pool";
import { ExactScorer, type NormalisedRows } from "./exact-scorer";
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
}

// Working-set bounds, whatever Q, C and dims are.
const F64_CHUNK_BYTES = 256 * 1024 * 1024;
const F64_BLOCK_BYTES = 64 * 1024 * 1024;
const F64_QUERY_BLOCK = 256;
const F32_CHUNK_BYTES = 2 * 1024 * 1024;
const F32_BLOCK_BYTES = 4 * 1024 * 1024;

function finish(inputs: PathInputs, topK: TopKBuffers, exact: ExactScorer, path: RankResult["stats"]["path"], exactPairs: number): RankResult {
  const top: Int32Array[] = [], scores: Float64Array[] = [], watched: Float64Array[] = [], tied: Int32Array[] = [];
  const tiedTotal = new Int32Array(inputs.Q);
  for (let i = 0; i < inputs.Q; i++) {
    const r = topK.result(i);
    top.push(r.indices);
    scores.push(r.scores);
    tied.push(r.tied);
    tiedTotal[i] = r.tiedTotal;
    const w = inputs.watch?.[i] ?? [];
    if (w.length > 0) exact.setQuery(i);
    watched.push(Float64Array.from(w, (j) => exact.score(j)));
  }
  return { top, scores, watched, tied, tiedTotal, stats: { path, exactPairs } };
}

export function rankExactF64(inputs: PathInputs, options: RankOptions & { backend: "auto" | "wasm" | "js" }): RankResult {
  const { q, c, Q, C, k, dims } = inputs;
  const topK = new TopKBuffers(Q, k, inputs.tieCap);
  if (Q > 0 && C > 0) {
    const chunkRows = Math.max(1, Math.min(C, options.corpusChunkRows ?? Math.floor(F64_CHUNK_BYTES / (8 * dims))));
    const blockRows = Math.max(1, Math.min(Q, options.queryBlockRows ?? Math.min(F64_QUERY_BLOCK, Math.floor(F64_BLOCK_BYTES / (8 * dims)))));
    const scorer = new BlockScorer(dims, blockRows, chunkRows, options.backend);
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
  return finish(inputs, topK, new ExactScorer(q, c, dims), "f64", Q * C);
}

export function rankF32Filtered(inputs: PathInputs, options: RankOptions): RankResult {
  const { q, c, Q, C, k, dims } = inputs;
  const exact = new ExactScorer(q, c, dims);
  const topK = new TopKBuffers(Q, k, inputs.tieCap);
  let exactPairs = 0;
  if (Q > 0 && C > 0) {
    const chunkRows = Math.max(1, Math.min(C, options.corpusChunkRows ?? Math.floor(F32_CHUNK_BYTES / (4 * dims))));
    const blockRows = Math.max(1, Math.min(Q, options.queryBlockRows ?? Math.floor(F32_BLOCK_BYTES / (4 * dims))));
    const maxMagnitude = Math.max(0, ...q.magnitudes, ...c.magnitudes);
    const bound = f32ScoreBound(dims, maxMagnitude);
    const filter = new CandidateFilter(Q, k);
    const scorer = new F32Scorer(dims, blockRows, chunkRows, options.threads ?? defaultThreads());
    try {
      for (let q0 = 0; q0 < Q; q0 += blockRows) {
        const qn = Math.min(blockRows, Q - q0);
        scorer.loadQueries(q.rows, q.divisors, q0, qn);
        for (let c0 = 0; c0 < C; c0 += chunkRows) {
          const cn = Math.min(chunkRows, C - c0);
          scorer.loadCorpus(c.rows, c.divisors, c0, cn);
          scorer.score();
          for (let i = 0; i < qn; i++) {
            filter.offerRun(q0 + i, scorer.scores, i * scorer.stride, cn, c0, bound.relative, q.magnitudes[q0 + i], c.magnitudes, bound.absolute);
          }
        }
      }
    } finally {
      scorer.close();
    }
    for (let i = 0; i < Q; i++) {
      const candidates = filter.candidates(i);
      exact.setQuery(i);
      for (const j of candidates) topK.offer(i, j, exact.score(j));
      exactPairs += candidates.length;
    }
  }
  return finish(inputs, topK, exact, "f32-filter", exactPairs);
}
