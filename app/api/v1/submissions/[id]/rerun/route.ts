import { requireViewer } from "@/lib/auth/resolve-viewer";
import { readJson } from "@/lib/http/read-json";
import { handle, json } from "@/lib/http/respond";
import { rerunSubmission } from "@/lib/review/rerun-submission";
import { reasonOptionalInput } from "@/lib/review/review-inputs";
import { reviewerFrom } from "@/lib/review/review-reviewer";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// POST /api/v1/submissions/{id}/rerun – a maintainer queues a finished submission for scoring again (not charged to the vendor)
export const POST = handle(async (request: Request, ctx: { params: Promise<{ id: string }> }) => {
  const actor = reviewerFrom(await requireViewer(request), "re-run submissions");
  const { id } = await ctx.params;
  const input = await readJson(request, reasonOptionalInput);
  return json(await rerunSubmission(actor, id, input), 202);
});
