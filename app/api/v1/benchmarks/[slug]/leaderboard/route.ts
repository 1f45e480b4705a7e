import { readQuery } from "@/lib/http/read-query";
import { handle, json } from "@/lib/http/respond";
import { getLeaderboard } from "@/lib/leaderboard/get-leaderboard";
import { versionQuerySchema } from "@/lib/leaderboard/version-query";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// GET /api/v1/benchmarks/{slug}/leaderboard – published submissions with exec@k, execution_precision@k, nDCG@k
export const GET = handle(async (request: Request, ctx: { params: Promise<{ slug: string }> }) => {
  const { slug } = await ctx.params;
  const { version } = readQuery(request, versionQuerySchema);
  return json(await getLeaderboard(slug, version));
});
