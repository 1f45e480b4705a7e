import { createToken, createTokenInput } from "@/lib/auth/create-token";
import { listTokens } from "@/lib/auth/list-tokens";
import { requireViewer } from "@/lib/auth/resolve-viewer";
import { readJson } from "@/lib/http/read-json";
import { handle, json } from "@/lib/http/respond";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// GET /api/v1/tokens – the caller's API tokens (never their secrets)
export const GET = handle(async (request: Request) => {
  const viewer = await requireViewer(request);
  return json(await listTokens(viewer));
});

// POST /api/v1/tokens – create an API token; the secret is in this answer only
export const POST = handle(async (request: Request) => {
  const viewer = await requireViewer(request);
  const input = await readJson(request, createTokenInput);
  return json(await createToken(viewer, input), 201);
});
