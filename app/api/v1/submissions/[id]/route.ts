import { optionalViewer } from "@/lib/auth/resolve-viewer";
import { handle, json } from "@/lib/http/respond";
import { getSubmission } from "@/lib/submissions/get-submission";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// GET /api/v1/submissions/{id} – status, stage progress, history and (once scored) metrics
export const GET = handle(async (request: Request, ctx: { params: Promise<{ id: string }> }) => {
  const viewer = await optionalViewer(request);
  const { id } = await ctx.params;
  return json(await getSubmission(id, viewer));
});
