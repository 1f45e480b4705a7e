import { readQuery } from "@/lib/http/read-query";
import { handle, json } from "@/lib/http/respond";
import { compareRuns } from "@/lib/repo-board/compare-runs";
import { runsQuery, scopeOf } from "@/lib/repo-board/queries";
import { estimateOf } from "@/lib/repo-board/scope";
import { HEADLINE_METRICS } from "@/lib/repo-metrics/definitions";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// GET /api/v1/benchmarks/{slug}/compare-runs – 2-4 published runs side by side: headline metrics with intervals and every pair's paired test
export const GET = handle(async (request: Request, ctx: { params: Promise<{ slug: string }> }) => {
  const { slug } = await ctx.params;
  const q = readQuery(request, runsQuery);
  const scope = scopeOf(q);
  const c = await compareRuns(slug, q.version, q.runs, scope);
  return json({
    benchmark: c.benchmark,
    scope,
    runs: c.runs.map((r) => ({ submissionId: r.submissionId, model: r.model, provider: r.provider, isBaseline: r.isBaseline, provisional: r.provisional, values: Object.fromEntries(HEADLINE_METRICS.map((m) => [m, estimateOf(r.analysis, scope, m)])) })),
    pairs: c.pairs,
  });
});
