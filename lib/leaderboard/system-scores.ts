// One published system's per-query metric values, the input of every cross-system statistic.
import { METRIC_KS } from "@/lib/metrics/per-query-metrics";
import { METRIC_NAMES, type MetricName, type QueryScores } from "@/lib/metrics/score-queries";

export interface SystemScores {
  submissionId: string;
  /** columns[name][k][q]: the metric of query q (benchmark order). */
  columns: Record<MetricName, Record<number, Float64Array>>;
}

export function toSystemScores(submissionId: string, perQuery: readonly QueryScores[]): SystemScores {
  const columns = {} as SystemScores["columns"];
  for (const name of METRIC_NAMES) {
    columns[name] = {};
    for (const k of METRIC_KS) columns[name][k] = Float64Array.from(perQuery, (q) => q[name][k]);
  }
  return { submissionId, columns };
}

/** Mean over queries, summed in query order (the same arithmetic as the leaderboard's values). */
export function columnMean(col: Float64Array): number {
  let s = 0;
  for (let i = 0; i < col.length; i++) s += col[i];
  return s / col.length;
}
