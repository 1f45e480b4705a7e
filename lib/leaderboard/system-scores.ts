// One published system's per-query metric values, the input of every cross-system statistic.
import { METRIC_KS } from "@/lib/metrics/per-query-metrics";
import { METRIC_NAMES, type MetricName, type QueryScores } from "@/lib/metrics/score-queries";
import type { Rational } from "@/lib/metrics/tie-aware";

export interface SystemScores {
  submissionId: string;
  /** columns[name][k][q]: the metric of query q (benchmark order), an expectation over tie orders. */
  columns: Record<MetricName, Record<number, Float64Array>>;
  /** execExact[k][q]: exec@k of query q as an exact fraction (the paired test's input). */
  execExact: Record<number, Rational[]>;
}

export function toSystemScores(submissionId: string, perQuery: readonly QueryScores[]): SystemScores {
  const columns = {} as SystemScores["columns"];
  for (const name of METRIC_NAMES) {
    columns[name] = {};
    for (const k of METRIC_KS) columns[name][k] = Float64Array.from(perQuery, (q) => q[name][k]);
  }
  const execExact: SystemScores["execExact"] = {};
  for (const k of METRIC_KS) execExact[k] = perQuery.map((q) => q.execExact[k]);
  return { submissionId, columns, execExact };
}

/** Mean over queries, summed in query order (the same arithmetic as the leaderboard's values). */
export function columnMean(col: Float64Array): number {
  let s = 0;
  for (let i = 0; i < col.length; i++) s += col[i];
  return s / col.length;
}
