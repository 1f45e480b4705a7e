import { readQuery } from "@/lib/http/read-query";
import { handle, json } from "@/lib/http/respond";
import { getRepoBoard } from "@/lib/repo-board/board";
import { repoScopeQuery, scopeOf } from "@/lib/repo-board/queries";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// GET /api/v1/benchmarks/{slug}/repo-board – a repository-retrieval leaderboard: Recall@5/10/20, MRR, BCY@budget with intervals, per task and weighting
export const GET = handle(async (request: Request, ctx: { params: Promise<{ slug: string }> }) => {
  const { slug } = await ctx.params;
  const q = readQuery(request, repoScopeQuery);
  return json(await getRepoBoard(slug, q.version, scopeOf(q), q.sort));
});
