import { readQuery } from "@/lib/http/read-query";
import { handle, json } from "@/lib/http/respond";
import { winnersQuery } from "@/lib/repo-board/queries";
import { getTaskWinners } from "@/lib/repo-board/task-winners";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// GET /api/v1/benchmarks/{slug}/task-winners – per task and metric, the best published run, the runner-up and the paired test between them
export const GET = handle(async (request: Request, ctx: { params: Promise<{ slug: string }> }) => {
  const { slug } = await ctx.params;
  const q = readQuery(request, winnersQuery);
  return json(await getTaskWinners(slug, q.version, q.weighting));
});
