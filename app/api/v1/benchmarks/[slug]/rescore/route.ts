import { requireRole } from "@/lib/auth/policies";
import { requireViewer } from "@/lib/auth/resolve-viewer";
import { readJson } from "@/lib/http/read-json";
import { handle, json } from "@/lib/http/respond";
import { rescoreActorOf } from "@/lib/rescore/rescore-actor";
import { requestRescore, rescoreInput } from "@/lib/rescore/request-rescore";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// POST /api/v1/benchmarks/{slug}/rescore – a maintainer re-scores published submissions (outdated runner, or allPublished); old results stay attributable
export const POST = handle(async (request: Request, ctx: { params: Promise<{ slug: string }> }) => {
  const viewer = await requireViewer(request);
  requireRole(viewer, ["maintainer", "admin"], "re-score submissions");
  const { slug } = await ctx.params;
  const input = await readJson(request, rescoreInput);
  const batch = await requestRescore(rescoreActorOf(viewer), slug, input);
  return json(batch, batch.id ? 202 : 200);
});
