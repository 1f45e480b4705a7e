// Task winners: for each positive task and each headline metric, the published run with the
// highest value in the chosen weighting, with its interval, the runner-up, and whether the
// winner is significantly ahead of it (paired sign-flip test, alpha = 0.05). No single
// retrieval family wins everywhere: this table is where that shows.
import { resolveVersion } from "@/lib/leaderboard/resolve-version";
import { POSITIVE_TASKS } from "@/lib/repo-benchmark/tasks";
import type { MetricId } from "@/lib/repo-metrics/definitions";
import type { Estimate } from "@/lib/repo-metrics/estimate";
import { ALPHA } from "./board";
import { pairedBetween } from "./paired-cache";
import { loadPublishedRuns, type PublishedRun } from "./published-runs";
import { aggregateOf, estimateOf, type Scope, type TaskScope } from "./scope";

export const WINNER_METRICS: readonly MetricId[] = ["mrr", "recall@20", "bcy@8000"];

export interface WinnerCell {
  winner: { submissionId: string; model: string; value: Estimate } | null;
  runnerUp: { submissionId: string; model: string; value: Estimate } | null;
  pValue: number | null;
  significant: boolean;
}

export interface TaskWinners {
  benchmark: { slug: string; version: string };
  weighting: Scope["weighting"];
  rows: { task: TaskScope; samples: number; cells: Record<string, WinnerCell> }[];
}

export async function getTaskWinners(slug: string, version: string | undefined, weighting: Scope["weighting"]): Promise<TaskWinners> {
  const v = await resolveVersion(slug, version);
  const runs = await loadPublishedRuns(v.id);
  const tasks: TaskScope[] = ["all", ...POSITIVE_TASKS];
  const rows = tasks.map((task) => {
    const scope: Scope = { task, weighting, filter: "all", budget: 8000 };
    const cells: Record<string, WinnerCell> = {};
    for (const metric of WINNER_METRICS) {
      const ranked = runs
        .map((r) => ({ r, e: estimateOf(r.analysis, scope, metric) }))
        .filter((x): x is { r: PublishedRun; e: Estimate } => x.e !== null)
        .sort((a, b) => b.e.value - a.e.value || (a.r.publishedAt ?? "").localeCompare(b.r.publishedAt ?? ""));
      const [w, u] = ranked;
      const p = w && u ? pairedBetween(runs, w.r, u.r, scope, metric) : null;
      cells[metric] = {
        winner: w ? { submissionId: w.r.submissionId, model: w.r.model, value: w.e } : null,
        runnerUp: u ? { submissionId: u.r.submissionId, model: u.r.model, value: u.e } : null,
        pValue: p?.pValue ?? null,
        significant: p !== null && p.pValue < ALPHA && p.delta > 0,
      };
    }
    const samples = runs.length ? (aggregateOf(runs[0].analysis, scope)?.samples ?? 0) : 0;
    return { task, samples, cells };
  });
  return { benchmark: { slug: v.slug, version: v.version }, weighting, rows };
}
