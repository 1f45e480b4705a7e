import { readQuery } from "@/lib/http/read-query";
import { handle, json } from "@/lib/http/respond";
import { getFusion } from "@/lib/repo-board/fusion";
import { runsQuery, scopeOf } from "@/lib/repo-board/queries";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// GET /api/v1/benchmarks/{slug}/fusion – the reciprocal rank fusion (k = 60) of 2-4 published runs, scored live, with the paired test against each input
export const GET = handle(async (request: Request, ctx: { params: Promise<{ slug: string }> }) => {
  const { slug } = await ctx.params;
  const q = readQuery(request, runsQuery);
  const f = await getFusion(slug, q.version, q.runs, scopeOf(q));
  return json({ ...f, inputs: f.inputs.map(({ analysis: _a, ...r }) => r) });
});
