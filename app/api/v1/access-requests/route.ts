import { accessListQuery, listAccessRequests, requestAccess, requestAccessInput } from "@/lib/access/access-requests";
import { requireViewer } from "@/lib/auth/resolve-viewer";
import { getConfig } from "@/lib/config";
import { readJson } from "@/lib/http/read-json";
import { readQuery } from "@/lib/http/read-query";
import { handle, json } from "@/lib/http/respond";
import { rateLimitAccessRequest } from "@/lib/rate-limit/rate-limit-request";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// POST /api/v1/access-requests – ask for a vendor account (no account needed); the claim code in the answer is shown once
export const POST = handle(async (request: Request) => {
  await rateLimitAccessRequest(request.headers, getConfig().EXECBOARD_ACCESS_REQUESTS_PER_IP_PER_DAY);
  const input = await readJson(request, requestAccessInput);
  return json(await requestAccess(input), 201);
});

// GET /api/v1/access-requests – the maintainers' queue of access requests (?status=pending by default)
export const GET = handle(async (request: Request) => {
  const viewer = await requireViewer(request);
  const { status } = readQuery(request, accessListQuery);
  return json({ requests: await listAccessRequests(viewer, status) });
});
