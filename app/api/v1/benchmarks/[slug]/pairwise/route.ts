import { readQuery } from "@/lib/http/read-query";
import { handle, json } from "@/lib/http/respond";
import { getPairwise } from "@/lib/leaderboard/get-pairwise";
import { pairwiseQuerySchema } from "@/lib/leaderboard/version-query";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// GET /api/v1/benchmarks/{slug}/pairwise – paired comparisons of published systems: McNemar + discordant counts (exec), paired-bootstrap Δ with 95% CI
export const GET = handle(async (request: Request, ctx: { params: Promise<{ slug: string }> }) => {
  const { slug } = await ctx.params;
  const filter = readQuery(request, pairwiseQuerySchema);
  return json(await getPairwise(slug, filter));
});
