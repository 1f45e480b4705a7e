// The track's leaderboard for one version and one scope (task, weighting, candidate filter,
// budget): every published run with Recall@5/10/20, MRR and BCY at the chosen budget, each with
// its 95% interval, ranked by the chosen metric; rows not significantly different from the
// leader on it (paired sign-flip test, alpha = 0.05) are marked.
import { resolveVersion } from "@/lib/leaderboard/resolve-version";
import { metricLabel, type MetricId } from "@/lib/repo-metrics/definitions";
import type { Estimate } from "@/lib/repo-metrics/estimate";
import { pairedBetween } from "./paired-cache";
import { loadPublishedRuns, type PublishedRun } from "./published-runs";
import { aggregateOf, estimateOf, type Scope } from "./scope";

export const ALPHA = 0.05;

export interface BoardColumn {
  metric: MetricId;
  label: string;
}

export interface BoardRow {
  submissionId: string;
  model: string;
  provider: string;
  organisation: string | null;
  kind: PublishedRun["kind"];
  isBaseline: boolean;
  verified: boolean;
  warningNote: string | null;
  publishedAt: string | null;
  /** Scored by another engine of this kind, its re-score pending (lib/rescore). */
  provisional: boolean;
  rank: number;
  /** Against the leader on the sort metric: the leader, not significantly different, below. */
  tie: "leader" | "tied" | "below";
  pValue: number | null;
  values: Record<string, Estimate | null>;
  samples: number;
}

export interface RepoBoard {
  benchmark: { slug: string; name: string; version: string; versionId: number; samples: number; files: number };
  scope: Scope;
  sort: MetricId;
  columns: BoardColumn[];
  rows: BoardRow[];
  /** Positive samples in the scope (0 when the version has none of the task). */
  samples: number;
  repos: number;
}

export function boardColumns(scope: Scope): BoardColumn[] {
  const ids: MetricId[] = ["recall@5", "recall@10", "recall@20", "mrr", `bcy@${scope.budget}`];
  return ids.map((metric) => ({ metric, label: metricLabel(metric) }));
}

export async function getRepoBoard(slug: string, version: string | undefined, scope: Scope, sort: MetricId): Promise<RepoBoard> {
  const v = await resolveVersion(slug, version);
  const runs = await loadPublishedRuns(v.id);
  const columns = boardColumns(scope);
  const metric = sort.startsWith("bcy@") ? (`bcy@${scope.budget}` as MetricId) : sort;
  const valueOf = (r: PublishedRun) => estimateOf(r.analysis, scope, metric)?.value ?? -Infinity;
  const ordered = [...runs].sort((a, b) => valueOf(b) - valueOf(a) || (a.publishedAt ?? "").localeCompare(b.publishedAt ?? "") || (a.submissionId < b.submissionId ? -1 : 1));
  const leader = ordered[0];
  const first = leader ? aggregateOf(leader.analysis, scope) : null;
  const rows: BoardRow[] = ordered.map((r) => {
    const p = leader && r !== leader && first ? pairedBetween(runs, leader, r, scope, metric) : null;
    return {
      submissionId: r.submissionId,
      model: r.model,
      provider: r.provider,
      organisation: r.organisation,
      kind: r.kind,
      isBaseline: r.isBaseline,
      verified: r.verified,
      warningNote: r.warningNote,
      publishedAt: r.publishedAt,
      provisional: r.provisional,
      rank: 1 + ordered.filter((o) => valueOf(o) > valueOf(r)).length,
      tie: r === leader ? "leader" : p && p.pValue >= ALPHA ? "tied" : "below",
      pValue: p?.pValue ?? null,
      values: Object.fromEntries(columns.map((c) => [c.metric, estimateOf(r.analysis, scope, c.metric)])),
      samples: aggregateOf(r.analysis, scope)?.samples ?? 0,
    };
  });
  return {
    benchmark: { slug: v.slug, name: v.name, version: v.version, versionId: v.id, samples: v.queries, files: v.corpus },
    scope,
    sort: metric,
    columns,
    rows,
    samples: first?.samples ?? 0,
    repos: first?.repos ?? 0,
  };
}
