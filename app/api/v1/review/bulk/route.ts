import { requireViewer } from "@/lib/auth/resolve-viewer";
import { readJson } from "@/lib/http/read-json";
import { handle, json } from "@/lib/http/respond";
import { bulkReview, bulkReviewInput } from "@/lib/review/bulk-review";
import { reviewerFrom } from "@/lib/review/review-reviewer";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// POST /api/v1/review/bulk – maintainers: publish, reject or verify many submissions, each on its own (one audit entry per item)
export const POST = handle(async (request: Request) => {
  const actor = reviewerFrom(await requireViewer(request), "review submissions");
  const input = await readJson(request, bulkReviewInput);
  return json(await bulkReview(actor, input));
});
