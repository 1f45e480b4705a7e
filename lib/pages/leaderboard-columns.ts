// The leaderboard's columns: what each measures (the header tooltip), how it sorts, and how it
// is exported. The table, the CSV and the JSON all read this one list, so a download holds
// exactly the columns the reader sees.
import type { MetricName } from "@/lib/metrics/score-queries";

export const LEADERBOARD_KS = [1, 3, 5, 10] as const;
export type LeaderboardK = (typeof LEADERBOARD_KS)[number];

export type InfoColumnId = "rank" | "model" | "provider" | "openWeights" | "params" | "dims" | "similarity" | "date";
export type MetricColumnId = "exec1" | "exec3" | "exec5" | "exec10" | "execp" | "ndcg";
export type ColumnId = InfoColumnId | MetricColumnId;

export interface InfoColumn {
  id: InfoColumnId;
  label: string;
  help: string;
  numeric: boolean;
}

export interface MetricColumn {
  id: MetricColumnId;
  label: string;
  help: string;
  metric: MetricName;
  k: number;
}

export function infoColumns(k: number): InfoColumn[] {
  return [
    {
      id: "rank",
      label: "Rank",
      help: `Position by exec@${k}; equal values share a rank. "≈ leader" marks systems not significantly different from the leader at exec@${k} (paired sign-flip test, exact McNemar when nothing is tied; p ≥ 0.05).`,
      numeric: true,
    },
    { id: "model", label: "Model", help: "The submitted system, as its vendor names it. Opens the model's page.", numeric: false },
    { id: "provider", label: "Provider", help: "Who trained or serves the model.", numeric: false },
    { id: "openWeights", label: "Open", help: "Open weights: whether the model's weights can be downloaded (as the vendor declares; — when not stated).", numeric: false },
    { id: "params", label: "Params", help: "The model's parameter count, as the vendor declares it (— when not stated).", numeric: true },
    { id: "dims", label: "Dims", help: "Embedding dimensions (0 for lexical baselines).", numeric: true },
    { id: "similarity", label: "Sim.", help: "Similarity: how queries and snippets were compared — cosine over L2-normalised vectors, or raw dot product.", numeric: false },
    { id: "date", label: "Published", help: "When a maintainer published the result.", numeric: false },
  ];
}

/**
 * The cut-off of the execution-precision and nDCG columns at leaderboard k. At k = 1 both would
 * repeat exec@1 (execp@1 is exec@1 by definition, and nDCG@1 is too whenever only the canonical
 * passes, as in ExecRetrieval), so the table shows them at 10, where they say something new.
 */
export function secondaryK(k: number): number {
  return k === 1 ? 10 : k;
}

export function metricColumns(k: number): MetricColumn[] {
  const kk2 = secondaryK(k);
  const why = k === 1 ? " Shown at 10 while the table ranks by exec@1: at 1 it would equal exec@1." : "";
  return [
    ...LEADERBOARD_KS.map((kk) => ({
      id: `exec${kk}` as MetricColumnId,
      label: `exec@${kk}`,
      help: `Share of queries for which at least one of the top ${kk} retrieved snippets passes every test of the query. Higher is better.`,
      metric: "exec" as const,
      k: kk,
    })),
    {
      id: "execp",
      label: `execp@${kk2}`,
      help: `Execution precision@${kk2}: the fraction of the top ${kk2} snippets that pass every test, averaged over queries. Higher is better.${why}`,
      metric: "execution_precision",
      k: kk2,
    },
    {
      id: "ndcg",
      label: `nDCG@${kk2}`,
      help: `Canonical-ID nDCG@${kk2}: how high the query's canonical implementation ranks (identity, not execution). Higher is better.${why}`,
      metric: "ndcg",
      k: kk2,
    },
  ];
}

export const COLUMN_IDS: readonly ColumnId[] = ["rank", "model", "provider", "openWeights", "params", "dims", "similarity", "date", "exec1", "exec3", "exec5", "exec10", "execp", "ndcg"];
