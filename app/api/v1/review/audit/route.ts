import { listAuditEvents, listAuditInput } from "@/lib/audit/list-audit-events";
import { requireViewer } from "@/lib/auth/resolve-viewer";
import { readQuery } from "@/lib/http/read-query";
import { handle, json } from "@/lib/http/respond";
import { reviewerFrom } from "@/lib/review/review-reviewer";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// GET /api/v1/review/audit – maintainers: the audit log of review actions, newest first
export const GET = handle(async (request: Request) => {
  reviewerFrom(await requireViewer(request), "read the audit log");
  return json(await listAuditEvents(readQuery(request, listAuditInput)));
});
