import { accessRequestStatus, claimInput } from "@/lib/access/access-requests";
import { readJson } from "@/lib/http/read-json";
import { handle, json } from "@/lib/http/respond";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// POST /api/v1/access-requests/status – what became of a request, for whoever holds its claim code (sent in the body, never in a URL)
export const POST = handle(async (request: Request) => {
  return json(await accessRequestStatus(await readJson(request, claimInput)));
});
