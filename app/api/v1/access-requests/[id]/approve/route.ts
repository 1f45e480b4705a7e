import { decideAccessRequest, decideInput } from "@/lib/access/access-requests";
import { actorFromPrincipal } from "@/lib/audit/audit-actor";
import { requireViewer } from "@/lib/auth/resolve-viewer";
import { readJson } from "@/lib/http/read-json";
import { handle, json } from "@/lib/http/respond";

export const runtime = "nodejs";

// POST /api/v1/access-requests/{id}/approve – a maintainer's decision on an access request (audited)
export const POST = handle(async (request: Request, ctx: { params: Promise<{ id: string }> }) => {
  const viewer = await requireViewer(request);
  const { id } = await ctx.params;
  const input = await readJson(request, decideInput);
  return json(await decideAccessRequest({ ...actorFromPrincipal(viewer), principal: viewer }, id, "approve", input));
});
