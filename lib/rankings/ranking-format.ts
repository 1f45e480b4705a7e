// The ranking-file submission (for rerankers and any retriever that is not a pair of embedding
// matrices): UTF-8 JSON lines, one per benchmark query, each
//   {"query_id": "q_0001", "corpus_ids": ["c_0003", "c_0001", …], "scores": [12.5, 11.0, …]}
// corpus_ids best first, scores non-increasing in that order, at least the top
// MIN_RANKING_DEPTH (or the whole corpus, if smaller) per query. Equal scores are ties, whatever
// their order in the file: every metric is the expectation over their orders, so the whole tie
// group at rank 10 must be listed (at most TIE_GROUP_CAP of them).
export const MIN_RANKING_DEPTH = 100;
export const RANKING_FIELDS = ["query_id", "corpus_ids", "scores"] as const;
export const RANKING_FORMAT_HINT =
  'each line must be {"query_id": "...", "corpus_ids": ["...", ...], "scores": [number, ...]} with corpus_ids best first';

export interface RankingExpectation {
  queryIds: readonly string[];
  corpusIds: readonly string[];
}

const longest = (ids: readonly string[]) => ids.reduce((m, id) => Math.max(m, new TextEncoder().encode(JSON.stringify(id)).length), 0);

/**
 * The most bytes a ranking file for these ids can need: every query ranking the whole corpus,
 * each entry its quoted id and the longest JSON number (24 characters) with separators, and as
 * much again for whitespace. A larger file is refused by its size before any of it is decoded,
 * so refusing a hostile file costs no more than an honest one could.
 */
export function rankingFileBudget(expected: RankingExpectation): number {
  const line = 64 + longest(expected.queryIds) + expected.corpusIds.length * (longest(expected.corpusIds) + 32);
  return 2 * expected.queryIds.length * line;
}

export interface ValidatedRanking {
  queryCount: number;
  corpusCount: number;
  /** Shortest and longest ranked list. */
  minDepth: number;
  maxDepth: number;
  /** Per benchmark query (in expected.queryIds order): corpus rows best first, and their scores. */
  rows: Int32Array[];
  scores: Float64Array[];
}
