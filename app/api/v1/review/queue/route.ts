import { requireViewer } from "@/lib/auth/resolve-viewer";
import { readQuery } from "@/lib/http/read-query";
import { handle, json } from "@/lib/http/respond";
import { listReviewQueue, listReviewQueueInput } from "@/lib/review/list-review-queue";
import { reviewerFrom } from "@/lib/review/review-reviewer";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// GET /api/v1/review/queue – maintainers: submissions awaiting review (or another view), with counts per view
export const GET = handle(async (request: Request) => {
  reviewerFrom(await requireViewer(request), "see the review queue");
  return json(await listReviewQueue(readQuery(request, listReviewQueueInput)));
});
