import { requireViewer } from "@/lib/auth/resolve-viewer";
import { readJson } from "@/lib/http/read-json";
import { handle, json } from "@/lib/http/respond";
import { hideSubmission } from "@/lib/review/hide-submission";
import { reasonRequiredInput } from "@/lib/review/review-inputs";
import { reviewerFrom } from "@/lib/review/review-reviewer";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// POST /api/v1/submissions/{id}/hide – a maintainer takes a published submission off the leaderboard without deleting it
export const POST = handle(async (request: Request, ctx: { params: Promise<{ id: string }> }) => {
  const actor = reviewerFrom(await requireViewer(request), "hide submissions");
  const { id } = await ctx.params;
  const input = await readJson(request, reasonRequiredInput);
  return json(await hideSubmission(actor, id, input));
});
