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

// Takes a published submission off the leaderboard without deleting anything: its results stay,
// visible to its owner and maintainers only (like any unpublished submission), and publishing it
// again puts it back. The reason is shown to the owner.
export async function hideSubmission(actor: AuditActor, id: string, input: ReasonRequiredInput): Promise<ReviewItem> {
  const before = await db().$transaction(async (tx) => {
    const s = await lockForReview(tx, id, { statistics: true });
    if (!FROM.hide.includes(s.status)) refuse("hide", s);
    if (!(await transition(id, "hidden", { from: [s.status], message: `hidden from the leaderboard by a maintainer: ${input.reason}` }, tx))) {
      throw new AppError("CONFLICT", `submission ${id} changed while hiding it; try again`);
    }
    await tx.submission.update({ where: { id }, data: { reviewReason: input.reason } });
    await dropPairwiseRows(tx, id);
    await recordAuditEvent(tx, { action: "hide", actor, submissionId: id, fromStatus: s.status, toStatus: "hidden", reason: input.reason });
    return s;
  });
  await refreshStatistics(before.versionId);
  return getReviewItem(id);
}
