import { requireViewer } from "@/lib/auth/resolve-viewer";
import { readJson } from "@/lib/http/read-json";
import { handle, json } from "@/lib/http/respond";
import { verifyInput } from "@/lib/review/review-inputs";
import { reviewerFrom } from "@/lib/review/review-reviewer";
import { verifySubmission } from "@/lib/review/verify-submission";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// POST /api/v1/submissions/{id}/verify – a maintainer marks a submission verified ({"verified": false} withdraws the mark)
export const POST = handle(async (request: Request, ctx: { params: Promise<{ id: string }> }) => {
  const actor = reviewerFrom(await requireViewer(request), "verify submissions");
  const { id } = await ctx.params;
  const input = await readJson(request, verifyInput);
  return json(await verifySubmission(actor, id, input));
});
