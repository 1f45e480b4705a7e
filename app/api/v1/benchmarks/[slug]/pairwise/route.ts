import { z } from "zod";
import { handle, json } from "@/lib/http/respond";
import { getPairwise } from "@/lib/leaderboard/get-pairwise";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

const query = z.object({
  version: z.string().min(1).max(32).optional(),
  metric: z.enum(["exec", "execution_precision", "ndcg"]).optional(),
  k: z.enum(["1", "3", "5", "10"]).transform(Number).optional(),
  submission: z.string().uuid().optional(),
});

// GET /api/v1/benchmarks/{slug}/pairwise – paired comparisons of published systems: McNemar + discordant counts (exec), paired-bootstrap Δ with 95% CI
export const GET = handle(async (request: Request, ctx: { params: Promise<{ slug: string }> }) => {
  const { slug } = await ctx.params;
  const filter = query.parse(Object.fromEntries(new URL(request.url).searchParams));
  return json(await getPairwise(slug, filter));
});
