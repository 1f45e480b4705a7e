// A version's samples for the samples browser: task, repository, the first line of the query,
// how many gold and given files, and how many published runs find a gold file in their first 20
// (tie-aware, so possibly a fraction).
import { resolveVersion } from "@/lib/leaderboard/resolve-version";
import { loadRepoVersion } from "@/lib/repo-benchmark/load-version";
import type { RepoTask } from "@/lib/db/generated/enums";
import { METRIC_IDS } from "@/lib/repo-metrics/definitions";
import { loadPublishedRuns } from "./published-runs";

export interface SampleListRow {
  sampleId: string;
  task: RepoTask;
  repo: string;
  summary: string;
  gold: number;
  given: number;
  /** Expected number of published runs with a gold file in their first 20 (positives only). */
  found: number | null;
  /** A published run to open the drilldown with. */
  via: string | null;
}

export async function listVersionSamples(slug: string, version: string | undefined, task: RepoTask | "all"): Promise<{ benchmark: { slug: string; name: string; version: string }; versionId: number; runs: number; rows: SampleListRow[] }> {
  const v = await resolveVersion(slug, version);
  const [rv, runs] = await Promise.all([loadRepoVersion(v.id), loadPublishedRuns(v.id)]);
  const any20 = METRIC_IDS.indexOf("any@20");
  const rows = rv.samples
    .map((s, i) => ({
      sampleId: s.sampleId,
      task: s.task,
      repo: s.repo,
      summary: s.queryText.split("\n").find((l) => l.trim() !== "")?.slice(0, 160) ?? "",
      gold: s.gold.length,
      given: s.given.length,
      found: s.gold.length ? runs.reduce((n, r) => n + (r.analysis.perSample[i]?.values?.[any20] ?? 0), 0) : null,
      via: runs[0]?.submissionId ?? null,
    }))
    .filter((r) => task === "all" || r.task === task);
  return { benchmark: { slug: v.slug, name: v.name, version: v.version }, versionId: v.id, runs: runs.length, rows };
}
