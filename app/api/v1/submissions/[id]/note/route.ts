import { requireViewer } from "@/lib/auth/resolve-viewer";
import { readJson } from "@/lib/http/read-json";
import { handle, json } from "@/lib/http/respond";
import { noteInput } from "@/lib/review/review-inputs";
import { reviewerFrom } from "@/lib/review/review-reviewer";
import { setWarningNote } from "@/lib/review/set-warning-note";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// PUT /api/v1/submissions/{id}/note – a maintainer sets or removes the warning note shown on the leaderboard
export const PUT = handle(async (request: Request, ctx: { params: Promise<{ id: string }> }) => {
  const actor = reviewerFrom(await requireViewer(request), "annotate submissions");
  const { id } = await ctx.params;
  const input = await readJson(request, noteInput);
  return json(await setWarningNote(actor, id, input));
});
