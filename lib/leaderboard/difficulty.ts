// Per-query difficulty (paper Appendix C, Figure 6a): how many systems solve each query at
// rank 1 (exec@1 = 1), its distribution, and the queries solved by none and by all.
import type { SystemScores } from "./system-scores";

export interface QueryDifficulty {
  systems: number;
  perQuery: { queryId: string; solvedBy: number }[];
  /** histogram[s] = number of queries solved by exactly s systems, s = 0..systems. */
  histogram: number[];
  solvedByNone: number;
  solvedByAll: number;
  /** numpy.median and mean of solvedBy over queries. */
  median: number;
  mean: number;
}

export function measureDifficulty(queryIds: readonly string[], systems: readonly SystemScores[]): QueryDifficulty {
  const solvedBy = queryIds.map((_, q) => systems.reduce((n, s) => n + (s.columns.exec[1][q] === 1 ? 1 : 0), 0));
  const histogram = new Array<number>(systems.length + 1).fill(0);
  for (const s of solvedBy) histogram[s]++;
  const sorted = [...solvedBy].sort((a, b) => a - b), mid = sorted.length >> 1;
  const median = sorted.length === 0 ? 0 : sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
  return {
    systems: systems.length,
    perQuery: queryIds.map((queryId, q) => ({ queryId, solvedBy: solvedBy[q] })),
    histogram,
    solvedByNone: histogram[0],
    solvedByAll: systems.length > 0 ? histogram[systems.length] : 0,
    median,
    mean: solvedBy.length ? solvedBy.reduce((a, b) => a + b, 0) / solvedBy.length : 0,
  };
}
