// GET /api/v1/benchmarks/{slug}/analysis: the version's cross-submission summary — which
// systems, tie groups (systems not significantly different from the leader at exec@k),
// and the per-query difficulty distribution.
import { loadVersionAnalysis, type StoredVersionAnalysis } from "./load-version-analysis";
import type { ResolvedVersion } from "./resolve-version";

export interface VersionAnalysisView {
  benchmark: { slug: string; name: string; version: string; queries: number; corpus: number };
  computedAt: string | null;
  stale: boolean;
  bootstrap: { replicates: number; seed: number; method: string } | null;
  systems: { submissionId: string; model: string; provider: string; kind: string }[];
  tieGroups: { k: number; alpha: number; leader: string; members: string[] }[];
  difficulty: { systems: number; histogram: number[]; solvedByNone: number; solvedByAll: number; median: number; mean: number } | null;
}

export async function getVersionAnalysis(slug: string, version?: string | ResolvedVersion): Promise<VersionAnalysisView> {
  return versionAnalysisView(await loadVersionAnalysis(slug, version));
}

/** The public view of a version's stored statistics (for callers that loaded them for more). */
export function versionAnalysisView(a: StoredVersionAnalysis): VersionAnalysisView {
  const named = new Set(a.systems.map((s) => s.submissionId));
  const { perQuery: _perQuery, ...difficulty } = a.payload?.difficulty ?? { perQuery: null };
  return {
    benchmark: { slug: a.version.slug, name: a.version.name, version: a.version.version, queries: a.version.queries, corpus: a.version.corpus },
    computedAt: a.computedAt,
    stale: a.stale,
    bootstrap: a.payload?.bootstrap ?? null,
    systems: a.systems.map((s) => ({ submissionId: s.submissionId, model: s.model, provider: s.provider, kind: s.kind })),
    tieGroups: (a.payload?.tieGroups ?? []).map((g) => ({ k: g.k, alpha: g.alpha, leader: g.leader, members: g.members.filter((m) => named.has(m)) })).filter((g) => named.has(g.leader)),
    difficulty: a.payload ? (difficulty as VersionAnalysisView["difficulty"]) : null,
  };
}
