import { requireViewer } from "@/lib/auth/resolve-viewer";
import { readJson } from "@/lib/http/read-json";
import { handle, json } from "@/lib/http/respond";
import { rejectSubmission } from "@/lib/review/reject-submission";
import { reasonRequiredInput } from "@/lib/review/review-inputs";
import { reviewerFrom } from "@/lib/review/review-reviewer";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// POST /api/v1/submissions/{id}/reject – a maintainer rejects a submission with a reason its owner sees
export const POST = handle(async (request: Request, ctx: { params: Promise<{ id: string }> }) => {
  const actor = reviewerFrom(await requireViewer(request), "reject submissions");
  const { id } = await ctx.params;
  const input = await readJson(request, reasonRequiredInput);
  return json(await rejectSubmission(actor, id, input));
});
