import type { AuditActor } from "@/lib/audit/audit-actor";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import { db } from "@/lib/db/client";
import { getReviewItem } from "./get-review-item";
import { lockForReview, refuse } from "./lock-for-review";
import type { VerifyInput } from "./review-inputs";
import { FROM } from "./review-rules";
import type { ReviewItem } from "./review-item";

// Marks a scored, published or hidden submission as verified by a maintainer (say, the results
// were reproduced from the vendor's model), or withdraws the mark. The leaderboard shows it.
export async function verifySubmission(actor: AuditActor, id: string, input: VerifyInput): Promise<ReviewItem> {
  const verified = input.verified ?? true;
  await db().$transaction(async (tx) => {
    const s = await lockForReview(tx, id);
    if (verified && (s.verified || !FROM.verify.includes(s.status))) refuse("verify", s);
    if (!verified && !s.verified) refuse("unverify", s);
    await tx.submission.update({ where: { id }, data: { verifiedAt: verified ? new Date() : null } });
    await tx.submissionEvent.create({
      data: { submissionId: id, status: s.status, message: verified ? "marked verified by a maintainer" : "verification withdrawn by a maintainer" },
    });
    await recordAuditEvent(tx, { action: verified ? "verify" : "unverify", actor, submissionId: id, fromStatus: s.status, toStatus: s.status, reason: input.reason || null });
  });
  return getReviewItem(id);
}
