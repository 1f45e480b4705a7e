import { requireViewer } from "@/lib/auth/resolve-viewer";
import { handle, json } from "@/lib/http/respond";
import { cancelUploadSession } from "@/lib/intake/cancel-upload-session";
import { getUploadSession } from "@/lib/intake/get-upload-session";
import { writeUploadChunk } from "@/lib/intake/write-upload-chunk";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// GET /api/v1/uploads/{id} – how much of an upload has arrived (receivedBytes: where the next chunk starts)
export const GET = handle(async (request: Request, ctx: { params: Promise<{ id: string }> }) => {
  const principal = await requireViewer(request);
  const { id } = await ctx.params;
  return json(await getUploadSession(id, principal));
});

// PUT /api/v1/uploads/{id} – store one chunk (raw bytes, Content-Range: bytes first-last/total) at the offset where the upload ends
export const PUT = handle(async (request: Request, ctx: { params: Promise<{ id: string }> }) => {
  const principal = await requireViewer(request);
  const { id } = await ctx.params;
  const chunk = { contentRange: request.headers.get("content-range"), contentLength: request.headers.get("content-length"), body: request.body };
  return json(await writeUploadChunk(id, principal, chunk));
});

// DELETE /api/v1/uploads/{id} – give up an unfinished upload and delete its bytes
export const DELETE = handle(async (request: Request, ctx: { params: Promise<{ id: string }> }) => {
  const principal = await requireViewer(request);
  const { id } = await ctx.params;
  return json(await cancelUploadSession(id, principal));
});
