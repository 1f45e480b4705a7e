// What a reader looks at on the track's pages: a task (all positive tasks, or one), a weighting
// (every sample, or every repository, equally), a candidate filter, and for BCY a budget.
// Parsed from a page's or the API's query string; anything unknown falls back to the default.
import { CANDIDATE_FILTERS, type CandidateFilter } from "@/lib/repo-files/classify";
import type { Aggregate, RunAnalysis } from "@/lib/repo-metrics/analyze-run";
import { BUDGETS, HEADLINE_METRICS, METRIC_IDS, type MetricId } from "@/lib/repo-metrics/definitions";
import type { Estimate, Weighting } from "@/lib/repo-metrics/estimate";
import { POSITIVE_TASKS, type PositiveTask } from "@/lib/repo-benchmark/tasks";

export type TaskScope = "all" | PositiveTask;

export interface Scope {
  task: TaskScope;
  weighting: Weighting;
  filter: CandidateFilter;
  budget: (typeof BUDGETS)[number];
}

export const DEFAULT_SCOPE: Scope = { task: "all", weighting: "sample", filter: "all", budget: 8000 };

function one(v: string | string[] | undefined): string | undefined {
  return Array.isArray(v) ? v[0] : v;
}

export function parseScope(q: Record<string, string | string[] | undefined>): Scope {
  const task = one(q.task);
  const weighting = one(q.weighting);
  const filter = one(q.filter);
  const budget = Number(one(q.budget));
  return {
    task: task && (POSITIVE_TASKS as readonly string[]).includes(task) ? (task as PositiveTask) : "all",
    weighting: weighting === "repo" ? "repo" : "sample",
    filter: filter && (CANDIDATE_FILTERS as readonly string[]).includes(filter) ? (filter as CandidateFilter) : "all",
    budget: (BUDGETS as readonly number[]).includes(budget) ? (budget as Scope["budget"]) : 8000,
  };
}

export function parseMetric(v: string | string[] | undefined, fallback: MetricId = "mrr"): MetricId {
  const m = one(v);
  return m && (HEADLINE_METRICS as readonly string[]).includes(m) ? (m as MetricId) : fallback;
}

/** The aggregate a scope reads (the candidate filter applies to all tasks together). */
export function aggregateOf(a: RunAnalysis, scope: Scope): Aggregate | null {
  if (scope.filter !== "all") return scope.task === "all" ? a.filters[scope.filter] : null;
  return scope.task === "all" ? a.overall : (a.byTask[scope.task] ?? null);
}

export function estimateOf(a: RunAnalysis, scope: Scope, metric: MetricId): Estimate | null {
  const agg = aggregateOf(a, scope);
  return agg ? agg[scope.weighting][METRIC_IDS.indexOf(metric)] : null;
}

/** Per-sample values of a metric over the scope's samples (benchmark order), with each sample's repository. */
export function perSampleColumn(a: RunAnalysis, scope: Scope, metric: MetricId): { sampleIds: string[]; repos: string[]; values: number[] } {
  const m = METRIC_IDS.indexOf(metric);
  const rows = a.perSample.filter((p) => p.values !== null && (scope.task === "all" || p.task === scope.task));
  const key = scope.filter === "all" ? "values" : scope.filter;
  return { sampleIds: rows.map((r) => r.sampleId), repos: rows.map((r) => r.repo), values: rows.map((r) => r[key]![m]) };
}
