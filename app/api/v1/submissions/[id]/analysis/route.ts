import { z } from "zod";
import { getSubmissionAnalysis } from "@/lib/analysis/get-submission-analysis";
import { optionalViewer } from "@/lib/auth/resolve-viewer";
import { handle, json } from "@/lib/http/respond";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

const query = z.object({ perQuery: z.enum(["true", "false"]).default("true") });

// GET /api/v1/submissions/{id}/analysis – metrics, miss attribution, similarity gap, deception, per-domain exec@1, pool density, per-query records
export const GET = handle(async (request: Request, ctx: { params: Promise<{ id: string }> }) => {
  const viewer = await optionalViewer(request);
  const { id } = await ctx.params;
  const { perQuery } = query.parse(Object.fromEntries(new URL(request.url).searchParams));
  return json(await getSubmissionAnalysis(id, viewer, { perQuery: perQuery === "true" }));
});
