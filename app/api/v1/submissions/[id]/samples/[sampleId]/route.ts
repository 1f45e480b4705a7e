import { optionalViewer } from "@/lib/auth/resolve-viewer";
import { handle, json } from "@/lib/http/respond";
import { getSampleDrilldown } from "@/lib/repo-board/sample-drilldown";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// GET /api/v1/submissions/{id}/samples/{sampleId} – one sample as a submission ranked it: query, given and gold files, ranked files with roles, ties and what fits in each budget
export const GET = handle(async (request: Request, ctx: { params: Promise<{ id: string; sampleId: string }> }) => {
  const viewer = await optionalViewer(request);
  const { id, sampleId } = await ctx.params;
  const d = await getSampleDrilldown(id, sampleId, viewer);
  const { submission, ...rest } = d;
  return json({ submissionId: submission.id, benchmark: submission.benchmark, model: submission.model, ...rest });
});
