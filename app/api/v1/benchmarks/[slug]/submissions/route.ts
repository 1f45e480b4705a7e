import { requireViewer } from "@/lib/auth/resolve-viewer";
import { AppError } from "@/lib/errors/app-error";
import { handle, json } from "@/lib/http/respond";
import { createSubmission } from "@/lib/intake/create-submission";

export const runtime = "nodejs";

// POST /api/v1/benchmarks/{slug}/submissions – upload an .npz or a ranking file (multipart: file, metadata, optional kind and organisation) for scoring
export const POST = handle(async (request: Request, ctx: { params: Promise<{ slug: string }> }) => {
  const principal = await requireViewer(request);
  const { slug } = await ctx.params;
  const contentType = request.headers.get("content-type") ?? "";
  if (!contentType.startsWith("multipart/form-data")) {
    throw new AppError("BAD_REQUEST", "expected multipart/form-data with fields `file` (.npz or ranking .jsonl) and `metadata` (JSON)");
  }
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw new AppError("BAD_REQUEST", "could not parse the multipart body");
  }
  const file = form.get("file");
  const metadata = form.get("metadata");
  const kind = form.get("kind");
  const organisation = form.get("organisation");
  if (!(file instanceof Blob)) throw new AppError("BAD_REQUEST", "missing form field `file` (the .npz or ranking .jsonl upload)");
  if (kind !== null && typeof kind !== "string") throw new AppError("BAD_REQUEST", "form field `kind` must be text: embeddings or ranking");
  if (organisation !== null && typeof organisation !== "string") throw new AppError("BAD_REQUEST", "form field `organisation` must be text: an organisation's slug");
  if (typeof metadata !== "string") throw new AppError("BAD_REQUEST", "missing form field `metadata` (JSON text)");
  const created = await createSubmission({ slug, principal, file: Buffer.from(await file.arrayBuffer()), metadata, kind, organisation });
  return json(created, 202);
});
