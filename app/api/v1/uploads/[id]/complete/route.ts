import { requireViewer } from "@/lib/auth/resolve-viewer";
import { readJson } from "@/lib/http/read-json";
import { handle, json } from "@/lib/http/respond";
import { completeUploadInput, completeUploadSession } from "@/lib/intake/complete-upload-session";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// POST /api/v1/uploads/{id}/complete – check the received file and submit it with its metadata (202; 200 with the same submission if already completed)
export const POST = handle(async (request: Request, ctx: { params: Promise<{ id: string }> }) => {
  const principal = await requireViewer(request);
  const { id } = await ctx.params;
  const input = await readJson(request, completeUploadInput);
  const done = await completeUploadSession(id, principal, input);
  return json(done, done.created ? 202 : 200);
});
