import { z } from "zod";
import { handle, json } from "@/lib/http/respond";
import { getVersionAnalysis } from "@/lib/leaderboard/get-version-analysis";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

const query = z.object({ version: z.string().min(1).max(32).optional() });

// GET /api/v1/benchmarks/{slug}/analysis – cross-submission summary: systems, tie groups with the leader, difficulty distribution
export const GET = handle(async (request: Request, ctx: { params: Promise<{ slug: string }> }) => {
  const { slug } = await ctx.params;
  const { version } = query.parse(Object.fromEntries(new URL(request.url).searchParams));
  return json(await getVersionAnalysis(slug, version));
});
