import { requireViewer } from "@/lib/auth/resolve-viewer";
import { readJson } from "@/lib/http/read-json";
import { handle, json } from "@/lib/http/respond";
import { publishReviewedSubmission } from "@/lib/review/publish-reviewed-submission";
import { reasonOptionalInput } from "@/lib/review/review-inputs";
import { reviewerFrom } from "@/lib/review/review-reviewer";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// POST /api/v1/submissions/{id}/publish – a maintainer publishes a scored submission (or shows a hidden one again)
export const POST = handle(async (request: Request, ctx: { params: Promise<{ id: string }> }) => {
  const actor = reviewerFrom(await requireViewer(request), "publish submissions");
  const { id } = await ctx.params;
  const input = await readJson(request, reasonOptionalInput);
  return json(await publishReviewedSubmission(actor, id, input));
});
