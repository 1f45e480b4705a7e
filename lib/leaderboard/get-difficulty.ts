// GET /api/v1/benchmarks/{slug}/difficulty: per query, how many published systems solve it at
// rank 1 (paper Figure 6a), with the query's domain.
import { db } from "@/lib/db/client";
import { loadVersionAnalysis } from "./load-version-analysis";

export interface DifficultyView {
  benchmark: { slug: string; version: string };
  computedAt: string | null;
  stale: boolean;
  systems: string[];
  histogram: number[];
  solvedByNone: number;
  solvedByAll: number;
  median: number | null;
  mean: number | null;
  queries: { queryId: string; domain: string; solvedBy: number }[];
}

export async function getDifficulty(slug: string, version?: string): Promise<DifficultyView> {
  const a = await loadVersionAnalysis(slug, version);
  const d = a.payload?.difficulty;
  const domains = new Map(
    (await db().query.findMany({ where: { versionId: a.version.id }, select: { queryId: true, domain: true } })).map((q) => [q.queryId, q.domain]),
  );
  return {
    benchmark: { slug: a.version.slug, version: a.version.version },
    computedAt: a.computedAt,
    stale: a.stale,
    systems: a.systems.map((s) => s.submissionId),
    histogram: d?.histogram ?? [],
    solvedByNone: d?.solvedByNone ?? 0,
    solvedByAll: d?.solvedByAll ?? 0,
    median: d?.median ?? null,
    mean: d?.mean ?? null,
    queries: (d?.perQuery ?? []).map((q) => ({ queryId: q.queryId, domain: domains.get(q.queryId) ?? "", solvedBy: q.solvedBy })),
  };
}
