// GET /api/v1/benchmarks/{slug}/pairwise: the paired comparisons of the version's published
// systems (paper Table 5 and the released pairwise_tests.json), optionally narrowed to one
// metric family, one k, or the pairs involving one submission.
import { db } from "@/lib/db/client";
import type { MetricName } from "@/lib/metrics/score-queries";
import { loadVersionAnalysis } from "./load-version-analysis";
import type { PairwiseComparison } from "./pairwise";

export interface PairwiseFilter {
  version?: string;
  metric?: MetricName;
  k?: number;
  submission?: string;
}

export interface PairwiseView {
  benchmark: { slug: string; version: string };
  computedAt: string | null;
  stale: boolean;
  bootstrap: { replicates: number; seed: number; method: string } | null;
  /** As computed (pairwise.ts), with each system named. */
  comparisons: (Omit<PairwiseComparison, "a" | "b" | "metric"> & {
    a: { submissionId: string; model: string };
    b: { submissionId: string; model: string };
    metric: string;
  })[];
}

export async function getPairwise(slug: string, filter: PairwiseFilter = {}): Promise<PairwiseView> {
  const a = await loadVersionAnalysis(slug, filter.version);
  const model = new Map(a.systems.map((s) => [s.submissionId, s.model]));
  const rows = await db().pairwiseComparison.findMany({
    where: {
      versionId: a.version.id,
      ...(filter.metric ? { metric: filter.metric } : {}),
      ...(filter.k ? { k: filter.k } : {}),
      ...(filter.submission ? { OR: [{ submissionA: filter.submission }, { submissionB: filter.submission }] } : {}),
    },
    select: { submissionA: true, submissionB: true, metric: true, k: true, aValue: true, bValue: true, delta: true, ciLow: true, ciHigh: true, aOnly: true, bOnly: true, pValue: true, pMethod: true },
  });
  const order = new Map(a.systems.map((s, i) => [s.submissionId, i]));
  const family = { exec: 0, execution_precision: 1, ndcg: 2 } as Record<string, number>;
  const comparisons = rows
    .filter((r) => model.has(r.submissionA) && model.has(r.submissionB)) // never name an unpublished system
    .sort((x, y) => order.get(x.submissionA)! - order.get(y.submissionA)! || order.get(x.submissionB)! - order.get(y.submissionB)! || family[x.metric] - family[y.metric] || x.k - y.k)
    .map((r) => ({
      a: { submissionId: r.submissionA, model: model.get(r.submissionA)! },
      b: { submissionId: r.submissionB, model: model.get(r.submissionB)! },
      metric: r.metric,
      k: r.k,
      aValue: r.aValue,
      bValue: r.bValue,
      delta: r.delta,
      ci95: [r.ciLow, r.ciHigh] as [number, number],
      aOnly: r.aOnly,
      bOnly: r.bOnly,
      pValue: r.pValue,
      pMethod: r.pMethod as PairwiseComparison["pMethod"],
    }));
  return { benchmark: { slug: a.version.slug, version: a.version.version }, computedAt: a.computedAt, stale: a.stale, bootstrap: a.payload?.bootstrap ?? null, comparisons };
}
