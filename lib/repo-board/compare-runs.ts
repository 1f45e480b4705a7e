// Comparing 2-4 published runs: each headline metric with its interval per run, and every pair's
// paired difference with its interval and sign-flip p-value, in the chosen scope.
import { AppError } from "@/lib/errors/app-error";
import { resolveVersion } from "@/lib/leaderboard/resolve-version";
import { HEADLINE_METRICS, type MetricId } from "@/lib/repo-metrics/definitions";
import type { PairedResult } from "@/lib/repo-metrics/paired";
import { pairedBetween } from "./paired-cache";
import { loadPublishedRuns, type PublishedRun } from "./published-runs";
import { estimateOf, type Scope } from "./scope";

export interface RunComparison {
  benchmark: { slug: string; version: string };
  runs: PublishedRun[];
  /** Every published run of the version, for the picker. */
  available: { submissionId: string; model: string; isBaseline: boolean }[];
  pairs: { a: string; b: string; metric: MetricId; result: PairedResult | null }[];
}

export async function compareRuns(slug: string, version: string | undefined, ids: readonly string[], scope: Scope): Promise<RunComparison> {
  const v = await resolveVersion(slug, version);
  const all = await loadPublishedRuns(v.id);
  const unique = [...new Set(ids)];
  if (unique.length > 4) throw new AppError("BAD_REQUEST", `compare at most 4 runs at once; got ${unique.length}`);
  const runs = unique.map((id) => {
    const r = all.find((x) => x.submissionId === id);
    if (!r) throw new AppError("NOT_FOUND", `no published run ${id} on ${slug} ${v.version}`);
    return r;
  });
  const pairs: RunComparison["pairs"] = [];
  for (let i = 0; i < runs.length; i++)
    for (let j = i + 1; j < runs.length; j++)
      for (const metric of HEADLINE_METRICS) pairs.push({ a: runs[i].submissionId, b: runs[j].submissionId, metric, result: pairedBetween(all, runs[i], runs[j], scope, metric) });
  return {
    benchmark: { slug: v.slug, version: v.version },
    runs,
    available: all.map((r) => ({ submissionId: r.submissionId, model: r.model, isBaseline: r.isBaseline })),
    pairs,
  };
}

export { estimateOf };
