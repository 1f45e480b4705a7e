// Per-query retrieval metrics of the paper (§4.1). `passes[i]` says whether the snippet at
// rank i+1 passes every test of the query; ranks are 1-based throughout.

/** The cut-offs the paper reports for every metric family. */
export const METRIC_KS = [1, 3, 5, 10] as const;

function checkK(k: number): void {
  if (!Number.isInteger(k) || k < 1) throw new RangeError(`k must be a positive integer, got ${k}`);
}

/** exec@k: 1 if any of the top-k snippets passes. Missing ranks (corpus smaller than k) do not pass. */
export function execAtK(passes: readonly boolean[], k: number): 0 | 1 {
  checkK(k);
  const n = Math.min(k, passes.length);
  for (let i = 0; i < n; i++) if (passes[i]) return 1;
  return 0;
}

/** execution_precision@k: passing snippets in the top-k divided by k (always k, as in the paper). */
export function executionPrecisionAtK(passes: readonly boolean[], k: number): number {
  checkK(k);
  const n = Math.min(k, passes.length);
  let hits = 0;
  for (let i = 0; i < n; i++) if (passes[i]) hits++;
  return hits / k;
}

/**
 * Canonical-ID nDCG@k with binary relevance (Järvelin & Kekäläinen 2002).
 * `relevantRanks`: 1-based ranks at which the query's correct_corpus_ids were retrieved (ids not
 * retrieved are simply absent). `relevantCount`: how many correct ids the query has; defaults to
 * max(1, relevantRanks.length), which is exact for ExecRetrieval's one canonical per query but
 * must be passed when a query has several correct ids and some were not retrieved.
 * DCG = sum of 1/log2(rank+1) over ranks <= k; IDCG = sum over the first min(k, relevantCount) ranks.
 */
export function ndcgAtK(relevantRanks: readonly number[], k: number, relevantCount?: number): number {
  checkK(k);
  const total = relevantCount ?? Math.max(1, relevantRanks.length);
  if (!Number.isInteger(total) || total < relevantRanks.length || total < 1) {
    throw new RangeError(`relevantCount ${relevantCount} is below the ${relevantRanks.length} retrieved relevant ids`);
  }
  if (new Set(relevantRanks).size !== relevantRanks.length) throw new RangeError("relevant ranks must be distinct");
  let dcg = 0;
  for (const r of relevantRanks) {
    if (!Number.isInteger(r) || r < 1) throw new RangeError(`rank must be a positive integer, got ${r}`);
    if (r <= k) dcg += 1 / Math.log2(r + 1);
  }
  let idcg = 0;
  for (let r = 1; r <= Math.min(k, total); r++) idcg += 1 / Math.log2(r + 1);
  return dcg / idcg;
}
