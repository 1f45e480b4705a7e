import { requireViewer } from "@/lib/auth/resolve-viewer";
import { rotateToken } from "@/lib/auth/rotate-token";
import { handle, json } from "@/lib/http/respond";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// POST /api/v1/tokens/{id}/rotate – replace a token with a new secret of the same name and lifetime, never outliving the caller's token
export const POST = handle(async (request: Request, ctx: { params: Promise<{ id: string }> }) => {
  const viewer = await requireViewer(request);
  const { id } = await ctx.params;
  return json(await rotateToken(viewer, id), 201);
});
