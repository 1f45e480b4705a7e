import { requireViewer } from "@/lib/auth/resolve-viewer";
import { readQuery } from "@/lib/http/read-query";
import { handle, json } from "@/lib/http/respond";
import { getQuota, getQuotaInput } from "@/lib/quotas/get-quota";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// GET /api/v1/quota?benchmark={slug} – limits, usage and remaining submissions on a benchmark (yours, or an organisation's)
export const GET = handle(async (request: Request) => {
  const viewer = await requireViewer(request);
  return json(await getQuota(viewer, readQuery(request, getQuotaInput)));
});
