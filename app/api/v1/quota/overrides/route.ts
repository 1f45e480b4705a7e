import { requireViewer } from "@/lib/auth/resolve-viewer";
import { readJson } from "@/lib/http/read-json";
import { handle, json } from "@/lib/http/respond";
import { setQuotaOverride, setQuotaOverrideInput } from "@/lib/quotas/set-quota-override";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// PUT /api/v1/quota/overrides – an admin sets or clears one user's limits on one benchmark
export const PUT = handle(async (request: Request) => {
  const viewer = await requireViewer(request);
  const input = await readJson(request, setQuotaOverrideInput);
  return json(await setQuotaOverride(viewer, input));
});
