import { getSubmissionAnalysis, submissionAnalysisQuery } from "@/lib/analysis/get-submission-analysis";
import { optionalViewer } from "@/lib/auth/resolve-viewer";
import { readQuery } from "@/lib/http/read-query";
import { handle, json } from "@/lib/http/respond";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// GET /api/v1/submissions/{id}/analysis – metrics, miss attribution, similarity gap, deception, per-domain exec@1, pool density, per-query records
export const GET = handle(async (request: Request, ctx: { params: Promise<{ id: string }> }) => {
  const viewer = await optionalViewer(request);
  const { id } = await ctx.params;
  const { perQuery } = readQuery(request, submissionAnalysisQuery);
  return json(await getSubmissionAnalysis(id, viewer, { perQuery: perQuery === "true" }));
});
