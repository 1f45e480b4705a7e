// Per-query difficulty (paper Appendix C, Figure 6a): how many systems solve each query at
// rank 1, its distribution, and the queries solved by none and by all.
//
// With ties, system s solves query q at rank 1 with probability p_sq (its tie-aware exec@1),
// independently of the other systems, so the number of systems solving q is Poisson-binomial.
// Every figure is an exact expectation: solvedBy is E[N_q] = sum_s p_sq, histogram[n] is the
// expected number of queries solved by exactly n systems (sum_q P(N_q = n)), and the median is
// that of the pooled distribution of N over queries (numpy's median when nothing is tied).
import type { SystemScores } from "./system-scores";

export interface QueryDifficulty {
  systems: number;
  /** solvedBy: expected number of systems whose rank-1 snippet passes. */
  perQuery: { queryId: string; solvedBy: number }[];
  /** histogram[n] = expected number of queries solved by exactly n systems, n = 0..systems. */
  histogram: number[];
  solvedByNone: number;
  solvedByAll: number;
  /** Median and mean of the number of systems solving a query. */
  median: number;
  mean: number;
}

/** P(N = n), n = 0..probabilities.length, for N the number of successes of independent trials. */
export function poissonBinomial(probabilities: ArrayLike<number>): Float64Array {
  let dist = new Float64Array(probabilities.length + 1);
  dist[0] = 1;
  for (let s = 0; s < probabilities.length; s++) {
    const p = probabilities[s];
    const next = new Float64Array(dist.length);
    for (let n = 0; n <= s; n++) {
      next[n] += dist[n] * (1 - p);
      next[n + 1] += dist[n] * p;
    }
    dist = next;
  }
  return dist;
}

export function measureDifficulty(queryIds: readonly string[], systems: readonly SystemScores[]): QueryDifficulty {
  const S = systems.length, Q = queryIds.length;
  const histogram = new Array<number>(S + 1).fill(0);
  const solvedBy = queryIds.map((_, q) => {
    const p = systems.map((s) => s.columns.exec[1][q]);
    const dist = poissonBinomial(p);
    for (let n = 0; n <= S; n++) histogram[n] += dist[n];
    return p.reduce((a, b) => a + b, 0);
  });
  // Median of the pooled distribution: the middle of Q values when nothing is tied.
  const half = Q / 2;
  let lo = NaN, hi = NaN, cum = 0;
  for (let n = 0; n <= S; n++) {
    cum += histogram[n];
    if (lo !== lo && cum >= half - 1e-9) lo = n;
    if (cum > half + 1e-9) {
      hi = n;
      break;
    }
  }
  if (hi !== hi) hi = lo;
  return {
    systems: S,
    perQuery: queryIds.map((queryId, q) => ({ queryId, solvedBy: solvedBy[q] })),
    histogram,
    solvedByNone: histogram[0],
    solvedByAll: S > 0 ? histogram[S] : 0,
    median: Q === 0 ? 0 : (lo + hi) / 2,
    mean: Q ? solvedBy.reduce((a, b) => a + b, 0) / Q : 0,
  };
}
