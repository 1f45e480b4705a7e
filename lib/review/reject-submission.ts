import type { AuditActor } from "@/lib/audit/audit-actor";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { transition } from "@/lib/submissions/status";
import { getReviewItem } from "./get-review-item";
import { dropPairwiseRows, refreshStatistics } from "./leave-leaderboard";
import { lockForReview, refuse } from "./lock-for-review";
import type { ReasonRequiredInput } from "./review-inputs";
import { FROM } from "./review-rules";
import type { ReviewItem } from "./review-item";

// A maintainer turns a submission down with a reason its owner sees (status page, history, API).
// A published one leaves the leaderboard. The vendor's quota is not refunded: the submission was
// scored; rejecting it is a judgement on it, not a platform failure.
export async function rejectSubmission(actor: AuditActor, id: string, input: ReasonRequiredInput): Promise<ReviewItem> {
  const before = await db().$transaction(async (tx) => {
    const s = await lockForReview(tx, id, { statistics: true });
    if (!FROM.reject.includes(s.status)) refuse("reject", s);
    if (!(await transition(id, "rejected", { from: [s.status], message: `rejected by a maintainer: ${input.reason}` }, tx))) {
      throw new AppError("CONFLICT", `submission ${id} changed while rejecting it; try again`);
    }
    await tx.submission.update({ where: { id }, data: { reviewReason: input.reason, verifiedAt: null } });
    if (s.status === "published") await dropPairwiseRows(tx, id);
    await recordAuditEvent(tx, { action: "reject", actor, submissionId: id, fromStatus: s.status, toStatus: "rejected", reason: input.reason });
    return s;
  });
  if (before.status === "published") await refreshStatistics(before.versionId);
  return getReviewItem(id);
}
