import { claimAccess, claimInput } from "@/lib/access/access-requests";
import { readJson } from "@/lib/http/read-json";
import { handle, json } from "@/lib/http/respond";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// POST /api/v1/access-requests/claim – claim an approved request: creates the vendor account; its first API token is in the answer, shown once
export const POST = handle(async (request: Request) => {
  return json(await claimAccess(await readJson(request, claimInput)), 201);
});
