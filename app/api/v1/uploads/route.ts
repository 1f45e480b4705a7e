import { requireViewer } from "@/lib/auth/resolve-viewer";
import { readJson } from "@/lib/http/read-json";
import { handle, json } from "@/lib/http/respond";
import { createUploadInput, createUploadSession } from "@/lib/intake/create-upload-session";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// POST /api/v1/uploads – open a resumable upload (benchmark, size, optional sha256); chunks follow with PUT
export const POST = handle(async (request: Request) => {
  const principal = await requireViewer(request);
  const input = await readJson(request, createUploadInput);
  return json(await createUploadSession(principal, input), 201);
});
