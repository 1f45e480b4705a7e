import { readQuery } from "@/lib/http/read-query";
import { handle, json } from "@/lib/http/respond";
import { versionQuerySchema } from "@/lib/leaderboard/version-query";
import { getVersionAnalysis } from "@/lib/leaderboard/get-version-analysis";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// GET /api/v1/benchmarks/{slug}/analysis – cross-submission summary: systems, tie groups with the leader, difficulty distribution
export const GET = handle(async (request: Request, ctx: { params: Promise<{ slug: string }> }) => {
  const { slug } = await ctx.params;
  const { version } = readQuery(request, versionQuerySchema);
  return json(await getVersionAnalysis(slug, version));
});
