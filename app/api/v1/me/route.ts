import { getMe } from "@/lib/auth/me";
import { requireViewer } from "@/lib/auth/resolve-viewer";
import { handle, json } from "@/lib/http/respond";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// GET /api/v1/me – the signed-in user and how the request authenticated
export const GET = handle(async (request: Request) => {
  const viewer = await requireViewer(request);
  return json(await getMe(viewer));
});
