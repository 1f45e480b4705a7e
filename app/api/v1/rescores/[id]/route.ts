import { requireRole } from "@/lib/auth/policies";
import { requireViewer } from "@/lib/auth/resolve-viewer";
import { handle, json } from "@/lib/http/respond";
import { getRescoreBatch } from "@/lib/rescore/get-rescore-batch";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// GET /api/v1/rescores/{id} – where a re-score batch stands: each submission's new run beside the results it replaces (maintainers)
export const GET = handle(async (request: Request, ctx: { params: Promise<{ id: string }> }) => {
  const viewer = await requireViewer(request);
  requireRole(viewer, ["maintainer", "admin"], "see re-scores");
  const { id } = await ctx.params;
  return json(await getRescoreBatch(id));
});
