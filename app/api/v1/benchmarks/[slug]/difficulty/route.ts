import { readQuery } from "@/lib/http/read-query";
import { handle, json } from "@/lib/http/respond";
import { versionQuerySchema } from "@/lib/leaderboard/version-query";
import { getDifficulty } from "@/lib/leaderboard/get-difficulty";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// GET /api/v1/benchmarks/{slug}/difficulty – per query, how many published systems solve it at rank 1
export const GET = handle(async (request: Request, ctx: { params: Promise<{ slug: string }> }) => {
  const { slug } = await ctx.params;
  const { version } = readQuery(request, versionQuerySchema);
  return json(await getDifficulty(slug, version));
});
