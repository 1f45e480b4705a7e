import { requireViewer } from "@/lib/auth/resolve-viewer";
import { readQuery } from "@/lib/http/read-query";
import { handle, json } from "@/lib/http/respond";
import { listOwnSubmissions, ownSubmissionsQuerySchema } from "@/lib/account/list-own-submissions";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// GET /api/v1/submissions – the caller's submissions and their organisations', newest first
export const GET = handle(async (request: Request) => {
  const viewer = await requireViewer(request);
  const query = readQuery(request, ownSubmissionsQuerySchema);
  return json({ submissions: await listOwnSubmissions(viewer, query) });
});
