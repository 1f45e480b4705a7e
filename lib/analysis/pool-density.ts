// Pool-density ablation (paper §5.3, Table 4): expected exec@1 when every query keeps only d of
// its own distractors, the rest of the corpus unchanged, as the exact expectation over all
// C(n, d) retained subsets, each equally likely, and over the orders of tied snippets. Removing
// snippets never reorders the others, so the new rank 1 is the best-scoring tie group that keeps
// a member. A query with n <= d distractors keeps all of them (its shipped pool), so the row
// d = max n reproduces exec@1 exactly.
//
// Walking the tie groups from the top: group j holds a_j own distractors (p_j of them passing)
// and o_j other snippets (q_j passing), which are always kept. With A own distractors in the
// groups above, all removed, and t of the group's a_j kept:
//   P(A above removed, t of a_j kept) = C(a_j, t) C(n - A - a_j, d - t) / C(n, d)
//   E[exec@1 | that]                  = (q_j + t p_j / a_j) / (o_j + t)     (when o_j + t > 0)
// The walk ends at the first group with o_j > 0, which some member always survives.
import type { Estimator } from "@/lib/metrics/estimates";
import { execAtK, tieGroups } from "@/lib/metrics/tie-aware";
import type { QueryEvidence, SubmissionEvidence } from "./evidence";
import type { BenchmarkLayout } from "./layout";
import { available, notAvailable, type Stat } from "./stat";

/** C(n, k) as a float64: exact for every n this benchmark can have (n < 60). */
export function binomial(n: number, k: number): number {
  if (k < 0 || k > n) return 0;
  const m = Math.min(k, n - k);
  let c = 1;
  for (let i = 1; i <= m; i++) c = (c * (n - m + i)) / i;
  return Math.round(c);
}

/**
 * Expected exec@1 of one query keeping d of its own distractors; null when it needs the
 * verdict of a snippet below the executed list.
 */
export function expectedExec1(layout: BenchmarkLayout, qi: number, e: QueryEvidence, d: number): number | null {
  const n = layout.queries[qi].distractorRows.length;
  if (e.top.length === 0) return 0;
  const ranked = Array.from(e.top, (row, i) => ({ score: e.scores[i], passes: e.passes[i] ?? false, relevant: false }));
  const groups = tieGroups(ranked);
  if (d >= n) return execAtK(ranked, 1);
  const total = binomial(n, d);
  let expected = 0, above = 0;
  for (const g of groups) {
    let a = 0, p = 0, o = 0, q = 0;
    for (let i = g.start; i < g.start + g.size; i++) {
      const item = layout.corpus[e.top[i]];
      const own = item.role === "distractor" && item.queryIndex === qi;
      if (own) {
        a++;
        if (e.passes[i]) p++;
      } else {
        o++;
        if (e.passes[i]) q++;
      }
    }
    for (let t = 0; t <= Math.min(a, d); t++) {
      if (o + t === 0) continue;
      const prob = (binomial(a, t) * binomial(n - above - a, d - t)) / total;
      if (prob > 0) expected += (prob * (q + (a > 0 ? (t * p) / a : 0))) / (o + t);
    }
    if (o > 0) return expected;
    above += a;
  }
  // Every listed snippet is an own distractor: the walk continues below the list unless all of
  // them being removed is impossible.
  return binomial(n - above, d) === 0 ? expected : null;
}

export interface PoolDensity {
  /** The largest number of own distractors of any query. */
  maxDistractors: number;
  rows: { retained: number; expectedExec1: Stat }[];
}

export function measurePoolDensity(layout: BenchmarkLayout, evidence: SubmissionEvidence, est: Estimator): PoolDensity {
  const maxDistractors = Math.max(0, ...layout.queries.map((q) => q.distractorRows.length));
  const rows = [];
  for (let d = 0; d <= maxDistractors; d++) {
    const values = evidence.map((e, qi) => expectedExec1(layout, qi, e, d));
    const missing = values.filter((v) => v === null).length;
    if (missing > 0) {
      rows.push({ retained: d, expectedExec1: notAvailable(`${missing} queries would need the verdict of a snippet below the executed list (the top 10 and the snippets tied with the 10th)`) });
      continue;
    }
    const [estimate] = est.mean([Float64Array.from(values as number[])]);
    rows.push({ retained: d, expectedExec1: available(estimate) });
  }
  return { maxDistractors, rows };
}
