// What repository-retrieval metrics measure, and at which cut-offs. Every metric is computed at
// the evaluated depth: a ranking's first RUN_DEPTH (100) files count, later ones never do
// (vendors' run files, the server's rankings and fused runs alike), so MRR is MRR@100.
export const EVAL_DEPTH = 100;

export const RECALL_KS = [5, 10, 20] as const;
export const BUDGETS = [4000, 8000, 16000, 32000] as const;
/** Depths of the first-gold curve: the share of samples with a gold file within the first d. */
export const FIRST_GOLD_DEPTHS = [1, 3, 5, 10, 20, 50, 100] as const;
/** Selective retrieval counts a kept positive as a success when a gold file is within this depth. */
export const SELECTIVE_DEPTH = 20;

export type MetricId = `recall@${(typeof RECALL_KS)[number]}` | "mrr" | `bcy@${(typeof BUDGETS)[number]}` | `any@${(typeof FIRST_GOLD_DEPTHS)[number]}`;

export const METRIC_IDS: readonly MetricId[] = [
  ...RECALL_KS.map((k) => `recall@${k}` as const),
  "mrr",
  ...BUDGETS.map((b) => `bcy@${b}` as const),
  ...FIRST_GOLD_DEPTHS.map((d) => `any@${d}` as const),
];

/** The metrics a leaderboard, a task table or a comparison may order by. */
export const HEADLINE_METRICS: readonly MetricId[] = ["recall@5", "recall@10", "recall@20", "mrr", "bcy@4000", "bcy@8000", "bcy@16000", "bcy@32000"];

export function metricLabel(id: MetricId): string {
  if (id === "mrr") return "MRR";
  const [name, k] = id.split("@");
  if (name === "recall") return `Recall@${k}`;
  if (name === "bcy") return `BCY@${Number(k) / 1000}k`;
  return `gold by ${k}`;
}

export const METRIC_HELP: Record<string, string> = {
  recall: "Share of a sample's gold files among its first k ranked files, averaged over positive samples.",
  mrr: "Reciprocal rank of the first gold file (0 when none is in the first 100), averaged over positive samples.",
  bcy: "Budgeted context yield: rank-ordered files are packed into a budget of B tokens (cl100k_base, each rendered as '### path' and its content; the file that overflows is cut, and packing stops); the share of gold files with at least one content token inside.",
  any: "Share of positive samples with a gold file within the first d ranked files (first-gold depth).",
};

/** Stored in metrics(name, k): the sample-weighted headline values. */
export function storedMetric(id: MetricId): { name: string; k: number } {
  if (id === "mrr") return { name: "mrr", k: 100 };
  const [name, k] = id.split("@");
  return { name, k: Number(k) };
}
