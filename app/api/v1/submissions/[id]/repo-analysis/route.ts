import { optionalViewer } from "@/lib/auth/resolve-viewer";
import { handle, json } from "@/lib/http/respond";
import { getRunPage } from "@/lib/repo-board/run-page";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// GET /api/v1/submissions/{id}/repo-analysis – a repository-retrieval submission's analysis: per task, both weightings, first-gold depth, budgets, candidate filters, selective retrieval, per sample
export const GET = handle(async (request: Request, ctx: { params: Promise<{ id: string }> }) => {
  const viewer = await optionalViewer(request);
  const { id } = await ctx.params;
  const page = await getRunPage(id, viewer);
  return json({ submissionId: id, benchmark: page.submission.benchmark, computedAt: page.computedAt, analysis: page.analysis, samples: page.samples });
});
