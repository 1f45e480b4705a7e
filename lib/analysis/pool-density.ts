// Pool-density ablation (paper §5.3, Table 4): expected exec@1 when every query keeps only d of
// its own distractors, the rest of the corpus unchanged, as the exact expectation over all
// C(n, d) retained subsets, each equally likely. The realized ranking order is kept: removing
// snippets never reorders the others, so the new rank 1 is the first kept snippet of the
// original ranking. A query with n <= d distractors keeps all of them (its shipped pool), so
// the row d = max n reproduces exec@1 exactly.
//
// Walking the ranking from the top: let a_1..a_m be the own distractors ranked above the first
// snippet o that is not one. With d of n kept uniformly at random,
//   P(a_1..a_{i-1} removed, a_i kept) = C(n-i, d-1) / C(n, d)
//   P(a_1..a_m all removed)            = C(n-m, d) / C(n, d)
// and E[exec@1] = sum_i P(first kept is a_i) pass(a_i) + P(all removed) pass(o).
import type { Estimator } from "@/lib/metrics/estimates";
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
 * verdict of a snippet below the executed top-k.
 */
export function expectedExec1(layout: BenchmarkLayout, qi: number, e: QueryEvidence, d: number): number | null {
  const n = layout.queries[qi].distractorRows.length;
  if (e.top.length === 0) return 0;
  if (d >= n) return e.passes[0] ? 1 : 0;
  const total = binomial(n, d);
  let expected = 0;
  for (let i = 0; i < e.top.length; i++) {
    const item = layout.corpus[e.top[i]];
    const ownDistractor = item.role === "distractor" && item.queryIndex === qi;
    if (!ownDistractor) {
      // o: reached when the i own distractors above it are all removed.
      return expected + (e.passes[i] ? binomial(n - i, d) / total : 0);
    }
    if (e.passes[i]) expected += binomial(n - (i + 1), d - 1) / total;
  }
  // Every executed snippet is an own distractor: o lies below the top-k.
  return binomial(n - e.top.length, d) === 0 ? expected : null;
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
      rows.push({ retained: d, expectedExec1: notAvailable(`${missing} queries would need the verdict of a snippet below the executed top-${evidence[0]?.top.length ?? 0}`) });
      continue;
    }
    const [estimate] = est.mean([Float64Array.from(values as number[])]);
    rows.push({ retained: d, expectedExec1: available(estimate) });
  }
  return { maxDistractors, rows };
}
