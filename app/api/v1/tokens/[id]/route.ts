import { requireViewer } from "@/lib/auth/resolve-viewer";
import { revokeToken } from "@/lib/auth/revoke-token";
import { handle, json } from "@/lib/http/respond";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// DELETE /api/v1/tokens/{id} – revoke one of the caller's tokens (and its web sessions)
export const DELETE = handle(async (request: Request, ctx: { params: Promise<{ id: string }> }) => {
  const viewer = await requireViewer(request);
  const { id } = await ctx.params;
  return json(await revokeToken(viewer, id));
});
