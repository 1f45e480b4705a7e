import { requireViewer } from "@/lib/auth/resolve-viewer";
import { handle, json } from "@/lib/http/respond";
import { getSubmissionLogs } from "@/lib/provenance/get-submission-logs";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// GET /api/v1/submissions/{id}/logs – every scoring run's provenance, failure stage, error and log (its owner, its organisation's members and maintainers)
export const GET = handle(async (request: Request, ctx: { params: Promise<{ id: string }> }) => {
  const viewer = await requireViewer(request);
  const { id } = await ctx.params;
  return json(await getSubmissionLogs(id, viewer));
});
