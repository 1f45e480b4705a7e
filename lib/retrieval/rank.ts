// Exact top-k retrieval: every query is scored against every corpus row (no approximation).
// Ranking contract (DESIGN.md): descending similarity, exact ties broken by corpus row order.
import { AppError } from "@/lib/errors/app-error";
import { BlockScorer, type Matrix, type RowSource, type ScoringBackend } from "./block-scorer";
import { TopKBuffers } from "./top-k";

export type Similarity = "cosine" | "dot";

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
}

export interface RankResult {
  /** Per query, the k best corpus row indices, best first. */
  top: Int32Array[];
  scores: Float64Array[];
  /** Per query, scores of `watch[q]` in the same order (bit-identical to the same pair in `top`). */
  watched: Float64Array[];
}

// Bound the working buffer (<= 256 MiB of corpus, <= 256 query rows and 64 MiB of queries)
// whatever Q, C and dims are.
const MAX_CHUNK_BYTES = 256 * 1024 * 1024;
const MAX_BLOCK_BYTES = 64 * 1024 * 1024;
const QUERY_BLOCK = 256;

/** Tuning knobs; results never depend on them (tests use small values to cross chunk boundaries). */
export interface RankOptions {
  backend?: ScoringBackend;
  corpusChunkRows?: number;
  queryBlockRows?: number;
}

export function rankCorpus(input: RankInput, options: RankOptions = {}): RankResult {
  const { queries, corpus, dims, similarity } = input;
  const k = input.k ?? 10;
  if (!Number.isInteger(dims) || dims < 1 || dims > 1 << 20) throw new AppError("BAD_REQUEST", `invalid dims ${dims}`);
  if (queries.length % dims !== 0 || corpus.length % dims !== 0) {
    throw new AppError("BAD_REQUEST", `matrix lengths ${queries.length}, ${corpus.length} are not multiples of dims ${dims}`);
  }
  if (!Number.isInteger(k) || k < 1) throw new AppError("BAD_REQUEST", `k must be a positive integer, got ${k}`);
  const Q = queries.length / dims, C = corpus.length / dims;
  if (input.watch && input.watch.length !== Q) throw new AppError("BAD_REQUEST", `watch has ${input.watch.length} entries for ${Q} queries`);
  for (const row of input.watch ?? []) {
    for (const j of row) if (!Number.isInteger(j) || j < 0 || j >= C) throw new AppError("BAD_REQUEST", `watched corpus row ${j} out of range`);
  }
  const q = rowSource(queries, dims, similarity, "query");
  const c = rowSource(corpus, dims, similarity, "corpus");

  const topK = new TopKBuffers(Q, Math.min(k, C));
  if (Q > 0 && C > 0) {
    const chunkRows = Math.max(1, Math.min(C, options.corpusChunkRows ?? Math.floor(MAX_CHUNK_BYTES / (8 * dims))));
    const blockRows = Math.max(1, Math.min(Q, options.queryBlockRows ?? Math.min(QUERY_BLOCK, Math.floor(MAX_BLOCK_BYTES / (8 * dims)))));
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

  const top: Int32Array[] = [], scores: Float64Array[] = [], watched: Float64Array[] = [];
  for (let i = 0; i < Q; i++) {
    const r = topK.result(i);
    top.push(r.indices);
    scores.push(r.scores);
    const w = input.watch?.[i] ?? [];
    watched.push(Float64Array.from(w, (j) => pairScore(q, i, c, j, dims)));
  }
  return { top, scores, watched };
}

/**
 * One score with exactly the kernel's arithmetic: each value divided by its row's divisor, then
 * a sequential float64 sum of products over t = 0..d-1.
 */
export function pairScore(q: RowSource, qi: number, c: RowSource, cj: number, dims: number): number {
  const qd = q.divisors[qi], cd = c.divisors[cj], qo = qi * dims, co = cj * dims;
  let s = 0;
  for (let t = 0; t < dims; t++) s += (q.data[qo + t] / qd) * (c.data[co + t] / cd);
  return s;
}

// Cosine divides each row by its float64 L2 norm; dot divides by 1, which is exact. A zero row
// (rejected upstream by embedding validation) keeps divisor 1 and so scores 0 under cosine.
function rowSource(data: Matrix, dims: number, similarity: Similarity, what: string): RowSource {
  const rows = data.length / dims;
  const divisors = new Float64Array(rows).fill(1);
  for (let r = 0; r < rows; r++) {
    let ss = 0;
    for (let t = r * dims, end = t + dims; t < end; t++) {
      const v = data[t];
      if (!Number.isFinite(v)) throw new AppError("BAD_REQUEST", `${what} row ${r} has a non-finite value`);
      ss += v * v;
    }
    if (similarity === "cosine" && ss > 0) divisors[r] = Math.sqrt(ss);
  }
  return { data, divisors };
}
