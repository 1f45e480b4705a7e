import { requireViewer } from "@/lib/auth/resolve-viewer";
import { getConfig } from "@/lib/config";
import { AppError } from "@/lib/errors/app-error";
import { readForm } from "@/lib/http/read-form";
import { handle, json } from "@/lib/http/respond";
import { createSubmission, submissionFormFields } from "@/lib/intake/create-submission";

export const runtime = "nodejs";

const FILE = { field: "file", what: "the .npz or ranking .jsonl upload" };

// POST /api/v1/benchmarks/{slug}/submissions – upload an .npz or a ranking file (multipart: file, metadata, optional kind and organisation) for scoring
export const POST = handle(async (request: Request, ctx: { params: Promise<{ slug: string }> }) => {
  const principal = await requireViewer(request);
  const { slug } = await ctx.params;
  const form = await readForm(request, submissionFormFields, {
    file: { ...FILE, maxBytes: getConfig().EXECBOARD_UPLOAD_MAX_BYTES },
    expected: "fields `file` (.npz or ranking .jsonl) and `metadata` (JSON)",
  });
  if (!form.file) throw new AppError("BAD_REQUEST", `missing form field \`file\` (${FILE.what})`);
  try {
    const { path, bytes, sha256 } = form.file;
    const created = await createSubmission({ slug, principal, file: { path, bytes, sha256, via: "request" }, ...form.fields });
    return json(created, 202);
  } finally {
    await form.file.discard();
  }
});
