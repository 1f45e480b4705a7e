import { requireViewer } from "@/lib/auth/resolve-viewer";
import { handle, json } from "@/lib/http/respond";
import { listVersionOverview } from "@/lib/review/list-version-overview";
import { reviewerFrom } from "@/lib/review/review-reviewer";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// GET /api/v1/review/versions – maintainers: every benchmark version with its submissions per state
export const GET = handle(async (request: Request) => {
  reviewerFrom(await requireViewer(request), "see the benchmark versions overview");
  return json(await listVersionOverview());
});
