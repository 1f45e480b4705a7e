import { db, type Tx } from "@/lib/db/client";
import { transition } from "@/lib/submissions/status";

// Fails a submission for a reason on the platform's side (scoring crashed after its retries, a
// deadline passed, storage lost the file) and refunds it in the same transaction, so it never
// counts against the vendor's quota. Returns false if the submission was already final (for
// instance failed for the vendor's own bad file, which stays charged).
export async function failSubmissionForPlatform(submissionId: string, error: string): Promise<boolean> {
  return db().$transaction(async (tx) => {
    const moved = await transition(submissionId, "failed", { error }, tx);
    if (moved) await refundQuota(submissionId, tx);
    return moved;
  });
}

// Marks a submission as not charged. Refunding twice is harmless.
export async function refundQuota(submissionId: string, tx?: Tx): Promise<void> {
  await (tx ?? db()).submission.updateMany({ where: { id: submissionId, quotaRefundedAt: null }, data: { quotaRefundedAt: new Date() } });
}
